"""A database outage: every move is refused with `not_saved` and nothing changes; the log says so twice
(when it starts, with its traceback, and when it clears, with a count), never once per refused move."""

import asyncio
from collections.abc import Iterator
from pathlib import Path

import asyncpg
import pytest

from tests.support.client import seat_table
from tests.support.databases import PG_ADMIN_DSN
from tests.support.server import ServerProcess

REFUSED_MOVES = 40

pytestmark = pytest.mark.slow  # a server of its own, on a database taken away and given back


@pytest.fixture
def pg_server(postgres_url: str, tmp_path: Path) -> Iterator[ServerProcess]:
    process = ServerProcess(postgres_url, tmp_path / "server.log").start()
    yield process
    process.stop()


async def refuse_connections(database: str, refuse: bool) -> None:
    """Closes the database to new connections and ends the open ones (or opens it again)."""
    admin = await asyncpg.connect(PG_ADMIN_DSN)
    try:
        await admin.execute(f'ALTER DATABASE "{database}" ALLOW_CONNECTIONS {"false" if refuse else "true"}')
        if refuse:
            await admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
                database,
            )
    finally:
        await admin.close()


async def test_an_outage_refuses_moves_and_is_logged_once(pg_server: ServerProcess, postgres_url: str) -> None:
    database = postgres_url.rsplit("/", 1)[1]
    players = await seat_table(pg_server.url, "bremen", 4)
    try:
        leader = next(p for p in players if p.view and p.view["legal"])
        move = leader.view["legal"][0]  # type: ignore[index]
        await refuse_connections(database, refuse=True)
        try:
            answers = [await leader.act(move) for _ in range(REFUSED_MOVES)]
        finally:
            await refuse_connections(database, refuse=False)
        assert {a.get("code") for a in answers} == {"not_saved"}
        assert all(p.version == 0 for p in players)  # nothing was shown, so nothing was applied

        answer = await leader.act(move)  # the server recovers by itself
        assert answer["type"] == "ack" and answer["version"] == 1
        for player in players:
            await player.wait_for(lambda p=player: p.version == 1)
    finally:
        for player in players:
            await player.close()

    await asyncio.sleep(0.2)  # the last lines reach the log file
    log = pg_server.log_path.read_text()
    assert log.count("the database is failing") == 1
    assert log.count("Traceback") == 1, log
    assert log.count(f"the database has recovered; {REFUSED_MOVES} requests were refused meanwhile") == 1
