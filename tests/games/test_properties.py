"""Every game, every player count: random complete games that must keep the contract at every step."""

import copy
import os
from random import Random
from typing import Any

import pytest

from app.engine import GameRules, IllegalAction, rng_for
from app.games import RULES_BY_SLUG
from tests.games.playouts import random_game, replay

pytestmark = pytest.mark.slow

TABLES = [(rules, n) for rules in RULES_BY_SLUG.values() for n in sorted(rules.seat_counts)]
IDS = [f"{rules.slug}-{n}" for rules, n in TABLES]
GAMES = int(os.environ.get("ZASHIKI_PLAYOUTS", "100"))  # per game and player count
VIEW_CHECKED_GAMES = 8  # of those, games whose every view is checked against a re-deal at every step


@pytest.mark.parametrize(("rules", "seats"), TABLES, ids=IDS)
def test_random_games_keep_the_contract(rules: GameRules[Any, Any], seats: int) -> None:
    for seed in range(GAMES):
        final, log = random_game(rules, seats, seed, check_views=seed < VIEW_CHECKED_GAMES)
        assert rules.outcome(final) is not None
        assert replay(rules, seats, seed, log) == final, "replaying the log must rebuild the same game"


@pytest.mark.parametrize(("rules", "seats"), TABLES, ids=IDS)
def test_illegal_actions_change_nothing(rules: GameRules[Any, Any], seats: int) -> None:
    """Actions legal for one seat, sent by another seat that may not make them, are refused."""
    state = rules.deal(seats, {}, Random(7))
    chooser = Random(7)
    for step in range(1, 400):
        if rules.outcome(state) is not None:
            break
        before = copy.deepcopy(state)
        for seat in range(seats):
            offered = {repr(a.to_json()) for a in rules.legal_actions(state, seat)}
            for other in range(seats):
                for action in rules.legal_actions(state, other):
                    if repr(action.to_json()) not in offered:
                        with pytest.raises(IllegalAction):
                            rules.apply(state, seat, action, rng_for(7, step))
        assert state == before, "a refused action must change nothing"
        seat = chooser.choice(sorted(rules.awaiting(state)))
        state = rules.apply(state, seat, chooser.choice(rules.legal_actions(state, seat)), rng_for(7, step)).state
