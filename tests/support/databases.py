"""Databases for tests: a fresh SQLite file, or a fresh database on the local PostgreSQL server."""

import asyncio
import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import asyncpg
import pytest

PG_ADMIN_DSN = os.environ.get("ZASHIKI_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")
STRICT = os.environ.get("ZASHIKI_STRICT") == "1"  # CI: a missing PostgreSQL or browser fails, never skips


def unavailable(reason: str) -> None:
    """Skips locally; fails in strict mode, where every test must really run."""
    if STRICT:
        pytest.fail(f"required for this run: {reason}")
    pytest.skip(reason)


async def _admin(statement: str) -> None:
    connection = await asyncpg.connect(PG_ADMIN_DSN, timeout=5)
    try:
        await connection.execute(statement)
    finally:
        await connection.close()


@contextmanager
def postgres_database() -> Iterator[str]:
    """A new, empty PostgreSQL database for one test run; dropped afterwards."""
    name = f"zashiki_test_{secrets.token_hex(4)}"
    try:
        asyncio.run(_admin(f'CREATE DATABASE "{name}"'))
    except (OSError, asyncpg.PostgresError) as exc:
        unavailable(f"PostgreSQL at {PG_ADMIN_DSN}: {exc}")
    base = PG_ADMIN_DSN.rsplit("/", 1)[0].replace("postgresql://", "postgresql+asyncpg://")
    try:
        yield f"{base}/{name}"
    finally:
        asyncio.run(_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


@contextmanager
def database(kind: str, folder: Path) -> Iterator[str]:
    """A fresh database URL of the given kind ("sqlite" or "postgres")."""
    if kind == "sqlite":
        yield f"sqlite+aiosqlite:///{folder / 'zashiki.db'}"
    else:
        with postgres_database() as url:
            yield url
