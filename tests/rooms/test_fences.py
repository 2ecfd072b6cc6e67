"""Two processes that both hold one table, as when routing is wrong for a moment: every change that is
not a move (a seat, the start, the chat setting, the clock's pause) is fenced as a move is. The copy
that writes second finds the table changed, writes nothing and retires; the table then loads afresh.
"""

from collections.abc import AsyncIterator

import pytest

from app.config import Settings
from app.persistence import RoomStore, Superseded, TableStatus
from app.rooms.chat import ChatMode
from app.rooms.manager import RoomManager
from app.rooms.room import Room

CREATOR = 0


@pytest.fixture
async def managers(store: RoomStore) -> AsyncIterator[tuple[RoomManager, RoomManager]]:
    """Two workers on one database, each configured as the only one: both think they own every table.
    Bots think for an hour, so no move comes but the test's own."""
    settings = Settings(bot_delay_seconds=3600, sweep_seconds=3600)
    first, second = RoomManager(store, settings), RoomManager(store, settings)
    yield first, second
    await first.close()
    await second.close()


async def twin_copies(
    managers: tuple[RoomManager, RoomManager], seated: int = 1, turn_seconds: int | None = None, started: bool = False
) -> tuple[Room, Room]:
    """A Bremen table made at the first worker, with its creator and `seated` - 1 bots seated (and
    `started`), and a copy of it loaded at the second."""
    first, second = managers
    room = await first.create("bremen", {"first_leader": CREATOR}, 4, turn_seconds)
    await room.join("Mina")
    for seat in range(1, seated):
        await room.set_bot(CREATOR, seat, True)
    if started:
        await room.start(CREATOR)
    return room, await second.get(room.id)


async def refused_as_stale(stale: Room, manager: RoomManager, change: object) -> None:
    """The stale copy's change raises Superseded, and its worker lets the copy go."""
    with pytest.raises(Superseded):
        await change  # type: ignore[misc]
    assert stale.id not in manager.rooms


async def test_a_seat_changed_at_a_stale_copy_is_refused_and_written_nowhere(
    managers: tuple[RoomManager, RoomManager], store: RoomStore
) -> None:
    room, copy = await twin_copies(managers)
    await room.set_bot(CREATOR, 1, True)
    await refused_as_stale(copy, managers[1], copy.set_bot(CREATOR, 2, True))
    await refused_as_stale(copy, managers[1], copy.join("Ken"))  # a retired copy keeps refusing

    record = await store.load(room.id)
    assert record is not None and [(s.seat, s.name, s.is_bot) for s in record.seats] == [
        (0, "Mina", False),
        (1, "Bot 2", True),
    ]
    fresh = await managers[1].get(room.id)  # loaded afresh, the second worker may change the table again
    await fresh.set_bot(CREATOR, 2, True)
    with pytest.raises(Superseded):  # and now the first worker's copy is the stale one
        await room.set_bot(CREATOR, 3, True)


async def test_a_start_at_a_stale_copy_is_refused(managers: tuple[RoomManager, RoomManager]) -> None:
    room, copy = await twin_copies(managers, seated=4)
    await room.start(CREATOR)
    await refused_as_stale(copy, managers[1], copy.start(CREATOR))
    assert (await managers[1].get(room.id)).session.status == TableStatus.PLAYING


async def test_a_chat_setting_at_a_stale_copy_is_refused(
    managers: tuple[RoomManager, RoomManager], store: RoomStore
) -> None:
    room, copy = await twin_copies(managers)
    await room.set_chat(CREATOR, ChatMode.REACTIONS, spectators=False)
    await refused_as_stale(copy, managers[1], copy.set_chat(CREATOR, ChatMode.OFF, spectators=True))
    record = await store.load(room.id)
    assert record is not None and (record.chat_mode, record.spectator_chat) == ("reactions", False)


async def test_a_clock_paused_at_a_stale_copy_is_refused(
    managers: tuple[RoomManager, RoomManager], store: RoomStore
) -> None:
    room, copy = await twin_copies(managers, seated=4, turn_seconds=60, started=True)
    await room.pause_clock(CREATOR, True)
    await refused_as_stale(copy, managers[1], copy.pause_clock(CREATOR, True))
    record = await store.load(room.id)
    assert record is not None and record.clock is not None and record.clock["paused"] is True


async def test_a_move_made_elsewhere_fences_a_change_as_well(
    managers: tuple[RoomManager, RoomManager], store: RoomStore
) -> None:
    room, copy = await twin_copies(managers, seated=4, started=True)
    declare = room.session.legal(CREATOR)[0]
    await room.submit(CREATOR, room.version, declare.to_json())  # the revision stays; the version moves on
    await refused_as_stale(copy, managers[1], copy.set_chat(CREATOR, ChatMode.OFF, spectators=False))
    record = await store.load(room.id)
    assert record is not None and record.chat_mode == "open" and len(record.actions) == 1
