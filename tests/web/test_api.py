"""The JSON API and the socket refuse bad input with a clear error and change nothing."""

import asyncio
import json

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from tests.support.client import Player, refusal, seat_table
from tests.support.server import ServerProcess


@pytest.fixture
def api(shared_server: ServerProcess) -> httpx.Client:
    return httpx.Client(base_url=shared_server.url, timeout=10)


def test_games_are_listed_with_counts_and_options(api: httpx.Client) -> None:
    games = {g["slug"]: g for g in api.get("/api/games").json()}
    assert games["bremen"]["seat_counts"] == [4]
    assert {o["name"] for o in games["bremen"]["options"]} == {"hard_mode", "first_leader"}
    assert games["bremen"]["title"] == {"en": "The Harmony of Bremen", "ja": "ザ・ハーモニー・オブ・ブレーメン"}


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ({"game": "chess", "name": "Mina"}, 404),
        ({"game": "bremen", "name": "Mina", "seats": 3}, 400),
        ({"game": "bremen", "name": ""}, 422),
        ({"game": "bremen", "name": "x" * 25}, 422),
        ({"game": "bremen", "name": "Mi\u0000na"}, 422),
        ({"game": "bremen", "name": "Mina", "options": {"hard_mode": "yes"}}, 400),
        ({"game": "bremen", "name": "Mina", "options": {"first_leader": 4}}, 400),
        ({"game": "bremen", "name": "Mina", "options": {"cheat": True}}, 400),
        ({"game": "bremen", "name": "Mina", "extra": 1}, 422),
    ],
)
def test_bad_tables_are_refused(api: httpx.Client, body: dict[str, object], status: int) -> None:
    response = api.post("/api/tables", json=body)
    assert response.status_code == status, response.text
    assert "code" not in response.json() or response.json()["code"] != "" and "message" in response.json()


def test_joining_start_and_seats(api: httpx.Client, shared_server: ServerProcess) -> None:
    created = api.post("/api/tables", json={"game": "bremen", "name": "Mina"})
    assert created.status_code == 201
    code = created.json()["code"]
    assert api.post(f"/api/tables/{code}/join", json={"name": "Again"}).json()["code"] == "already_seated"
    guest = httpx.Client(base_url=shared_server.url)
    assert guest.post(f"/api/tables/{code}/start").json()["code"] == "not_creator"
    assert api.post(f"/api/tables/{code}/start").json()["code"] == "seats_open"
    names = ["<script>alert(1)", "Ken", "愛子"]
    for name in names:
        assert (
            httpx.Client(base_url=shared_server.url).post(f"/api/tables/{code}/join", json={"name": name}).status_code
            == 200
        )
    assert guest.post(f"/api/tables/{code}/join", json={"name": "Late"}).json()["code"] == "table_full"
    assert [s["name"] for s in api.get(f"/api/tables/{code}").json()["seats"]] == ["Mina", *names]
    assert api.post(f"/api/tables/{code}/start").status_code == 204
    assert api.post(f"/api/tables/{code}/start").json()["code"] == "already_started"
    assert api.get("/api/tables/NOSUCH").status_code == 404
    assert api.get("/t/NOSUCH").status_code == 404


async def test_bad_socket_messages_get_clear_errors_and_change_nothing(shared_server: ServerProcess) -> None:
    players = await seat_table(shared_server.url, "bremen", 4)
    leader = next(p for p in players if p.view and p.view["legal"])
    other = next(p for p in players if p is not leader)
    try:
        for raw in [
            "not json",
            "[]",
            '{"type": "act"}',
            '{"type": "dance"}',
            '{"type": "act", "version": "0", "action": {}}',
            '{"type": "act", "version": 0, "action": 5}',
            b'{"type": "ping"}',
        ]:  # a binary frame: the protocol speaks text
            await leader.socket.send(raw)  # type: ignore[union-attr]
        await leader.wait_for(lambda: len(leader.errors()) >= 7)
        assert {e["code"] for e in leader.errors()} == {"bad_message"}

        answers = [
            await leader.act({"type": "declare"}),
            await leader.act({"type": "declare", "card_id": 7}),
            await leader.act({"type": "declare", "card_id": "n99-9"}),
            await leader.act({"type": "pass", "card_id": leader.view["hand"][0]["card_id"]}),  # type: ignore[index]
            await other.act({"type": "declare", "card_id": other.view["hand"][0]["card_id"]}),  # type: ignore[index]
            await other.act({"type": "play", "card_id": other.view["hand"][0]["card_id"]}),  # type: ignore[index]
        ]
        assert [a["code"] for a in answers] == [
            "invalid_action",
            "invalid_action",
            "card_not_in_hand",
            "wrong_step",
            "not_leader",
            "wrong_step",
        ]
        assert all(a["message"] for a in answers)
        assert all(p.version == 0 for p in players)

        declared = await leader.act(leader.view["legal"][0], version=0)  # type: ignore[index]
        assert declared["type"] == "ack" and declared["version"] == 1
        stale = await leader.act(
            leader.view["legal"][0] if leader.view["legal"] else {"type": "signal_pinch"}, version=0
        )  # type: ignore[index]
        assert stale["code"] == "stale_version"
        await leader.wait_for(lambda: leader.received[-1]["type"] == "state")
        assert leader.version == 1  # answered with the current view, applied once
    finally:
        for player in players:
            await player.close()


async def test_oversized_floods_and_foreign_origins(shared_server: ServerProcess) -> None:
    player = Player(shared_server.url, "Mina")
    code = await player.create("bremen", 4)
    await player.connect()
    ws_url = shared_server.url.replace("http", "ws") + f"/t/{code}/socket"
    try:
        await player.send({"type": "act", "version": 0, "action": {"type": "declare", "card_id": "x" * 10_000}})
        await player.wait_for(lambda: any(m.get("code") == "too_big" for m in player.received))
        # Refusals arrive as close codes after the handshake, so a page can tell them from a dropped network.
        assert await refusal(ws_url, Origin="http://evil.example") == (1008, "cross-site")
        assert await refusal(shared_server.url.replace("http", "ws") + "/t/NOSUCH/socket") == (4404, "no such table")
        async with connect(ws_url) as flooder:  # a spectator spamming pings is slowed or dropped, never served
            await flooder.recv()
            for _ in range(200):
                await flooder.send(json.dumps({"type": "ping"}))
            replies = []
            with pytest.raises((asyncio.TimeoutError, ConnectionClosed)):
                while True:
                    replies.append(json.loads(await asyncio.wait_for(flooder.recv(), 2)))
            assert any(r.get("code") == "rate_limited" for r in replies) or flooder.close_code == 1013
            assert sum(r["type"] == "pong" for r in replies) < 200
        assert player.table is not None and player.version == 0  # the table itself never noticed
    finally:
        await player.close()


async def test_a_click_crossing_another_seats_commit_counts_and_a_retry_is_applied_once(
    shared_server: ServerProcess,
) -> None:
    players = await seat_table(shared_server.url, "bremen", 4)
    try:
        leader = next(p for p in players if p.view and p.view["legal"])
        assert (await leader.act(leader.view["legal"][0]))["version"] == 1  # type: ignore[index]
        first, second = [p for p in players if p is not leader][:2]
        for p in players:
            await p.wait_for(lambda p=p: p.version == 1)
        play = first.view["legal"][0]  # type: ignore[index]
        await first.send({"type": "act", "version": 1, "action": play, "id": "same"})
        await first.send({"type": "act", "version": 1, "action": play, "id": "same"})  # a retry
        await first.wait_for(lambda: any(m.get("id") == "same" for m in first.received))
        answers = [m for m in first.received if "same" in (m.get("id"), m.get("ack"))]
        assert [(m["type"], m["version"]) for m in answers] == [
            ("state", 2),
            ("ack", 2),
        ]  # the retry: acked, not applied
        # `second` saw version 1; `first`'s commit made it 2, yet second's options are unchanged.
        answer = await second.act(second.view["legal"][0], version=1)  # type: ignore[index]
        assert answer == {"type": "ack", "id": answer["id"], "version": 3}
        # The same move again is refused: the seat has chosen, its options changed at version 3.
        again = await second.act(second.view["legal"][0] if second.view["legal"] else play, version=1)  # type: ignore[index]
        assert again["code"] == "stale_version"
    finally:
        for player in players:
            await player.close()
