"""Group commit: every write, from every table, joins the next shared transaction, and so one fsync.

Each caller still waits for its own write to be durable before it goes on, so the rooms' rule
"record, then show" holds; what is saved is the per-commit cost when many tables play at once.
Batches form by themselves: whatever arrives while one commit runs goes into the next.
"""

import asyncio
import contextlib
from dataclasses import dataclass, field

from sqlalchemy.engine import URL

from app.persistence.batch_sinks import Superseded, sink_for
from app.persistence.faults import FaultLog
from app.persistence.writes import Write

MAX_BATCH = 500


@dataclass(slots=True)
class PendingWrite:
    """Writes that commit together (an action that ends a game: the action, its result, the status)."""

    writes: list[Write]
    done: asyncio.Future[None] = field(default_factory=lambda: asyncio.get_running_loop().create_future())


class GroupWriter:
    def __init__(self, url: URL, faults: FaultLog) -> None:
        self._sink = sink_for(url)
        self._faults = faults
        self._queue: list[PendingWrite] = []
        self._arrived = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    async def write(self, *writes: Write) -> None:
        """Returns once the writes are committed; raises what the database raised for them."""
        pending = PendingWrite(list(writes))
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

    async def _commit(self, batch: list[PendingWrite]) -> None:
        try:
            # Order within a batch does not matter: a table waits for each write before its next.
            await self._sink.write([write for pending in batch for write in pending.writes])
        except Exception as exc:
            if len(batch) == 1:
                if not isinstance(exc, Superseded):  # a stale table is no database outage
                    self._faults.failed(exc)
                if not batch[0].done.done():
                    batch[0].done.set_exception(exc)
                return
            for pending in batch:  # one bad write must not fail the others: write them one by one
                await self._commit([pending])
            return
        self._faults.succeeded()
        for pending in batch:
            if not pending.done.done():  # its caller may have gone (a shutdown)
                pending.done.set_result(None)
