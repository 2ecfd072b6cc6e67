"""Queen of Hansa: the bot plays from the full view a tab is sent (the game's view in the table's envelope)."""

from random import Random

import pytest

from app.engine import full_view, rng_for
from app.games.hansa import RULES
from app.games.hansa.bot import choose


@pytest.mark.parametrize(("seats", "draft"), [(2, True), (3, False), (4, False)])
def test_bots_finish_a_game_from_the_full_view(seats: int, draft: bool) -> None:
    seed = 10 + seats
    state = RULES.deal(seats, {"opening_draft": draft}, Random(seed))
    chooser = Random(seed)
    k = 0
    while RULES.outcome(state) is None:
        seat = chooser.choice(sorted(RULES.awaiting(state)))
        view = full_view(RULES, state, seat)
        wire = choose(view, Random(f"{seed}:{k}")).action
        assert wire in view["legal"]  # type: ignore[operator]
        k += 1
        state = RULES.apply(state, seat, RULES.parse_action(wire), rng_for(seed, k)).state
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.scores is not None and all(score > 0 for score in outcome.scores)
