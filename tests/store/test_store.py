"""RoomStore against a real database of each kind, schema made by the Alembic migrations."""

import asyncio

import pytest
from sqlalchemy.exc import IntegrityError

from app.main import migrate
from app.persistence import RoomStore, SeatRecord
from app.persistence.db import make_engine


@pytest.fixture
async def store(database_url: str):  # type: ignore[no-untyped-def]
    await asyncio.to_thread(migrate, database_url)
    engine = make_engine(database_url)
    yield RoomStore(engine)
    await engine.dispose()


async def test_a_table_round_trips_with_seats_and_actions(store: RoomStore) -> None:
    await store.create("ABC234", "bremen", {"hard_mode": True, "first_leader": None}, 4, 2**61 + 5)
    await store.put_seat("ABC234", SeatRecord(0, "Mina", "f" * 64, False))
    await store.put_seat("ABC234", SeatRecord(1, "Bot", None, True))
    await store.start("ABC234")
    await store.append("ABC234", 1, 0, {"type": "declare", "card_id": "n07-2"})
    await store.append("ABC234", 2, 1, {"type": "play", "card_id": "n09-1"})

    record = await store.load("ABC234")
    assert record is not None
    assert (record.game, record.status, record.seat_count, record.seed) == ("bremen", "playing", 4, 2**61 + 5)
    assert record.options == {"hard_mode": True, "first_leader": None}
    assert record.seats == (SeatRecord(0, "Mina", "f" * 64, False), SeatRecord(1, "Bot", None, True))
    assert record.actions == ((0, {"type": "declare", "card_id": "n07-2"}), (1, {"type": "play", "card_id": "n09-1"}))
    assert [r.id for r in await store.load_open()] == ["ABC234"]


async def test_an_action_number_is_written_once(store: RoomStore) -> None:
    await store.create("DEF567", "bremen", {}, 4, 1)
    await store.append("DEF567", 1, 0, {"type": "declare", "card_id": "n01-1"})
    with pytest.raises(IntegrityError):
        await store.append("DEF567", 1, 2, {"type": "play", "card_id": "n02-1"})
    record = await store.load("DEF567")
    assert record is not None and record.actions == ((0, {"type": "declare", "card_id": "n01-1"}),)


async def test_the_finishing_action_and_the_result_commit_together(store: RoomStore) -> None:
    await store.create("GHJ789", "bremen", {}, 4, 1)
    await store.append("GHJ789", 1, 0, {"type": "play", "card_id": "n01-1"},
                       outcome={"winners": [], "result": "loss", "reason": "three_failures", "scores": None})
    assert await store.load_open() == []
    record = await store.load("GHJ789")
    assert record is not None and record.status == "finished"


async def test_a_rematch_is_found_by_its_origin(store: RoomStore) -> None:
    await store.create("OLD234", "bremen", {}, 4, 1)
    assert await store.rematch_of("OLD234") is None
    await store.create("NEW234", "bremen", {}, 4, 2, rematch_of="OLD234")
    assert await store.rematch_of("OLD234") == "NEW234"


async def test_concurrent_appends_commit_together_and_one_bad_row_fails_alone(store: RoomStore) -> None:
    codes = [f"T{i:05d}" for i in range(40)]
    for code in codes:
        await store.create(code, "bremen", {}, 4, 1)
    await store.append(codes[0], 1, 0, {"type": "declare", "card_id": "n01-1"})
    results = await asyncio.gather(
        *(store.append(code, 1, 1, {"type": "play", "card_id": "n02-1"}) for code in codes),
        return_exceptions=True,
    )
    assert isinstance(results[0], IntegrityError)  # version 1 of the first table was taken already
    assert results[1:] == [None] * (len(codes) - 1)
    records = {r.id: r for r in await store.load_open()}
    assert all(len(records[code].actions) == 1 for code in codes)
    assert records[codes[0]].actions == ((0, {"type": "declare", "card_id": "n01-1"}),)
