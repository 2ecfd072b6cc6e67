"""The tables of this process: creating them, finding them, and letting them go.

A table is held in memory while it is in use: while a tab is open on it, a bot is at work or a
change is under way, and for `idle_table_seconds` after. Then it leaves memory; the database keeps
it, and the next tab that asks for it loads it back by replay. Reading about a table (its page, the
API) loads nothing: it answers from memory or from the stored record. A table never started expires
once no seated player has been around for `waiting_table_hours`. The chat of an expired table goes
with it, and so does that of any table no seated player has been at for `chat_kept_days`.
"""

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any

from app.config import Settings
from app.engine import GameRules, IllegalAction
from app.games import RULES_BY_SLUG
from app.persistence import RoomRecord, RoomStore, StoreUnavailable, TableStatus
from app.rooms.chat import Chat, ChatLimits
from app.rooms.clock import TurnClock
from app.rooms.connection import Close
from app.rooms.errors import TableError
from app.rooms.fanout import PageLimits, table_json
from app.rooms.identity import new_room_code, new_seed
from app.rooms.ownership import initials_of
from app.rooms.presence import Presence
from app.rooms.room import Room
from app.rooms.seating import seat_slots

log = logging.getLogger(__name__)

EXPIRED = Close(4410, "this table has expired")
CHAT_SWEEP_SECONDS = 3600  # how often the chat of quiet tables is looked for


def no_such_table() -> TableError:
    return TableError("no_such_table", "There is no table with that code.", 404)


def table_expired() -> TableError:
    return TableError("table_expired", "This table was never started and has expired.", 410)


class RoomManager:
    def __init__(self, store: RoomStore, settings: Settings, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.settings = settings
        self.clock = clock
        self.rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Task[Room]] = {}  # one load per code, however many ask at once
        self._sweeper: asyncio.Task[None] | None = None
        # The first characters of the codes this worker owns: the proxy sends it those tables.
        self.initials = initials_of(settings.worker_index, settings.workers)
        self._chat_limits = ChatLimits.of(settings)
        self._page_limits = PageLimits.of(settings)
        self._chat_swept_at = 0.0

    @property
    def _waiting_seconds(self) -> float:
        return self.settings.waiting_table_hours * 3600

    async def restore(self) -> int:
        """Expires what has run out, then rebuilds the tables that were in use; returns how many."""
        now = self.clock()
        await self.store.expire_waiting(before=int(now - self._waiting_seconds))
        await self._forget_quiet_chat()
        since = int(now - self.settings.idle_table_seconds)
        records = await self.store.load_active(since, self.initials if self.settings.workers > 1 else None)
        records.sort(key=lambda record: record.active_at, reverse=True)
        for record in records[: self.settings.max_tables]:
            rules = RULES_BY_SLUG.get(record.game)
            if rules is None:
                log.error("table %s is of an unknown game %r; left in the database", record.id, record.game)
                continue
            self._hold(self._rebuild(record, rules))
        for room in self.rooms.values():
            room.resume_bots()
            room.expect_players()
        self._sweeper = asyncio.create_task(self._sweep_every(self.settings.sweep_seconds))
        return len(self.rooms)

    async def create(
        self,
        game: str,
        raw_options: dict[str, object],
        seat_count: int | None,
        turn_seconds: int | None = None,
        practice: bool = False,
        hints: bool = True,
    ) -> Room:
        """A new table with no one seated yet; `turn_seconds`: its turn timer's time per decision, if any;
        `practice`: opened by "Learn <game>" (its page starts with the coach); `hints`: whether its players
        may ask the bot for a hint."""
        rules = self._rules(game)
        choices = self.settings.turn_timer_choices
        if turn_seconds is not None and turn_seconds not in choices:
            offered = ", ".join(f"{s} s" for s in choices)
            raise TableError("bad_timer", f"A turn timer gives {offered} per decision, or none.", 400)
        seats = seat_count if seat_count is not None else min(rules.seat_counts)
        if seats not in rules.seat_counts:
            raise TableError("bad_seat_count", f"This game is for {_counts(rules)} players.", 400)
        try:
            options = rules.parse_options(raw_options, seats)
        except IllegalAction as exc:
            raise TableError(exc.code, exc.message, 400) from exc
        await self._make_room()
        for _ in range(3):
            code = self._free_code()
            room = Room(
                code,
                rules,
                options,
                seats,
                new_seed(),
                self.store,
                self.settings.bot_delay_seconds,
                self.clock,
                chat=Chat(limits=self._chat_limits),
                turn_clock=TurnClock(turn_seconds),
                reconnect_grace=self.settings.reconnect_grace_seconds,
                limits=self._page_limits,
                practice=practice,
                hints=hints,
            )
            self._hold(room)  # counted at once, in the same step as the check: the cap holds under load
            try:
                await self.store.create(
                    code,
                    rules.slug,
                    dict(options.values),
                    seats,
                    room.seed,
                    room.active_at,
                    turn_seconds,
                    practice,
                    hints,
                )
                return room
            except StoreUnavailable:
                del self.rooms[code]
                # The database's key refuses a code that a table out of memory already has: draw again.
                if await self.store.load(code) is None:
                    raise
            except BaseException:
                del self.rooms[code]
                raise
        raise StoreUnavailable("no free table code in three draws")

    def _free_code(self) -> str:
        """A code this worker owns that no table in memory has; the database's key refuses one a stored
        table has."""
        while (code := new_room_code(self.initials)) in self.rooms or code in self._loading:
            pass
        return code

    async def get(self, code: str) -> Room:
        """The table with this code, held in memory for play; loaded back from the database if need be."""
        code = code.upper()
        room = self.rooms.get(code)
        if room is not None:
            return room
        loading = self._loading.get(code)
        if loading is None:
            loading = self._loading[code] = asyncio.create_task(self._load(code))
            loading.add_done_callback(lambda _: self._loading.pop(code, None))
        return await asyncio.shield(loading)

    async def describe(self, code: str) -> dict[str, object]:
        """The table's public facts, from memory or the database; a table not in memory stays out of it."""
        code = code.upper()
        room = self.rooms.get(code)
        if room is not None:
            return room.table_json()
        record = await self._record(code)
        seats = seat_slots(record)
        presence = [Presence.CONNECTED if slot.is_bot else Presence.AWAY for slot in seats]  # no tab is open on it
        return table_json(
            record.id,
            record.game,
            record.status,
            record.options,
            record.game_no,
            seats,
            presence,
            (),
            record.practice,
            hints=record.hints,
        )

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        for room in self.rooms.values():
            await room.close()

    # --- lifetime ---------------------------------------------------------------------------

    async def sweep(self) -> None:
        """Expires tables never started that everyone seated has left, and lets idle tables leave memory."""
        now = self.clock()
        for code, room in list(self.rooms.items()):
            # Another sweep may have run while this one waited: only the very table looked at goes.
            if self.rooms.get(code) is not room:
                continue
            if room.expired(now, self._waiting_seconds):
                del self.rooms[code]
                room.end_connections(EXPIRED)
                with contextlib.suppress(StoreUnavailable):  # expired all the same when next read
                    await self.store.expire(code)
            elif (idle := room.idle_since()) is not None and now - idle >= self.settings.idle_table_seconds:
                del self.rooms[code]
                room.unload()

    async def _forget_quiet_chat(self) -> None:
        """Deletes the stored chat of expired tables and of tables nobody seated has been at for long."""
        now = self.clock()
        self._chat_swept_at = now
        await self.store.forget_chat(quiet_since=int(now - self.settings.chat_kept_days * 86400))

    async def _sweep_every(self, seconds: float) -> None:
        while True:
            await asyncio.sleep(seconds)
            try:
                await self.sweep()
                if self.clock() - self._chat_swept_at >= CHAT_SWEEP_SECONDS:
                    await self._forget_quiet_chat()
            except Exception:
                log.exception("sweeping the tables failed; trying again in %s s", seconds)

    async def _make_room(self) -> None:
        """Makes room for one more table in memory, or refuses: the cap counts every table held."""
        if len(self.rooms) >= self.settings.max_tables:
            await self.sweep()
        if len(self.rooms) >= self.settings.max_tables:
            raise TableError("server_full", "This server holds as many tables as it can; try again later.", 503)

    async def _load(self, code: str) -> Room:
        record = await self._record(code)
        rules = RULES_BY_SLUG[record.game]
        await self._make_room()
        room = self._rebuild(record, rules)
        self._hold(room)
        room.resume_bots()
        return room

    async def _record(self, code: str) -> RoomRecord:
        """The stored table with this code, if it can still be played or looked at."""
        record = await self.store.load(code) if _looks_like_code(code) else None
        if record is None or record.game not in RULES_BY_SLUG:
            raise no_such_table()
        if record.status == TableStatus.EXPIRED:
            raise table_expired()
        if record.status == TableStatus.WAITING and self.clock() - record.active_at >= self._waiting_seconds:
            await self.store.expire(code)
            raise table_expired()
        return record

    def _hold(self, room: Room) -> None:
        """Keeps a table in memory until it is idle, expires, or turns out to be stale."""
        self.rooms[room.id] = room

        def superseded() -> None:
            # Routing sent this table to another worker for a moment: its copy is the newer one. The
            # tabs here reconnect, and whoever serves them next loads the table from the database.
            log.warning("table %s was written by another process; its copy here is dropped", room.id)
            if self.rooms.get(room.id) is room:
                del self.rooms[room.id]

        room.on_superseded = superseded

    def _rebuild(self, record: RoomRecord, rules: GameRules[Any, Any]) -> Room:
        settings = self.settings
        return Room.rebuild(
            record,
            rules,
            self.store,
            settings.bot_delay_seconds,
            self.clock,
            settings.reconnect_grace_seconds,
            self._chat_limits,
            self._page_limits,
        )

    def _rules(self, game: str) -> GameRules[Any, Any]:
        rules = RULES_BY_SLUG.get(game)
        if rules is None:
            raise TableError("no_such_game", "There is no such game here.", 404)
        return rules


def _counts(rules: GameRules[Any, Any]) -> str:
    return "/".join(str(n) for n in sorted(rules.seat_counts))


def _looks_like_code(code: str) -> bool:
    return len(code) == 6 and code.isalnum()
