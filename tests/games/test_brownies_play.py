"""Farm with Brownies: whole games, the canonical legal list against apply, and the bot."""

from collections import Counter
from collections.abc import Callable
from random import Random

import pytest

from app.engine import IllegalAction, Outcome, full_view, rng_for
from app.games.brownies import RULES
from app.games.brownies.actions import EndTurn, Produce, Trade
from app.games.brownies.bot import choose
from app.games.brownies.legal import has_main_action
from app.games.brownies.state import BrowniesState
from tests.games.test_brownies import table

Policy = Callable[[dict[str, object], Random], dict[str, object]]


def random_policy(view: dict[str, object], rng: Random) -> dict[str, object]:
    legal = view["legal"]
    assert isinstance(legal, list)
    action = rng.choice(legal)
    assert isinstance(action, dict)
    return action


def bot_policy(view: dict[str, object], rng: Random) -> dict[str, object]:
    return choose(view, rng).action


def play_game(seats: int, seed: int, policies: list[Policy], max_steps: int = 3000) -> tuple[Outcome, int]:
    """A complete game in which each seat's policy sees only that seat's view."""
    state = RULES.deal(seats, {}, Random(seed))
    chooser = Random(seed)
    for step in range(1, max_steps):
        outcome = RULES.outcome(state)
        if outcome is not None:
            return outcome, step - 1
        (seat,) = RULES.awaiting(state)
        wire = policies[seat](full_view(RULES, state, seat), chooser)
        state = RULES.apply(state, seat, RULES.parse_action(wire), rng_for(seed, step)).state
    raise AssertionError(f"no outcome after {max_steps} steps (seed {seed})")


@pytest.mark.slow  # dozens of whole games
def test_bots_play_complete_games_to_a_sane_end() -> None:
    for seats in (2, 3, 4):
        wins: Counter[int] = Counter()
        for seed in range(12):
            outcome, steps = play_game(seats, seed, [bot_policy] * seats)
            assert outcome.reason in ("ten_points", "vp_supply_empty")
            assert outcome.winners and outcome.scores is not None
            assert max(outcome.scores) == max(outcome.scores[w] for w in outcome.winners)
            assert steps < 150 * seats, "bots should finish well before random players do"
            wins.update(outcome.winners)
        assert len(wins) >= 2, f"one seat won every {seats}-player game: {wins}"


@pytest.mark.slow  # whole games against random players
def test_the_bot_beats_random_players() -> None:
    bot_wins = 0
    games = 0
    for seats in (2, 3, 4):
        for seed in range(6):
            seat = seed % seats
            policies: list[Policy] = [random_policy] * seats
            policies[seat] = bot_policy
            outcome, _ = play_game(seats, 100 + seed, policies)
            bot_wins += seat in outcome.winners
            games += 1
    assert bot_wins >= games - 2


def test_the_bot_answers_with_one_of_the_offered_actions() -> None:
    state = table(hands={0: ["FUND_5"]}, primary_row=[("CHARCOAL", 2)], building_row=["BD_MILL"])
    view = full_view(RULES, state, 0)
    assert choose(view, Random(1)).action in view["legal"]  # type: ignore[operator]
    done = table(hands={0: ["WOOD"]}, main_done=True)
    assert choose(full_view(RULES, done, 0), Random(1)).action == {"type": "end_turn"}


def test_the_bot_takes_a_win_when_it_is_offered() -> None:
    state = table(
        areas={0: ["BD_CLOCK_TOWER", "BD_CHAPEL", "BD_DINER"]},
        hands={0: ["BREAD", "WOOD"]},
        primary_row=[("CHARCOAL", 2)],
    )
    assert choose(full_view(RULES, state, 0), Random(3)).action == {"type": "brownie", "building": "BD_DINER"}


def _walk(seats: int, seed: int) -> list[BrowniesState]:
    """The states of one random game."""
    state = RULES.deal(seats, {}, Random(seed))
    chooser = Random(seed)
    states = [state]
    for step in range(1, 5000):
        if RULES.outcome(state) is not None:
            return states
        seat = state.active_seat
        state = RULES.apply(state, seat, chooser.choice(RULES.legal_actions(state, seat)), rng_for(seed, step)).state
        states.append(state)
    raise AssertionError("no outcome")


def test_every_listed_action_is_accepted_and_a_main_action_is_listed_whenever_one_exists() -> None:
    for seats, seed in ((2, 1), (3, 2), (4, 3)):
        for k, state in enumerate(_walk(seats, seed)[::7]):
            seat = state.active_seat
            legal = RULES.legal_actions(state, seat)
            for action in legal:
                RULES.apply(state, seat, action, rng_for(seed, k))  # raises if the list lies
            mains = [a for a in legal if isinstance(a, Produce | Trade)]
            if not state.main_action_done:
                assert bool(mains) == has_main_action(state)
                assert (EndTurn() in legal) == (not mains)


def test_trades_outside_the_canonical_list_are_still_accepted() -> None:
    # The list offers thrifty trades; apply accepts every trade §4.5 allows.
    state = table(hands={0: ["FUND_6", "WOOD"]}, primary_row=[("CHARCOAL", 3)], building_row=["BD_MILL"])
    offered = RULES.legal_actions(state, 0)
    for wasteful in (Trade(("FUND_6",), ("WOOD",)), Trade(("WOOD", "FUND_6"), ("BD_MILL",))):
        assert wasteful not in offered
        assert RULES.apply(state, 0, wasteful, rng_for(1, 1)).state.main_action_done
    assert Trade(("FUND_6",), ("CHARCOAL", "CHARCOAL", "CHARCOAL")) in offered
    assert Trade(("FUND_6",), ("BD_MILL",)) in offered


def test_actions_from_other_seats_are_refused_at_every_step() -> None:
    for state in _walk(3, 5)[::11]:
        other = (state.active_seat + 1) % 3
        assert RULES.legal_actions(state, other) == ()
        for action in RULES.legal_actions(state, state.active_seat)[:3]:
            try:
                RULES.apply(state, other, action, rng_for(5, 1))
            except IllegalAction as refused:
                assert refused.code in ("not_your_turn", "game_over")
            else:
                raise AssertionError("another seat's action was accepted")
