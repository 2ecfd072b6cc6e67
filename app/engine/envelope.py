"""What every view carries, whatever the game: built by the table from what it already computed."""

from collections.abc import Iterable
from typing import Any

from app.engine.contract import GameRules, Outcome, Seat

ENVELOPE_KEYS = frozenset({"phase", "awaiting", "legal", "outcome", "seat"})


def table_view(
    rules: GameRules[Any, Any],
    state: object,
    seat: Seat | None,
    awaiting: Iterable[Seat],
    legal: list[dict[str, object]],
    outcome: Outcome | None,
) -> dict[str, object]:
    """The game's view of `state` for `seat` (None: a spectator) inside the platform's envelope.

    The room passes what it has already computed for this state (`legal`: the seat's legal actions as
    JSON), so nothing is computed twice.
    """
    return {**public_part(rules, state, awaiting, outcome), **seat_part(rules, state, seat, legal)}


def public_part(
    rules: GameRules[Any, Any], state: object, awaiting: Iterable[Seat], outcome: Outcome | None
) -> dict[str, object]:
    """The part of every view of `state` that is the same for every seat and a spectator."""
    return {
        "phase": rules.phase(state),
        "awaiting": sorted(awaiting),
        "outcome": None if outcome is None else outcome.to_json(),
        **rules.public_view(state),
    }


def seat_part(
    rules: GameRules[Any, Any], state: object, seat: Seat | None, legal: list[dict[str, object]]
) -> dict[str, object]:
    """The part of `seat`'s view of `state` that is its own (None: a spectator's)."""
    return {"legal": legal, "seat": seat, **rules.seat_view(state, seat)}


def full_view(rules: GameRules[Any, Any], state: object, seat: Seat | None) -> dict[str, object]:
    """What the table would send `seat` for `state`, computing the envelope here (bots, tests, tools)."""
    legal = [] if seat is None else [action.to_json() for action in rules.legal_actions(state, seat)]
    return table_view(rules, state, seat, rules.awaiting(state), legal, rules.outcome(state))
