"""Two workers that both believe they own one table, sent moves at once: never two writers.

Routing can be wrong for a moment (a worker restarting, the proxy's list changing). Then the store's
key on (table, version) is the fence: the worker whose move finds its version taken drops its copy,
and its tabs reconnect and get the table afresh. Every stored version is applied once, and no tab
ever saw a version that differs from the stored one.
"""

import asyncio
from collections.abc import Iterator
from pathlib import Path
from random import Random

import asyncpg
import pytest

from app.engine import full_view
from app.games import RULES_BY_SLUG
from tests.support.client import Player, seat_table
from tests.support.server import ServerProcess, start_together
from tests.web.test_crash import seen_views
from tests.web.test_redaction import states_by_version

pytestmark = pytest.mark.slow

ROUNDS = 24


@pytest.fixture
def twin_workers(postgres_url: str, tmp_path: Path) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    """Two workers on one PostgreSQL, each configured as the only one: both think they own every table."""
    first = ServerProcess(postgres_url, tmp_path / "first.log")
    second = ServerProcess(postgres_url, tmp_path / "second.log")
    start_together(first, second)
    yield first, second
    first.stop()
    second.stop()


def twin(player: Player, base_url: str) -> Player:
    """The same browser's seat, opened at the other worker."""
    other = Player(base_url, player.name)
    other.http.cookies.update(player.http.cookies)
    other.code, other.seat = player.code, player.seat
    return other


async def level(tabs: list[Player]) -> None:
    """Reconnects every dropped tab, as a page does, and waits until all show the newest version: both
    workers then hold the table as stored."""
    for tab in tabs:
        if not tab.connected:
            await tab.closed()
            await tab.connect()
    latest = max(tab.version for tab in tabs)
    await asyncio.gather(*(tab.wait_for(lambda tab=tab: tab.version >= latest) for tab in tabs))


async def try_move(tab: Player, action: dict[str, object]) -> bool:
    """Sends a move; True if its worker applied it, False if the worker dropped the tab instead."""
    answer = await tab.act_unless_dropped(action)
    return answer is not None and answer["type"] == "ack"


async def stored_versions(database_url: str, code: str) -> list[int]:
    connection = await asyncpg.connect(database_url.replace("postgresql+asyncpg://", "postgresql://"))
    try:
        rows = await connection.fetch("SELECT version FROM actions WHERE room_id = $1 ORDER BY version", code)
    finally:
        await connection.close()
    return [row["version"] for row in rows]


async def test_moves_sent_to_two_owners_at_once_are_each_applied_once(
    twin_workers: tuple[ServerProcess, ServerProcess], postgres_url: str
) -> None:
    first, second = twin_workers
    rng = Random(20261205)
    at_first = await seat_table(first.url, "bremen", 4)
    at_second = [twin(player, second.url) for player in at_first]
    wins = [0, 0]
    try:
        for _round in range(ROUNDS):
            await level(at_first + at_second)
            seat = rng.choice([p.seat for p in at_first if p.view and p.view["legal"]])
            tabs = [at_first[seat], at_second[seat]]  # the same seat, at both workers, at the same version
            order = rng.sample([0, 1], 2)
            applied = await asyncio.gather(*(try_move(tabs[i], rng.choice(tabs[i].view["legal"])) for i in order))  # type: ignore[index]
            assert sorted(applied) == [False, True], "exactly one of the two workers applies a move per version"
            winner = order[applied.index(True)]
            wins[winner] += 1
            loser = (at_first, at_second)[1 - winner]
            await asyncio.gather(*(tab.closed() for tab in loser))  # the loser dropped its copy: every tab there
        for tab in at_first + at_second:
            await tab.disconnect()

        code, rules = at_first[0].code, RULES_BY_SLUG["bremen"]
        states = await states_by_version(postgres_url, code, rules)
        assert await stored_versions(postgres_url, code) == list(range(1, ROUNDS + 1))  # each once, no gap
        for tab in at_first + at_second:
            for version, view in seen_views(tab).items():
                assert version < len(states), f"version {version} was shown but not stored"
                assert view == full_view(rules, states[version], tab.seat), "a shown view differs from the log"
        assert min(wins) > 0, f"one worker never won a race: {wins}"
    finally:
        for tab in at_first + at_second:
            await tab.close()


async def test_seats_changed_at_two_owners_are_fenced_and_the_loser_is_told_so(
    twin_workers: tuple[ServerProcess, ServerProcess], postgres_url: str
) -> None:
    first, second = twin_workers
    host = Player(first.url, "Mina")
    code = await host.create("bremen", 4)
    elsewhere = twin(host, second.url)
    try:
        await elsewhere.connect(code)  # the second worker holds the table in memory
        assert (await host.http.put(f"/api/tables/{code}/seats/1/bot")).status_code == 204

        stale = await elsewhere.http.put(f"/api/tables/{code}/seats/2/bot")
        assert (stale.status_code, stale.json()["code"]) == (409, "table_moved")
        again = await elsewhere.http.put(f"/api/tables/{code}/seats/2/bot")  # loaded afresh: it may now
        assert again.status_code == 204
        stale = await host.http.put(f"/api/tables/{code}/seats/3/bot")  # now the first worker's copy is stale
        assert (stale.status_code, stale.json()["code"]) == (409, "table_moved")

        connection = await asyncpg.connect(postgres_url.replace("postgresql+asyncpg://", "postgresql://"))
        try:
            rows = await connection.fetch("SELECT seat, is_bot FROM seats WHERE room_id = $1 ORDER BY seat", code)
            status = await connection.fetchval("SELECT status FROM rooms WHERE id = $1", code)
        finally:
            await connection.close()
        assert [(row["seat"], row["is_bot"]) for row in rows] == [(0, False), (1, True), (2, True)]
        assert status == "waiting"
    finally:
        await host.close()
        await elsewhere.close()
