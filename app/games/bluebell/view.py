"""What one seat (None: a spectator) may see, built as an allow-list from §5."""

from app.engine import Seat
from app.games.bluebell.cards import PILES, SEASON_OF
from app.games.bluebell.checks import (
    ends_round,
    is_penalty,
    is_returning,
    may_discard_on,
    placement_reason,
    spring_blocker,
    tokens_collected,
)
from app.games.bluebell.state import BluebellState, Step, result_json, turn_json


def _pile(cards: tuple[str, ...], unseen: int) -> dict[str, object]:
    # §5: only the bottom cards never face up in view are hidden, and only as a count.
    return {"size": len(cards), "hidden": unseen, "cards": list(cards[unseen:]), "top": cards[-1] if cards else None}


def _player(state: BluebellState, seat: Seat, viewer: Seat | None) -> dict[str, object]:
    known = state.known[seat]
    revealed = state.step is Step.GAME_OVER  # [house rule] §9: all Bluebells shown at the end
    return {
        "seat": seat,
        "stack": list(state.stacks[seat]),
        "supply": state.supply[seat],
        "autumn_tokens": state.autumn_tokens[seat],
        # Known cards by id, then one null per unknown card (so its length is the hand's size):
        # never the unknown ids or their places.
        "hand": list(known) + [None] * (len(state.hands[seat]) - len(known)),
        "holds_reunion": state.reunion_holder == seat,
        "bluebell_count": len(state.bluebells[seat]),
        # §8.11: a Bluebell's identity is its chooser's alone until the game ends.
        "bluebells": [
            {"card": b.card if revealed or b.chooser == viewer else None, "chooser": b.chooser, "round": b.round}
            for b in state.bluebells[seat]
        ],
    }


def _own_hand(state: BluebellState, seat: Seat) -> list[dict[str, object]]:
    known = state.known[seat]
    # A card's id names its season (§2.2), so the season is not repeated here.
    return [{"card": card, "known": card in known} for card in state.hands[seat]]


def _in_play(state: BluebellState) -> list[dict[str, object]]:
    """Every Bluebell candidate with its place, for the round ender's eyes only (§5, §8.12)."""
    where: list[dict[str, object]] = []
    for seat in range(state.seats):
        where.extend({"card": c, "where": "hand", "seat": seat, "pile": None} for c in state.hands[seat])
        where.extend({"card": c, "where": "stack", "seat": seat, "pile": None} for c in state.stacks[seat])
    for name, cards in zip(PILES, state.piles, strict=True):
        where.extend({"card": c, "where": "pile", "seat": None, "pile": name} for c in cards)
    return where


def _discard(state: BluebellState, seat: Seat, card: str, pile: str) -> dict[str, object] | None:
    """What discarding `card` on `pile` costs and which card the forced draw then brings (§4.5)."""
    if not may_discard_on(state, pile):
        return None  # must_discard_to_empty_pile
    if ends_round(state, seat, card, pile):
        return {"cost": "ends_round", "draws": None}  # §4.5 step 5: no draw (§8.14)
    other = state.piles[1 - PILES.index(pile)]
    return {"cost": "penalty" if is_penalty(state, card, pile) else "free", "draws": other[-1] if other else None}


def _choice(state: BluebellState, seat: Seat, card: str) -> dict[str, object]:
    """What the rules make of each thing `seat` may do with hand `card` this turn (§4.3, §4.5)."""
    reason = placement_reason(state, seat, SEASON_OF[card])
    blocked = (
        None
        if reason is None
        else {"reason": reason, "seat": spring_blocker(state, seat) if reason == "spring_blocked" else None}
    )
    returning = is_returning(state, seat, card)
    return {
        "blocked": blocked,  # why it may not be placed, None when it may
        "collects": tokens_collected(state, seat, card),
        "banks": state.autumn_tokens[seat] if returning else 0,  # §4.3: a winter banks the autumn's tokens
        "discard": {pile: _discard(state, seat, card, pile) for pile in PILES},
    }


def public_view(state: BluebellState) -> dict[str, object]:
    """The game's fields of the public table, which every seat and a spectator see alike.

    The table adds phase, awaiting, legal, outcome and seat (app/engine/envelope.py).
    """
    return {
        "seats": state.seats,
        "round": state.round,
        "active": None if state.step is Step.GAME_OVER else state.active,
        "start": state.start,
        "round_ender": state.round_ender,
        "round_winner": state.round_winner,
        "stock": state.stock,
        "reunion_holder": state.reunion_holder,
        "piles": {
            name: _pile(cards, hidden) for name, cards, hidden in zip(PILES, state.piles, state.unseen, strict=True)
        },
        "recent": [turn_json(turn) for turn in state.recent],
        "results": [result_json(r) for r in state.results],
        "winner": state.winner,
    }


def seat_view(state: BluebellState, seat: Seat | None) -> dict[str, object]:
    """The players as `seat` sees them, its own hand and the Bluebells it chose.

    The seat due to place or discard also gets `choices`: for each hand card, what placing or
    discarding it would do.
    """
    viewer = seat if seat is not None and 0 <= seat < state.seats else None  # anyone else watches
    choosing = viewer is not None and state.step is Step.BLUEBELL_CHOICE and viewer == state.round_ender
    acting = viewer if viewer is not None and state.step is Step.ACTION and viewer == state.active else None
    return {
        "players": [_player(state, other, viewer) for other in range(state.seats)],
        "hand": _own_hand(state, viewer) if viewer is not None else None,
        "choices": None if acting is None else {card: _choice(state, acting, card) for card in state.hands[acting]},
        "in_play": _in_play(state) if choosing else None,
    }
