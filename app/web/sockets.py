"""The table websocket: one per browser tab (see docs/protocol.md)."""

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable
from urllib.parse import urlsplit

import orjson
from fastapi import APIRouter, WebSocket
from pydantic import ValidationError
from starlette.types import Receive, Send

from app.config import Settings
from app.engine import IllegalAction
from app.rooms.connection import Connection
from app.rooms.errors import StaleVersion, TableError
from app.rooms.messages import Act, Again, Ping, Sync, client_message
from app.rooms.room import Room
from app.web.channel import CHANNEL
from app.web.deps import RoomsDep, SettingsDep, seat_cookie

router = APIRouter()
log = logging.getLogger(__name__)

NORMAL, POLICY_VIOLATION, TOO_BIG, TRY_AGAIN_LATER, NOT_FOUND = 1000, 1008, 1009, 1013, 4404


@router.websocket("/t/{code}/socket")
async def room_socket(websocket: WebSocket, code: str, rooms: RoomsDep, settings: SettingsDep) -> None:
    if not _same_origin(websocket):
        await websocket.close(code=POLICY_VIOLATION, reason="cross-origin")
        return
    try:
        room = await rooms.get(code)
    except TableError:
        await websocket.close(code=NOT_FOUND, reason="no such table")
        return
    if room.connection_count() >= settings.max_connections_per_table:
        await websocket.close(code=TRY_AGAIN_LATER, reason="table is full of connections")
        return
    await websocket.accept()
    receive, send = websocket.scope[CHANNEL]  # past Starlette's per-message layers (app/web/channel.py)
    connection = Connection(room.seat_for(websocket.cookies.get(seat_cookie(room.id))), settings.outbox_size)
    writer = asyncio.create_task(_write(send, connection))
    room.attach(connection)  # sends the current view first: a reconnect just works
    # The reader runs as a task of its own: each message then resumes a short stack of frames, not
    # every ASGI layer between the server and this endpoint.
    try:
        await asyncio.create_task(_read(receive, room, connection, settings))
    finally:
        room.detach(connection)
        connection.end(NORMAL)
        with contextlib.suppress(Exception):  # the writer ends by itself once the socket is closed
            await asyncio.wait_for(writer, timeout=5)


async def _write(send: Send, connection: Connection) -> None:
    while isinstance(message := await connection.next_message(), bytes):
        await send({"type": "websocket.send", "text": message.decode()})
    with contextlib.suppress(OSError, RuntimeError):  # the tab may be gone already
        await send({"type": "websocket.close", "code": message})


async def _read(receive: Receive, room: Room, connection: Connection, settings: Settings) -> None:
    bucket = _TokenBucket(settings.max_messages_per_second, settings.message_burst)
    limit = settings.max_message_bytes
    while not connection.dropped:
        event = await receive()
        if event["type"] == "websocket.disconnect":
            return
        text = event.get("text")  # None for a binary frame, which the protocol does not use
        # A character is 1 to 4 bytes in UTF-8: only a long message needs encoding to be measured.
        if text is not None and len(text) * 4 > limit and len(text.encode()) > limit:
            connection.push(_error("too_big", "That message is too large.", None))
            connection.end(TOO_BIG)
            return
        try:
            message = None if text is None else client_message.validate_python(orjson.loads(text))
        except (orjson.JSONDecodeError, ValidationError):
            message = None
        if not bucket.take():  # answered with the action's id, so a client can retry that very action
            connection.push(_error("rate_limited", "Too many messages; slow down.", getattr(message, "id", None)))
            continue
        if message is None:
            connection.push(_error("bad_message", "That message is not understood.", None))
            continue
        match message:
            case Act(version=version, action=action, id=client_id):
                await _answer(room, connection, client_id,
                              room.submit(connection.seat, version, action, action_id=client_id))
            case Again(version=version, id=client_id):
                await _answer(room, connection, client_id, room.play_again(connection.seat, version))
            case Sync():
                connection.push(room.snapshot(connection.seat))
            case Ping():
                connection.push(b'{"type":"pong"}')


async def _answer(room: Room, connection: Connection, client_id: str | None, change: Awaitable[bool]) -> None:
    """Makes a change to the table and answers the sender: an ack, or an error and nothing changed.

    The change returns True when the `state` it pushed already carried the ack.
    """
    try:
        acknowledged = await change
    except StaleVersion as exc:
        connection.push(_error(exc.code, exc.message, client_id))
        connection.push(room.snapshot(connection.seat))
    except (IllegalAction, TableError) as exc:
        connection.push(_error(exc.code, exc.message, client_id))
    except Exception:  # the store failed: nothing was applied, and the sender must know
        log.exception("could not record a change at table %s", room.id)
        connection.push(_error("not_saved", "The move could not be saved; nothing changed. Try again.", client_id))
    else:
        if not acknowledged:
            connection.push(orjson.dumps({"type": "ack", "id": client_id, "version": room.version}))


def _error(code: str, message: str, client_id: str | None) -> bytes:
    return orjson.dumps({"type": "error", "code": code, "message": message, "id": client_id})


def _same_origin(websocket: WebSocket) -> bool:
    """Browsers send Origin; a page from another site may not act with this site's cookies."""
    origin = websocket.headers.get("origin")
    return origin is None or urlsplit(origin).netloc == websocket.headers.get("host")


class _TokenBucket:
    """Allows `burst` messages at once and `rate` per second sustained."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.capacity = rate, float(burst)
        self.tokens, self.stamp = float(burst), time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.capacity, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True
