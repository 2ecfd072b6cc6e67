"""For the property suites: re-dealing what a seat cannot see, and counting every component."""

from collections import Counter
from random import Random

from app.engine import Seat
from app.games.brownies.cards import RESOURCES, VP_CARD, sort_kinds
from app.games.brownies.state import BrowniesState, Phase, Player


def redeal_hidden(state: BrowniesState, viewer: Seat | None, rng: Random) -> BrowniesState:
    """A state that `viewer` cannot tell from `state`: deck orders and others' hidden draws re-dealt (§5)."""
    building_deck = list(state.building_deck)
    rng.shuffle(building_deck)
    secondary_deck = list(state.secondary_deck)
    rng.shuffle(secondary_deck)
    removed_basics = list(state.removed_basics)
    rng.shuffle(removed_basics)
    hands_shown = state.phase is Phase.GAME_OVER and state.reveal_hands_at_end
    others = [] if hands_shown else [seat for seat in range(state.seats) if seat != viewer]
    # The primary deck and the others' General Store draws are one unseen pool of primary goods.
    pool = list(state.primary_deck)
    for seat in others:
        pool += state.players[seat].hidden
    rng.shuffle(pool)
    players = list(state.players)
    for seat in others:
        player = players[seat]
        known = list(player.hand)
        for kind in player.hidden:
            known.remove(kind)
        dealt, pool = pool[: len(player.hidden)], pool[len(player.hidden) :]
        players[seat] = player._replace(hand=sort_kinds(known + dealt), hidden=sort_kinds(dealt))
    return state._replace(
        players=tuple(players),
        building_deck=tuple(building_deck),
        secondary_deck=tuple(secondary_deck),
        primary_deck=tuple(pool),
        removed_basics=tuple(removed_basics),
    )


def inventory(state: BrowniesState) -> Counter[str]:
    """Every card in the game by kind, wherever it lies; no action changes it."""
    counts: Counter[str] = Counter()
    for player in state.players:
        _count_player(counts, player)
    for zone in (
        state.building_row,
        state.building_deck,
        state.secondary_row,
        state.secondary_deck,
        state.secondary_discard,
        state.primary_deck,
        state.primary_discard,
        state.removed_basics,
        state.funds_out,
    ):
        counts.update(zone)
    for kind, count in state.primary_row:
        counts[kind] += count
    for kind, count in zip(RESOURCES, state.piles, strict=True):
        counts[kind] += count
    counts[VP_CARD] += state.vp_supply
    return counts


def _count_player(counts: Counter[str], player: Player) -> None:
    counts.update(player.hand)  # `hidden` is part of the hand, so it is not counted again
    counts.update(player.area)
    counts[VP_CARD] += player.vp_cards
