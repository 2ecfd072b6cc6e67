"""What one seat (None: a spectator) may see, built as an allow-list from §5."""

from app.engine import Seat
from app.games.bluebell.cards import PILES, SEASON_OF
from app.games.bluebell.rules import awaiting, legal_actions, outcome
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
        "hand_size": len(state.hands[seat]),
        # Known cards by id, then one null per unknown card: never the unknown ids or their places.
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
    return [{"card": card, "season": SEASON_OF[card].value, "known": card in known} for card in state.hands[seat]]


def _in_play(state: BluebellState) -> list[dict[str, object]]:
    """Every Bluebell candidate with its place, for the round ender's eyes only (§5, §8.12)."""
    where: list[dict[str, object]] = []
    for seat in range(state.seats):
        where.extend({"card": c, "where": "hand", "seat": seat, "pile": None} for c in state.hands[seat])
        where.extend({"card": c, "where": "stack", "seat": seat, "pile": None} for c in state.stacks[seat])
    for name, cards in zip(PILES, state.piles, strict=True):
        where.extend({"card": c, "where": "pile", "seat": None, "pile": name} for c in cards)
    return where


def view(state: BluebellState, seat: Seat | None) -> dict[str, object]:
    """The JSON view for `seat`: the public table, plus its own hand, Bluebells it chose and its actions."""
    viewer = seat if seat is not None and 0 <= seat < state.seats else None  # anyone else watches
    result = outcome(state)
    choosing = viewer is not None and state.step is Step.BLUEBELL_CHOICE and viewer == state.round_ender
    return {
        "phase": state.step.value,
        "awaiting": sorted(awaiting(state)),
        "legal": [a.to_json() for a in legal_actions(state, viewer)] if viewer is not None else [],
        "outcome": result.to_json() if result is not None else None,
        "seat": viewer,
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
        "players": [_player(state, other, viewer) for other in range(state.seats)],
        "hand": _own_hand(state, viewer) if viewer is not None else None,
        "in_play": _in_play(state) if choosing else None,
        "recent": [turn_json(turn) for turn in state.recent],
        "results": [result_json(r) for r in state.results],
        "winner": state.winner,
    }
