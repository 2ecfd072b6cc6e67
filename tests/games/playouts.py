"""Random complete games through any GameRules, with the checks every game must pass at every step."""

from random import Random
from typing import Any

from app.engine import GameRules, rng_for

MAX_STEPS = 5000


def random_game(rules: GameRules[Any, Any], seats: int, seed: int, *, check_views: bool) -> tuple[Any, list[tuple[int, dict[str, object]]]]:
    """Plays random legal actions to the end, asserting the contract at every step.

    Returns the final state and the action log (seat, action JSON), as the store would keep it.
    """
    chooser = Random(seed)
    options = rules.parse_options({}, seats)
    state = rules.setup(seats, options, Random(seed))
    inventory = rules.inventory(state)
    log: list[tuple[int, dict[str, object]]] = []
    for step in range(1, MAX_STEPS):
        if rules.outcome(state) is not None:
            return state, log
        awaiting = sorted(rules.awaiting(state))
        assert awaiting, f"nobody may act at step {step}, yet there is no outcome"
        seat = chooser.choice(awaiting)
        legal = rules.legal_actions(state, seat)
        assert legal, f"seat {seat} is awaited at step {step} but has no legal action"
        action = chooser.choice(legal)
        wire = action.to_json()
        assert rules.parse_action(wire) == action, "an action must survive its wire form"
        before = rules.dump(state)
        state = rules.apply(state, seat, action, rng_for(seed, step)).state
        log.append((seat, wire))
        assert rules.load(rules.dump(state)) == state, "what we persist must be what we play"
        assert rules.inventory(state) == inventory, f"{wire} created or destroyed a component"
        assert rules.dump(rules.load(before)) == before
        if check_views:
            assert_views_hide_what_they_must(rules, state, seats, Random(f"{seed}:{step}"))
    raise AssertionError(f"{rules.slug}: no outcome after {MAX_STEPS} actions (seed {seed})")


def assert_views_hide_what_they_must(rules: GameRules[Any, Any], state: Any, seats: int, rng: Random) -> None:
    """Re-dealing what a viewer cannot see must not move a single byte of its view."""
    for viewer in [*range(seats), None]:
        hidden = rules.redeal_hidden(state, viewer, rng)
        assert rules.view(hidden, viewer) == rules.view(state, viewer), f"the view of {viewer} depends on hidden state"


def replay(rules: GameRules[Any, Any], seats: int, seed: int, log: list[tuple[int, dict[str, object]]]) -> Any:
    """The state rebuilt from seed and action log, as the server does at start-up."""
    state = rules.setup(seats, rules.parse_options({}, seats), Random(seed))
    for k, (seat, wire) in enumerate(log, start=1):
        state = rules.apply(state, seat, rules.parse_action(wire), rng_for(seed, k)).state
    return state

