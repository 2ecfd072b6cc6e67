"""Where a replay should run so that the tables' event loop keeps its pace: on the loop, in a thread, or
in a worker process (app/rooms/replay_pool.py); and what one action costs to replay, per game.

    .venv/bin/python bench/replay_pool.py [--replays 12] [--games 4]

First, per game at its largest table, the µs one action costs to replay (random games, median of
`--games`): the figures each game declares as replay_cost_us. Then, while long Brownies games are
replayed back to back (three at a time), a ticker on the event loop asks to wake every millisecond,
standing in for the tables; it prints how late it woke (median, p99, worst) and how long the replays
took, for each way of running them. Timings are printed, never asserted.
"""

import argparse
import asyncio
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.games import RULES_BY_SLUG  # noqa: E402
from app.rooms.replay import GameRecord, Replay  # noqa: E402
from app.rooms.replay_pool import ReplayPool  # noqa: E402
from bench.review import long_games  # noqa: E402
from tests.rooms.test_replay import played  # noqa: E402

TICK = 0.001


def cost_per_action(games: int) -> None:
    print("µs to replay one action (random games, largest table):")
    for slug, rules in RULES_BY_SLUG.items():
        seats = max(rules.seat_counts)
        costs = []
        for seed in range(games):
            record, _ = played(rules, seats, seed)
            start = time.perf_counter()
            Replay(record)
            costs.append((time.perf_counter() - start) / len(record.actions) * 1e6)
        print(f"  {slug:9} {seats} seats  {statistics.median(costs):6.1f}  (declared {rules.replay_cost_us})")


async def lateness_while(replay_all: Callable[[], Awaitable[None]]) -> tuple[list[float], float]:
    """How late a 1 ms ticker on this loop woke while `replay_all` ran, and how long that took."""
    late: list[float] = []
    done = asyncio.Event()

    async def ticker() -> None:
        while not done.is_set():
            asked = time.perf_counter()
            await asyncio.sleep(TICK)
            late.append(time.perf_counter() - asked - TICK)

    ticking = asyncio.create_task(ticker())
    start = time.perf_counter()
    await replay_all()
    took = time.perf_counter() - start
    done.set()
    await ticking
    return late, took


async def compare(records: list[GameRecord]) -> None:
    pool = ReplayPool(workers=1, at_once=len(records), per_client=len(records))
    await pool.replay(records[0], "warm-up")  # the worker is started before it is timed

    async def on_the_loop() -> None:
        for record in records:
            Replay(record)
            await asyncio.sleep(0)

    async def in_threads() -> None:
        await asyncio.gather(*(asyncio.to_thread(Replay, record) for record in records))

    async def in_a_process() -> None:
        await asyncio.gather(*(pool.replay(record, "bench") for record in records))

    print(f"\nthe loop's 1 ms ticker while {len(records)} Brownies games of {len(records[0].actions)}+ actions replay:")
    print("  where        late: median     p99   worst   all replays took")
    try:
        for name, way in (("the loop", on_the_loop), ("threads", in_threads), ("a process", in_a_process)):
            late, took = await lateness_while(way)
            ms = sorted(x * 1000 for x in late)
            p99 = ms[int(len(ms) * 0.99)]
            print(f"  {name:10} {statistics.median(ms):10.2f} {p99:7.2f} {ms[-1]:7.1f}   {took * 1000:10.0f} ms")
    finally:
        pool.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--replays", type=int, default=12, help="long games replayed in each way")
    parser.add_argument("--games", type=int, default=4, help="random games per game for the cost per action")
    args = parser.parse_args()
    cost_per_action(args.games)
    asyncio.run(compare(long_games(700, args.replays)))


if __name__ == "__main__":
    main()
