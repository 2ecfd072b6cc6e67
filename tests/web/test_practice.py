"""Practice tables ("Learn <game>"): bots in every other seat, started at once, marked for the coach,
and otherwise ordinary: a friend opens the same link, and the per-client limit counts them."""

from pathlib import Path

import httpx

from app.rooms.hints import HINT_BURST
from tests.support.client import Player
from tests.support.databases import database
from tests.support.server import ServerProcess


async def test_a_practice_table_is_seated_with_bots_started_and_open_to_a_friend(sqlite_server: ServerProcess) -> None:
    learner, friend = Player(sqlite_server.url, "Mina"), Player(sqlite_server.url, "Ken")
    try:
        response = await learner.http.post(
            "/api/tables", json={"game": "baroque", "name": "Mina", "seats": 4, "practice": True}
        )
        assert response.status_code == 201, response.text
        learner.code, learner.seat = response.json()["code"], response.json()["seat"]
        assert learner.seat == 0
        await learner.connect()
        table = learner.table
        assert table is not None and table["practice"] and table["status"] == "playing"
        assert [(s["human"], s["bot"]) for s in table["seats"]] == [(True, False)] + [(False, True)] * 3
        assert learner.view is not None and learner.view["phase"]

        # The same link, another browser: it watches the game being played, like any table's.
        described = (await friend.http.get(f"/api/tables/{learner.code}")).json()
        assert described["practice"] and described["status"] == "playing"
        await friend.connect(learner.code)
        assert friend.table is not None and friend.table["practice"] and friend.view is not None
        assert friend.received[0]["you"] is None

        # An ordinary table says it is not one.
        other = await Player(sqlite_server.url, "Aiko").create("baroque", 3)
        assert not (await friend.http.get(f"/api/tables/{other}")).json()["practice"]
    finally:
        await learner.close()
        await friend.close()


async def test_a_practice_table_gives_its_player_every_hint_unpaced_and_unlogged(sqlite_server: ServerProcess) -> None:
    learner = Player(sqlite_server.url, "Mina")
    try:
        response = await learner.http.post(
            "/api/tables", json={"game": "bluebell", "name": "Mina", "seats": 2, "practice": True, "hints": False}
        )
        assert response.status_code == 201, response.text
        learner.code, learner.seat = response.json()["code"], response.json()["seat"]
        await learner.connect()
        assert learner.table is not None and learner.table["hints"] is True  # the coach points with them
        await learner.wait_for(lambda: bool(learner.view and learner.view["legal"]))
        for _ in range(HINT_BURST + 2):  # more than any other table's seat may ask at once
            hinted = await learner.request({"type": "hint"})
            assert hinted["type"] == "hinted", hinted
        assert hinted["action"] in learner.view["legal"]  # type: ignore[index]
        assert all(m["type"] != "log" for m in learner.received)  # the bots need not know who asked
    finally:
        await learner.close()


async def test_a_practice_table_seats_its_own_bots(sqlite_server: ServerProcess) -> None:
    async with httpx.AsyncClient(base_url=sqlite_server.url) as http:
        response = await http.post(
            "/api/tables", json={"game": "hansa", "name": "Mina", "seats": 3, "practice": True, "bots": [1]}
        )
    assert (response.status_code, response.json()["code"]) == (400, "bad_practice")
    assert "set-cookie" not in response.headers


async def test_one_address_opens_only_so_many_practice_tables(tmp_path: Path) -> None:
    with database("sqlite", tmp_path) as url:
        server = ServerProcess(url, tmp_path / "server.log", practice_limit="1/minute").start()
        try:
            async with httpx.AsyncClient(base_url=server.url) as http:
                body = {"game": "bluebell", "name": "Mina", "seats": 2}
                first = await http.post("/api/tables", json={**body, "practice": True})
                second = await http.post("/api/tables", json={**body, "practice": True})
                ordinary = await http.post("/api/tables", json=body)
            assert first.status_code == 201
            assert (second.status_code, second.json()["code"]) == (429, "too_many_requests")
            assert ordinary.status_code == 201
        finally:
            server.stop()
