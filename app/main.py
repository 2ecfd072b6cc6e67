"""create_app(): routes, templates, static files, and a lifespan that migrates and rebuilds tables."""

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from alembic import command
from alembic.config import Config
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

from app import collector
from app.config import ROOT, Settings, get_settings
from app.persistence import RoomStore, StoreUnavailable, Superseded
from app.persistence.db import make_engine
from app.rooms.errors import TableError, TooSoon
from app.rooms.manager import RoomManager
from app.rooms.replay_pool import ReplayPool
from app.rooms.reviews import Reviews
from app.web import api, pages, review_api, sockets
from app.web.channel import ChannelMiddleware
from app.web.clients import ClientLimits
from app.web.guard import SiteGuard


def migrate(database_url: str) -> None:
    """Applies pending Alembic migrations: the schema comes only from there."""
    if database_url.startswith("sqlite"):
        (ROOT / "data").mkdir(exist_ok=True)
    config = Config(str(ROOT / "alembic.ini"))
    config.set_main_option("sqlalchemy.url", database_url.replace("%", "%%"))
    command.upgrade(config, "head")


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or get_settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await asyncio.to_thread(migrate, settings.database_url)  # Alembic runs its own event loop
        engine = make_engine(settings.database_url)
        store = RoomStore(engine)
        rooms = RoomManager(store, settings)
        await rooms.restore()
        app.state.rooms = rooms
        replays = ReplayPool(settings.replay_workers, settings.replays_at_once, settings.replays_per_client)
        app.state.reviews = Reviews(rooms, replays)
        collector.settle()
        yield
        replays.close()
        await rooms.close()
        await store.close()
        await engine.dispose()

    # No interactive API pages: they load scripts from elsewhere, which the content policy forbids.
    app = FastAPI(title="Zashiki", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.settings = settings
    app.state.limits = ClientLimits(settings)
    app.add_middleware(ChannelMiddleware)
    app.add_middleware(SiteGuard, public_origin=settings.public_origin)  # outermost: before anything else
    app.include_router(api.router)
    app.include_router(review_api.router)
    app.include_router(sockets.router)
    app.include_router(pages.router)
    app.mount("/static", StaticFiles(directory=ROOT / "static"), name="static")

    @app.exception_handler(TableError)
    async def table_error(_request: Request, exc: TableError) -> JSONResponse:
        if isinstance(exc, TooSoon):
            return JSONResponse(
                {"code": exc.code, "message": exc.message, "retry_after": exc.retry_after},
                status_code=exc.status,
                headers={"Retry-After": str(exc.retry_after)},
            )
        return JSONResponse({"code": exc.code, "message": exc.message}, status_code=exc.status)

    @app.exception_handler(Superseded)
    async def superseded(_request: Request, _exc: Superseded) -> JSONResponse:
        # This worker's copy of the table was stale and is dropped; the next request loads it afresh.
        return JSONResponse(
            {"code": "table_moved", "message": "The table was changed elsewhere; nothing changed. Try again."},
            status_code=409,
        )

    @app.exception_handler(StoreUnavailable)
    async def store_unavailable(_request: Request, _exc: StoreUnavailable) -> JSONResponse:
        # Logged once per outage by the store, not once per request.
        return JSONResponse(
            {"code": "unavailable", "message": "The database is unavailable; nothing changed. Try again shortly."},
            status_code=503,
            headers={"Retry-After": "5"},
        )

    @app.get("/healthz")
    def healthz() -> dict[str, str]:
        return {"status": "ok"}

    return app
