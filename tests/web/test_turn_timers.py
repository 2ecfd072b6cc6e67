"""Turn timers over the real server: a seat whose time runs out has the bot decide for it, once, also across
a SIGKILL; the creator pauses and resumes; refusals."""

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.client import Message, Player
from tests.support.databases import database
from tests.support.server import ServerProcess

TIMERS = {"turn_timer_choices": "[1, 2, 30]"}


@pytest.fixture(params=["sqlite", "postgres"])
def timed_server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[ServerProcess]:
    """A server whose tables may have second-long turn timers."""
    with database(request.param, tmp_path) as url:
        process = ServerProcess(url, tmp_path / "server.log", **TIMERS).start()
        yield process
        process.stop()


async def timed_table(url: str, seconds: int) -> list[Player]:
    players = [Player(url, f"P{i}") for i in range(4)]
    response = await players[0].http.post(
        "/api/tables", json={"game": "bremen", "name": "P0", "seats": 4, "turn_seconds": seconds}
    )
    assert response.status_code == 201, response.text
    players[0].code, players[0].seat = response.json()["code"], 0
    for player in players[1:]:
        await player.join(players[0].code)
    await players[0].start()
    for player in players:
        await player.connect(players[0].code)
    return players


def timeouts(player: Player) -> list[Message]:
    return [e for m in player.received if m["type"] == "state" for e in m["events"] if e["kind"] == "timed_out"]


async def test_a_seat_whose_time_runs_out_has_the_bot_decide_once(timed_server: ServerProcess) -> None:
    players = await timed_table(timed_server.url, 1)
    try:
        watcher = players[0]
        clock = watcher.received[0]["clock"]
        assert clock["seconds"] == 1 and not clock["paused"]
        awaited = {int(seat) for seat in clock["left"]}
        assert awaited and all(0 < left <= 1 for left in clock["left"].values())
        await watcher.wait_for(lambda: timeouts(watcher), timeout=15)
        first = timeouts(watcher)[0]
        assert first["seat"] in awaited and first["v"] == 1
        # The player keeps the seat: nothing was handed to a bot.
        assert watcher.table is not None and not any(s["bot"] for s in watcher.table["seats"])
        timed = players[first["seat"]]
        await timed.wait_for(lambda: timed.version >= 1)
        assert timed.view is not None
    finally:
        for player in players:
            await player.close()


async def test_the_creator_pauses_and_resumes_the_clock(tmp_path: Path) -> None:
    with database("sqlite", tmp_path) as url:
        server = ServerProcess(url, tmp_path / "server.log", **TIMERS).start()
        players = await timed_table(server.url, 2)
        try:
            code = players[0].code
            refused = await players[1].http.put(f"/api/tables/{code}/clock", json={"paused": True})
            assert (refused.status_code, refused.json()["code"]) == (403, "not_creator")
            assert (await players[0].http.put(f"/api/tables/{code}/clock", json={"paused": True})).status_code == 204
            await players[1].wait_for(
                lambda: any(m["type"] == "clock" and m["clock"]["paused"] for m in players[1].received)
            )
            await asyncio.sleep(3)  # past every deadline: a paused clock runs out for nobody
            assert not timeouts(players[0]) and players[0].version == 0
            assert (await players[0].http.put(f"/api/tables/{code}/clock", json={"paused": False})).status_code == 204
            await players[0].wait_for(lambda: timeouts(players[0]), timeout=15)
        finally:
            for player in players:
                await player.close()
            server.stop()


async def test_refusals(shared_server: ServerProcess) -> None:
    host = Player(shared_server.url, "P0")
    try:
        response = await host.http.post(
            "/api/tables", json={"game": "bremen", "name": "P0", "seats": 4, "turn_seconds": 7}
        )
        assert (response.status_code, response.json()["code"]) == (400, "bad_timer")
        await host.create("bremen", 4)  # no timer
        response = await host.http.put(f"/api/tables/{host.code}/clock", json={"paused": True})
        assert (response.status_code, response.json()["code"]) == (409, "no_timer")
    finally:
        await host.close()


async def test_a_deadline_that_fell_while_the_server_was_down_is_met_once(timed_server: ServerProcess) -> None:
    players = await timed_table(timed_server.url, 2)
    code, cookies = players[1].code, players[1].http.cookies
    dealt = players[1].received[0]
    assert dealt["version"] == 0
    (leader,) = dealt["view"]["awaiting"]  # the declaration: one decision, the leader's
    for player in players:
        await player.close()
    timed_server.kill()  # SIGKILL: nothing is flushed or said
    await asyncio.sleep(3)  # every seat's first deadline passes while the server is down
    timed_server.start()
    back = Player(timed_server.url, "P1")
    back.http.cookies = cookies
    try:
        await back.connect(code)  # opening the table rebuilds it: what fell due is handled now
        await back.wait_for(lambda: back.version >= 1, timeout=15)
        await asyncio.sleep(0.5)  # a second handling of the same deadline would have come by now
        # The leader's declaration, the one decision awaited when the server went down, was made once, at
        # version 1. The plays after it have 2 s of their own, which a slow machine may let run out too:
        # each of those is a decision of its own, at a later version.
        met = timeouts(back)
        assert met and (met[0]["v"], met[0]["seat"]) == (1, leader)
        assert [e["v"] for e in met] == sorted({e["v"] for e in met})
    finally:
        await back.close()
