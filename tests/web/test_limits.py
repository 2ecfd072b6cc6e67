"""Nobody can lock friends out or fill the server: per-client limits, spectators' own caps, seats that
always get back in, and seat tokens that are unguessable, bound to their table and never logged.

Clients are told apart by address: the loopback range gives each simulated client its own
(127.0.0.2, 127.0.0.3, …), as different homes would have.
"""

import asyncio
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from app.persistence import KeyRecord
from app.rooms.identity import hash_token, new_token
from app.rooms.seating import Seating, SeatSlot
from tests.support.client import Player, refusal
from tests.support.databases import database
from tests.support.server import ServerProcess


def client(server: ServerProcess, address: str) -> httpx.AsyncClient:
    """An HTTP client whose requests come from `address` (a loopback address of its own)."""
    return httpx.AsyncClient(base_url=server.url, timeout=10, transport=httpx.AsyncHTTPTransport(local_address=address))


@pytest.fixture(scope="module")
def limited_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """The server with its shipped per-client limits; each test's clients have addresses of their own."""
    folder = tmp_path_factory.mktemp("limited")
    with database("sqlite", folder) as url:
        process = ServerProcess(
            url,
            folder / "server.log",
            create_limit="6/minute;60/hour",
            join_limit="30/minute",
            lookup_limit="120/minute",
            max_spectators_per_client="8",
            max_spectators_per_table="32",
        ).start()
        yield process
        process.stop()


async def test_one_client_filling_the_server_is_stopped_while_another_still_creates(
    limited_server: ServerProcess,
) -> None:
    body = {"game": "bremen", "name": "Mina", "seats": 4}
    async with client(limited_server, "127.0.0.2") as attacker, client(limited_server, "127.0.0.3") as friend:
        answers = [await attacker.post("/api/tables", json=body) for _ in range(10)]
        assert [a.status_code for a in answers] == [201] * 6 + [429] * 4
        refused = answers[-1]
        assert refused.json()["code"] == "too_many_requests"
        assert 1 <= int(refused.headers["retry-after"]) == refused.json()["retry_after"] <= 60
        assert (await friend.post("/api/tables", json=body)).status_code == 201  # another home is unaffected


async def test_guessing_codes_is_limited_on_pages_the_api_and_sockets(limited_server: ServerProcess) -> None:
    async with client(limited_server, "127.0.0.4") as guesser, client(limited_server, "127.0.0.5") as friend:
        statuses = [(await guesser.get(f"/api/tables/ZZZZ{i:02d}")).status_code for i in range(120)]
        assert statuses == [404] * 120
        page = await guesser.get("/t/ZZZZZZ")
        assert page.status_code == 429 and "Slow down" in page.text and int(page.headers["retry-after"]) > 0
        assert (await guesser.get("/api/tables/ZZZZZZ")).status_code == 429
        assert (await friend.get("/api/tables/ZZZZZZ")).status_code == 404
    ws = limited_server.url.replace("http", "ws", 1) + "/t/ZZZZZZ/socket"
    code, reason = await refusal(ws, address="127.0.0.4")
    assert code == 1013 and "try again in" in reason


async def test_a_seated_player_gets_back_in_while_a_hundred_spectator_sockets_are_held(
    limited_server: ServerProcess,
) -> None:
    host = Player(limited_server.url, "Mina")
    code = await host.create("bremen", 4)
    ws = limited_server.url.replace("http", "ws", 1) + f"/t/{code}/socket"
    held, refused = [], []
    try:
        for i in range(100):  # 100 spectators from 13 addresses: 8 per address at the most, 32 per table
            socket = await connect(ws, local_addr=(f"127.0.1.{i // 8 + 1}", 0))
            try:
                first = await asyncio.wait_for(socket.recv(), 5)
                held.append(socket)
                assert '"you":null' in str(first)
            except ConnectionClosed:
                refused.append((socket.close_code, socket.close_reason))
        assert len(held) == 32 and len(refused) == 68
        assert {code for code, _ in refused} == {1013}
        assert any("spectators" in reason for _, reason in refused)

        await host.connect()  # the seated player is never refused for the number of connections
        assert host.received[0]["you"] == 0
        # Per client too: a 9th spectator socket from one address is refused even at an empty table.
        other = await Player(limited_server.url, "Ken").create("bremen", 4)
        other_ws = limited_server.url.replace("http", "ws", 1) + f"/t/{other}/socket"
        code_, reason = await refusal(other_ws, address="127.0.1.1")
        assert code_ == 1013 and "watching as many tables" in reason
    finally:
        await asyncio.gather(*(socket.close() for socket in held))
        await host.close()


async def test_a_seats_newest_tab_closes_its_oldest_beyond_four(shared_server: ServerProcess) -> None:
    player = Player(shared_server.url, "Mina")
    code = await player.create("bremen", 4)
    tabs = [Player(shared_server.url, "Mina") for _ in range(5)]
    try:
        for tab in tabs:
            tab.http.cookies = player.http.cookies  # one browser, five tabs
            await tab.connect(code)
        assert tabs[0].socket is not None
        await asyncio.wait_for(tabs[0].socket.wait_closed(), 10)
        assert tabs[0].socket.close_code == 4409
        assert all(tab.connected and tab.received[0]["you"] == 0 for tab in tabs[1:])
    finally:
        for tab in [player, *tabs]:
            await tab.close()


@pytest.mark.slow  # a server of its own, waited on and restarted
async def test_unknown_and_expired_tables_are_refused_with_their_own_codes(
    sqlite_url: str,
    tmp_path: Path,
) -> None:
    server = ServerProcess(
        sqlite_url, tmp_path / "server.log", waiting_table_hours=str(1 / 3600), sweep_seconds="0.2"
    ).start()
    try:
        ws = server.url.replace("http", "ws", 1)
        assert await refusal(f"{ws}/t/NOSUCH/socket") == (4404, "no such table")
        host = Player(server.url, "Mina")
        code = await host.create("bremen", 4)  # and never opened
        await asyncio.sleep(1.5)
        assert await refusal(f"{ws}/t/{code}/socket") == (4410, "this table has expired")
        page = httpx.get(f"{server.url}/t/{code}")
        assert page.status_code == 410 and "expired" in page.text
        api = httpx.get(f"{server.url}/api/tables/{code}")
        assert api.status_code == 410 and api.json()["code"] == "table_expired"
        server.stop()
        server.start()  # and a restart does not bring it back
        assert httpx.get(f"{server.url}/api/tables/{code}").json()["code"] == "table_expired"
        await host.close()
    finally:
        server.stop()


def test_tokens_are_long_random_and_bound_to_their_table() -> None:
    tokens = {new_token() for _ in range(1000)}
    assert len(tokens) == 1000 and all(len(t) >= 43 for t in tokens)  # 32 random bytes, base64url
    token = new_token()
    stored = hash_token("ABCDEF", token)
    seating = Seating("ABCDEF", [SeatSlot("Mina", human=True)], [KeyRecord(stored, 0)])
    assert token not in stored and seating.seat_for(token) == 0
    assert Seating("GHJKLM", seating.slots, seating.keys.values()).seat_for(token) is None  # worthless elsewhere
    assert seating.seat_for(token[:-1] + "x") is None


async def test_no_seat_token_reaches_the_logs_or_the_database(shared_server: ServerProcess) -> None:
    player = Player(shared_server.url, "Mina")
    code = await player.create("bremen", 4)
    await player.connect()
    token = player.http.cookies[f"zashiki_{code}"]
    await player.close()
    assert token not in shared_server.log_path.read_text()
    assert token.encode() not in Path(shared_server.database_url.split("///", 1)[1]).read_bytes()
