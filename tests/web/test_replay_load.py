"""Record uploads do not stop the tables: five addresses upload whole Brownies games (the records that
cost most to replay) one after another while a live table plays; every move is answered, and every
upload is answered too, opened or refused as busy with a time to try again.

The uploads run in a process of their own (tests/support/uploads.py), standing in for clients on
other machines. How much they slow a table's moves is a timing, which this shared machine's load
would decide: bench/replay_pool.py measures it, on the loop, in a thread and in the worker process the
server uses.
"""

import asyncio
import json
import signal
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from random import Random

import pytest

from app.games import RULES_BY_SLUG
from tests.rooms.test_replay import played
from tests.support.client import Player, seat_table, settle
from tests.support.databases import database
from tests.support.server import ROOT, ServerProcess

pytestmark = pytest.mark.slow

ADDRESSES = [f"127.0.3.{i}" for i in range(1, 6)]
RECORDS_PER_ADDRESS = 8  # 40 in all: more than the server keeps, so every upload is replayed afresh
MOVES = 90  # played while the uploads go on


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


async def play_moves(players: list[Player], rng: Random, moves: int) -> None:
    """`moves` random legal moves at the live table, each answered with an ack, starting a new game when
    one ends."""
    for _ in range(moves):
        await settle(players)
        if players[0].view is not None and players[0].view["outcome"] is not None:
            assert (await players[0].again())["type"] == "ack"
            await settle(players)
        mover = rng.choice([p for p in players if p.view and p.view["legal"]])
        answer = await mover.act(rng.choice(mover.view["legal"]))  # type: ignore[index]
        assert answer["type"] == "ack", answer


async def test_a_live_table_plays_on_while_five_addresses_upload_records(server: ServerProcess, tmp_path: Path) -> None:
    records = tmp_path / "records.json"
    await asyncio.to_thread(heaviest_records, records)
    players = await seat_table(server.url, "bluebell", 2)
    rng = Random(5)
    uploads = subprocess.Popen(
        [sys.executable, "-m", "tests.support.uploads", server.url, ",".join(ADDRESSES), str(records)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
    )
    try:
        assert await asyncio.to_thread(uploads.stdout.readline) == b"ready\n"  # type: ignore[union-attr]
        await asyncio.sleep(0.5)  # the uploads under way
        await play_moves(players, rng, MOVES)
    finally:
        uploads.send_signal(signal.SIGTERM)
        for player in players:
            await player.close()
    output, _ = await asyncio.to_thread(uploads.communicate, timeout=60)
    answers = Counter(json.loads(output))
    # Every upload was answered: opened, or refused with a reason and, when busy, a time to try again.
    assert set(answers) <= {"200 opened", "429 replays_busy"}, answers
    assert answers["200 opened"] >= len(ADDRESSES), answers  # the replays were made, if slowly on a busy machine
