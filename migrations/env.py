"""Alembic environment: runs migrations over the app's async engine."""

import asyncio

from alembic import context
from sqlalchemy.engine import Connection

from app.config import get_settings
from app.persistence.db import make_engine
from app.persistence.models import Base


def _run(connection: Connection) -> None:
    if connection.dialect.name == "sqlite":
        # A batch migration rebuilds a table by dropping it; with foreign keys on, SQLite would
        # cascade that drop into every child row (a table's seats, its log). Off while migrating.
        connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
        connection.commit()
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


async def _run_online() -> None:
    url = context.config.get_main_option("sqlalchemy.url") or get_settings().database_url
    engine = make_engine(url)
    async with engine.connect() as connection:
        await connection.run_sync(_run)
    await engine.dispose()


asyncio.run(_run_online())
