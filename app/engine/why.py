"""Why an action would be refused, and the rule it is refused by: one path for the move and the question.

A move (`attempt`) and a "why not?" (`why`) run the very same checks: the game's `parse_action`, then
its `apply`, which raises the first failing check of its rules. Asking changes nothing: the
transition of an action that would be accepted is thrown away. Either way a refusal leaves here
carrying the section of docs/rules/<game>.md it comes from (`IllegalAction.rule`), looked up in the
game's `rule_sections` by its code and, where a code serves several actions, the action's type.
"""

from collections.abc import Mapping
from random import Random
from typing import Any

from app.engine.contract import GameRules, IllegalAction, Seat, Transition


def rule_of(rules: GameRules[Any, Any], code: str, payload: object) -> str | None:
    """The section a refusal `code` of `payload` (the action as sent) comes from; None for a code the
    game does not raise (the table's own: not_started, not_a_player from a spectator)."""
    entry = rules.rule_sections.get(code)
    if entry is None or isinstance(entry, str):
        return entry
    kind = payload.get("type") if isinstance(payload, Mapping) else None
    if isinstance(kind, str) and kind in entry:
        return entry[kind]
    return entry.get("*")


def attempt(
    rules: GameRules[Any, Any], state: Any, seat: Seat, payload: Mapping[str, object], rng: Random
) -> tuple[Any, Transition[Any]]:
    """The parsed action and the transition it makes; a refusal is raised with its rule section."""
    try:
        action = rules.parse_action(payload)
        return action, rules.apply(state, seat, action, rng)
    except IllegalAction as refusal:
        if refusal.rule is None:
            refusal.rule = rule_of(rules, refusal.code, payload)
        raise


def why(
    rules: GameRules[Any, Any],
    state: Any,
    seat: Seat,
    payload: Mapping[str, object],
    rng: Random | None = None,
) -> IllegalAction | None:
    """What the move `payload` by `seat` would be refused with on `state` now, or None if it would be accepted.

    It is the move's own refusal, from the same code (`attempt`); `rng` is the stream the move would
    draw from (any stream serves: a refusal never depends on it).
    """
    try:
        attempt(rules, state, seat, payload, Random(0) if rng is None else rng)
    except IllegalAction as refusal:
        return refusal
    return None


def refusal_json(refusal: IllegalAction) -> dict[str, object]:
    """A refusal as the wire carries it: code, English message, rule section, and the reason where there is one."""
    answer: dict[str, object] = {"code": refusal.code, "message": refusal.message, "rule": refusal.rule}
    if refusal.reason is not None:
        answer["reason"] = refusal.reason
    return answer
