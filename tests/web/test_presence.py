"""Presence over real sockets against the real server: a socket that silently stops answering is shown to
the others as reconnecting, then away; a closed page as left, and a reloaded one never; spectators are
counted and named, and a name is passed on as the very text it was (the page shows it as text)."""

from collections.abc import AsyncIterator, Iterator
from typing import Any
from urllib.parse import quote

import pytest

from tests.support.client import Player
from tests.support.databases import database
from tests.support.server import ServerProcess

BOUND = 20  # seconds: generous, for a busy machine; nothing here measures speed


@pytest.fixture(scope="module")
def quick_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("presence")
    with database("sqlite", folder) as url:
        # Shortened for the test: a dead socket is found within 3 s, and is reconnecting for 2 s, then away.
        process = ServerProcess(
            url,
            folder / "server.log",
            ws_ping_interval_seconds="1",
            ws_ping_timeout_seconds="2",
            reconnect_grace_seconds="2",
        ).start()
        yield process
        process.stop()


@pytest.fixture
async def pair(quick_server: ServerProcess) -> AsyncIterator[list[Player]]:
    """Two players at a Bluebell table, both with a socket open."""
    host, guest = Player(quick_server.url, "Mina"), Player(quick_server.url, "Ken")
    code = await host.create("bluebell", 2)
    await guest.join(code)
    for player in (host, guest):
        await player.connect(code)
    yield [host, guest]
    for player in (host, guest):
        await player.close()


def presence(player: Player, seat: int) -> str:
    assert player.table is not None
    return str(player.table["seats"][seat]["presence"])


async def test_a_socket_that_stops_answering_is_reconnecting_then_away_then_back(
    quick_server: ServerProcess, pair: list[Player]
) -> None:
    host, guest = pair
    assert presence(host, 1) == "connected"
    assert guest.socket is not None
    guest.socket.transport.pause_reading()  # the phone lost its network: no pong, no close frame
    await host.wait_for(lambda: presence(host, 1) == "reconnecting", timeout=BOUND)
    await host.wait_for(lambda: presence(host, 1) == "away", timeout=BOUND)
    guest.socket.transport.abort()  # the dead socket is let go of here too

    back = Player(quick_server.url, "Ken")
    back.http.cookies = guest.http.cookies  # the same browser, its network back
    try:
        await back.connect(host.code)
        await host.wait_for(lambda: presence(host, 1) == "connected")
        assert presence(back, 1) == "connected"
    finally:
        await back.close()


async def test_a_page_closed_on_purpose_has_left_the_table_and_a_reloaded_one_never_did(pair: list[Player]) -> None:
    host, guest = pair
    told_before = len(host.received)
    await guest.disconnect()  # close code 1000, as the page sends when it is closed, or reloaded
    await guest.connect()

    def told() -> list[dict[str, Any]]:
        return [m["table"] for m in host.received[told_before:] if m["type"] == "table"]

    await host.wait_for(lambda: len(told()) >= 2)  # told of the tab going, then of it coming back
    assert all(table["seats"][1]["presence"] == "connected" for table in told())

    await guest.disconnect()
    await host.wait_for(lambda: presence(host, 1) == "left")
    await guest.connect()
    await host.wait_for(lambda: presence(host, 1) == "connected")


async def test_spectators_are_counted_and_their_names_passed_on_as_text(
    quick_server: ServerProcess, pair: list[Player]
) -> None:
    host, _ = pair
    named, hostile, unnamed, refused = (Player(quick_server.url, name) for name in ("Aya", "x", "y", "z"))
    watchers = [named, hostile, unnamed, refused]
    try:
        await named.connect(host.code, "?name=%20Aya%20")
        await hostile.connect(host.code, "?name=" + quote("<svg onload=alert(1)>"))
        await unnamed.connect(host.code)
        await refused.connect(host.code, "?name=" + "long" * 10)  # over 24 characters
        expected = {"count": 4, "names": ["Aya", "<svg onload=alert(1)>"]}
        await host.wait_for(lambda: host.table is not None and host.table["spectators"] == expected, timeout=BOUND)
        [error] = refused.errors()
        assert error["code"] == "bad_name"  # told why, and watching all the same

        # A spectator's chat line carries the name it gave, once the creator lets spectators write.
        response = await host.http.put(f"/api/tables/{host.code}/chat", json={"mode": "open", "spectators": True})
        assert response.status_code == 204
        assert (await named.request({"type": "say", "text": "hello"}))["type"] == "ack"
        await host.wait_for(lambda: any(m["type"] == "chat" and "line" in m for m in host.received), timeout=BOUND)
        lines = [m["line"] for m in host.received if m["type"] == "chat" and "line" in m]
        assert [(line["seat"], line["name"], line["text"]) for line in lines] == [(None, "Aya", "hello")]

        await hostile.disconnect()
        await unnamed.disconnect()
        expected = {"count": 2, "names": ["Aya"]}
        await host.wait_for(lambda: host.table is not None and host.table["spectators"] == expected, timeout=BOUND)
    finally:
        for watcher in watchers:
            await watcher.close()
