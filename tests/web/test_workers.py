"""Two real workers behind a real HAProxy on loopback, on one PostgreSQL, as the `workers` compose
profile runs them: the lobby answers from either, each table is served by the worker its code names,
whole games are played through the proxy, and a worker killed mid-play costs its own tables nothing
but the time until it is back, while the other worker's tables never notice.
"""

import asyncio
import contextlib
from collections.abc import Iterator
from random import Random

import httpx
import pytest
from websockets.exceptions import InvalidStatus

from app.engine import full_view
from app.games import RULES_BY_SLUG
from app.rooms.ownership import owner_of
from tests.support.client import Player, play_to_end, seat_table
from tests.support.proxy import Cluster, cluster, served_by
from tests.web.test_crash import seen_views
from tests.web.test_redaction import states_by_version

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def two_workers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    with cluster(tmp_path_factory.mktemp("workers")) as running:
        yield running


async def tables_on_each_worker(proxy_url: str, games: list[tuple[str, int]]) -> list[list[Player]]:
    """For each worker, one table of each (game, seats), all made through the proxy; by worker, then game."""
    found: dict[int, list[list[Player]]] = {0: [], 1: []}
    for game, seats in games:
        placed: set[int] = set()
        while placed != {0, 1}:  # the proxy spreads creations over the workers; each draws a code it owns
            players = await seat_table(proxy_url, game, seats)
            owner = owner_of(players[0].code, 2)
            if owner in placed:
                for player in players:
                    await player.close()
                continue
            placed.add(owner)
            found[owner].append(players)
    return found[0] + found[1]


async def test_the_lobby_answers_through_the_proxy(two_workers: Cluster) -> None:
    async with httpx.AsyncClient(base_url=two_workers.proxy.url) as client:
        for path in ("/", "/api/games", "/static/js/table.js", "/healthz"):
            assert (await client.get(path)).status_code == 200, path
        missing = await client.get("/api/tables/ZZZZZZ")
        assert missing.status_code == 404 and missing.json()["code"] == "no_such_table"


async def test_whole_games_on_tables_of_both_workers(two_workers: Cluster) -> None:
    rng = Random("workers")
    tables = await tables_on_each_worker(two_workers.proxy.url, [("bluebell", 2)])
    try:
        for players in tables:  # each table's tabs are at its owner, and only there
            code = players[0].code
            owner = owner_of(code, 2)
            assert await served_by(two_workers.workers[owner], code)
            assert not await served_by(two_workers.workers[1 - owner], code)
        outcomes = await asyncio.gather(*(play_to_end(players, Random(rng.random())) for players in tables))
        assert all(outcome is not None for outcome in outcomes)
    finally:
        for players in tables:
            for player in players:
                await player.close()


async def keep_playing(players: list[Player], rng: Random, stop: asyncio.Event, again: bool = False) -> None:
    """Random legal moves on one table until told to stop or until its sockets die; with `again`, a
    finished game is followed by the next."""
    with contextlib.suppress(Exception):
        while not stop.is_set() and all(p.connected for p in players):
            movers = [p for p in players if p.view and p.view["legal"]]
            if not movers:
                if again and players[0].view and players[0].view["outcome"] is not None:
                    await players[0].again()
                await asyncio.sleep(0.01)
                continue
            mover = rng.choice(movers)
            await mover.act_unless_dropped(rng.choice(mover.view["legal"]))  # type: ignore[index]


async def reconnect(player: Player, timeout: float = 30) -> None:
    """Connects through the proxy, trying again while the table's worker is unavailable (503)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        try:
            return await player.connect()
        except (InvalidStatus, OSError):
            if asyncio.get_running_loop().time() > deadline:
                raise
            await asyncio.sleep(0.2)


async def test_a_killed_worker_loses_nothing_and_the_other_never_notices(two_workers: Cluster) -> None:
    rng = Random("kill")
    victim = two_workers.workers[1]
    tables = await tables_on_each_worker(two_workers.proxy.url, [("hansa", 2), ("brownies", 2)])
    untouched, struck = tables[:2], tables[2:]  # by worker: worker 0's, then worker 1's
    stop = asyncio.Event()
    try:
        playing = [
            asyncio.create_task(keep_playing(t, Random(rng.random()), stop, again=t in untouched)) for t in tables
        ]
        await asyncio.sleep(rng.uniform(0.5, 1.5))
        victim.kill()  # mid-move, mid-commit: wherever it lands
        before = [t[0].version for t in untouched]
        await asyncio.gather(*playing[2:])  # the struck tables' sockets die
        async with httpx.AsyncClient(base_url=two_workers.proxy.url) as client:
            for players in struck:  # unavailable while their worker is down
                assert (await client.get(f"/api/tables/{players[0].code}")).status_code == 503
        await asyncio.sleep(1)  # the other worker's tables go on meanwhile
        assert all(t[0].version > v for t, v in zip(untouched, before, strict=True)), (
            "a table of the other worker stalled"
        )

        await asyncio.to_thread(victim.start)  # waiting on it here would leave the other tables' sockets unread
        for players in struck:
            rules = RULES_BY_SLUG[players[0].table["game"]]  # type: ignore[index]
            states = await states_by_version(two_workers.database_url, players[0].code, rules)
            for player in players:  # every version anyone saw is stored with exactly that view
                for version, view in seen_views(player).items():
                    assert version < len(states), f"version {version} was shown but not stored"
                    assert view == full_view(rules, states[version], player.seat), "a shown view differs from the log"
                await player.disconnect()
                await reconnect(player)
                assert player.version == len(states) - 1
        stop.set()
        await asyncio.gather(*playing[:2])
        for players in untouched:  # never dropped, never refused
            assert all(p.connected for p in players)
            assert not [e for p in players for e in p.errors() if e["code"] != "stale_version"]
        for players in struck:  # back in play
            assert await play_to_end(players, rng) is not None
    finally:
        stop.set()
        for players in tables:
            for player in players:
                await player.close()
