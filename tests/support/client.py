"""A player's browser, as far as the protocol goes: HTTP for seats, one websocket for play."""

import asyncio
import contextlib
import itertools
import json
from functools import partial
from random import Random
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from app.rooms.delta import apply_patch, unpack_view

Message = dict[str, Any]
_ids = itertools.count(1)


class Player:
    """One browser: its cookies, its socket and every message the server sent it."""

    def __init__(self, base_url: str, name: str) -> None:
        self.base_url = base_url
        self.name = name
        # Patient: a replay runs in a worker at the lowest priority, and CI's machine is busy with other tests.
        # An idle connection is let go before the server's own keep-alive (uvicorn's 5 s) ends it, or a
        # request sent just as the server closes it would find it gone.
        self.http = httpx.AsyncClient(base_url=base_url, timeout=30, limits=httpx.Limits(keepalive_expiry=2))
        self.code = ""
        self.seat: int | None = None
        self.socket: ClientConnection | None = None
        self.received: list[Message] = []  # everything, in order, for the redaction checks
        self.version = -1
        self.view: Message | None = None
        self._wire: Message | None = None  # the view as sent, which the next patch changes
        self.table: Message | None = None
        self._updated = asyncio.Condition()
        self._reader: asyncio.Task[None] | None = None

    # --- HTTP -----------------------------------------------------------------------------

    async def create(
        self, game: str, seats: int, options: dict[str, Any] | None = None, bots: list[int] | None = None
    ) -> str:
        response = await self.http.post(
            "/api/tables",
            json={"game": game, "seats": seats, "name": self.name, "options": options or {}, "bots": bots or []},
        )
        response.raise_for_status()
        self.code, self.seat = response.json()["code"], response.json()["seat"]
        return self.code

    async def join(self, code: str) -> int:
        response = await self.http.post(f"/api/tables/{code}/join", json={"name": self.name})
        response.raise_for_status()
        self.code, self.seat = code, response.json()["seat"]
        return self.seat

    async def start(self) -> None:
        (await self.http.post(f"/api/tables/{self.code}/start")).raise_for_status()

    # --- websocket ------------------------------------------------------------------------

    async def connect(self, code: str | None = None, query: str = "") -> None:
        """Opens the table socket with this browser's cookies (and `query`: "?name=Ken"); waits for the first view."""
        self.code = code or self.code
        ws_url = self.base_url.replace("http", "ws", 1) + f"/t/{self.code}/socket{query}"
        cookie = "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())
        self.socket = await connect(
            ws_url, additional_headers={"Cookie": cookie, "Origin": self.base_url}, max_size=2**22
        )
        self.version = -1
        self._reader = asyncio.create_task(self._read(self.socket))
        await self.wait_for(lambda: self.version >= 0)

    async def _read(self, socket: ClientConnection) -> None:
        async for raw in socket:
            message = json.loads(raw)
            async with self._updated:
                self.received.append(message)
                if message["type"] == "state":
                    self._take_view(message)
                    self.table = message.get("table", self.table)  # sent only when it changed
                elif message["type"] == "table":
                    self.table = message["table"]
                self._updated.notify_all()

    def _take_view(self, message: Message) -> None:
        """The view a state brings, as the page draws it; noted in the message as `view` for the checks.

        A patch of a view this browser does not hold would be a server's mistake: it fails the test."""
        if "patch" in message:
            assert message["base"] == self.version, f"a patch of version {message['base']} reached {self.version}"
            self._wire = apply_patch(self._wire, message["patch"])
        else:
            self._wire = message["view"]
        self.version, self.view = message["version"], unpack_view(self._wire)
        message["view"] = self.view

    @property
    def connected(self) -> bool:
        """The socket is open and its messages are being read."""
        return self._reader is not None and not self._reader.done()

    async def closed(self) -> None:
        """Returns once the socket is closed (by either side) and its messages are read."""
        if self._reader is not None:
            await asyncio.wait([self._reader])  # cancelling this wait leaves the reader running
            if not self._reader.cancelled():
                self._reader.exception()  # a closed socket's error is the close itself: noted, not raised

    async def wait_for(self, predicate: Any, timeout: float = 10) -> None:
        async with self._updated:
            await asyncio.wait_for(self._updated.wait_for(predicate), timeout)

    async def send(self, message: Message) -> None:
        assert self.socket is not None
        await self.socket.send(json.dumps(message))

    async def act(self, action: Message, version: int | None = None) -> Message:
        """Sends an action and returns the server's answer to it: an ack or an error."""
        return await self.request(
            {"type": "act", "version": self.version if version is None else version, "action": action}
        )

    async def act_unless_dropped(self, action: Message) -> Message | None:
        """As `act`, but returns None if the server closes the socket before it answers."""
        move = asyncio.create_task(self.act(action))
        closed = asyncio.create_task(self.closed())
        await asyncio.wait([move, closed], return_when=asyncio.FIRST_COMPLETED)
        closed.cancel()
        if move.done():
            return move.result()
        move.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await move
        return None

    async def again(self, version: int | None = None) -> Message:
        """Asks a finished table for its next game; returns the server's answer."""
        return await self.request({"type": "again", "version": self.version if version is None else version})

    async def request(self, message: Message) -> Message:
        """Sends a message with a fresh id and returns the server's answer to it: an ack or an error.

        Like a browser, it waits and sends again when the server says it is sending too fast.
        """
        while True:
            client_id = f"a{next(_ids)}"
            await self.send({**message, "id": client_id})
            await self.wait_for(partial(self.answers_to, client_id))
            answer = self.answers_to(client_id)[0]
            if answer.get("code") != "rate_limited":
                return answer
            await asyncio.sleep(0.2)

    def answers_to(self, client_id: str) -> list[Message]:
        """What the server answered to the message with this id: acks (perhaps inside a state) and errors."""
        return [as_answer(m) for m in self.received if client_id in (m.get("id"), m.get("ack"))]

    async def disconnect(self) -> None:
        if self.socket is not None:
            await self.socket.close()
        if self._reader is not None:
            await asyncio.gather(self._reader, return_exceptions=True)
        self.socket = None

    async def close(self) -> None:
        await self.disconnect()
        await self.http.aclose()

    def errors(self) -> list[Message]:
        """Every error the server answered, but for "too fast", which `act` waits out and retries."""
        return [m for m in self.received if m["type"] == "error" and m["code"] != "rate_limited"]


def as_answer(message: Message) -> Message:
    """An ack or an error; an applied action's ack comes inside the mover's `state`, and reads as an ack."""
    if message["type"] == "state":
        return {"type": "ack", "id": message["ack"], "version": message["version"]}
    return message


# Table options that keep whole test games short where a game offers them (Brownies' round limit).
SHORT_GAME_OPTIONS: dict[str, dict[str, Any]] = {"brownies": {"round_limit": 10}}


async def seat_table(base_url: str, game: str, seats: int, options: dict[str, Any] | None = None) -> list[Player]:
    """A table with `seats` players joined through the API, started, and every socket open."""
    players = [Player(base_url, f"P{i}") for i in range(seats)]
    code = await players[0].create(game, seats, SHORT_GAME_OPTIONS.get(game, {}) if options is None else options)
    for player in players[1:]:
        await player.join(code)
    await players[0].start()
    for player in players:
        await player.connect(code)
    return players


async def play_to_end(players: list[Player], rng: Random, max_actions: int = 5000) -> Message:
    """Plays random legal actions, each from a seat whose view offers one, until the outcome; returns it."""
    for _ in range(max_actions):
        latest = max(p.version for p in players)
        await asyncio.gather(*(p.wait_for(lambda p=p, latest=latest: p.version >= latest) for p in players))
        view = players[0].view
        assert view is not None
        if view["outcome"] is not None:
            return view["outcome"]  # type: ignore[no-any-return]
        movers = [p for p in players if p.view and p.view["legal"]]
        assert movers, f"nobody may act, yet the game is not over: {view}"
        mover = rng.choice(movers)
        answer = await mover.act(rng.choice(mover.view["legal"]))  # type: ignore[index]
        assert answer["type"] == "ack", answer
    raise AssertionError(f"no outcome after {max_actions} actions")


async def settle(players: list[Player]) -> None:
    """Waits until every player has been sent the newest version."""
    latest = max(p.version for p in players)
    for p in players:
        await p.wait_for(lambda p=p: p.version >= latest)


async def play_some(players: list[Player], rng: Random, actions: int) -> None:
    """Plays `actions` random legal actions, then waits until everyone has seen the last."""
    for _ in range(actions):
        await settle(players)
        mover = rng.choice([p for p in players if p.view and p.view["legal"]])
        assert (await mover.act(rng.choice(mover.view["legal"])))["type"] == "ack"  # type: ignore[index]
    await settle(players)


async def refusal(ws_url: str, address: str | None = None, **headers: str) -> tuple[int, str]:
    """Opens a socket (from `address`, if given) that the server should refuse; returns the close code and reason."""
    local = {"local_addr": (address, 0)} if address else {}
    async with connect(ws_url, additional_headers=headers, **local) as socket:
        with contextlib.suppress(ConnectionClosed):
            while True:  # a refused socket is sent nothing before its close
                raise AssertionError(f"a refused socket was sent {await socket.recv()!r}")
    assert socket.close_code is not None, "the server never closed the socket"
    return socket.close_code, socket.close_reason or ""
