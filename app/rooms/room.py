"""One live table: the one writer that changes it, under one lock, recording before anyone is told.

The parts, each with one job: the game in play (session.py), who sits where (seating.py), what the
tabs are sent (fanout.py), the bots (bots.py). A Room holds the lock, records each change through
the store, applies it to its parts, then has the fan-out tell the tabs.
"""

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import replace
from enum import Enum
from typing import Any

import orjson

from app.config import Settings
from app.engine import Choice, GameRules, IllegalAction, Options, Seat
from app.persistence import Fence, KeyRecord, RoomRecord, RoomStore, StoreUnavailable, Superseded, TableStatus
from app.rooms import seat_links
from app.rooms.bots import BotPlayer
from app.rooms.chat import Chat, ChatLimits, ChatMode, line_json
from app.rooms.clock import TurnClock, check_pause, timed_out
from app.rooms.connection import SEAT_REVOKED, SUPERSEDED, Close, Connection
from app.rooms.errors import TableError
from app.rooms.fanout import Ack, FanOut, PageLimits
from app.rooms.hints import Hints, hinted
from app.rooms.identity import new_seed
from app.rooms.may import may
from app.rooms.presence import CLEAN_CLOSES, RELOAD_SECONDS, SPECTATOR_PUSH_SECONDS, Coalesced, Departures
from app.rooms.seat_asks import SeatAsks
from app.rooms.seating import CREATOR, Seating, SeatSlot, require_creator, seat_slots
from app.rooms.session import TableSession
from app.rooms.timekeeper import Timekeeper

__all__ = ["Answered", "Room", "SeatSlot"]


class Answered(Enum):
    """How a change answered the tab that asked for it."""

    IN_STATE = "in_state"  # the `state` the change pushed carried the ack to the mover's tabs
    ACK_OWED = "ack_owed"  # nothing carried it (a retried action, a new game): the tab is owed a plain ack


class Room:
    """A table held in memory; every change goes through its lock, is stored, then pushed."""

    def __init__(
        self,
        room_id: str,
        rules: GameRules[Any, Any],
        options: Options,
        seat_count: int,
        seed: int,
        store: RoomStore,
        bot_delay: float,
        clock: Callable[[], float] = time.time,
        session: TableSession | None = None,
        seating: Seating | None = None,
        chat: Chat | None = None,
        turn_clock: TurnClock | None = None,
        reconnect_grace: float = 30,
        limits: PageLimits | None = None,
        practice: bool = False,
        hints: bool = True,
    ) -> None:
        self.id = room_id
        self.rules = rules
        self.store = store
        self.session = session or TableSession(rules, options, seat_count, seed)
        self.seating = seating or Seating(room_id, [SeatSlot() for _ in range(seat_count)])
        self.chat = chat or Chat()
        self.clock = clock
        self.turns = Timekeeper(
            room_id, self.session, self.seating, turn_clock or TurnClock(), clock, self._clock_submit
        )
        self.departures = Departures(reconnect_grace, RELOAD_SECONDS, self._push_table)
        self.hints = Hints(hints, practice)
        self.fanout = FanOut(
            room_id,
            self.session,
            self.seating,
            self.chat,
            self.turns.json,
            self.departures,
            self.may,
            limits or PageLimits.of(Settings()),
            self.hints,
            practice,
        )
        self._spectators_changed = Coalesced(SPECTATOR_PUSH_SECONDS, self._push_table)
        self.seat_asks = SeatAsks()
        self.bots = BotPlayer(room_id, self.session, self.seating, bot_delay, self._bot_submit)
        self._lock = asyncio.Lock()
        self.active_at = int(clock())  # when a seated player was last around (stored: expiry counts from it)
        self.revision = 0  # the changes that are not moves this copy has written or loaded (Fence)
        self.last_seen = clock()  # when a tab last left: an idle table leaves memory
        # Called when another process turns out to have written this table (its owner manager lets it go).
        self.on_superseded: Callable[[], None] = lambda: None

    @classmethod
    def rebuild(
        cls,
        record: RoomRecord,
        rules: GameRules[Any, Any],
        store: RoomStore,
        bot_delay: float,
        clock: Callable[[], float] = time.time,
        reconnect_grace: float = 30,
        chat_limits: ChatLimits | None = None,
        limits: PageLimits | None = None,
    ) -> "Room":
        """The table as it was, replayed from its seed and action log."""
        options = rules.parse_options(record.options, record.seat_count)
        session = TableSession(rules, options, record.seat_count, record.seed, record.game_no, record.first_version)
        if record.status != TableStatus.WAITING:
            session.replay(record.actions, record.timed_out)
        seating = Seating(record.id, seat_slots(record), record.keys)
        chat = Chat(record.chat, ChatMode(record.chat_mode), record.spectator_chat, chat_limits)
        turn_clock = TurnClock.stored(record.turn_seconds, record.clock)
        room = cls(
            record.id,
            rules,
            options,
            record.seat_count,
            record.seed,
            store,
            bot_delay,
            clock,
            session,
            seating,
            chat,
            turn_clock,
            reconnect_grace,
            limits,
            record.practice,
            record.hints,
        )
        room.active_at = record.active_at
        room.revision = record.revision
        return room

    # --- what the rest of the server reads --------------------------------------------------

    @property
    def version(self) -> int:
        return self.session.version

    @property
    def status(self) -> TableStatus:
        return self.session.status

    @property
    def state(self) -> Any:
        return self.session.state

    @property
    def seed(self) -> int:
        return self.session.seed

    @property
    def seats(self) -> list[SeatSlot]:
        return self.seating.slots

    @property
    def connections(self) -> set[Connection]:
        return self.fanout.connections

    def seat_for(self, token: str | None) -> Seat | None:
        """The seat this token holds here, or None (a spectator)."""
        return self.seating.seat_for(token)

    def key_for(self, token: str | None) -> KeyRecord | None:
        """The seat key this browser token is here, or None (a spectator)."""
        return self.seating.key_for(token)

    def seat_revoked(self, token: str | None) -> str | None:
        """Why this browser's token no longer opens the seat it once did ("moved", "reissued"), else None."""
        return self.seating.revoked(token)

    def table_json(self) -> dict[str, object]:
        return self.fanout.table_json()

    def snapshot(self, seat: Seat | None) -> bytes:
        return self.fanout.snapshot(seat)

    def spectator_count(self) -> int:
        return self.fanout.spectator_count()

    def tabs_of(self, seat: Seat) -> list[Connection]:
        return self.fanout.tabs_of(seat)

    def may(self, seat: Seat | None) -> dict[str, object]:
        """What the viewer at `seat` may do now, asked of the same checks as the requests (may.py)."""
        return may(
            seat,
            self.session.status,
            self.seating,
            self.chat,
            self.turns.on,
            self.rules.bot is not None,
            self.fanout.at_table(),
        )

    # --- seats ------------------------------------------------------------------------------

    async def join(self, name: str, seat: Seat | None = None, by: Seat | None = None) -> tuple[Seat, str]:
        """Takes the lowest open seat (or the given one) for a new player; returns it and its token.

        `by`: the seat this browser holds here already, if any (it is refused)."""
        async with self._lock:
            seat = self.seating.to_join(self.session.status, seat, by)
            slot, key, token = self.seating.new_player(seat, name)
            await self._changed(self.store.put_seat(self.id, self.fence, slot.record(seat), (key,)))
            self.seating.change_keys((key,), ())
            self.seating.place(seat, slot)
            self.fanout.push_table()
            return seat, token

    async def set_bot(self, by: Seat | None, seat: Seat, bot: bool) -> None:
        """Seats or unseats a bot (the rules of who may: Seating.with_bot)."""
        async with self._lock:
            slot = self.seating.with_bot(
                by, seat, bot, self.session.status, self.fanout.at_table(), self.rules.bot is not None
            )
            await self._place(seat, slot)
        self.bots.wake()

    async def _place(self, seat: Seat, slot: SeatSlot) -> None:
        await self._changed(self.store.put_seat(self.id, self.fence, slot.record(seat)))
        self.seating.place(seat, slot)
        self.fanout.push_table()

    async def make_seat_link(
        self, by_token: str | None, seat: Seat, keep: bool, lifetime: int, max_browsers: int
    ) -> tuple[str, int]:
        """A new link that opens `seat` in another browser (rules: seat_links.make_link); its secret and end."""
        async with self._lock:
            change = await self._new_link(self.seating.key_for(by_token), seat, keep, lifetime, max_browsers)
        expires_at = change.add[0].expires_at
        assert expires_at is not None  # a link always ends
        return change.token, expires_at

    async def use_seat_link(self, link_token: str, held_token: str | None) -> tuple[Seat, str]:
        """Opens a link's seat in this browser; returns the seat and the browser's new token."""
        async with self._lock:
            held = self.seating.key_for(held_token)
            change = seat_links.use_link(self.seating, link_token, held, self.session.status, int(self.clock()))
            await self._change_keys(change)
        return change.seat, change.token

    def ask_for_seat(self, connection: Connection, seat: Seat, name: str) -> None:
        """A watching tab asks the host for `seat` back, as `name` (rules: SeatAsks.ask); the host is shown it."""
        tab, at_table = str(connection.serial), self.fanout.at_table()
        self.seat_asks.ask(tab, connection.seat, name, seat, self.seating, self.session.status, at_table, self.clock())
        self.fanout.push_seat_asks(self.seat_asks.to_json())

    async def answer_seat_ask(self, by: Connection, ask_id: str, grant: bool, lifetime: int, max_browsers: int) -> None:
        """The host grants an ask (the seat's link goes to the asking tab alone, which takes the seat),
        or declines it."""
        require_creator(by.seat)
        async with self._lock:
            ask = self.seat_asks.answer(ask_id)
            self.fanout.push_seat_asks(self.seat_asks.to_json())
            asker = next((c for c in self.fanout.connections if str(c.serial) == ask.id), None)
            if not grant:
                if asker is not None:
                    asker.push(orjson.dumps({"type": "seat_declined", "seat": ask.seat}))
                return
            if asker is None:
                raise TableError("no_such_ask", "That ask is gone: its browser left, or it was answered.", 404)
            change = await self._new_link(self.seating.keys.get(by.key or ""), ask.seat, False, lifetime, max_browsers)
            asker.push(orjson.dumps({"type": "seat_granted", "seat": ask.seat, "link": change.token}))

    async def _new_link(
        self, by: KeyRecord | None, seat: Seat, keep: bool, lifetime: int, max_browsers: int
    ) -> seat_links.KeyChange:
        """Makes and records a new link for `seat` (rules: seat_links.make_link); the lock is held."""
        change = seat_links.make_link(
            self.seating,
            by,
            seat,
            keep,
            self.session.status,
            self.fanout.at_table(),
            int(self.clock()),
            lifetime,
            max_browsers,
        )
        await self._change_keys(change)
        return change

    async def _change_keys(self, change: seat_links.KeyChange) -> None:
        await self._changed(
            self.store.change_keys(self.id, self.fence, change.add, change.remove, change.signed_out, change.why)
        )
        self.seating.change_keys(change.add, change.remove, change.signed_out, change.why)
        # Their tabs reconnect as spectators, and are told why when they do.
        self.fanout.drop_keys(set(change.signed_out), SEAT_REVOKED)

    async def start(self, by: Seat | None) -> None:
        async with self._lock:
            self.seating.ready_to_start(by, self.session.status)
            opening = self.turns.clock.moved(
                self.turns.timed(self.session.opening_awaiting(self.seed)), None, self.clock()
            )
            await self._changed(self.store.start(self.id, self.fence, self.turns.record(opening)))
            self.session.deal()
            self.turns.keep(opening)
            self.fanout.push_state((), self.fanout.table_json(), ack=None)
        self.bots.wake()

    # --- playing ----------------------------------------------------------------------------

    async def submit(
        self,
        seat: Seat | None,
        version: int,
        payload: Mapping[str, object],
        by_bot: bool = False,
        action_id: str | None = None,
        by_clock: bool = False,
    ) -> Answered:
        """Checks, records, then applies and pushes one action; raises without changing anything.

        A retry of the seat's last applied action (same id) is not applied again; its tab is owed an ack.
        `by_clock`: the bot decided for a person whose time ran out (the log says so).
        """
        if seat is None:
            raise IllegalAction("not_a_player", "You are not seated at this table.")
        if self.seating.is_bot(seat) != by_bot:
            raise TableError("seat_is_bot", "A bot is playing this seat; take it back first.", 409)
        async with self._lock:
            if self.session.status != TableStatus.WAITING and self.session.is_retry(seat, action_id):
                return Answered.ACK_OWED
            move = self.session.prepare(seat, version, payload, action_id)
            if by_clock:
                move = replace(move, events=(timed_out(seat), *move.events))
            turn_clock = self.turns.after(move)
            # Record before anyone is told: a move nobody can lose is the only move anyone sees.
            await self._numbered(
                self.store.append(
                    self.id,
                    move.version,
                    seat,
                    move.payload,
                    move.outcome.to_json() if move.outcome is not None else None,
                    self.session.game_no,
                    clock=self.turns.record(turn_clock),
                    by_clock=by_clock,
                    seed=self.session.seed,
                    first_version=self.session.first_version,
                )
            )
            self.session.commit(move)
            self.turns.keep(turn_clock)
            table = self.fanout.table_json() if move.outcome is not None else None  # the status changed
            self.fanout.push_state(move.events, table, ack=None if by_bot else Ack(seat, action_id))
        self.bots.wake()
        return Answered.IN_STATE

    @property
    def fence(self) -> Fence:
        """Where this copy holds the table: a change written with it is refused once another process has
        written the table (a move, or a change of its own)."""
        return Fence(self.revision, self.session.version)

    async def _changed(self, write: Awaitable[None]) -> None:
        """Awaits a change that is not a move, written with `fence`: the table's next revision. Refused,
        this copy is stale and retires (as for a move)."""
        await self._numbered(write)
        self.revision += 1

    async def _numbered(self, write: Awaitable[None]) -> None:
        """Awaits a write of a row numbered per table (a move, the next deal, a chat line). If that
        number is stored already, another process has been writing this table: this copy is stale and
        retires."""
        try:
            await write
        except Superseded:
            self.retire()
            raise

    async def _bot_submit(self, seat: Seat, version: int, payload: Mapping[str, object]) -> Answered:
        return await self.submit(seat, version, payload, by_bot=True)

    async def _clock_submit(self, seat: Seat, version: int, payload: Mapping[str, object]) -> Answered:
        return await self.submit(seat, version, payload, by_clock=True)

    async def pause_clock(self, by: Seat | None, paused: bool) -> None:
        """The creator stops or restarts every seat's clock (who may: clock.check_pause)."""
        async with self._lock:
            check_pause(by, self.turns.on, self.session.status)
            now = self.clock()
            turn_clock = self.turns.clock.pausing(now) if paused else self.turns.clock.resuming(now)
            record = self.turns.record(turn_clock)
            assert record is not None
            await self._changed(self.store.set_clock(self.id, self.fence, record))
            self.turns.keep(turn_clock)
            self.fanout.push_clock()

    def why(self, seat: Seat | None, payload: Mapping[str, object]) -> IllegalAction | None:
        """What `submit` would refuse this action with now, or None; applies, records and tells nothing."""
        if seat is None:
            return IllegalAction("not_a_player", "You are not seated at this table.")
        return self.session.why(seat, payload)

    async def play_again(self, seat: Seat | None, version: int) -> Answered:
        """Deals the next game at a finished table, to the same seats; any of its players may ask.

        `version` is the finished game's last: of two players asking at once, the second is stale.
        """
        async with self._lock:
            seat = self.seating.ready_for_next_game(seat, self.session.status, stale=version != self.session.version)
            seed = new_seed()
            opening = TurnClock(self.turns.clock.seconds).moved(
                self.turns.timed(self.session.opening_awaiting(seed)), None, self.clock()
            )
            await self._numbered(
                self.store.play_again(
                    self.id,
                    self.session.game_no + 1,
                    seed,
                    self.session.version + 1,
                    seat,
                    self.turns.record(opening),
                )
            )
            self.session.next_game(seed)
            self.turns.keep(opening)
            self.fanout.push_snapshots()
        self.bots.wake()
        return Answered.ACK_OWED  # the snapshots answer nobody: the asker gets its own ack

    def hint(self, seat: Seat | None) -> Choice:
        """What the game's bot would do in this seat's place, from its own view, and why (rules:
        hints.py); every tab's log says the seat asked, but at a practice table, whose other seats are all
        bots. Nothing is recorded: the game is unchanged."""
        choice = self.hints.ask(seat, self.session, self.clock())
        assert seat is not None
        if not self.hints.practice:
            self.fanout.push_log(self.session.note(hinted(seat)))
        return choice

    # --- chat -------------------------------------------------------------------------------

    async def say(self, seat: Seat | None, name: str, text: str | None, reaction: str | None) -> Answered:
        """Records a chat line (rules: Chat.line), then shows it to every tab; the sender is owed an ack."""
        async with self._lock:
            if seat is not None:
                name = self.seating.slots[seat].name or name
            playing = self.session.status == TableStatus.PLAYING
            line = self.chat.line(seat, name, text, reaction, playing, self.clock())
            await self._numbered(self.store.append_chat(self.id, line, keep_from=self.chat.kept_from(line)))
            self.chat.add(line)
            self.fanout.push_chat({"line": line_json(line)})
        return Answered.ACK_OWED

    async def set_chat(self, by: Seat | None, mode: ChatMode, spectators: bool) -> None:
        """The creator decides who may write; every tab is told, and what its viewer may do now."""
        require_creator(by)
        async with self._lock:
            await self._changed(self.store.set_chat(self.id, self.fence, mode, spectators))
            self.chat.mode, self.chat.spectators = mode, spectators
            self.fanout.push_chat({"settings": self.chat.settings_json()})
            self.fanout.push_table()

    # --- tabs -------------------------------------------------------------------------------

    async def attach(self, connection: Connection) -> None:
        if connection.seat is not None:
            self.departures.arrived(connection.seat)
        self.fanout.add(connection)
        if connection.seat == CREATOR and (asks := self.seat_asks.to_json()):
            connection.push(orjson.dumps({"type": "seat_asks", "asks": asks}))
        await self._presence_changed(connection.seat)

    async def detach(self, connection: Connection, close_code: int | None = None) -> None:
        """The tab is gone; `close_code`: how its page closed it (None: the server ended it, or it dropped)."""
        self.fanout.remove(connection)
        if self.seat_asks.tab_closed(str(connection.serial)):
            self.fanout.push_seat_asks(self.seat_asks.to_json())
        self.last_seen = self.clock()
        seat = connection.seat
        if seat is not None and not self.fanout.tabs_of(seat):
            self.departures.departed(seat, clean=close_code in CLEAN_CLOSES)
        await self._presence_changed(seat)

    def _push_table(self) -> None:
        self.fanout.push_table()

    async def _presence_changed(self, seat: Seat | None) -> None:
        """A tab came or went: the others are told, and the table notes that a seated player was around.

        Spectators come and go in crowds: they are counted in one push a second at most.
        """
        if seat is None:
            self._spectators_changed.soon()
            return
        self.fanout.push_table()
        if self.session.status == TableStatus.FINISHED:
            return
        self.active_at = int(self.clock())  # a table never started expires only once its players are gone
        with contextlib.suppress(StoreUnavailable):  # presence is no reason to refuse a tab
            await self.store.mark_active(self.id, self.active_at)

    # --- lifetime ---------------------------------------------------------------------------

    def resume_bots(self) -> None:
        """Lets bots and the turn clock continue a table rebuilt from the database.

        A deadline that passed while the server was down is handled now, once: the decision made for
        it is recorded with the clock it leaves."""
        if self.session.status == TableStatus.PLAYING:
            self.bots.wake()
            self.turns.keep(self.turns.current())

    def expect_players(self) -> None:
        """A table rebuilt at start-up: its players' browsers were connected and are reconnecting now."""
        for seat, slot in enumerate(self.seating.slots):
            if slot.human and not self.fanout.tabs_of(seat):
                self.departures.departed(seat, clean=False)

    async def close(self) -> None:
        """Stops background work (on shutdown)."""
        await self.bots.stop()
        await self.turns.stop()
        self._stop_presence()
        self.fanout.end_all()

    def idle_since(self) -> float | None:
        """Since when nothing has happened here: no tab open, no bot at work, no change under way; else None."""
        if self.fanout.connections or self._lock.locked() or self.bots.busy or self.turns.busy:
            return None
        return self.last_seen

    def unload(self) -> None:
        """The table leaves memory: its clock stops waking it (opened again, it handles what fell due)."""
        self.turns.sleep()
        self._stop_presence()

    def _stop_presence(self) -> None:
        self.departures.stop()
        self._spectators_changed.cancel()

    def expired(self, now: float, waiting_seconds: float) -> bool:
        """A table never started whose seated players have all been gone for `waiting_seconds`."""
        return (
            self.session.status == TableStatus.WAITING
            and now - self.active_at >= waiting_seconds
            and not any(seat is not None for seat in self.fanout.present())
        )

    def retire(self) -> None:
        """This copy is stale (another process wrote the table): it stops waking, its owner lets it go,
        and its tabs reconnect to load the table afresh from the database."""
        self.unload()
        self.on_superseded()
        self.fanout.end_all(SUPERSEDED)

    def end_connections(self, close: Close) -> None:
        self.fanout.end_all(close)
