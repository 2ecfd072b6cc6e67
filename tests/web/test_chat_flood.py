"""The chat under a flood: 10 addresses × 8 spectator sockets reconnecting for a minute against one
table, with the shipped chat limits (a table keeping fewer lines than shipped, so that it fills). The
store stays within the table's cap, every refusal says why, and the seated players chat and play
throughout.

Clients are told apart by address, as in test_limits.py: each flooding home has a loopback address
of its own. Table lookups are left unlimited, so that it is the chat's own limits being tried.
"""

import asyncio
import itertools
import json
import sqlite3
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from random import Random

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from app.config import Settings
from app.persistence import ChatRecord
from app.rooms.chat import line_bytes
from tests.support.client import Player, settle
from tests.support.server import ServerProcess

FLOOD_SECONDS = 60
ADDRESSES = [f"127.0.2.{i}" for i in range(1, 11)]
SOCKETS_PER_ADDRESS = 8  # the shipped cap of spectator sockets per address
SHIPPED = Settings()
KEPT_LINES = 20  # fewer than the shipped 100, so that this minute's lines overflow the table's cap
REFUSED_LINES = {"chat_too_fast", "too_many_requests", "rate_limited"}  # each 429-like, the first two timed


@pytest.fixture(scope="module")
def flooded_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServerProcess, Path]]:
    folder = tmp_path_factory.mktemp("flood")
    database = folder / "zashiki.db"
    process = ServerProcess(
        f"sqlite+aiosqlite:///{database}",
        folder / "server.log",
        max_spectators_per_table="100",  # let every flooding socket in: the chat's limits are tried, not these
        spectator_chat_limit=SHIPPED.spectator_chat_limit,
        chat_kept_lines=str(KEPT_LINES),
    ).start()
    yield process, database
    process.stop()


def stored_chat(database: Path, code: str) -> list[ChatRecord]:
    with sqlite3.connect(database) as db:
        rows = db.execute(
            "SELECT n, seat, name, text, reaction, at FROM chat_lines WHERE room_id = ? ORDER BY n", (code,)
        )
        return [ChatRecord(*row) for row in rows]


def file_size(database: Path) -> int:
    """The database file's size with everything written moved into it (the WAL checkpointed away)."""
    with sqlite3.connect(database) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return database.stat().st_size


class Flood:
    """What the flooding sockets were answered: acks, refusals by code, and sockets closed on them."""

    def __init__(self) -> None:
        self.answers: Counter[str] = Counter()
        self.untimed: list[dict[str, object]] = []  # a 429-like refusal without its retry-after
        self.closes: Counter[tuple[int, str]] = Counter()
        self.connections = 0
        self._ids = itertools.count()

    async def spectator(self, ws_url: str, origin: str, address: str, deadline: float, rng: Random) -> None:
        while time.monotonic() < deadline:
            try:
                async with connect(ws_url, additional_headers={"Origin": origin}, local_addr=(address, 0)) as socket:
                    self.connections += 1
                    await self._say_some(socket, address, rng)
            except ConnectionClosed as closed:
                # A close the server chose carries a code and a reason the page can show.
                self.closes[(closed.rcvd.code, closed.rcvd.reason) if closed.rcvd else (1006, "")] += 1
            await asyncio.sleep(rng.uniform(0.2, 0.8))

    async def _say_some(self, socket: ClientConnection, address: str, rng: Random) -> None:
        first = json.loads(await socket.recv())
        assert first["type"] == "state" and first["you"] is None
        ids = {f"{address}-{next(self._ids)}" for _ in range(rng.randint(3, 6))}
        for client_id in ids:
            text = f"{address} says " + "ぬ" * rng.randint(1, 150)
            await socket.send(json.dumps({"type": "say", "text": text, "id": client_id}))
        while ids:
            message = json.loads(await asyncio.wait_for(socket.recv(), 10))
            if message.get("id") not in ids or message["type"] not in ("ack", "error"):
                continue  # the table's pushes: other lines, spectators coming and going
            ids.discard(message["id"])
            if message["type"] == "ack":
                self.answers["ack"] += 1
                continue
            self.answers[message["code"]] += 1
            if message["code"] != "rate_limited" and not message.get("retry_after"):
                self.untimed.append(message)


async def seated_players_keep_going(players: list[Player], deadline: float, rng: Random) -> Counter[str]:
    """Both players move whenever they may and Mina writes every 3 s (within a seat's pace) until the deadline."""
    done: Counter[str] = Counter()
    mina = players[0]
    next_line = time.monotonic()
    while time.monotonic() < deadline:
        if time.monotonic() >= next_line:
            answer = await mina.request({"type": "say", "text": f"still here {done['lines']}"})
            assert answer["type"] == "ack", answer
            done["lines"] += 1
            next_line += 3
        await settle(players)
        view = mina.view
        assert view is not None
        if view["outcome"] is not None:
            assert (await mina.again())["type"] == "ack"
            done["games"] += 1
        else:
            mover = rng.choice([p for p in players if p.view and p.view["legal"]])
            answer = await mover.act(rng.choice(mover.view["legal"]))  # type: ignore[index]
            assert answer["type"] == "ack", answer
            done["moves"] += 1
        await asyncio.sleep(0.5)
    return done


async def test_a_spectators_lines_count_against_its_address_over_every_table(
    flooded_server: tuple[ServerProcess, Path],
) -> None:
    server, _ = flooded_server
    hosts = [Player(server.url, "Mina") for _ in range(3)]
    sockets = []
    try:
        for host in hosts:
            await host.create("bremen", 4)
            await host.http.put(f"/api/tables/{host.code}/chat", json={"mode": "open", "spectators": True})
            ws_url = server.url.replace("http", "ws", 1) + f"/t/{host.code}/socket"
            origin = {"Origin": server.url}
            sockets.append(await connect(ws_url, additional_headers=origin, local_addr=("127.0.3.1", 0)))
        answers = []
        for i in range(int(SHIPPED.spectator_chat_limit.split("/")[0]) + 1):  # a few lines at each table
            socket = sockets[i % len(sockets)]
            await socket.send(json.dumps({"type": "say", "text": f"line {i}", "id": f"s{i}"}))
            while (message := json.loads(await asyncio.wait_for(socket.recv(), 10))).get("id") != f"s{i}":
                pass
            answers.append(message)
        assert [a["type"] for a in answers[:-1]] == ["ack"] * (len(answers) - 1)
        assert answers[-1]["code"] == "too_many_requests" and answers[-1]["retry_after"] >= 1
    finally:
        for socket in sockets:
            await socket.close()
        for host in hosts:
            await host.close()


@pytest.mark.slow
async def test_a_chat_flood_from_many_homes_fills_nothing_and_stops_no_one(
    flooded_server: tuple[ServerProcess, Path],
) -> None:
    server, database = flooded_server
    mina, ken = Player(server.url, "Mina"), Player(server.url, "Ken")
    code = await mina.create("hansa", 2)
    await ken.join(code)
    await mina.start()
    await mina.http.put(f"/api/tables/{code}/chat", json={"mode": "open", "spectators": True})
    for player in (mina, ken):
        await player.connect(code)
    before = file_size(database)
    rng = Random(29)
    flood = Flood()
    ws_url = server.url.replace("http", "ws", 1) + f"/t/{code}/socket"
    deadline = time.monotonic() + FLOOD_SECONDS
    try:
        spectators = [
            flood.spectator(ws_url, server.url, address, deadline, Random(rng.random()))
            for address in ADDRESSES
            for _ in range(SOCKETS_PER_ADDRESS)
        ]
        *_, played = await asyncio.gather(*spectators, seated_players_keep_going([mina, ken], deadline, rng))
        lines = stored_chat(database, code)
        growth = file_size(database) - before
    finally:
        await mina.close()
        await ken.close()

    # The flood was real, and was slowed: most of what it sent was refused, each refusal with its code.
    assert flood.connections >= len(ADDRESSES) * SOCKETS_PER_ADDRESS * 10
    refused = sum(n for answer, n in flood.answers.items() if answer != "ack")
    assert set(flood.answers) <= {"ack"} | REFUSED_LINES, flood.answers
    assert refused > 10 * flood.answers["ack"], flood.answers
    assert flood.untimed == []
    # A socket closed on a flooder says why (an address over its spectator sockets while it reconnects).
    assert all(code_ in (1013, 1008) and reason for code_, reason in flood.closes), flood.closes
    # The spectators' lines stay within their table-wide pace, however many sockets and homes send them.
    spectator_lines = flood.answers["ack"]
    assert spectator_lines <= SHIPPED.spectator_chat_burst + FLOOD_SECONDS * SHIPPED.spectator_chat_lines_per_second
    # What is stored stays under the table's cap, and so does what the file grew by.
    assert len(lines) == KEPT_LINES and lines[-1].n > KEPT_LINES  # full, its oldest lines dropped
    assert sum(line_bytes(line) for line in lines) <= SHIPPED.chat_kept_bytes
    assert growth <= SHIPPED.chat_kept_bytes, growth
    # The seated players wrote and played all along (every answer to them was an ack).
    assert played["lines"] >= FLOOD_SECONDS // 3 - 1 and played["moves"] >= FLOOD_SECONDS // 4, played
