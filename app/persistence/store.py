"""RoomStore: the narrow, async repository behind the rooms layer."""

import contextlib
from collections import defaultdict
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass

from sqlalchemy import delete, func, select, update
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker

from app.persistence.batch_sinks import to_json
from app.persistence.faults import FaultLog, StoreUnavailable
from app.persistence.group_commit import GroupWriter
from app.persistence.models import ActionRow, ChatRow, ResultRow, RoomRow, SeatKeyRow, SeatRow, TableStatus
from app.persistence.writes import (
    ChatSettings,
    ChatTrim,
    ClockChange,
    ExpiredChat,
    Expiry,
    GameOver,
    GameStart,
    KeyRemoval,
    KeyRevocation,
    NewAction,
    NewChatLine,
    NewKey,
    NewResult,
    NewRoom,
    NextDeal,
    PlayersAround,
    SeatChange,
    TableChange,
    Write,
)


@dataclass(frozen=True, slots=True)
class Fence:
    """Where the writing process holds a table: its revision (changes that are not moves) and version
    (moves). A change fenced by it is written only if the table still stands there (writes.TableChange)."""

    revision: int
    version: int

    def write(self, room_id: str) -> TableChange:
        return TableChange(self.revision + 1, room_id, self.revision, self.version)


@dataclass(frozen=True, slots=True)
class SeatRecord:
    seat: int
    name: str
    human: bool  # a person took it (a bot may be playing it for them)
    is_bot: bool


@dataclass(frozen=True, slots=True)
class KeyRecord:
    """A secret that opens a seat, by its hash: a browser's token, or a seat link until `expires_at`."""

    token_hash: str
    seat: int
    expires_at: int | None = None  # set for a seat link (Unix seconds)
    signs_out: str | None = None  # the browser token a link replaces when it is used
    revoked: str | None = None  # why a browser's token no longer opens the seat ("moved", "reissued")

    @property
    def is_link(self) -> bool:
        return self.expires_at is not None

    @property
    def opens_seat(self) -> bool:
        """A browser's token in use: neither a link nor revoked."""
        return self.expires_at is None and self.revoked is None


@dataclass(frozen=True, slots=True)
class ChatRecord:
    """One chat line: text, or a quick reaction (`text` empty)."""

    n: int
    seat: int | None  # None: a spectator
    name: str
    text: str
    reaction: str | None
    at: int  # Unix seconds


@dataclass(frozen=True, slots=True)
class RoomRecord:
    """Everything needed to rebuild a table by replay."""

    id: str
    game: str
    options: dict[str, object]
    seat_count: int
    seed: int  # of the current game
    status: TableStatus
    game_no: int
    first_version: int  # the table's version when its current game began
    active_at: int  # when a seated player was last around (Unix seconds)
    seats: tuple[SeatRecord, ...]
    keys: tuple[KeyRecord, ...]
    actions: tuple[tuple[int, dict[str, object]], ...]  # the current game's (seat, payload), in order
    chat_mode: str = "open"
    spectator_chat: bool = False
    chat: tuple[ChatRecord, ...] = ()  # the lines it keeps (app/rooms/chat.py trims them as it writes)
    turn_seconds: int | None = None  # the turn timer's seconds per decision; None: no timer
    clock: dict[str, object] | None = None  # the turn clock as it stood after the last change
    timed_out: frozenset[int] = frozenset()  # versions of the current game the bot made because time ran out
    practice: bool = False  # opened by "Learn <game>": its page starts with the coach
    revision: int = 0  # how many changes that are not moves the table has had (Fence)
    hints: bool = True  # whether its players may ask the bot for a hint


@dataclass(frozen=True, slots=True)
class GameSummary:
    """One game of a table's evening: how it ended (None: still being played)."""

    game_no: int
    outcome: dict[str, object] | None
    replayable: bool  # it keeps its seed (games ended before results kept them do not)


@dataclass(frozen=True, slots=True)
class StoredAction:
    version: int
    seat: int
    payload: dict[str, object]
    by_clock: bool  # the bot made it because the seat's time ran out


@dataclass(frozen=True, slots=True)
class StoredGame:
    """One game of a table as it replays: its deal, its actions, and how it ended (None: not yet)."""

    room_id: str
    game: str
    options: dict[str, object]
    seats: tuple[SeatRecord, ...]
    game_no: int
    seed: int | None  # None: ended before results kept seeds, it cannot be replayed
    first_version: int  # the table's version at the deal
    outcome: dict[str, object] | None
    actions: tuple[StoredAction, ...]


class RoomStore:
    """Writes go through one group writer (so they share commits); reads use SQLAlchemy."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self._sessions = async_sessionmaker(engine, expire_on_commit=False)
        self._faults = FaultLog("the database")
        self._writer = GroupWriter(engine.url, self._faults)

    async def create(
        self,
        room_id: str,
        game: str,
        options: dict[str, object],
        seat_count: int,
        seed: int,
        active_at: int,
        turn_seconds: int | None = None,
        practice: bool = False,
        hints: bool = True,
    ) -> None:
        await self._writer.write(
            NewRoom(room_id, game, to_json(options), seat_count, seed, active_at, turn_seconds, practice, hints)
        )

    async def mark_active(self, room_id: str, at: int) -> None:
        """Records that a seated player was around at `at` (Unix seconds)."""
        await self._writer.write(PlayersAround(at=at, room_id=room_id))

    async def expire(self, room_id: str) -> None:
        """Ends a table that never started, and its chat; its code then answers that it has expired."""
        await self._writer.write(Expiry(room_id), ExpiredChat(room_id))

    async def put_seat(self, room_id: str, fence: Fence, seat: SeatRecord, keys: Sequence[KeyRecord] = ()) -> None:
        """Creates or replaces one seat (a join, a bot taking over, a player taking it back), with keys it gains."""
        await self._writer.write(
            fence.write(room_id),
            SeatChange(room_id, seat.seat, seat.name, seat.human, seat.is_bot),
            *_key_writes(room_id, keys, ()),
        )

    async def change_keys(
        self,
        room_id: str,
        fence: Fence,
        add: Sequence[KeyRecord] = (),
        remove: Sequence[str] = (),
        revoke: Sequence[str] = (),
        why: str = "",
    ) -> None:
        """In one commit: adds keys, removes others, revokes browsers' tokens (all by hash) for `why`."""
        writes = [fence.write(room_id), *_key_writes(room_id, add, remove)]
        writes += [KeyRevocation(why=why, room_id=room_id, token_hash=token_hash) for token_hash in revoke]
        await self._writer.write(*writes)

    async def append_chat(self, room_id: str, line: ChatRecord, keep_from: int) -> None:
        """Records one chat line and drops the table's lines numbered below `keep_from`, in one commit."""
        await self._writer.write(
            NewChatLine(room_id, line.n, line.seat, line.name, line.text, line.reaction, line.at),
            ChatTrim(room_id, keep_from),
        )

    async def set_chat(self, room_id: str, fence: Fence, mode: str, spectators: bool) -> None:
        await self._writer.write(fence.write(room_id), ChatSettings(mode=mode, spectators=spectators, room_id=room_id))

    async def start(self, room_id: str, fence: Fence, clock: dict[str, object] | None = None) -> None:
        await self._writer.write(fence.write(room_id), GameStart(room_id), *_clock_change(room_id, clock))

    async def set_clock(self, room_id: str, fence: Fence, clock: dict[str, object]) -> None:
        """Records the turn clock (paused, resumed)."""
        await self._writer.write(fence.write(room_id), *_clock_change(room_id, clock))

    async def append(
        self,
        room_id: str,
        version: int,
        seat: int,
        payload: dict[str, object],
        outcome: dict[str, object] | None = None,
        game_no: int = 1,
        clock: dict[str, object] | None = None,
        by_clock: bool = False,
        seed: int | None = None,
        first_version: int | None = None,
    ) -> None:
        """Records one accepted action (and the result, if it ended the game, and the turn clock it set);
        returns once it is committed. `by_clock`: the bot made it because the seat's time ran out. The
        result keeps the game's `seed` and `first_version`, from which it replays."""
        action = NewAction(room_id, version, seat, to_json(payload), by_clock)
        if outcome is None:
            await self._writer.write(action, *_clock_change(room_id, clock))
        else:
            await self._writer.write(
                action,
                NewResult(room_id, game_no, to_json(outcome), seed, first_version, last_version=version),
                GameOver(room_id),
                *_clock_change(room_id, clock),
            )

    async def play_again(
        self,
        room_id: str,
        game_no: int,
        seed: int,
        first_version: int,
        seat: int,
        clock: dict[str, object] | None = None,
    ) -> None:
        """Records that a finished table began its next game, as `seat` asked; returns once it is committed.

        The asking is logged at the version the deal takes (`first_version`, before the new game's own
        actions): the key on (table, version) then lets only one process deal the next game."""
        await self._writer.write(
            NewAction(room_id, first_version, seat, to_json({"type": "again"}), by_clock=False),
            NextDeal(game_no=game_no, seed=seed, first_version=first_version, room_id=room_id),
            *_clock_change(room_id, clock),
        )

    async def close(self) -> None:
        await self._writer.close()

    async def load(self, room_id: str) -> RoomRecord | None:
        records = await self._load(RoomRow.id == room_id)
        return records[0] if records else None

    async def load_active(self, since: int, initials: str | None = None) -> list[RoomRecord]:
        """The tables not yet over that a seated player was around at or after `since`; with `initials`,
        only those whose code begins with one of them (a worker's own)."""
        where = RoomRow.status.in_((TableStatus.WAITING, TableStatus.PLAYING)) & (RoomRow.active_at >= since)
        if initials is not None:
            where &= func.substr(RoomRow.id, 1, 1).in_(list(initials))
        return await self._load(where)

    async def expire_waiting(self, before: int) -> int:
        """Expires every table never started whose seated players were last around before `before`."""
        async with self._reading(), self._sessions() as session, session.begin():
            result = await session.execute(
                update(RoomRow)
                .where(RoomRow.status == TableStatus.WAITING, RoomRow.active_at < before)
                .values(status=TableStatus.EXPIRED)
            )
            return int(result.rowcount)  # type: ignore[attr-defined]

    async def forget_chat(self, quiet_since: int) -> int:
        """Deletes the chat of expired tables and of tables no seated player has been at since `quiet_since`."""
        quiet = select(RoomRow.id).where((RoomRow.status == TableStatus.EXPIRED) | (RoomRow.active_at < quiet_since))
        async with self._reading(), self._sessions() as session, session.begin():
            result = await session.execute(delete(ChatRow).where(ChatRow.room_id.in_(quiet)))
            return int(result.rowcount)  # type: ignore[attr-defined]

    async def games(self, room_id: str) -> list[GameSummary]:
        """The table's games in order: each finished one with its result, then the one being played."""
        async with self._reading(), self._sessions() as session:
            room = await session.get(RoomRow, room_id)
            if room is None:
                return []
            results = await session.scalars(
                select(ResultRow).where(ResultRow.room_id == room_id).order_by(ResultRow.game_no)
            )
            games = [GameSummary(r.game_no, r.outcome, r.seed is not None) for r in results]
        if room.status == TableStatus.PLAYING:
            games.append(GameSummary(room.game_no, None, True))
        return games

    async def game(self, room_id: str, game_no: int) -> StoredGame | None:
        """One game of the table with its actions; None if there is none."""
        async with self._reading(), self._sessions() as session:
            room = await session.get(RoomRow, room_id)
            if room is None:
                return None
            result = await session.get(ResultRow, (room_id, game_no))
            if result is not None:
                seed, first, last, outcome = result.seed, result.first_version or 0, result.last_version, result.outcome
            elif game_no == room.game_no and room.status == TableStatus.PLAYING:
                seed, first, last, outcome = room.seed, room.first_version, None, None
            else:
                return None
            rows = select(ActionRow).where(ActionRow.room_id == room_id, ActionRow.version > first)
            if last is not None:
                rows = rows.where(ActionRow.version <= last)
            actions = tuple(
                StoredAction(a.version, a.seat, a.payload, a.by_clock)
                for a in await session.scalars(rows.order_by(ActionRow.version))
            )
            seats = tuple(
                SeatRecord(s.seat, s.name, s.human, s.is_bot)
                for s in await session.scalars(select(SeatRow).where(SeatRow.room_id == room_id).order_by(SeatRow.seat))
            )
        return StoredGame(room_id, room.game, room.options, seats, game_no, seed, first, outcome, actions)

    async def key(self, room_id: str, token_hash: str) -> KeyRecord | None:
        """The seat key with this hash at this table, if any (for a table not held in memory)."""
        async with self._reading(), self._sessions() as session:
            k = await session.get(SeatKeyRow, (room_id, token_hash))
        return None if k is None else KeyRecord(k.token_hash, k.seat, k.expires_at, k.signs_out, k.revoked)

    @contextlib.asynccontextmanager
    async def _reading(self) -> AsyncIterator[None]:
        """Turns a database failure into StoreUnavailable, logged once per outage."""
        try:
            yield
        except (SQLAlchemyError, OSError) as exc:
            self._faults.failed(exc)
            raise StoreUnavailable(str(exc)) from exc
        self._faults.succeeded()

    async def _load(self, where: object) -> list[RoomRecord]:
        async with self._reading(), self._sessions() as session:
            rooms = (await session.scalars(select(RoomRow).where(where))).all()  # type: ignore[arg-type]
            ids = [room.id for room in rooms]
            seats: dict[str, list[SeatRecord]] = defaultdict(list)
            keys: dict[str, list[KeyRecord]] = defaultdict(list)
            chat: dict[str, list[ChatRecord]] = defaultdict(list)
            actions: dict[str, list[tuple[int, dict[str, object]]]] = defaultdict(list)
            timed_out: dict[str, set[int]] = defaultdict(set)
            if ids:
                for s in await session.scalars(select(SeatRow).where(SeatRow.room_id.in_(ids))):
                    seats[s.room_id].append(SeatRecord(s.seat, s.name, s.human, s.is_bot))
                for k in await session.scalars(select(SeatKeyRow).where(SeatKeyRow.room_id.in_(ids))):
                    keys[k.room_id].append(KeyRecord(k.token_hash, k.seat, k.expires_at, k.signs_out, k.revoked))
                current_game = (
                    select(ActionRow)
                    .join(RoomRow, RoomRow.id == ActionRow.room_id)
                    .where(ActionRow.room_id.in_(ids), ActionRow.version > RoomRow.first_version)
                    .order_by(ActionRow.version)
                )
                for a in await session.scalars(current_game):
                    actions[a.room_id].append((a.seat, a.payload))
                    if a.by_clock:
                        timed_out[a.room_id].add(a.version)
                lines = select(ChatRow).where(ChatRow.room_id.in_(ids)).order_by(ChatRow.room_id, ChatRow.n)
                for c in await session.scalars(lines):
                    chat[c.room_id].append(ChatRecord(c.n, c.seat, c.name, c.text, c.reaction, c.at))
        return [
            RoomRecord(
                id=room.id,
                game=room.game,
                options=room.options,
                seat_count=room.seat_count,
                seed=room.seed,
                status=TableStatus(room.status),
                game_no=room.game_no,
                first_version=room.first_version,
                active_at=room.active_at,
                seats=tuple(sorted(seats[room.id], key=lambda s: s.seat)),
                keys=tuple(keys[room.id]),
                actions=tuple(actions[room.id]),
                chat_mode=room.chat_mode,
                spectator_chat=room.spectator_chat,
                chat=tuple(chat[room.id]),
                turn_seconds=room.turn_seconds,
                clock=room.clock,
                timed_out=frozenset(timed_out[room.id]),
                practice=room.practice,
                revision=room.revision,
                hints=room.hints,
            )
            for room in rooms
        ]


def _clock_change(room_id: str, clock: dict[str, object] | None) -> list[Write]:
    return [] if clock is None else [ClockChange(to_json(clock), room_id)]


def _key_writes(room_id: str, add: Sequence[KeyRecord], remove: Sequence[str]) -> list[Write]:
    writes: list[Write] = [KeyRemoval(room_id, token_hash) for token_hash in remove]
    writes += [NewKey(room_id, k.token_hash, k.seat, k.expires_at, k.signs_out, k.revoked) for k in add]
    return writes
