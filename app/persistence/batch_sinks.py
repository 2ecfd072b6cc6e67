"""Where group-committed batches go: one transaction per batch, straight through the database driver.

The batch writer is the hottest database path (every move of every table), so it skips the ORM
and makes one hand-off per batch: SQLite's driver runs in one thread of its own, and PostgreSQL's
asyncpg pipelines the whole batch on one connection.
"""

import asyncio
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Protocol

import asyncpg
import orjson
from sqlalchemy.engine import URL


class WriteFailed(RuntimeError):
    """The database refused a batch (a duplicate action number, a missing table, a lost connection)."""


@dataclass(frozen=True, slots=True)
class Batch:
    """The rows of one transaction."""

    actions: list[tuple[str, int, int, str]]  # room_id, version, seat, payload JSON
    results: list[tuple[str, int, str]]  # room_id, game_no, outcome JSON
    finished: list[str]  # room ids whose game just ended
    new_games: list[tuple[int, int, int, str]]  # game_no, seed, first_version, room_id


def to_json(value: object) -> str:
    return orjson.dumps(value).decode()


class BatchSink(Protocol):
    async def write(self, batch: Batch) -> None: ...

    async def close(self) -> None: ...


def sink_for(url: URL) -> BatchSink:
    if url.get_backend_name() == "sqlite":
        return SqliteSink(url.database or ":memory:")
    return PostgresSink(url.set(drivername="postgresql").render_as_string(hide_password=False))


class SqliteSink:
    """One connection, used only by its own thread; commits are fsynced (synchronous=FULL)."""

    def __init__(self, path: str) -> None:
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="zashiki-sqlite-writer")
        self._path = path
        self._connection: sqlite3.Connection | None = None

    async def write(self, batch: Batch) -> None:
        await asyncio.get_running_loop().run_in_executor(self._thread, self._write, batch)

    def _write(self, batch: Batch) -> None:
        if self._connection is None:
            self._connection = sqlite3.connect(self._path, timeout=30, isolation_level=None, check_same_thread=False)
            self._connection.execute("PRAGMA journal_mode=WAL")
            self._connection.execute("PRAGMA synchronous=FULL")  # an acknowledged move survives power loss
            self._connection.execute("PRAGMA foreign_keys=ON")
        db = self._connection
        try:
            db.execute("BEGIN IMMEDIATE")
            try:
                db.executemany("UPDATE rooms SET status = 'playing', game_no = ?, seed = ?, first_version = ? "
                               "WHERE id = ?", batch.new_games)
                db.executemany("INSERT INTO actions (room_id, version, seat, payload) VALUES (?, ?, ?, ?)",
                               batch.actions)
                db.executemany("INSERT INTO results (room_id, game_no, outcome) VALUES (?, ?, ?)", batch.results)
                db.executemany("UPDATE rooms SET status = 'finished' WHERE id = ?", [(r,) for r in batch.finished])
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
        except sqlite3.Error as exc:
            raise WriteFailed(str(exc)) from exc

    async def close(self) -> None:
        def _close() -> None:
            if self._connection is not None:
                self._connection.close()
        await asyncio.get_running_loop().run_in_executor(self._thread, _close)
        self._thread.shutdown()


class PostgresSink:
    """One connection of its own, opened on first use and again after it is lost."""

    def __init__(self, dsn: str) -> None:
        self._dsn = dsn
        self._connection: asyncpg.Connection | None = None

    async def write(self, batch: Batch) -> None:
        try:
            if self._connection is None or self._connection.is_closed():
                self._connection = await asyncpg.connect(self._dsn)
            db = self._connection
            async with db.transaction():
                if batch.new_games:
                    await db.executemany("UPDATE rooms SET status = 'playing', game_no = $1, seed = $2, "
                                         "first_version = $3 WHERE id = $4", batch.new_games)
                if batch.actions:
                    await db.executemany("INSERT INTO actions (room_id, version, seat, payload) "
                                         "VALUES ($1, $2, $3, $4::json)", batch.actions)
                if batch.results:
                    await db.executemany("INSERT INTO results (room_id, game_no, outcome) VALUES ($1, $2, $3::json)",
                                         batch.results)
                if batch.finished:
                    await db.execute("UPDATE rooms SET status = 'finished' WHERE id = ANY($1::varchar[])",
                                     batch.finished)
        except (asyncpg.PostgresError, OSError, asyncpg.InterfaceError) as exc:
            raise WriteFailed(str(exc)) from exc

    async def close(self) -> None:
        if self._connection is not None:
            await self._connection.close()
