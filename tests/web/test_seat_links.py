"""Seat links over the real server: a seat moved or shared to another browser, re-issued by the creator, refused."""

import asyncio
from collections.abc import Callable
from random import Random

from tests.support.client import Player, play_to_end, seat_table
from tests.support.server import ServerProcess


async def make_link(player: Player, seat: int, keep: bool = False) -> dict[str, object]:
    response = await player.http.post(f"/api/tables/{player.code}/seats/{seat}/link", json={"keep": keep})
    assert response.status_code == 201, response.text
    assert response.headers["cache-control"] == "no-store"
    link: dict[str, object] = response.json()
    return link


def secret_of(link: dict[str, object]) -> str:
    url = str(link["url"])
    assert "#seat=" in url  # after '#': a browser never sends it to a server
    return url.split("#seat=")[1]


async def told_seat_lost(browser: Player) -> str:
    """Waits for the `seat_lost` notice after a reconnect; the snapshot before it seats nobody."""
    await browser.wait_for(lambda: any(m["type"] == "seat_lost" for m in browser.received))
    notice = next(i for i, m in enumerate(browser.received) if m["type"] == "seat_lost")
    snapshot = [m for m in browser.received[:notice] if m["type"] == "state" and "you" in m][-1]
    assert snapshot["you"] is None
    return str(browser.received[notice]["why"])


async def use_link(browser: Player, code: str, secret: str) -> tuple[int, dict[str, object]]:
    response = await browser.http.post(f"/api/tables/{code}/claim", json={"link": secret})
    return response.status_code, response.json()


async def test_a_seat_moves_to_a_new_browser_mid_game_and_the_old_one_watches(live_server: ServerProcess) -> None:
    players = await seat_table(live_server.url, "bremen", 4)
    phone = Player(live_server.url, "phone")
    try:
        mover = players[1]
        link = await make_link(mover, 1)
        assert str(link["url"]).startswith(f"{live_server.url}/t/{mover.code}#seat=")
        assert str(link["qr"]).startswith("data:image/svg+xml")

        status, seated = await use_link(phone, mover.code, secret_of(link))
        assert (status, seated["seat"]) == (200, 1)
        await phone.connect(mover.code)
        assert phone.received[0]["you"] == 1 and phone.view is not None and "hand" in phone.view

        # The old browser's open tab is closed with 4411, then reconnects as a spectator and is told why.
        await until(lambda: not mover.connected)
        assert mover.socket is not None and mover.socket.close_code == 4411
        await mover.connect()
        assert await told_seat_lost(mover) == "moved"
        assert (await mover.act({"type": "pass"}))["code"] == "not_a_player"

        # The link worked once.
        status, refused = await use_link(Player(live_server.url, "late"), mover.code, secret_of(link))
        assert (status, refused["code"]) == (404, "seat_link_unknown")

        phone.name, phone.seat = mover.name, 1
        await play_to_end([players[0], phone, players[2], players[3]], Random(5))
    finally:
        for player in [*players, phone]:
            await player.close()


async def test_a_shared_seat_plays_from_both_browsers(shared_server: ServerProcess) -> None:
    players = await seat_table(shared_server.url, "bremen", 4)
    laptop = players[2]
    phone = Player(shared_server.url, laptop.name)
    try:
        status, _ = await use_link(phone, laptop.code, secret_of(await make_link(laptop, 2, keep=True)))
        assert status == 200
        await phone.connect(laptop.code)
        await asyncio.sleep(0.3)
        assert laptop.connected and phone.received[0]["you"] == 2
    finally:
        for player in [*players, phone]:
            await player.close()


async def test_the_creator_reissues_an_away_players_seat_and_the_old_browser_is_told(
    shared_server: ServerProcess,
) -> None:
    players = await seat_table(shared_server.url, "baroque", 3)
    host, away = players[0], players[2]
    newcomer = Player(shared_server.url, away.name)
    try:
        refused = await host.http.post(f"/api/tables/{host.code}/seats/2/link", json={})
        assert (refused.status_code, refused.json()["code"]) == (409, "player_present")  # still at the table
        await away.disconnect()
        for _ in range(100):  # until the server has seen the tab go
            response = await host.http.post(f"/api/tables/{host.code}/seats/2/link", json={})
            if response.status_code != 409:
                break
            await asyncio.sleep(0.1)
        assert response.status_code == 201
        link = response.json()

        # The old browser comes back: it is a spectator now, and is told so.
        await away.connect()
        assert await told_seat_lost(away) == "reissued"
        status, seated = await use_link(newcomer, host.code, secret_of(link))
        assert (status, seated["seat"]) == (200, 2)
        await newcomer.connect(host.code)
        assert newcomer.received[0]["you"] == 2
    finally:
        for player in [*players, newcomer]:
            await player.close()


async def until(condition: Callable[[], bool], timeout: float = 10) -> None:
    async with asyncio.timeout(timeout):
        while not condition():
            await asyncio.sleep(0.05)


async def test_bad_seat_link_requests_are_refused_and_change_nothing(shared_server: ServerProcess) -> None:
    players = await seat_table(shared_server.url, "bremen", 4)
    spectator = Player(shared_server.url, "watcher")
    try:
        code = players[0].code
        # Another seat's link, asked by a player who is not the creator; a spectator's ask.
        for asker in (players[1], spectator):
            response = await asker.http.post(f"/api/tables/{code}/seats/3/link", json={})
            assert (response.status_code, response.json()["code"]) == (403, "not_your_seat")
        response = await players[0].http.post(f"/api/tables/{code}/seats/9/link", json={})
        assert response.json()["code"] == "bad_seat"
        # Links that never were, are malformed, or name a table that does not exist.
        assert (await use_link(spectator, code, "x" * 43))[1]["code"] == "seat_link_unknown"
        response = await spectator.http.post(f"/api/tables/{code}/claim", json={"link": "<script>"})
        assert response.status_code == 422 and "set-cookie" not in response.headers
        assert (await use_link(spectator, "ZZZZZZ", "x" * 43))[1]["code"] == "no_such_table"
        assert (await spectator.http.get("/api/tables/ZZZZZZ/invite.svg")).json()["code"] == "no_such_table"
        # A replaced link stops working; a browser with another seat cannot take this one.
        first = secret_of(await make_link(players[3], 3))
        second = secret_of(await make_link(players[3], 3))
        assert (await use_link(spectator, code, first))[1]["code"] == "seat_link_unknown"
        assert (await use_link(players[1], code, second))[1]["code"] == "already_seated"
        # A link is bound to its table: at another table it is nothing.
        elsewhere = Player(shared_server.url, "Other")
        await elsewhere.create("bremen", 4)
        assert (await use_link(spectator, elsewhere.code, second))[1]["code"] == "seat_link_unknown"
        await elsewhere.close()
        assert not spectator.http.cookies  # no refusal seated anyone
        assert (await use_link(spectator, code, second))[0] == 200  # and the link still works at its own table
        # None of the refusals took a seat or gave a token away.
        assert all(first not in str(p.received) and second not in str(p.received) for p in players)
    finally:
        for player in [*players, spectator]:
            await player.close()


async def test_a_finished_tables_seats_no_longer_move(shared_server: ServerProcess) -> None:
    players = await seat_table(shared_server.url, "bremen", 4)
    try:
        link = secret_of(await make_link(players[1], 1))
        await play_to_end(players, Random(6))
        response = await players[1].http.post(f"/api/tables/{players[1].code}/seats/1/link", json={})
        assert (response.status_code, response.json()["code"]) == (409, "table_over")
        assert (await use_link(Player(shared_server.url, "x"), players[1].code, link))[1]["code"] == "table_over"
    finally:
        for player in players:
            await player.close()
