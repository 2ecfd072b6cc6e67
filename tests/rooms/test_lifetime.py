"""Table lifetime, in process against a real database of each kind, on a clock the test turns.

A table never started expires once no seated player has been around for the configured hours, and
no restart brings it back; an idle table leaves memory and is loaded again on demand; reading about
a table loads nothing; the cap counts every table in memory and holds under concurrent creation.
"""

import asyncio

import pytest

from app.config import Settings
from app.persistence import RoomStore
from app.rooms.connection import Connection
from app.rooms.errors import TableError
from app.rooms.manager import RoomManager


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def settings(**overrides: object) -> Settings:
    return Settings(
        **{
            "bot_delay_seconds": 0,
            "idle_table_seconds": 300,
            "waiting_table_hours": 6,
            "sweep_seconds": 3600,
            **overrides,
        }
    )  # type: ignore[arg-type]


async def manager(store: RoomStore, clock: Clock, **overrides: object) -> RoomManager:
    rooms = RoomManager(store, settings(**overrides), clock)
    await rooms.restore()
    return rooms


async def test_a_table_never_started_expires_and_no_restart_brings_it_back(store: RoomStore) -> None:
    clock = Clock()
    rooms = await manager(store, clock)
    forgotten, kept = await rooms.create("bremen", {}, 4), await rooms.create("bremen", {}, 4)
    await forgotten.join("Mina")
    await kept.join("Ken")
    host = Connection(0, 8)
    await kept.attach(host)  # Ken keeps the table open in a tab

    clock.advance(6 * 3600 - 1)
    await rooms.sweep()
    assert (await rooms.describe(forgotten.id))["status"] == "waiting"  # not yet
    clock.advance(1)
    await rooms.sweep()
    assert set(rooms.rooms) == {kept.id}
    for ask in (rooms.describe, rooms.get):
        with pytest.raises(TableError) as refused:
            await ask(forgotten.id)
        assert (refused.value.code, refused.value.status) == ("table_expired", 410)

    await kept.detach(host)  # Ken leaves: six hours from now, his table expires too
    await rooms.close()
    clock.advance(6 * 3600 - 1)
    rooms = await manager(store, clock)  # a restart just before: Ken's table is still there
    assert (await rooms.describe(kept.id))["status"] == "waiting"
    await rooms.close()
    clock.advance(2)
    rooms = await manager(store, clock)  # and just after: it is not
    assert rooms.rooms == {}
    with pytest.raises(TableError, match="expired"):
        await rooms.get(kept.id)
    await rooms.close()


async def test_an_idle_table_leaves_memory_and_comes_back_on_demand(store: RoomStore) -> None:
    clock = Clock()
    rooms = await manager(store, clock)
    room = await rooms.create("bremen", {}, 4)
    await room.join("Mina")
    for seat in (1, 2, 3):
        await room.set_bot(0, seat, True)
    await room.start(0)
    while room.idle_since() is None:  # the bots play until the game waits for Mina
        await asyncio.sleep(0.01)
    version = room.version
    clock.advance(299)
    await rooms.sweep()
    assert room.id in rooms.rooms
    clock.advance(1)
    await rooms.sweep()
    assert rooms.rooms == {}

    assert (await rooms.describe(room.id))["status"] == "playing"
    assert rooms.rooms == {}  # reading about a table loads nothing
    again, same = await asyncio.gather(rooms.get(room.id), rooms.get(room.id))
    assert again is same is rooms.rooms[room.id]  # one load, one writer, however many ask at once
    assert again is not room and again.version == version and again.state == room.state
    await rooms.close()


@pytest.mark.slow
@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)  # the bound is the rooms' own
async def test_five_hundred_finished_tables_never_hold_more_than_the_cap(store: RoomStore) -> None:
    clock = Clock()
    rooms = await manager(store, clock, max_tables=40)
    finished = 0
    for _ in range(25):
        tables = []
        for _ in range(20):
            room = await rooms.create("bremen", {}, 4)
            await room.join("Mina")
            for seat in (1, 2, 3):
                await room.set_bot(0, seat, True)
            await room.start(0)
            await room.set_bot(0, 0, True)  # the player left; a bot plays the game to its end
            tables.append(room)
        while any(room.status != "finished" for room in tables):
            await asyncio.sleep(0.01)
        finished += len(tables)
        assert len(rooms.rooms) <= 40
        clock.advance(301)  # every table of this batch is idle now; the next creations make room
    assert finished == 500
    for room in tables:
        assert (await rooms.describe(room.id))["status"] == "finished"
    assert len(rooms.rooms) <= 40
    await rooms.sweep()
    assert rooms.rooms == {}
    await rooms.close()


async def test_the_cap_holds_under_concurrent_creation(store: RoomStore) -> None:
    rooms = await manager(store, Clock(), max_tables=3)
    results = await asyncio.gather(*(rooms.create("bremen", {}, 4) for _ in range(10)), return_exceptions=True)
    created = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, TableError)]
    assert len(created) == 3 and len(refused) == 7 and len(rooms.rooms) == 3
    assert {r.code for r in refused} == {"server_full"}
    await rooms.close()


async def test_two_sweeps_at_once_let_each_table_go_once(store: RoomStore) -> None:
    clock = Clock()
    rooms = await manager(store, clock, max_tables=2)
    forgotten = [await rooms.create("bremen", {}, 4) for _ in range(2)]
    clock.advance(6 * 3600)  # both expire; the periodic sweep and a creation at the cap sweep together
    created, _ = await asyncio.gather(rooms.create("bremen", {}, 4), rooms.sweep())
    assert set(rooms.rooms) == {created.id}
    for room in forgotten:
        with pytest.raises(TableError, match="expired"):
            await rooms.describe(room.id)
    await rooms.close()
