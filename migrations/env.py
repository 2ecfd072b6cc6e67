"""Alembic environment: runs migrations over the app's async engine."""

import asyncio

from alembic import context
from sqlalchemy import text
from sqlalchemy.engine import Connection

from app.config import get_settings
from app.persistence.db import make_engine
from app.persistence.models import Base

# Workers starting together on one PostgreSQL migrate one at a time: the others wait here, then
# find the schema up to date.
MIGRATION_LOCK = 0x7A617368  # any constant the app's other advisory locks (none) do not use


def _run(connection: Connection) -> None:
    if connection.dialect.name == "sqlite":
        # A batch migration rebuilds a table by dropping it; with foreign keys on, SQLite would
        # cascade that drop into every child row (a table's seats, its log). Off while migrating.
        connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
        connection.commit()
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    with context.begin_transaction():
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        context.run_migrations()


async def _run_online() -> None:
    url = context.config.get_main_option("sqlalchemy.url") or get_settings().database_url
    engine = make_engine(url)
    async with engine.connect() as connection:
        await connection.run_sync(_run)
    await engine.dispose()


asyncio.run(_run_online())
