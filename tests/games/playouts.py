"""Random complete games through any GameRules, with the checks every game must pass at every step."""

from collections.abc import Iterator
from random import Random
from typing import Any

from app.engine import Action, GameRules, rng_for
from app.engine.playout import random_playout


def random_game(
    rules: GameRules[Any, Any], seats: int, seed: int, *, check_views: bool
) -> tuple[Any, list[tuple[int, dict[str, object]]]]:
    """Plays random legal actions to the end, asserting the contract at every step.

    Returns the final state and the action log (seat, action JSON), as the store would keep it.
    """
    log: list[tuple[int, dict[str, object]]] = []

    def check(step: int, seat: int, action: Action, before: Any, after: Any) -> None:
        wire = action.to_json()
        assert rules.parse_action(wire) == action, "an action must survive its wire form"
        log.append((seat, wire))
        assert rules.inventory(after) == rules.inventory(before), f"{wire} created or destroyed a component"
        if check_views:
            assert_views_hide_what_they_must(rules, after, seats, Random(f"{seed}:{step}"))

    final, _ = random_playout(rules, seats, seed, check)
    return final, log


def assert_views_hide_what_they_must(rules: GameRules[Any, Any], state: Any, seats: int, rng: Random) -> None:
    """Re-dealing what a viewer cannot see must not move a single byte of its view."""
    for viewer in [*range(seats), None]:
        hidden = rules.redeal_hidden(state, viewer, rng)
        assert rules.view(hidden, viewer) == rules.view(state, viewer), f"the view of {viewer} depends on hidden state"


def replay(rules: GameRules[Any, Any], seats: int, seed: int, log: list[tuple[int, dict[str, object]]]) -> Any:
    """The state rebuilt from seed and action log, as the server does at start-up."""
    state = rules.deal(seats, {}, Random(seed))
    for k, (seat, wire) in enumerate(log, start=1):
        state = rules.apply(state, seat, rules.parse_action(wire), rng_for(seed, k)).state
    return state


EVERY = 3  # sampled_states takes of a playout's states: every third, so that many games (and all seat counts) are met


def sampled_states(rules: GameRules[Any, Any]) -> Iterator[tuple[int, Any]]:
    """(seat count, state) from random playouts over every seat count in turn, every EVERY-th state of each."""
    counts = sorted(rules.seat_counts)
    for seed in range(10_000):
        seats = counts[seed % len(counts)]
        chooser = Random(seed)
        state = rules.deal(seats, {}, Random(seed))
        for step in range(1, 5000):
            if step % EVERY == 0 or rules.outcome(state) is not None:
                yield seats, state
            if rules.outcome(state) is not None:
                break
            seat = chooser.choice(sorted(rules.awaiting(state)))
            action = chooser.choice(rules.legal_actions(state, seat))
            state = rules.apply(state, seat, action, rng_for(seed, step)).state
