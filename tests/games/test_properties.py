"""Every game, every player count: the properties every game must keep, each proved here once.

- Random complete games end with an outcome, conserve every component at every step, every action
  survives its wire form, and replaying the seed and the action log rebuilds the very same game.
- Views are JSON and hide what they must: re-dealing whatever a viewer cannot see moves not a byte of
  its view, at every step.
- An action one seat may make, sent by a seat that may not, is refused and changes nothing.
- Bots given the full view (as the table gives it) answer with an offered action and finish games.
- A game's own view never carries the table's envelope keys.

The everyday loop plays a few games of each; CI (slow) plays hundreds at every step and ten thousand
end to end. Each game's own checks (exact action counts, its proofs, bot strength) stay in its files.
"""

import copy
import json
import multiprocessing
import os
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from random import Random
from typing import Any

import pytest

from app.engine import GameRules, IllegalAction, full_view, rng_for
from app.engine.envelope import ENVELOPE_KEYS
from app.engine.playout import random_playout
from app.games import RULES_BY_SLUG
from tests.games.playouts import random_game, replay

TABLES = [(rules, n) for rules in RULES_BY_SLUG.values() for n in sorted(rules.seat_counts)]
IDS = [f"{rules.slug}-{n}" for rules, n in TABLES]
BOT_TABLES = [(rules, n) for rules, n in TABLES if rules.bot is not None]
BOT_IDS = [f"{rules.slug}-{n}" for rules, n in BOT_TABLES]

# Per game and player count: (games, of which every view is checked against a re-deal at every step).
QUICK = (2, 1)
THOROUGH = (int(os.environ.get("ZASHIKI_PLAYOUTS", "100")), 8)
RANDOM_GAMES = int(os.environ.get("ZASHIKI_RANDOM_GAMES", "10000"))  # per game, all player counts together
CHUNKS = 16  # work items per game, so that both cores stay busy to the end

tables = pytest.mark.parametrize(("rules", "seats"), TABLES, ids=IDS)
bot_tables = pytest.mark.parametrize(("rules", "seats"), BOT_TABLES, ids=BOT_IDS)


def keep_the_contract(rules: GameRules[Any, Any], seats: int, games: int, view_checked: int) -> None:
    for seed in range(games):
        final, log = random_game(rules, seats, seed, check_views=seed < view_checked)
        assert rules.outcome(final) is not None
        assert replay(rules, seats, seed, log) == final, "replaying the log must rebuild the same game"


@tables
def test_random_games_keep_the_contract(rules: GameRules[Any, Any], seats: int) -> None:
    keep_the_contract(rules, seats, *QUICK)


@pytest.mark.slow
@tables
def test_many_random_games_keep_the_contract(rules: GameRules[Any, Any], seats: int) -> None:
    keep_the_contract(rules, seats, *THOROUGH)


def states_of(rules: GameRules[Any, Any], seats: int, seed: int) -> Iterator[Any]:
    """Every state of one random game, in order."""
    state = rules.deal(seats, {}, Random(seed))
    chooser = Random(seed)
    for step in range(1, 5000):
        yield state
        if rules.outcome(state) is not None:
            return
        seat = chooser.choice(sorted(rules.awaiting(state)))
        state = rules.apply(state, seat, chooser.choice(rules.legal_actions(state, seat)), rng_for(seed, step)).state
    raise AssertionError(f"{rules.slug} seed {seed}: no outcome")


@tables
def test_views_are_json(rules: GameRules[Any, Any], seats: int) -> None:
    for k, state in enumerate(states_of(rules, seats, seed=3)):
        if k % 5:
            continue
        for viewer in [*range(seats), None]:
            shown = full_view(rules, state, viewer)
            assert json.loads(json.dumps(shown)) == shown


def illegal_actions_change_nothing(rules: GameRules[Any, Any], seats: int, every: int) -> None:
    """Actions legal for one seat, sent by another seat that may not make them, are refused (every
    `every`-th state of a game)."""
    for k, state in enumerate(states_of(rules, seats, seed=7)):
        if k % every:
            continue
        before = copy.deepcopy(state)
        for seat in range(seats):
            offered = {repr(a.to_json()) for a in rules.legal_actions(state, seat)}
            for other in range(seats):
                for action in rules.legal_actions(state, other):
                    if repr(action.to_json()) not in offered:
                        with pytest.raises(IllegalAction):
                            rules.apply(state, seat, action, rng_for(7, k + 1))
        assert state == before, "a refused action must change nothing"


@tables
def test_illegal_actions_change_nothing_quick(rules: GameRules[Any, Any], seats: int) -> None:
    illegal_actions_change_nothing(rules, seats, every=10)


@pytest.mark.slow
@tables
def test_illegal_actions_change_nothing(rules: GameRules[Any, Any], seats: int) -> None:
    illegal_actions_change_nothing(rules, seats, every=1)


def bots_finish(rules: GameRules[Any, Any], seats: int, games: int) -> None:
    bot = rules.bot
    assert bot is not None
    for seed in range(games):
        state = rules.deal(seats, {}, Random(seed))
        for step in range(1, 5000):
            if rules.outcome(state) is not None:
                break
            # As the table plays them: the first awaited bot that acts (a bot may choose to wait).
            for seat in sorted(rules.awaiting(state)):
                view = full_view(rules, state, seat)  # what the table gives a bot
                choice = bot(view, Random(f"{seed}:{step}:{seat}"))
                if choice is not None:
                    action = choice.action
                    break
            else:
                raise AssertionError(f"{rules.slug} seed {seed}: every awaited bot waits")
            assert action in view["legal"], f"{rules.slug}: the bot chose {action}"  # type: ignore[operator]
            state = rules.apply(state, seat, rules.parse_action(action), rng_for(seed, step)).state
        assert rules.outcome(state) is not None, f"{rules.slug} seed {seed}: bots found no end"


@bot_tables
def test_bots_finish_games(rules: GameRules[Any, Any], seats: int) -> None:
    bots_finish(rules, seats, games=1)


@pytest.mark.slow
@bot_tables
def test_bots_finish_many_games(rules: GameRules[Any, Any], seats: int) -> None:
    bots_finish(rules, seats, games=20)


@tables
def test_a_games_view_never_carries_the_envelope(rules: GameRules[Any, Any], seats: int) -> None:
    for k, state in enumerate(states_of(rules, seats, seed=5)):
        if k % 5:
            continue
        for viewer in [*range(seats), None]:
            assert not ENVELOPE_KEYS & set(rules.view(state, viewer)), f"{rules.slug} view of {viewer}"


# --- ten thousand whole games per game, over all this machine's cores (CI) -----------------------


def play(slug: str, seeds: range) -> tuple[int, int]:
    """Plays the games of these seeds (player counts in turn); returns (games, actions)."""
    rules = RULES_BY_SLUG[slug]
    counts = sorted(rules.seat_counts)
    actions = 0
    for seed in seeds:
        seats = counts[seed % len(counts)]
        dealt = rules.deal(seats, {}, Random(seed))
        final, steps = random_playout(rules, seats, seed)
        assert rules.inventory(final) == rules.inventory(dealt), f"{slug} seed {seed} lost or made a component"
        actions += steps
    return len(seeds), actions


@pytest.fixture(scope="module")
def workers() -> Iterator[ProcessPoolExecutor]:
    # forkserver: the workers start clean, not as copies of a test process with threads and sockets
    with ProcessPoolExecutor(os.cpu_count(), mp_context=multiprocessing.get_context("forkserver")) as pool:
        yield pool


@pytest.mark.slow
@pytest.mark.parametrize("slug", list(RULES_BY_SLUG))
def test_ten_thousand_random_games_end_and_conserve_everything(slug: str, workers: ProcessPoolExecutor) -> None:
    step = -(-RANDOM_GAMES // CHUNKS)
    chunks = [range(start, min(start + step, RANDOM_GAMES)) for start in range(0, RANDOM_GAMES, step)]
    results = list(workers.map(play, [slug] * len(chunks), chunks))
    assert sum(games for games, _ in results) == RANDOM_GAMES
    assert sum(actions for _, actions in results) >= RANDOM_GAMES  # every game had at least one action
