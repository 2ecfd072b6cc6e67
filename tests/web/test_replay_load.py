"""Record uploads do not slow the tables: five addresses upload whole Brownies games (the records that
cost most to replay) one after another while a live table plays, and its moves come back as fast as
when nobody uploads.

The uploads run in a process of their own (tests/support/uploads.py), standing in for clients on
other machines. Idle and loaded stretches alternate, so that
whatever else this shared machine does weighs on both alike; the comparison is a ratio of medians,
never a time.
"""

import asyncio
import json
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from random import Random
from statistics import median

import pytest

from app.games import RULES_BY_SLUG
from tests.rooms.test_replay import played
from tests.support.client import Player, seat_table, settle
from tests.support.databases import database
from tests.support.server import ROOT, ServerProcess

pytestmark = pytest.mark.slow

ADDRESSES = [f"127.0.3.{i}" for i in range(1, 6)]
RECORDS_PER_ADDRESS = 8  # 40 in all: more than the server keeps, so every upload is replayed afresh
STRETCHES = 6  # idle and loaded each
MOVES_PER_STRETCH = 15


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("replay-load")
    with database("sqlite", folder) as url:
        process = ServerProcess(url, folder / "server.log").start()  # the shipped replay pool and its limits
        yield process
        process.stop()


def heaviest_records(path: Path) -> None:
    """Whole 4-player Brownies games, each as its JSON record."""
    rules = RULES_BY_SLUG["brownies"]
    records = [played(rules, 4, seed)[0].to_json() for seed in range(len(ADDRESSES) * RECORDS_PER_ADDRESS)]
    path.write_text(json.dumps(records))


async def timed_moves(players: list[Player], rng: Random, moves: int) -> list[float]:
    """Round trips of `moves` random legal moves at the live table, starting a new game when one ends."""
    times = []
    for _ in range(moves):
        await settle(players)
        if players[0].view is not None and players[0].view["outcome"] is not None:
            assert (await players[0].again())["type"] == "ack"
            await settle(players)
        mover = rng.choice([p for p in players if p.view and p.view["legal"]])
        started = time.perf_counter()
        answer = await mover.act(rng.choice(mover.view["legal"]))  # type: ignore[index]
        times.append(time.perf_counter() - started)
        assert answer["type"] == "ack", answer
    return times


async def test_a_live_table_keeps_its_pace_while_five_addresses_upload_records(
    server: ServerProcess, tmp_path: Path
) -> None:
    records = tmp_path / "records.json"
    await asyncio.to_thread(heaviest_records, records)
    players = await seat_table(server.url, "bluebell", 2)
    rng = Random(5)
    idle: list[float] = []
    loaded: list[float] = []
    uploads = subprocess.Popen(
        [sys.executable, "-m", "tests.support.uploads", server.url, ",".join(ADDRESSES), str(records)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
    )
    try:
        assert await asyncio.to_thread(uploads.stdout.readline) == b"ready\n"  # type: ignore[union-attr]
        uploads.send_signal(signal.SIGSTOP)
        await timed_moves(players, rng, 5)  # a warm start
        for _ in range(STRETCHES):
            idle += await timed_moves(players, rng, MOVES_PER_STRETCH)
            uploads.send_signal(signal.SIGCONT)
            await asyncio.sleep(0.5)  # the uploads under way
            loaded += await timed_moves(players, rng, MOVES_PER_STRETCH)
            uploads.send_signal(signal.SIGSTOP)
            await asyncio.sleep(0.3)  # the uploads sent before the pause are answered
    finally:
        uploads.send_signal(signal.SIGTERM)
        uploads.send_signal(signal.SIGCONT)
        for player in players:
            await player.close()
    output, _ = await asyncio.to_thread(uploads.communicate, timeout=60)
    answers = Counter(json.loads(output))
    # Every upload was answered: opened, or refused with a reason and, when busy, a time to try again.
    assert set(answers) <= {"200 opened", "429 replays_busy"}, answers
    assert answers["200 opened"] >= len(ADDRESSES), answers  # the replays were made, if slowly on a busy machine
    ratio = median(loaded) / median(idle)
    assert ratio <= 2, f"moves took {ratio:.2f}× as long while records were uploaded ({answers})"
