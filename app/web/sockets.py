"""The table websocket: one per browser tab (see docs/protocol.md)."""

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from functools import partial

import orjson
from fastapi import APIRouter, WebSocket
from pydantic import ValidationError
from starlette.types import Receive, Send

from app.config import Settings
from app.engine import IllegalAction, refusal_json
from app.persistence import StoreUnavailable
from app.rooms.connection import NORMAL, Close, Connection
from app.rooms.errors import StaleVersion, TableError, TooSoon
from app.rooms.manager import EXPIRED
from app.rooms.messages import Act, Again, AnswerAsk, AskSeat, Check, Hint, Ping, Say, Sync, client_message
from app.rooms.pace import TokenBucket
from app.rooms.room import Answered, Room
from app.web.api import clean_name
from app.web.channel import CHANNEL
from app.web.clients import client_of
from app.web.deps import LimitsDep, RoomsDep, SettingsDep, seat_cookie

router = APIRouter()
log = logging.getLogger(__name__)

TOO_BIG = Close(1009, "message too big")
# A refusal is sent after accept, with a code the page acts on (docs/protocol.md): a close before
# accept reaches a browser only as 1006, which reads like a dropped network and is retried forever.
REFUSALS = {"no_such_table": Close(4404, "no such table"), "table_expired": EXPIRED}
TRY_AGAIN_LATER = 1013
SEAT_OPENED_ELSEWHERE = Close(4409, "this seat was opened in another tab")


@router.websocket("/t/{code}/socket")
async def room_socket(
    websocket: WebSocket, code: str, rooms: RoomsDep, settings: SettingsDep, limits: LimitsDep
) -> None:
    client = client_of(websocket)
    with contextlib.ExitStack() as held:
        try:
            limits.hit("lookup", client)
            room = await rooms.get(code)
            token = websocket.cookies.get(seat_cookie(room.id))
            key = room.key_for(token)
            seat = None if key is None else key.seat
            if seat is None:  # seats always get back in: only spectators are counted
                if room.spectator_count() >= settings.max_spectators_per_table:
                    raise TableError("too_many_spectators", "This table has as many spectators as it can hold.", 429)
                held.enter_context(limits.spectator_socket(client))
        except TableError as exc:
            await _refuse(websocket, REFUSALS.get(exc.code, Close(TRY_AGAIN_LATER, exc.message)))
            return
        except StoreUnavailable:
            await _refuse(websocket, Close(TRY_AGAIN_LATER, "The database is unavailable; try again later."))
            return
        name, bad_name = _spectator_name(websocket.query_params.get("name")) if seat is None else ("", None)
        connection = Connection(seat, settings.outbox_size, key=None if key is None else key.token_hash, name=name)
        seat_lost = _seat_lost(room.seat_revoked(token)) if key is None else None
        told = [m for m in (seat_lost, bad_name) if m is not None]
        await _serve(websocket, room, connection, settings, told, partial(limits.hit, "chat", client))


def _spectator_name(raw: str | None) -> tuple[str, bytes | None]:
    """The nickname a spectator gave (`?name=`), shown to the table; or none, and the error to tell it why."""
    if not raw:
        return "", None
    try:
        return clean_name(raw), None
    except ValueError as exc:  # it watches all the same, unnamed
        return "", _error("bad_name", f"That name cannot be shown ({exc}); you are watching without one.", None)


def _seat_lost(why: str | None) -> bytes | None:
    return None if why is None else orjson.dumps({"type": "seat_lost", "why": why})


async def _serve(
    websocket: WebSocket,
    room: Room,
    connection: Connection,
    settings: Settings,
    told: list[bytes],
    count_chat: Callable[[], None],
) -> None:
    """Serves one tab; `told`: what it is told right after its snapshot (why it lost its seat, a name refused);
    `count_chat`: counts a spectator's chat line against its address (raises RateLimited)."""
    seat = connection.seat
    if seat is not None:  # a seat's oldest tabs give way to its newest
        tabs = room.tabs_of(seat)
        for old in tabs[: max(0, len(tabs) - settings.max_tabs_per_seat + 1)]:
            old.drop(SEAT_OPENED_ELSEWHERE)
    # Attached in the same step as the table was found, before anything waits: a table with a tab
    # on it never leaves memory. The current view is queued first, so a reconnect just works.
    await room.attach(connection)
    for message in told:
        connection.push(message)
    writer = None
    close_code = None
    try:
        await websocket.accept()
        receive, send = websocket.scope[CHANNEL]  # past Starlette's per-message layers (app/web/channel.py)
        writer = asyncio.create_task(_write(send, connection))
        # The reader runs as a task of its own: each message then resumes a short stack of frames, not
        # every ASGI layer between the server and this endpoint.
        close_code = await asyncio.create_task(_read(receive, room, connection, settings, count_chat))
    finally:
        connection.end(NORMAL)
        await room.detach(connection, close_code)
        if writer is not None:
            with contextlib.suppress(Exception):  # the writer ends by itself once the socket is closed
                await asyncio.wait_for(writer, timeout=5)


async def _refuse(websocket: WebSocket, close: Close) -> None:
    await websocket.accept()
    await websocket.close(close.code, close.reason)


async def _write(send: Send, connection: Connection) -> None:
    while isinstance(message := await connection.next_message(), bytes):
        await send({"type": "websocket.send", "text": message.decode()})
    with contextlib.suppress(OSError, RuntimeError):  # the tab may be gone already
        await send({"type": "websocket.close", "code": message.code, "reason": message.reason})


async def _read(
    receive: Receive, room: Room, connection: Connection, settings: Settings, count_chat: Callable[[], None]
) -> int | None:
    """Serves the tab's messages; returns the code its page closed it with (None: the server ended it)."""
    bucket = TokenBucket(settings.max_messages_per_second, settings.message_burst, time.monotonic())
    limit = settings.max_message_bytes
    while not connection.dropped:
        event = await receive()
        if event["type"] == "websocket.disconnect":
            return int(event.get("code", 1005))
        text = event.get("text")  # None for a binary frame, which the protocol does not use
        # A character is 1 to 4 bytes in UTF-8: only a long message needs encoding to be measured.
        if text is not None and len(text) * 4 > limit and len(text.encode()) > limit:
            connection.push(_error("too_big", "That message is too large.", None))
            connection.end(TOO_BIG)
            return None
        try:
            message = None if text is None else client_message.validate_python(orjson.loads(text))
        except (orjson.JSONDecodeError, ValidationError):
            message = None
        if bucket.take(time.monotonic()):  # answered with the action's id, so a client can retry that very action
            connection.push(_error("rate_limited", "Too many messages; slow down.", getattr(message, "id", None)))
            continue
        if message is None:
            connection.push(_error("bad_message", "That message is not understood.", None))
            continue
        match message:
            case Act(version=version, action=action, id=client_id):
                await _answer(
                    room, connection, client_id, room.submit(connection.seat, version, action, action_id=client_id)
                )
            case Again(version=version, id=client_id):
                await _answer(room, connection, client_id, room.play_again(connection.seat, version))
            case Check(action=action, id=client_id):
                connection.push(_checked(client_id, room.why(connection.seat, action)))
            case Hint(id=client_id):
                connection.push(_hinted(room, connection, client_id))
            case Say(text=text, reaction=reaction, id=client_id):
                await _answer(room, connection, client_id, _say(room, connection, text, reaction, count_chat))
            case AskSeat(seat=seat, name=name, id=client_id):
                await _answer(room, connection, client_id, _asked(room, connection, seat, name))
            case AnswerAsk(ask=ask, grant=grant, id=client_id):
                lifetime = int(settings.seat_link_minutes * 60)
                answer = room.answer_seat_ask(connection, ask, grant, lifetime, settings.max_browsers_per_seat)
                await _answer(room, connection, client_id, _acked(answer))
            case Sync():
                connection.push(room.snapshot(connection.seat))
            case Ping():
                connection.push(b'{"type":"pong"}')
    return None


async def _say(
    room: Room, connection: Connection, text: str | None, reaction: str | None, count_chat: Callable[[], None]
) -> Answered:
    """A chat line: a spectator's counts against its address first (the seats' pace is the table's own)."""
    if connection.seat is None:
        count_chat()
    return await room.say(connection.seat, connection.name, text, reaction)


async def _asked(room: Room, connection: Connection, seat: int, name: str | None) -> Answered:
    """An ask for a seat back, under the name given with it (checked as nicknames are), else the tab's own."""
    try:
        asker = connection.name if name is None else clean_name(name)
    except ValueError as exc:
        raise TableError("bad_name", f"That name cannot be shown ({exc}).", 400) from exc
    room.ask_for_seat(connection, seat, asker)
    return Answered.ACK_OWED


async def _acked(change: Awaitable[None]) -> Answered:
    await change
    return Answered.ACK_OWED


async def _answer(room: Room, connection: Connection, client_id: str | None, change: Awaitable[Answered]) -> None:
    """Makes a change to the table and answers the sender: an ack, or an error and nothing changed.

    The change says whether the `state` it pushed already carried the ack.
    """
    try:
        answered = await change
    except StaleVersion as exc:
        connection.push(_error(exc.code, exc.message, client_id))
        connection.push(room.snapshot(connection.seat))
    except TooSoon as exc:
        connection.push(_error(exc.code, exc.message, client_id, exc.retry_after))
    except (IllegalAction, TableError) as exc:
        connection.push(_error(exc.code, exc.message, client_id))
    except StoreUnavailable:  # nothing was applied, and the sender must know; the store logs the outage once
        connection.push(_error("not_saved", "The move could not be saved; nothing changed. Try again.", client_id))
    except Exception:  # a defect, not an outage: logged each time, and still nothing was applied
        log.exception("a change at table %s failed", room.id)
        connection.push(_error("not_saved", "The move could not be saved; nothing changed. Try again.", client_id))
    else:
        if answered is Answered.ACK_OWED:
            connection.push(orjson.dumps({"type": "ack", "id": client_id, "version": room.version}))


def _hinted(room: Room, connection: Connection, client_id: str | None) -> bytes:
    """The bot's move and reason for the asking seat, or why it gets none (nothing changes either way)."""
    try:
        choice = room.hint(connection.seat)
    except TooSoon as exc:
        return _error(exc.code, exc.message, client_id, exc.retry_after)
    except TableError as exc:
        return _error(exc.code, exc.message, client_id)
    return orjson.dumps({"type": "hinted", "id": client_id, "action": choice.action, "reason": choice.reason.to_json()})


def _checked(client_id: str | None, refusal: IllegalAction | None) -> bytes:
    """The answer to a check: ok, or the refusal with the rule section it comes from (`rule`; null for
    the table's own refusals)."""
    if refusal is None:
        return orjson.dumps({"type": "checked", "id": client_id, "ok": True})
    return orjson.dumps({"type": "checked", "id": client_id, "ok": False, **refusal_json(refusal)})


def _error(code: str, message: str, client_id: str | None, retry_after: int | None = None) -> bytes:
    error: dict[str, object] = {"type": "error", "code": code, "message": message, "id": client_id}
    if retry_after is not None:
        error["retry_after"] = retry_after
    return orjson.dumps(error)
