"""Shared fixtures: databases of both kinds and the real server in its own process."""

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from app.main import migrate
from app.persistence import RoomStore
from app.persistence.db import make_engine
from tests.support.databases import database
from tests.support.server import ServerProcess


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty database: once SQLite, once PostgreSQL."""
    with database(request.param, tmp_path) as url:
        yield url


@pytest.fixture
async def store(database_url: str) -> AsyncIterator[RoomStore]:
    """The store on a fresh database of each kind, its schema made by the migrations."""
    await asyncio.to_thread(migrate, database_url)
    engine = make_engine(database_url)
    store = RoomStore(engine)
    yield store
    await store.close()
    await engine.dispose()


@pytest.fixture
def postgres_url(tmp_path: Path) -> Iterator[str]:
    with database("postgres", tmp_path) as url:
        yield url


@pytest.fixture
def sqlite_url(tmp_path: Path) -> Iterator[str]:
    with database("sqlite", tmp_path) as url:
        yield url


@pytest.fixture
def server(database_url: str, tmp_path: Path) -> Iterator[ServerProcess]:
    """The app, started as the image starts it, on a fresh database of each kind."""
    process = ServerProcess(database_url, tmp_path / "server.log").start()
    yield process
    process.stop()


class Servers:
    """Long-lived servers, one per database kind, started on first use and shared by the whole run."""

    def __init__(self, folders: pytest.TempPathFactory) -> None:
        self.folders = folders
        self.running: dict[str, ServerProcess] = {}
        self._held = contextlib.ExitStack()

    def get(self, kind: str) -> ServerProcess:
        if kind not in self.running:
            folder = self.folders.mktemp(f"live-{kind}")
            url = self._held.enter_context(database(kind, folder))
            process = ServerProcess(url, folder / "server.log").start()
            self._held.callback(process.stop)
            self.running[kind] = process
        return self.running[kind]

    def stop(self) -> None:
        self._held.close()


@pytest.fixture(scope="session")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Servers]:
    pool = Servers(tmp_path_factory)
    yield pool
    pool.stop()


# PostgreSQL's turn of the shared-server tests is left to CI: the everyday loop plays them on SQLite.
@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.slow)])
def live_server(request: pytest.FixtureRequest, servers: Servers) -> ServerProcess:
    """A long-lived server per database kind, for tests that play on tables of their own.

    Function-scoped over session-scoped servers: a test parametrized with it (even indirectly, with
    other parameters) reuses the one running server of its kind instead of starting a new one.
    """
    return servers.get(request.param)


@pytest.fixture(scope="session")
def shared_server(servers: Servers) -> ServerProcess:
    """The server on SQLite, for the tests that need no fresh database of their own."""
    return servers.get("sqlite")


@pytest.fixture
def sqlite_server(shared_server: ServerProcess) -> ServerProcess:
    """The server on SQLite for a test that plays on tables of its own and neither stops it nor reads
    its database: one per test process, as starting a server costs more than most such tests."""
    return shared_server


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Browser tests are slow ones too: the everyday loop (`-m "not slow"`) leaves them to CI."""
    for item in items:
        if item.get_closest_marker("browser"):
            item.add_marker(pytest.mark.slow)
