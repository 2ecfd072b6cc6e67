"""RoomStore: the narrow, async repository behind the rooms layer."""

from collections import defaultdict
from dataclasses import dataclass

from sqlalchemy import delete, insert, select, update
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker

from app.persistence.group_commit import ActionWriter, PendingAction
from app.persistence.models import ActionRow, RoomRow, SeatRow


@dataclass(frozen=True, slots=True)
class SeatRecord:
    seat: int
    name: str
    token_hash: str | None
    is_bot: bool


@dataclass(frozen=True, slots=True)
class RoomRecord:
    """Everything needed to rebuild a table by replay."""

    id: str
    game: str
    options: dict[str, object]
    seat_count: int
    seed: int
    status: str
    rematch_of: str | None
    seats: tuple[SeatRecord, ...]
    actions: tuple[tuple[int, dict[str, object]], ...]  # (seat, payload) in order


class RoomStore:
    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self._sessions = async_sessionmaker(engine, expire_on_commit=False)
        self._actions = ActionWriter(engine)

    async def create(
        self, room_id: str, game: str, options: dict[str, object], seat_count: int, seed: int,
        rematch_of: str | None = None,
    ) -> None:
        async with self.engine.begin() as connection:
            await connection.execute(insert(RoomRow).values(
                id=room_id, game=game, options=options, seat_count=seat_count, seed=seed, status="waiting",
                rematch_of=rematch_of))

    async def put_seat(self, room_id: str, seat: SeatRecord) -> None:
        """Creates or replaces one seat (a join, a bot taking over, a player taking it back)."""
        async with self.engine.begin() as connection:
            await connection.execute(delete(SeatRow).where(SeatRow.room_id == room_id, SeatRow.seat == seat.seat))
            await connection.execute(insert(SeatRow).values(room_id=room_id, seat=seat.seat, name=seat.name,
                                                            token_hash=seat.token_hash, is_bot=seat.is_bot))

    async def start(self, room_id: str) -> None:
        async with self.engine.begin() as connection:
            await connection.execute(update(RoomRow).where(RoomRow.id == room_id).values(status="playing"))

    async def append(
        self, room_id: str, version: int, seat: int, payload: dict[str, object],
        outcome: dict[str, object] | None = None,
    ) -> None:
        """Records one accepted action (and the result, if it ended the game); returns once it is committed."""
        await self._actions.append(PendingAction(room_id, version, seat, payload, outcome))

    async def close(self) -> None:
        await self._actions.close()

    async def load(self, room_id: str) -> RoomRecord | None:
        records = await self._load(RoomRow.id == room_id)
        return records[0] if records else None

    async def load_open(self) -> list[RoomRecord]:
        """Every table not yet finished, with its seats and action log."""
        return await self._load(RoomRow.status != "finished")

    async def _load(self, where: object) -> list[RoomRecord]:
        async with self._sessions() as session:
            rooms = (await session.scalars(select(RoomRow).where(where))).all()  # type: ignore[arg-type]
            ids = [room.id for room in rooms]
            seats: dict[str, list[SeatRecord]] = defaultdict(list)
            actions: dict[str, list[tuple[int, dict[str, object]]]] = defaultdict(list)
            if ids:
                for s in await session.scalars(select(SeatRow).where(SeatRow.room_id.in_(ids))):
                    seats[s.room_id].append(SeatRecord(s.seat, s.name, s.token_hash, s.is_bot))
                ordered = select(ActionRow).where(ActionRow.room_id.in_(ids)).order_by(ActionRow.version)
                for a in await session.scalars(ordered):
                    actions[a.room_id].append((a.seat, a.payload))
        return [
            RoomRecord(id=room.id, game=room.game, options=room.options, seat_count=room.seat_count,
                       seed=room.seed, status=room.status, rematch_of=room.rematch_of,
                       seats=tuple(sorted(seats[room.id], key=lambda s: s.seat)),
                       actions=tuple(actions[room.id]))
            for room in rooms
        ]

    async def recent(self, limit: int = 20) -> list[tuple[str, str, str, int]]:
        """(id, game, status, seat_count) of the newest unfinished tables, for the lobby."""
        async with self._sessions() as session:
            rows = await session.execute(
                select(RoomRow.id, RoomRow.game, RoomRow.status, RoomRow.seat_count)
                .where(RoomRow.status != "finished").order_by(RoomRow.created_at.desc()).limit(limit))
            return [tuple(row) for row in rows]  # type: ignore[misc]

    async def rematch_of(self, room_id: str) -> str | None:
        """The table created as the rematch of this one, if any."""
        async with self._sessions() as session:
            return await session.scalar(select(RoomRow.id).where(RoomRow.rematch_of == room_id))
