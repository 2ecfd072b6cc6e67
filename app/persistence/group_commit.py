"""Group commit: accepted actions (and new games) from many tables share one transaction, and so one fsync.

Each caller still waits for its own action to be durable before it goes on, so the rooms' rule
"record, then show" holds; what is saved is the per-commit cost when many tables play at once.
Batches form by themselves: whatever arrives while one commit runs goes into the next.
"""

import asyncio
import contextlib
from dataclasses import dataclass, field

from sqlalchemy.engine import URL

from app.persistence.batch_sinks import Batch, sink_for, to_json

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
    def __init__(self, url: URL) -> None:
        self._sink = sink_for(url)
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
        await self._sink.close()

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
        finished = [p for p in actions if p.outcome is not None]
        # Order within a batch does not matter: a table waits for each write before its next.
        await self._sink.write(Batch(
            actions=[(p.room_id, p.version, p.seat, to_json(p.payload)) for p in actions],
            results=[(p.room_id, p.game_no, to_json(p.outcome)) for p in finished],
            finished=[p.room_id for p in finished],
            new_games=[(p.game_no, p.seed, p.first_version, p.room_id) for p in batch if isinstance(p, PendingGame)],
        ))
