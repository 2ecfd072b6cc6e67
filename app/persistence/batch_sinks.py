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

# Every write the store makes, by kind, in the order a batch runs them (SQLite's parameter style).
STATEMENTS = {
    "room": "INSERT INTO rooms (id, game, options, seat_count, seed, status, active_at, turn_seconds) "
    "VALUES (?, ?, ?, ?, ?, 'waiting', ?, ?)",
    "seat": "INSERT INTO seats (room_id, seat, name, human, is_bot) VALUES (?, ?, ?, ?, ?) "
    "ON CONFLICT (room_id, seat) DO UPDATE SET name = excluded.name, human = excluded.human, "
    "is_bot = excluded.is_bot",
    "unkey": "DELETE FROM seat_keys WHERE room_id = ? AND token_hash = ?",
    "key": "INSERT INTO seat_keys (room_id, token_hash, seat, expires_at, signs_out, revoked) "
    "VALUES (?, ?, ?, ?, ?, ?)",
    "revoke": "UPDATE seat_keys SET revoked = ? WHERE room_id = ? AND token_hash = ?",
    "chat": "INSERT INTO chat_lines (room_id, n, seat, name, text, reaction, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
    "chat_trim": "DELETE FROM chat_lines WHERE room_id = ? AND n < ?",
    "chat_mode": "UPDATE rooms SET chat_mode = ?, spectator_chat = ? WHERE id = ?",
    "start": "UPDATE rooms SET status = 'playing' WHERE id = ?",
    "new_game": "UPDATE rooms SET status = 'playing', game_no = ?, seed = ?, first_version = ? WHERE id = ?",
    "action": "INSERT INTO actions (room_id, version, seat, payload, by_clock) VALUES (?, ?, ?, ?, ?)",
    "clock": "UPDATE rooms SET clock = ? WHERE id = ?",
    "result": "INSERT INTO results (room_id, game_no, outcome, seed, first_version, last_version) "
    "VALUES (?, ?, ?, ?, ?, ?)",
    "finish": "UPDATE rooms SET status = 'finished' WHERE id = ?",
    "active": "UPDATE rooms SET active_at = ? WHERE id = ?",
    "expire": "UPDATE rooms SET status = 'expired' WHERE id = ? AND status = 'waiting'",
    "expired_chat": "DELETE FROM chat_lines WHERE room_id IN "
    "(SELECT id FROM rooms WHERE id = ? AND status = 'expired')",
}

Row = tuple[str, tuple[object, ...]]  # (kind, parameters)


class WriteFailed(StoreUnavailable):
    """The database refused a batch (a duplicate action number, a missing table, a lost connection)."""


class Superseded(WriteFailed):
    """A row numbered per table (an action's version, a chat line's number) is stored already: another
    process wrote this table, and the copy that tried is stale. The database's key is the fence that
    keeps two writers from both applying a move."""


# Tables whose key numbers a table's rows one by one: a duplicate there means a second writer.
NUMBERED = ("actions", "chat_lines")


def to_json(value: object) -> str:
    return orjson.dumps(value).decode()


def by_kind(rows: list[Row]) -> list[tuple[str, list[tuple[object, ...]]]]:
    grouped: defaultdict[str, list[tuple[object, ...]]] = defaultdict(list)
    for kind, parameters in rows:
        grouped[kind].append(parameters)
    return [(kind, grouped[kind]) for kind in STATEMENTS if kind in grouped]


class BatchSink(Protocol):
    async def write(self, rows: list[Row]) -> None: ...

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

    async def write(self, rows: list[Row]) -> None:
        await asyncio.get_running_loop().run_in_executor(self._thread, self._write, rows)

    def _write(self, rows: list[Row]) -> None:
        try:
            db = self._connect()
            db.execute("BEGIN IMMEDIATE")
            try:
                for kind, parameters in by_kind(rows):
                    db.executemany(STATEMENTS[kind], parameters)
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

    STATEMENTS = {kind: _numbered(statement) for kind, statement in STATEMENTS.items()}

    def __init__(self, dsn: str) -> None:
        self._dsn = dsn
        self._connection: asyncpg.Connection | None = None

    async def write(self, rows: list[Row]) -> None:
        try:
            if self._connection is None or self._connection.is_closed():
                self._connection = await asyncpg.connect(self._dsn)
            db = self._connection
            async with db.transaction():
                for kind, parameters in by_kind(rows):
                    await db.executemany(self.STATEMENTS[kind], parameters)
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
