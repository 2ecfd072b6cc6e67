"""Looking back over the real server: the evening's games, each game's review, records out and in.

During a game a seat reviews exactly the views it was sent, a spectator the spectators'; once the game
is over everyone sees every seat's views and the whole log. Records replay to the same end; bad input
is refused with a clear code and changes nothing.
"""

from random import Random
from typing import Any

import httpx
import orjson
import pytest

from app.rooms.replay import MAX_RECORD_BYTES
from app.rooms.reviews import record_id
from app.web.review_api import RecordBody
from tests.support.client import Player, play_some, play_to_end, seat_table
from tests.support.server import ServerProcess


def states_sent(player: Player) -> dict[int, dict[str, Any]]:
    """The view a browser was sent at each version (the latest, where it was sent one twice)."""
    return {m["version"]: m["view"] for m in player.received if m["type"] == "state" and m["view"] is not None}


def lines_sent(player: Player) -> set[bytes]:
    """Every log line a browser was sent, as JSON."""
    return {orjson.dumps(e) for m in player.received if m["type"] == "state" for e in m["events"]}


def strip_seen_by(line: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in line.items() if k != "seen_by"}


async def get(player: Player, path: str) -> Any:
    response = await player.http.get(path)
    assert response.status_code == 200, response.text
    return response.json()


async def refused(response: httpx.Response, status: int, code: str) -> None:
    assert (response.status_code, response.json()["code"]) == (status, code), response.text
    assert response.json()["message"]


async def test_a_game_is_reviewed_as_played_then_whole_then_from_its_record(live_server: ServerProcess) -> None:
    players = await seat_table(live_server.url, "hansa", 2)
    watcher = Player(live_server.url, "Watcher")
    code = players[0].code
    await watcher.connect(code)
    try:
        await play_some(players, Random(1), 6)
        games = await get(watcher, f"/api/tables/{code}/games")
        assert [(g["n"], g["over"]) for g in games["games"]] == [(1, False)]
        await refused(await watcher.http.get(f"/api/tables/{code}/games/1/record"), 409, "not_finished")

        # While it is played: each seat its own views, as sent; the spectator the spectators' views.
        for viewer in [*players, watcher]:
            review = await get(viewer, f"/api/tables/{code}/games/1")
            assert (review["over"], review["you"], review["perspectives"]) == (False, viewer.seat, [viewer.seat])
            assert review["last_version"] == viewer.version
            sent = states_sent(viewer)
            for version in range(review["first_version"], review["last_version"] + 1):
                answer = await get(viewer, f"/api/tables/{code}/games/1/versions/{version}")
                assert answer["views"] == [{"seat": viewer.seat, "view": sent[version]}]
            await refused(
                await viewer.http.get(f"/api/tables/{code}/games/1/versions/{viewer.version + 1}"),
                404,
                "no_such_version",
            )

        outcome = await play_to_end(players, Random(2))
        review = await get(watcher, f"/api/tables/{code}/games/1")
        assert review["over"] and review["outcome"] == outcome and review["perspectives"] == [0, 1]
        last = await get(watcher, f"/api/tables/{code}/games/1/versions/{review['last_version']}")
        assert [v["view"] for v in last["views"]] == [states_sent(p)[review["last_version"]] for p in players]
        for player in players:  # every seat's lines, private ones included, are open now, saying whose they are
            told = {
                orjson.dumps(strip_seen_by(line))
                for line in review["log"]
                if player.seat in line.get("seen_by", [player.seat])
            }
            assert lines_sent(player) == told

        # The record replays here (as it would anywhere) to the same end and the same views.
        response = await watcher.http.get(f"/api/tables/{code}/games/1/record")
        assert response.headers["content-disposition"].startswith("attachment")
        record = response.json()
        assert (record["game"], record["seats"], record["result"]) == ("hansa", ["P0", "P1"], outcome)
        opened = (
            await watcher.http.post("/api/records", content=response.content, headers=same_site(live_server))
        ).json()
        assert (opened["outcome"], opened["last_version"], opened["log"]) == (
            outcome,
            review["last_version"],
            review["log"],
        )
        again = await get(watcher, f"/api/records/{opened['id']}/versions/{review['last_version']}")
        assert again == last
    finally:
        for player in [*players, watcher]:
            await player.close()


def same_site(server: ServerProcess) -> dict[str, str]:
    return {"Origin": server.url, "Content-Type": "application/json"}


async def test_the_evening_lists_every_game_with_its_totals(live_server: ServerProcess) -> None:
    players = await seat_table(live_server.url, "bluebell", 2)
    code = players[0].code
    try:
        first = await play_to_end(players, Random(3))
        assert (await players[1].again())["type"] == "ack"
        await players[0].wait_for(lambda: players[0].table is not None and players[0].table["game_no"] == 2)
        second = await play_to_end(players, Random(4))
        evening = await get(players[0], f"/api/tables/{code}/games")
        assert [(g["n"], g["outcome"]) for g in evening["games"]] == [(1, first), (2, second)]
        wins = [sum(seat in o["winners"] for o in (first, second)) for seat in (0, 1)]
        assert evening["totals"]["wins"] == wins
        if first["scores"] is not None:
            assert evening["totals"]["scores"] == [
                a + b for a, b in zip(first["scores"], second["scores"], strict=True)
            ]
        # The first game's review is still whole after the table played again.
        review = await get(players[0], f"/api/tables/{code}/games/1")
        assert review["outcome"] == first and review["over"]
    finally:
        for player in players:
            await player.close()


async def test_bad_requests_are_refused_and_change_nothing(live_server: ServerProcess) -> None:
    players = await seat_table(live_server.url, "bluebell", 2)
    visitor = players[0]
    code = visitor.code
    try:
        await play_to_end(players, Random(5))
        await refused(await visitor.http.get(f"/api/tables/{code}/games/7"), 404, "no_such_game_no")
        await refused(await visitor.http.get(f"/api/tables/{code}/games/9/record"), 404, "no_such_game_no")
        await refused(await visitor.http.get(f"/api/tables/{code}/games/1/versions/100000"), 404, "no_such_version")
        await refused(await visitor.http.get("/api/tables/ZZZZZZ/games"), 404, "no_such_table")
        await refused(await visitor.http.get("/api/records/0123abcd/versions/0"), 404, "record_gone")
        for path in ("games/one", "games/99999999999999", "games/1/versions/-1"):
            assert (await visitor.http.get(f"/api/tables/{code}/{path}")).status_code == 422

        good = (await visitor.http.get(f"/api/tables/{code}/games/1/record")).json()
        headers = same_site(live_server)
        cases: list[tuple[Any, int, str]] = [
            ({**good, "seed": good["seed"] + 1}, 400, "record_"),  # another deal: illegal or another end
            ({**good, "game": "mahjong"}, 400, "no_such_game"),
            ({**good, "actions": good["actions"][1:]}, 400, "record_"),
            ({**good, "result": None}, 400, "record_mismatch"),
            ({**good, "seats": ["<b>x</b>"] * 9}, 400, "bad_record"),
            ({"format": "zip"}, 400, "bad_record"),
        ]
        for body, status, code_prefix in cases:
            response = await visitor.http.post("/api/records", content=orjson.dumps(body), headers=headers)
            assert response.status_code == status and response.json()["code"].startswith(code_prefix), response.text
        # A refused record is not held: nothing of it can be asked for afterwards.
        claimed = RecordBody.model_validate({**good, "result": None}).record()
        await refused(await visitor.http.get(f"/api/records/{record_id(claimed)}/versions/0"), 404, "record_gone")
        response = await visitor.http.post("/api/records", content=b"{" * 10, headers=headers)
        assert response.json()["code"] == "bad_record"
        huge = b" " * (MAX_RECORD_BYTES + 1)
        await refused(await visitor.http.post("/api/records", content=huge, headers=headers), 413, "record_too_big")
        # The table is as it was: its game and review unchanged.
        assert (await get(visitor, f"/api/tables/{code}/games"))["games"][0]["outcome"] == players[0].view["outcome"]  # type: ignore[index]
    finally:
        for player in players:
            await player.close()


@pytest.mark.slow  # a server of its own, restarted
async def test_a_review_and_its_record_outlive_a_restart(server: ServerProcess) -> None:
    players = await seat_table(server.url, "bluebell", 2)
    code = players[0].code
    outcome = await play_to_end(players, Random(6))
    before = await get(players[0], f"/api/tables/{code}/games/1")
    record = (await players[0].http.get(f"/api/tables/{code}/games/1/record")).content
    for player in players:
        await player.disconnect()

    server.kill()
    server.start()

    stranger = Player(server.url, "Stranger")  # anyone holding the table's link
    try:
        after = await get(stranger, f"/api/tables/{code}/games/1")
        assert after == {**before, "you": None}
        assert after["outcome"] == outcome
        assert (await stranger.http.get(f"/api/tables/{code}/games/1/record")).content == record
        # A player's own seat is still known (the first view offered), the table not even loaded for it.
        assert (await get(players[1], f"/api/tables/{code}/games/1"))["you"] == 1
    finally:
        for player in [*players, stranger]:
            await player.close()
