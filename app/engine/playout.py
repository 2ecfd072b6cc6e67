"""Whole games of random legal actions: the engine's proofs and its speed measurements play these."""

from collections.abc import Callable
from random import Random
from typing import Any

from app.engine.contract import Action, GameRules, Seat
from app.engine.rng import rng_for

MAX_ACTIONS = 5000  # no game of ours comes near this; reaching it means a game that cannot end

# Called after each action: (action number, seat, action, state before, state after).
StepCheck = Callable[[int, Seat, Action, Any, Any], None]


def random_playout(
    rules: GameRules[Any, Any], seats: int, seed: int, check: StepCheck | None = None
) -> tuple[Any, int]:
    """Plays a random legal action of a random awaited seat until the outcome, from `seed`.

    Returns the final state and the number of actions. Raises AssertionError if an awaited seat has
    no legal action, nobody is awaited before the end, or the game outlasts MAX_ACTIONS.
    """
    chooser = Random(seed)
    state = rules.deal(seats, {}, Random(seed))
    for step in range(1, MAX_ACTIONS + 1):
        if rules.outcome(state) is not None:
            return state, step - 1
        awaiting = sorted(rules.awaiting(state))
        assert awaiting, f"{rules.slug} seed {seed}: nobody may act at step {step}, yet there is no outcome"
        seat = chooser.choice(awaiting)
        legal = rules.legal_actions(state, seat)
        assert legal, f"{rules.slug} seed {seed}: seat {seat} is awaited at step {step} but has no legal action"
        action = chooser.choice(legal)
        before, state = state, rules.apply(state, seat, action, rng_for(seed, step)).state
        if check is not None:
            check(step, seat, action, before, state)
    raise AssertionError(f"{rules.slug}: no outcome after {MAX_ACTIONS} actions (seed {seed})")
