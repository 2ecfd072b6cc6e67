"""Server limits hold, and seat tokens are unguessable, bound to their table and never logged."""

from pathlib import Path

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from app.rooms.identity import hash_token, new_token, token_matches
from tests.support.client import Player
from tests.support.server import ServerProcess


@pytest.fixture
def tight_server(sqlite_url: str, tmp_path: Path):  # type: ignore[no-untyped-def]
    process = ServerProcess(sqlite_url, tmp_path / "server.log", max_tables="2", max_connections_per_table="2").start()
    yield process
    process.stop()


async def test_tables_per_server_and_connections_per_table(tight_server: ServerProcess) -> None:
    host = Player(tight_server.url, "Mina")
    code = await host.create("bremen", 4)
    await Player(tight_server.url, "Ken").create("bremen", 4)
    refused = httpx.post(f"{tight_server.url}/api/tables", json={"game": "bremen", "name": "Aiko"})
    assert refused.status_code == 503 and refused.json()["code"] == "server_full"

    url = tight_server.url.replace("http", "ws", 1) + f"/t/{code}/socket"
    async with connect(url) as first, connect(url) as second:
        await first.recv()
        await second.recv()
        with pytest.raises(InvalidStatus):
            async with connect(url):
                pass
    await host.close()


def test_tokens_are_long_random_and_bound_to_their_table() -> None:
    tokens = {new_token() for _ in range(1000)}
    assert len(tokens) == 1000 and all(len(t) >= 43 for t in tokens)  # 32 random bytes, base64url
    token = new_token()
    stored = hash_token("ABCDEF", token)
    assert token not in stored and token_matches("ABCDEF", token, stored)
    assert not token_matches("GHJKLM", token, stored)  # worthless at another table
    assert not token_matches("ABCDEF", token[:-1] + "x", stored)


async def test_no_seat_token_reaches_the_logs_or_the_database(shared_server: ServerProcess) -> None:
    player = Player(shared_server.url, "Mina")
    code = await player.create("bremen", 4)
    await player.connect()
    token = player.http.cookies[f"zashiki_{code}"]
    await player.close()
    assert token not in shared_server.log_path.read_text()
    assert token.encode() not in Path(shared_server.database_url.split("///", 1)[1]).read_bytes()
