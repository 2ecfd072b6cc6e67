"""Ten thousand complete random games of every game, over all its player counts and all this machine's cores.

Each game must end within the action bound with an outcome, conserve every component and survive its
persisted form; test_properties.py checks fewer games at every single step. Timings go to bench/engine.py.
"""

import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from random import Random

import pytest

from app.engine.playout import random_playout
from app.games import RULES_BY_SLUG

pytestmark = pytest.mark.slow

GAMES = int(os.environ.get("ZASHIKI_RANDOM_GAMES", "10000"))  # per game, all player counts together
CHUNKS = 16  # work items per game, so that both cores stay busy to the end


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
def workers():  # type: ignore[no-untyped-def]
    # forkserver: the workers start clean, not as copies of a test process with threads and sockets
    with ProcessPoolExecutor(os.cpu_count(), mp_context=multiprocessing.get_context("forkserver")) as pool:
        yield pool


@pytest.mark.parametrize("slug", list(RULES_BY_SLUG))
def test_ten_thousand_random_games_end_and_conserve_everything(slug: str, workers: ProcessPoolExecutor) -> None:
    step = -(-GAMES // CHUNKS)
    chunks = [range(start, min(start + step, GAMES)) for start in range(0, GAMES, step)]
    results = list(workers.map(play, [slug] * len(chunks), chunks))
    assert sum(games for games, _ in results) == GAMES
    assert sum(actions for _, actions in results) >= GAMES  # every game had at least one action
