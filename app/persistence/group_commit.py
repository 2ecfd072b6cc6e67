"""Group commit: accepted actions (and new games) from many tables share one transaction, and so one fsync.

Each caller still waits for its own action to be durable before it goes on, so the rooms' rule
"record, then show" holds; what is saved is the per-commit cost when many tables play at once.
Batches form by themselves: whatever arrives while one commit runs goes into the next.
"""

import asyncio
import contextlib
from dataclasses import dataclass, field

from sqlalchemy import insert, update
from sqlalchemy.ext.asyncio import AsyncEngine

from app.persistence.models import ActionRow, ResultRow, RoomRow

MAX_BATCH = 500


@dataclass(slots=True)
class PendingAction:
    room_id: str
    version: int
    seat: int
    payload: dict[str, object]
    outcome: dict[str, object] | None
    game_no: int
    done: asyncio.Future[None] = field(default_factory=lambda: asyncio.get_running_loop().create_future())


@dataclass(slots=True)
class PendingGame:
    """A finished table beginning its next game."""

    room_id: str
    game_no: int
    seed: int
    first_version: int
    done: asyncio.Future[None] = field(default_factory=lambda: asyncio.get_running_loop().create_future())


Pending = PendingAction | PendingGame


class ActionWriter:
    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self._queue: list[Pending] = []
        self._arrived = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    async def append(self, pending: Pending) -> None:
        """Returns once the write is committed; raises what the database raised for it."""
        self._queue.append(pending)
        self._arrived.set()
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run())
        await pending.done

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _run(self) -> None:
        while True:
            await self._arrived.wait()
            self._arrived.clear()
            while self._queue:
                batch, self._queue = self._queue[:MAX_BATCH], self._queue[MAX_BATCH:]
                await self._commit(batch)

    async def _commit(self, batch: list[Pending]) -> None:
        try:
            await self._write(batch)
        except Exception as exc:
            if len(batch) == 1:
                if not batch[0].done.done():
                    batch[0].done.set_exception(exc)
                return
            for pending in batch:  # one bad row must not fail the others: write them one by one
                await self._commit([pending])
            return
        for pending in batch:
            if not pending.done.done():  # its caller may have gone (a shutdown)
                pending.done.set_result(None)

    async def _write(self, batch: list[Pending]) -> None:
        actions = [p for p in batch if isinstance(p, PendingAction)]
        async with self.engine.begin() as connection:
            # Order within a batch does not matter: a table waits for each write before its next.
            for game in (p for p in batch if isinstance(p, PendingGame)):
                await connection.execute(update(RoomRow).where(RoomRow.id == game.room_id).values(
                    status="playing", game_no=game.game_no, seed=game.seed, first_version=game.first_version))
            if actions:
                await connection.execute(insert(ActionRow), [
                    {"room_id": p.room_id, "version": p.version, "seat": p.seat, "payload": p.payload}
                    for p in actions])
            finished = [p for p in actions if p.outcome is not None]
            if finished:
                await connection.execute(insert(ResultRow), [
                    {"room_id": p.room_id, "game_no": p.game_no, "outcome": p.outcome} for p in finished])
                await connection.execute(update(RoomRow).where(RoomRow.id.in_([p.room_id for p in finished]))
                                         .values(status="finished"))
