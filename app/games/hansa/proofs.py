"""For the property suites: re-dealing what a seat cannot see, and counting every component."""

from collections import Counter
from dataclasses import replace
from random import Random

from app.engine import Seat
from app.games.hansa.cards import CITIES, sort_cards
from app.games.hansa.state import HansaState, Phase, Player


def redeal_hidden(state: HansaState, viewer: Seat | None, rng: Random) -> HansaState:
    """A state in which everything hidden from `viewer` (None: a spectator) is dealt anew (§5).

    Hidden are the deck's order and contents, other seats' unknown hand cards and face-down
    cards (which of them went down, and when), and others' draft choices. Each `unplaced` card
    stays with its owner, in hand or face down, as every view says.
    """
    others = [seat for seat in range(state.seats) if seat != viewer]
    players = list(state.players)
    if state.phase is Phase.GAME_OVER:  # §6.2: all is revealed but the deck
        deck = list(state.deck)
        rng.shuffle(deck)
        return replace(state, deck=tuple(deck))
    if state.phase is Phase.OPENING_DRAFT:
        pool = list(state.deck) + [card for seat in others for card in players[seat].hand]
        rng.shuffle(pool)
        choices = list(state.kept.choices)
        for seat in others:
            size = len(players[seat].hand)
            hand, pool = sort_cards(pool[:size]), pool[size:]
            players[seat] = replace(players[seat], hand=hand)
            if choices[seat] is not None:
                choices[seat] = sort_cards(rng.sample(hand, 2))
        kept = replace(state.kept, choices=tuple(choices))
        return replace(state, deck=tuple(pool), players=tuple(players), kept=kept)
    pinned = {card for seat in others for card in players[seat].unplaced}
    pool = list(state.deck)
    for seat in others:
        player = players[seat]
        pool += [card for card in player.hand if card not in player.known] + list(player.tableau_down)
    pool = [card for card in pool if card not in pinned]
    rng.shuffle(pool)
    for seat in others:
        player = players[seat]
        unknown = len(player.hand) - len(player.known)
        free = unknown + len(player.tableau_down) - len(player.unplaced)
        cards, pool = list(player.unplaced) + pool[:free], pool[free:]
        rng.shuffle(cards)
        players[seat] = _redealt(player, cards[:unknown], cards[unknown:])
    return replace(state, deck=tuple(pool), players=tuple(players))


def _redealt(player: Player, unknown: list[str], down: list[str]) -> Player:
    """The player with new unknown hand cards and face-down identities, all else kept."""
    return replace(player, hand=sort_cards(player.known + tuple(unknown)), tableau_down=tuple(down))


def inventory(state: HansaState) -> Counter[str]:
    """Every card wherever it lies, and every goods cube by colour (§2): no action changes it."""
    count: Counter[str] = Counter()
    cards = list(state.deck) + [slot.card for space in state.board for slot in space]
    for player in state.players:
        cards += list(player.hand) + list(player.tableau_up) + list(player.tableau_down)
    count.update(f"card:{card}" for card in cards)
    cubes = list(state.bag)
    for player in state.players:
        cubes = [n + held for n, held in zip(cubes, player.screen, strict=True)]
    for space in state.board:
        for slot in space:
            if slot.cube is not None:
                cubes[CITIES.index(slot.cube)] += 1
    count.update({f"cube:{city.value}": n for city, n in zip(CITIES, cubes, strict=True)})
    return count
