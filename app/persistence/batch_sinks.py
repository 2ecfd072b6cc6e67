"""Where group-committed batches go: one transaction per batch, straight through the database driver.

The batch writer is the hottest database path (every move of every table), so it skips the ORM
and makes one hand-off per batch: SQLite's driver runs in one thread of its own, and PostgreSQL's
asyncpg pipelines the whole batch on one connection.
"""

import asyncio
import re
import sqlite3
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from typing import Protocol

import asyncpg
import orjson
from sqlalchemy.engine import URL

from app.persistence.faults import StoreUnavailable
from app.persistence.writes import IN_BATCH_ORDER, Write


class WriteFailed(StoreUnavailable):
    """The database refused a batch (a duplicate action number, a missing table, a lost connection)."""


class Superseded(WriteFailed):
    """A row numbered per table (an action's version, a chat line's number) is stored already, or a
    fence (writes.TableChange) found the table changed: another process wrote this table, and the copy
    that tried is stale. The database's key is the fence that keeps two writers from both applying a move."""


def fence_failed(kind: type[Write], changed: int) -> Superseded:
    return Superseded(f"{kind.__name__} changed {changed} rows, not 1: the table was written elsewhere")


# Tables whose key numbers a table's rows one by one: a duplicate there means a second writer.
NUMBERED = ("actions", "chat_lines")


def to_json(value: object) -> str:
    return orjson.dumps(value).decode()


def by_kind(writes: list[Write]) -> list[tuple[type[Write], list[tuple[object, ...]]]]:
    """The writes' parameters, kind by kind in IN_BATCH_ORDER (a kind not listed there raises)."""
    grouped: defaultdict[type[Write], list[tuple[object, ...]]] = defaultdict(list)
    for write in writes:
        grouped[type(write)].append(write.parameters())
    return sorted(grouped.items(), key=lambda group: IN_BATCH_ORDER.index(group[0]))


class BatchSink(Protocol):
    async def write(self, writes: list[Write]) -> None: ...

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

    async def write(self, writes: list[Write]) -> None:
        await asyncio.get_running_loop().run_in_executor(self._thread, self._write, writes)

    def _write(self, writes: list[Write]) -> None:
        try:
            db = self._connect()
            db.execute("BEGIN IMMEDIATE")
            try:
                for kind, parameters in by_kind(writes):
                    if not kind.FENCE:
                        db.executemany(kind.SQL, parameters)
                        continue
                    for one in parameters:  # a fence's rows are counted one by one
                        changed = db.execute(kind.SQL, one).rowcount
                        if changed != 1:
                            raise fence_failed(kind, changed)
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
        except sqlite3.IntegrityError as exc:
            # SQLite names the key's columns: "UNIQUE constraint failed: actions.room_id, actions.version".
            stale = any(f"failed: {table}." in str(exc) for table in NUMBERED)
            raise (Superseded if stale else WriteFailed)(str(exc)) from exc
        except sqlite3.Error as exc:
            raise WriteFailed(str(exc)) from exc

    def _connect(self) -> sqlite3.Connection:
        if self._connection is None:
            self._connection = sqlite3.connect(self._path, timeout=30, isolation_level=None, check_same_thread=False)
            self._connection.execute("PRAGMA journal_mode=WAL")
            self._connection.execute("PRAGMA synchronous=FULL")  # an acknowledged move survives power loss
            self._connection.execute("PRAGMA foreign_keys=ON")
        return self._connection

    async def close(self) -> None:
        def _close() -> None:
            if self._connection is not None:
                self._connection.close()

        await asyncio.get_running_loop().run_in_executor(self._thread, _close)
        self._thread.shutdown()


def _numbered(statement: str) -> str:
    """SQLite's `?` parameters as PostgreSQL's `$1, $2, …`."""
    count = iter(range(1, statement.count("?") + 1))
    return re.sub(r"\?", lambda _: f"${next(count)}", statement)


class PostgresSink:
    """One connection of its own, opened on first use and again after it is lost."""

    STATEMENTS = {kind: _numbered(kind.SQL) for kind in IN_BATCH_ORDER}

    def __init__(self, dsn: str) -> None:
        self._dsn = dsn
        self._connection: asyncpg.Connection | None = None

    async def write(self, writes: list[Write]) -> None:
        try:
            if self._connection is None or self._connection.is_closed():
                self._connection = await asyncpg.connect(self._dsn)
            db = self._connection
            async with db.transaction():
                for kind, parameters in by_kind(writes):
                    if not kind.FENCE:
                        await db.executemany(self.STATEMENTS[kind], parameters)
                        continue
                    for one in parameters:  # a fence's rows are counted one by one: "UPDATE 1"
                        changed = int((await db.execute(self.STATEMENTS[kind], *one)).rsplit(" ", 1)[1])
                        if changed != 1:
                            raise fence_failed(kind, changed)
        except asyncpg.UniqueViolationError as exc:  # refused rows; the connection is sound
            raise (Superseded if exc.table_name in NUMBERED else WriteFailed)(str(exc)) from exc
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise WriteFailed(str(exc)) from exc
        except (asyncpg.PostgresError, asyncpg.InterfaceError, asyncpg.InternalClientError, OSError) as exc:
            # Cut off mid-operation, a connection can be left neither closed nor usable: start afresh.
            self._drop_connection()
            raise WriteFailed(str(exc)) from exc

    def _drop_connection(self) -> None:
        if self._connection is not None:
            self._connection.terminate()
            self._connection = None

    async def close(self) -> None:
        if self._connection is not None:
            await self._connection.close()
