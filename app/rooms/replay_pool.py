"""Replays in worker processes, so that a long game record never holds up the tables on this event loop.

A replay is pure Python under the GIL: in a thread it would still take the loop's turns
(bench/replay_pool.py measures the loop, a thread and a process side by side). The workers are
spawned, so they hold none of the server's sockets or connections, and run at the lowest priority,
so that a busy machine serves the live tables first. At most `at_once` replays are queued or running
at once, `per_client` of them for one address; a replay beyond that is refused with a time to try again.
"""

import asyncio
import contextlib
import multiprocessing
import os
import pickle
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import replace

import orjson

from app.rooms.errors import TableError, TooSoon
from app.rooms.replay import GameRecord, Replay

RETRY_SECONDS = 1  # a replay within the budget takes well under this (bench/replay_pool.py)


def _lowest_priority() -> None:
    os.nice(19)


def replay_record(record_json: bytes) -> bytes:
    """Runs in a worker: the record replayed, pickled without its actions (the asker has them), or the
    TableError that refuses it.

    Both ways the game crosses as bytes: the pool's own threads would otherwise pickle and unpickle
    hundreds of small objects while holding the GIL, and stall the event loop for tens of milliseconds
    (bench/replay_pool.py). Bytes are one copy; the loop unpickles the result itself, in about 2 ms.
    """
    record = GameRecord.from_json(orjson.loads(record_json))
    replay = Replay(record)
    replay.record = replace(record, actions=())
    return pickle.dumps(replay, pickle.HIGHEST_PROTOCOL)


class ReplaysBusy(TooSoon):
    def __init__(self, whose: str) -> None:
        super().__init__(
            "replays_busy", f"{whose} replaying as many games as it may; try again in a moment.", RETRY_SECONDS
        )


class ReplayPool:
    """A few worker processes for replays, started on first use, and the count of replays each client has in them."""

    def __init__(self, workers: int, at_once: int, per_client: int) -> None:
        self._workers, self._at_once, self._per_client = workers, at_once, per_client
        self._executor: ProcessPoolExecutor | None = None
        self._busy: Counter[str] = Counter()  # queued or running, by client, until the worker is done with it

    async def replay(self, record: GameRecord, client: str) -> Replay:
        """`record` replayed in a worker; raises its refusal, or ReplaysBusy when there is no room for it."""
        if self._busy[client] >= self._per_client:
            raise ReplaysBusy("Your address is")
        if self._busy.total() >= self._at_once:
            raise ReplaysBusy("The server is")
        sent = orjson.dumps(record.to_json())
        executor = self._pool()
        try:
            future = executor.submit(replay_record, sent)
        except BrokenProcessPool:  # a worker died since the last replay
            self._drop(executor)
            executor = self._pool()
            future = executor.submit(replay_record, sent)
        self._busy[client] += 1
        # Counted until a worker is done with it, even if the asker has gone: its future completes in
        # the pool's own thread, and the count is the event loop's.
        loop = asyncio.get_running_loop()

        def done(_future: object) -> None:
            with contextlib.suppress(RuntimeError):  # the loop has closed: nothing is counted any more
                loop.call_soon_threadsafe(self._release, client)

        future.add_done_callback(done)
        try:
            pickled: bytes = await asyncio.wrap_future(future)
        except BrokenProcessPool as exc:  # a worker died (killed, out of memory): the next replay starts afresh
            self._drop(executor)
            raise TableError("replay_failed", "The replay stopped half way; try again.", 503) from exc
        replay: Replay = pickle.loads(pickled)
        replay.record = record
        return replay

    def _release(self, client: str) -> None:
        self._busy[client] -= 1
        if not self._busy[client]:
            del self._busy[client]

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            self._executor = ProcessPoolExecutor(
                self._workers, mp_context=multiprocessing.get_context("spawn"), initializer=_lowest_priority
            )
        return self._executor

    def _drop(self, broken: ProcessPoolExecutor) -> None:
        """Forgets a pool a worker of which died, unless another replay has already replaced it."""
        if self._executor is broken:
            self.close()

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
