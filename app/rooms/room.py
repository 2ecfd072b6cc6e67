"""One live table: its seats, its game state, and the one writer that changes it."""

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from random import Random
from typing import Any

import orjson

from app.engine import Event, GameRules, IllegalAction, Options, Outcome, Seat, rng_for, table_view
from app.persistence import RoomRecord, RoomStore, SeatRecord, StoreUnavailable, TableStatus
from app.rooms.connection import Close, Connection
from app.rooms.errors import StaleVersion, TableError
from app.rooms.identity import hash_token, new_seed, new_token, token_matches

log = logging.getLogger(__name__)

LOG_ON_ATTACH = 400  # log lines sent with a fresh snapshot


@dataclass(slots=True)
class SeatSlot:
    """A place at the table: open (no name), taken by a player (name and token hash), or a bot."""

    name: str | None = None
    token_hash: str | None = None
    is_bot: bool = False

    @property
    def is_open(self) -> bool:
        return self.name is None

    def record(self, seat: Seat) -> SeatRecord:
        return SeatRecord(seat, self.name or "", self.token_hash, self.is_bot)


def seat_slots(record: RoomRecord) -> list[SeatSlot]:
    """A stored table's seats, open ones included."""
    slots = [SeatSlot() for _ in range(record.seat_count)]
    for seat in record.seats:
        slots[seat.seat] = SeatSlot(seat.name or None, seat.token_hash, seat.is_bot)
    return slots


def table_json(
    code: str,
    game: str,
    status: TableStatus,
    options: Mapping[str, object],
    game_no: int,
    seats: list[SeatSlot],
    online: set[Seat | None],
) -> dict[str, object]:
    """The public facts about a table: its seats, who is here, its status."""
    return {
        "code": code,
        "game": game,
        "status": status,
        "options": options,
        "game_no": game_no,
        "seats": [
            {"seat": s, "name": slot.name, "bot": slot.is_bot, "connected": slot.is_bot or s in online}
            for s, slot in enumerate(seats)
        ],
    }


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
    ) -> None:
        self.id = room_id
        self.rules = rules
        self.options = options
        self.seat_count = seat_count
        self.seed = seed
        self.store = store
        self.bot_delay = bot_delay
        self.game_no = 1  # a table plays again and again with the same seats
        self.status = TableStatus.WAITING
        self.seats = [SeatSlot() for _ in range(seat_count)]
        self.state: Any = None
        self.version = 0
        self.log: list[tuple[int, Event]] = []
        # Per seat: the legal actions it is offered and the version since which they stand. An
        # action made against an older view still counts while the seat's options are unchanged
        # (others committing in a simultaneous step do not make your click stale).
        self._legal: list[tuple[Any, ...]] = [() for _ in range(seat_count)]
        self._legal_since = [0] * seat_count
        # Of the current state, computed once and shared by every view and the bots.
        self._awaiting: frozenset[Seat] = frozenset()
        self._outcome: Outcome | None = None
        self._last_action_id: list[str | None] = [None] * seat_count  # a retried id is not applied twice
        self.connections: set[Connection] = set()
        self._lock = asyncio.Lock()
        self._bot_task: asyncio.Task[None] | None = None
        self.clock = clock
        self.active_at = int(clock())  # when a seated player was last around (stored: expiry counts from it)
        self.last_seen = clock()  # when a tab last left: an idle table leaves memory

    # --- rebuilding -------------------------------------------------------------------------

    @classmethod
    def rebuild(
        cls,
        record: RoomRecord,
        rules: GameRules[Any, Any],
        store: RoomStore,
        bot_delay: float,
        clock: Callable[[], float] = time.time,
    ) -> "Room":
        """The table as it was, replayed from its seed and action log."""
        options = rules.parse_options(record.options, record.seat_count)
        room = cls(record.id, rules, options, record.seat_count, record.seed, store, bot_delay, clock)
        room.game_no, room.version = record.game_no, record.first_version
        room.seats, room.active_at = seat_slots(record), record.active_at
        if record.status != TableStatus.WAITING:
            room._deal()
            for seat, payload in record.actions:
                step = rules.apply(room.state, seat, rules.parse_action(payload), rng_for(room.seed, room.version + 1))
                room._advance(step.state, step.events, over=rules.outcome(step.state) is not None)
            room._note_state(since_now=True)
        return room

    def _deal(self) -> None:
        self.state = self.rules.setup(self.seat_count, self.options, Random(self.seed))
        self.status = TableStatus.PLAYING

    def _note_state(self, since_now: bool = False) -> None:
        """Computes who is awaited, the outcome and each seat's legal actions, noting since which version
        each seat's have stood."""
        self._awaiting = self.rules.awaiting(self.state)
        self._outcome = self.rules.outcome(self.state)
        for seat in range(self.seat_count):
            legal = tuple(self.rules.legal_actions(self.state, seat))
            if since_now or legal != self._legal[seat]:
                self._legal[seat], self._legal_since[seat] = legal, self.version

    def _advance(self, state: Any, events: tuple[Event, ...], over: bool) -> None:
        self.state = state
        self.version += 1
        self.log.extend((self.version, event) for event in events)
        if over:
            self.status = TableStatus.FINISHED

    # --- seats ------------------------------------------------------------------------------

    def seat_for(self, token: str | None) -> Seat | None:
        """The seat this token holds here, or None (a spectator)."""
        for seat, slot in enumerate(self.seats):
            if token_matches(self.id, token, slot.token_hash):
                return seat
        return None

    async def join(self, name: str, seat: Seat | None = None) -> tuple[Seat, str]:
        """Takes the lowest open seat (or the given one) for a new player; returns it and its token."""
        async with self._lock:
            if self.status != TableStatus.WAITING:
                raise TableError("already_started", "This table has already started.", 409)
            if seat is None:
                seat = next((s for s, slot in enumerate(self.seats) if slot.is_open), None)
                if seat is None:
                    raise TableError("table_full", "Every seat at this table is taken.", 409)
            elif not self.seats[seat].is_open:
                raise TableError("seat_taken", "That seat is taken.", 409)
            return seat, await self._give_seat(seat, name)

    async def _give_seat(self, seat: Seat, name: str) -> str:
        token = new_token()
        slot = SeatSlot(name, hash_token(self.id, token), is_bot=False)
        await self.store.put_seat(self.id, slot.record(seat))
        self.seats[seat] = slot
        self.push_table()
        return token

    async def set_bot(self, by: Seat | None, seat: Seat, bot: bool) -> None:
        """Seats or unseats a bot.

        Before the start the creator (seat 0) fills open seats with bots. During the game the creator
        hands the seat of a player who left to a bot, and that player (or the creator) takes it back.
        """
        async with self._lock:
            if self.rules.bot is None:
                raise TableError("no_bot", "This game has no bot.", 409)
            if not 0 <= seat < self.seat_count:
                raise TableError("bad_seat", "No such seat.", 400)
            if self.status == TableStatus.WAITING:
                new = self._bot_before_start(by, seat, bot)
            elif self.status == TableStatus.PLAYING:
                new = self._bot_during_game(by, seat, bot)
            else:
                raise TableError("game_over", "The game is over.", 409)
            await self.store.put_seat(self.id, new.record(seat))
            self.seats[seat] = new
            self.push_table()
        self._wake_bots()

    def _bot_before_start(self, by: Seat | None, seat: Seat, bot: bool) -> SeatSlot:
        self._require_creator(by)
        slot = self.seats[seat]
        if bot and not slot.is_open:
            raise TableError("seat_taken", "That seat is taken.", 409)
        if not bot and not slot.is_bot:
            raise TableError("not_a_bot", "That seat has no bot.", 409)
        return SeatSlot("Bot", None, True) if bot else SeatSlot()

    def _bot_during_game(self, by: Seat | None, seat: Seat, bot: bool) -> SeatSlot:
        slot = self.seats[seat]
        if slot.token_hash is None:  # a bot from the start has nobody to give the seat back to
            raise TableError("not_a_player_seat", "That seat was never a player's.", 409)
        if bot:
            self._require_creator(by)
            if slot.is_bot or any(c.seat == seat for c in self.connections):
                raise TableError("player_present", "That player is still at the table.", 409)
        else:
            if by not in {seat, 0}:
                raise TableError("not_creator", "Only that player or the creator can do that.", 403)
            if not slot.is_bot:
                raise TableError("not_a_bot", "That seat has no bot.", 409)
        return SeatSlot(slot.name, slot.token_hash, bot)

    async def start(self, by: Seat | None) -> None:
        async with self._lock:
            self._require_creator(by)
            if self.status != TableStatus.WAITING:
                raise TableError("already_started", "This table has already started.", 409)
            if any(slot.is_open for slot in self.seats):
                raise TableError("seats_open", "Every seat must be filled before the start.", 409)
            await self._start()

    async def _start(self) -> None:
        await self.store.start(self.id)
        self._deal()
        self._note_state(since_now=True)
        self._push_state((), table_changed=True)
        self._wake_bots()

    def _require_creator(self, by: Seat | None) -> None:
        if by != 0:
            raise TableError("not_creator", "Only the table's creator can do that.", 403)

    # --- playing ----------------------------------------------------------------------------

    async def submit(
        self,
        seat: Seat | None,
        version: int,
        payload: Mapping[str, object],
        by_bot: bool = False,
        action_id: str | None = None,
    ) -> bool:
        """Checks, records, then applies and pushes one action; raises without changing anything.

        Returns True when applied: the mover's `state` message then carries the ack. Returns False for
        a retry of the seat's last applied action (same id), which is not applied again.
        """
        if seat is None:
            raise IllegalAction("not_a_player", "You are not seated at this table.")
        if self.seats[seat].is_bot != by_bot:
            raise TableError("seat_is_bot", "A bot is playing this seat; take it back first.", 409)
        async with self._lock:
            if self.status == TableStatus.WAITING:
                raise IllegalAction("not_started", "The game has not started yet.")
            if action_id is not None and action_id == self._last_action_id[seat]:
                return False
            if not self._legal_since[seat] <= version <= self.version:
                raise StaleVersion()
            action = self.rules.parse_action(payload)
            step = self.rules.apply(self.state, seat, action, rng_for(self.seed, self.version + 1))
            outcome = self.rules.outcome(step.state)
            # Record before anyone is told: a move nobody can lose is the only move anyone sees.
            await self.store.append(
                self.id,
                self.version + 1,
                seat,
                action.to_json(),
                outcome.to_json() if outcome is not None else None,
                self.game_no,
            )
            self._advance(step.state, step.events, over=outcome is not None)
            self._last_action_id[seat] = action_id
            self._note_state()
            self._push_state(step.events, table_changed=outcome is not None, ack=None if by_bot else (seat, action_id))
        self._wake_bots()
        return True

    def check(self, seat: Seat | None, payload: Mapping[str, object]) -> None:
        """Raises what `submit` would refuse this action with now; applies, records and tells nothing.

        The rules are pure, so trying the action on the current state changes nothing.
        """
        if seat is None:
            raise IllegalAction("not_a_player", "You are not seated at this table.")
        if self.state is None:
            raise IllegalAction("not_started", "The game has not started yet.")
        self.rules.apply(self.state, seat, self.rules.parse_action(payload), rng_for(self.seed, self.version + 1))

    async def play_again(self, seat: Seat | None, version: int) -> bool:
        """Deals the next game at a finished table, to the same seats; any of its players may ask.

        `version` is the finished game's last: of two players asking at once, the second is stale.
        """
        if seat is None or self.seats[seat].is_bot:
            raise TableError("not_a_player", "Only the players at this table can start the next game.", 403)
        async with self._lock:
            if version != self.version:  # checked first: the asker missed that the next game began
                raise StaleVersion()
            if self.status != TableStatus.FINISHED:
                raise TableError("not_finished", "The game is not over yet.", 409)
            seed, first_version = new_seed(), self.version + 1
            await self.store.play_again(self.id, self.game_no + 1, seed, first_version)
            self.seed, self.game_no, self.version, self.log = seed, self.game_no + 1, first_version, []
            self._deal()
            self._note_state(since_now=True)
            for connection in list(self.connections):
                connection.push(self.snapshot(connection.seat))
        self._wake_bots()
        return False  # the snapshots answer nobody: the asker gets its own ack

    # --- bots -------------------------------------------------------------------------------

    def resume_bots(self) -> None:
        """Lets bots continue a table rebuilt from the database."""
        if self.status == TableStatus.PLAYING:
            self._wake_bots()

    def _wake_bots(self) -> None:
        if not any(slot.is_bot for slot in self.seats):
            return
        if self._bot_task is None or self._bot_task.done():
            self._bot_task = asyncio.get_running_loop().create_task(self._play_bots())

    async def _play_bots(self) -> None:
        """Plays every bot seat that is awaited, one move at a time, through the same path as people."""
        waiting: set[Seat] = set()  # bots that chose to do nothing at the current version
        seen_version = self.version
        while self.status == TableStatus.PLAYING and self.rules.bot is not None:
            if self.version != seen_version:
                waiting, seen_version = set(), self.version
            due = sorted(s for s in self._awaiting if self.seats[s].is_bot and s not in waiting)
            if not due:
                return
            await asyncio.sleep(self.bot_delay)
            seat, version = due[0], self.version
            if version != self.version or seat not in self._awaiting or not self.seats[seat].is_bot:
                continue  # the table moved while the bot was thinking
            view = self._view(seat)
            assert view is not None
            action = self.rules.bot(view, Random(f"{self.seed}:bot:{version}:{seat}"))
            if action is None:
                waiting.add(seat)
                continue
            try:
                await self.submit(seat, version, action, by_bot=True)
            except (IllegalAction, TableError):
                log.exception("bot at %s seat %s made a refused move", self.id, seat)
                return

    async def close(self) -> None:
        """Stops background work (on shutdown)."""
        if self._bot_task is not None:
            self._bot_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._bot_task
        for connection in list(self.connections):
            connection.drop()

    # --- what each connection is sent -------------------------------------------------------

    def table_json(self) -> dict[str, object]:
        """The public facts about the table itself: its seats, who is here, its status."""
        return table_json(
            self.id,
            self.rules.slug,
            self.status,
            self.options.values,
            self.game_no,
            self.seats,
            {c.seat for c in self.connections},
        )

    def _view(self, seat: Seat | None) -> dict[str, object] | None:
        if self.state is None:
            return None
        legal = () if seat is None else self._legal[seat]
        return table_view(self.rules, self.state, seat, self._awaiting, legal, self._outcome)

    def snapshot(self, seat: Seat | None) -> bytes:
        """Everything a tab needs after (re)connecting: the table, the view, the log so far."""
        lines = [_event_json(v, e) for v, e in self.log[-LOG_ON_ATTACH:] if e.visible_to(seat)]
        return orjson.dumps(
            {
                "type": "state",
                "version": self.version,
                "you": seat,
                "table": self.table_json(),
                "view": self._view(seat),
                "events": lines,
                "full_log": True,
                "catalog": self.rules.catalog,  # static data, once per connection; views name it by id
            }
        )

    def _push_state(
        self, events: tuple[Event, ...], table_changed: bool, ack: tuple[Seat, str | None] | None = None
    ) -> None:
        """One view per seat with a tab open, and one for all spectators, computed once each.

        The table object rides along only when its status changed; `ack` answers the mover's tabs.
        """
        table = self.table_json() if table_changed else None
        lines = [(event, _event_json(self.version, event)) for event in events]
        encoded: dict[Seat | None, bytes] = {}
        for connection in self.connections:  # pushing never adds or removes a connection
            seat = connection.seat
            if seat not in encoded:
                message = {
                    "type": "state",
                    "version": self.version,
                    "you": seat,
                    "view": self._view(seat),
                    "events": [line for event, line in lines if event.visible_to(seat)],
                }
                if table is not None:
                    message["table"] = table
                if ack is not None and ack[0] == seat:
                    message["ack"] = ack[1]
                encoded[seat] = orjson.dumps(message)
            connection.push(encoded[seat])

    def push_table(self) -> None:
        """Tells every tab that the table's public facts changed (seats, presence)."""
        message = orjson.dumps({"type": "table", "table": self.table_json()})
        for connection in list(self.connections):
            connection.push(message)

    async def attach(self, connection: Connection) -> None:
        connection.push(self.snapshot(connection.seat))
        self.connections.add(connection)
        await self._presence_changed(connection.seat)

    async def detach(self, connection: Connection) -> None:
        self.connections.discard(connection)
        self.last_seen = self.clock()
        await self._presence_changed(connection.seat)

    async def _presence_changed(self, seat: Seat | None) -> None:
        """A seated player's tab came or went: the others are told, and the table notes they were around.

        Spectators come and go unannounced: the table's public facts do not change with them.
        """
        if seat is None:
            return
        self.push_table()
        if self.status == TableStatus.FINISHED:
            return
        self.active_at = int(self.clock())  # a table never started expires only once its players are gone
        with contextlib.suppress(StoreUnavailable):  # presence is no reason to refuse a tab
            await self.store.mark_active(self.id, self.active_at)

    def spectator_count(self) -> int:
        return sum(c.seat is None for c in self.connections)

    def tabs_of(self, seat: Seat) -> list[Connection]:
        """The seat's open tabs, oldest first."""
        return sorted((c for c in self.connections if c.seat == seat), key=lambda c: c.serial)

    # --- lifetime ---------------------------------------------------------------------------

    def idle_since(self) -> float | None:
        """Since when nothing has happened here: no tab open, no bot at work, no change under way; else None."""
        if self.connections or self._lock.locked() or (self._bot_task is not None and not self._bot_task.done()):
            return None
        return self.last_seen

    def expired(self, now: float, waiting_seconds: float) -> bool:
        """A table never started whose seated players have all been gone for `waiting_seconds`."""
        return (
            self.status == TableStatus.WAITING
            and now - self.active_at >= waiting_seconds
            and not any(c.seat is not None for c in self.connections)
        )

    def end_connections(self, close: Close) -> None:
        for connection in list(self.connections):
            connection.drop(close)


def _event_json(version: int, event: Event) -> dict[str, object]:
    return {"v": version, **event.to_json()}
