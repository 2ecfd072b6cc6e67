"""RoomStore against a real database of each kind, schema made by the Alembic migrations."""

from dataclasses import fields

import pytest

from app.persistence import ChatRecord, Fence, KeyRecord, RoomStore, SeatRecord, Superseded
from app.persistence.batch_sinks import WriteFailed
from app.persistence.writes import IN_BATCH_ORDER, Write


def test_every_write_has_its_place_in_a_batch_and_binds_each_of_its_fields() -> None:
    # By name: a slotted dataclass is a new class, and the one it replaced may linger among the subclasses.
    assert {kind.__name__ for kind in Write.__subclasses__()} == {kind.__name__ for kind in IN_BATCH_ORDER}
    for kind in IN_BATCH_ORDER:
        assert kind.SQL.count("?") == len(fields(kind)), kind.__name__


async def test_a_table_round_trips_with_seats_and_actions(store: RoomStore) -> None:
    await store.create("ABC234", "bremen", {"hard_mode": True, "first_leader": None}, 4, 2**61 + 5, active_at=1000)
    await store.put_seat("ABC234", Fence(0, 0), SeatRecord(0, "Mina", True, False), [KeyRecord("f" * 64, 0)])
    await store.put_seat("ABC234", Fence(1, 0), SeatRecord(1, "Bot", False, True))
    await store.start("ABC234", Fence(2, 0))
    await store.append("ABC234", 1, 0, {"type": "declare", "card_id": "n07-2"})
    await store.append("ABC234", 2, 1, {"type": "play", "card_id": "n09-1"})

    record = await store.load("ABC234")
    assert record is not None
    assert (record.game, record.status, record.seat_count, record.seed) == ("bremen", "playing", 4, 2**61 + 5)
    assert record.options == {"hard_mode": True, "first_leader": None}
    assert record.seats == (SeatRecord(0, "Mina", True, False), SeatRecord(1, "Bot", False, True))
    assert record.keys == (KeyRecord("f" * 64, 0),)
    assert record.revision == 3
    assert record.actions == ((0, {"type": "declare", "card_id": "n07-2"}), (1, {"type": "play", "card_id": "n09-1"}))
    assert [r.id for r in await store.load_active(since=0)] == ["ABC234"]


async def test_an_action_number_is_written_once(store: RoomStore) -> None:
    await store.create("DEF567", "bremen", {}, 4, 1, active_at=1000)
    await store.append("DEF567", 1, 0, {"type": "declare", "card_id": "n01-1"})
    with pytest.raises(WriteFailed):
        await store.append("DEF567", 1, 2, {"type": "play", "card_id": "n02-1"})
    record = await store.load("DEF567")
    assert record is not None and record.actions == ((0, {"type": "declare", "card_id": "n01-1"}),)


async def test_a_change_fenced_at_a_revision_or_version_the_table_has_left_is_refused_whole(store: RoomStore) -> None:
    await store.create("FEN234", "bremen", {}, 4, 1, active_at=1000)
    await store.put_seat("FEN234", Fence(0, 0), SeatRecord(0, "Mina", True, False))
    with pytest.raises(Superseded):  # a second writer that loaded the table before that seat
        await store.put_seat("FEN234", Fence(0, 0), SeatRecord(1, "Ken", True, False), [KeyRecord("k" * 64, 1)])
    await store.start("FEN234", Fence(1, 0))
    await store.append("FEN234", 1, 0, {"type": "declare", "card_id": "n01-1"})
    with pytest.raises(Superseded):  # the revision is right, but a move was made since
        await store.set_chat("FEN234", Fence(2, 0), "seated", spectators=True)
    await store.set_chat("FEN234", Fence(2, 1), "seated", spectators=True)

    record = await store.load("FEN234")
    assert record is not None
    assert record.seats == (SeatRecord(0, "Mina", True, False),) and record.keys == ()  # nothing of the refused
    assert (record.revision, record.chat_mode, record.spectator_chat) == (3, "seated", True)


async def test_the_finishing_action_and_the_result_commit_together(store: RoomStore) -> None:
    await store.create("GHJ789", "bremen", {}, 4, 1, active_at=1000)
    await store.append(
        "GHJ789",
        1,
        0,
        {"type": "play", "card_id": "n01-1"},
        outcome={"winners": [], "result": "loss", "reason": "three_failures", "scores": None},
    )
    assert await store.load_active(since=0) == []
    record = await store.load("GHJ789")
    assert record is not None and record.status == "finished"


async def test_a_table_that_plays_again_loads_only_its_new_game(store: RoomStore) -> None:
    await store.create("AGN234", "bremen", {}, 4, 1, active_at=1000)
    await store.start("AGN234", Fence(0, 0))
    await store.append(
        "AGN234",
        1,
        0,
        {"type": "play", "card_id": "n01-1"},
        outcome={"winners": [], "result": "loss", "reason": "three_failures", "scores": None},
    )
    await store.play_again("AGN234", game_no=2, seed=77, first_version=2, seat=0)
    await store.append("AGN234", 3, 1, {"type": "declare", "card_id": "n05-2"}, game_no=2)

    record = await store.load("AGN234")
    assert record is not None
    assert (record.status, record.game_no, record.seed, record.first_version) == ("playing", 2, 77, 2)
    assert record.actions == ((1, {"type": "declare", "card_id": "n05-2"}),)
    assert [r.id for r in await store.load_active(since=0)] == ["AGN234"]
    await store.append(
        "AGN234",
        4,
        2,
        {"type": "play", "card_id": "n06-1"},
        game_no=2,
        outcome={"winners": [0, 1, 2, 3], "result": "win", "reason": None, "scores": None},
    )
    assert await store.load_active(since=0) == []


async def test_tables_never_started_expire_by_when_a_seated_player_was_last_around(store: RoomStore) -> None:
    await store.create("OLD234", "bremen", {}, 4, 1, active_at=1000)
    await store.create("NEW234", "bremen", {}, 4, 1, active_at=1000)
    await store.create("RUN234", "bremen", {}, 4, 1, active_at=1000)
    await store.start("RUN234", Fence(0, 0))
    await store.mark_active("NEW234", 5000)
    assert await store.expire_waiting(before=4000) == 1  # a started table never expires
    assert {r.id: r.active_at for r in await store.load_active(since=0)} == {"NEW234": 5000, "RUN234": 1000}
    assert [r.id for r in await store.load_active(since=2000)] == ["NEW234"]
    old = await store.load("OLD234")
    assert old is not None and old.status == "expired"
    await store.expire("RUN234")  # only a table never started can expire
    running = await store.load("RUN234")
    assert running is not None and running.status == "playing"


async def test_seat_keys_are_added_and_removed_in_one_commit(store: RoomStore) -> None:
    await store.create("ABC234", "bremen", {}, 4, 7, active_at=1000)
    await store.put_seat("ABC234", Fence(0, 0), SeatRecord(0, "Mina", True, False), [KeyRecord("a" * 64, 0)])
    link = KeyRecord("b" * 64, 0, expires_at=5000, signs_out="a" * 64)
    await store.change_keys("ABC234", Fence(1, 0), add=[link])
    record = await store.load("ABC234")
    assert record is not None and set(record.keys) == {KeyRecord("a" * 64, 0), link}
    assert link.is_link and not KeyRecord("a" * 64, 0).is_link

    used = ["a" * 64, "b" * 64]  # the link, used: its browser's key replaces the key it signs out
    await store.change_keys("ABC234", Fence(2, 0), add=[KeyRecord("c" * 64, 0)], remove=used)
    record = await store.load("ABC234")
    assert record is not None and record.keys == (KeyRecord("c" * 64, 0),)


def chat_line(n: int) -> ChatRecord:
    return ChatRecord(n, 0, "Mina", f"line {n}", None, 1000 + n)


async def test_a_chat_line_and_the_trim_it_brings_commit_together(store: RoomStore) -> None:
    await store.create("CHT234", "bremen", {}, 4, 1, active_at=1000)
    for n in range(1, 7):
        await store.append_chat("CHT234", chat_line(n), keep_from=max(1, n - 2))  # keeps the latest three
    record = await store.load("CHT234")
    assert record is not None and [line.n for line in record.chat] == [4, 5, 6]
    with pytest.raises(WriteFailed):  # a second writer's line: nothing of it is applied, its trim neither
        await store.append_chat("CHT234", chat_line(6), keep_from=6)
    record = await store.load("CHT234")
    assert record is not None and [line.n for line in record.chat] == [4, 5, 6]


async def test_the_chat_of_expired_and_long_quiet_tables_is_deleted(store: RoomStore) -> None:
    for code, active_at in [("OLD234", 1000), ("NEW234", 9000), ("GON234", 9000)]:
        await store.create(code, "bremen", {}, 4, 1, active_at=active_at)
        await store.append_chat(code, chat_line(1), keep_from=1)
    await store.start("OLD234", Fence(0, 0))
    await store.start("NEW234", Fence(0, 0))
    await store.expire("GON234")  # never started: it goes, and its chat with it
    gone = await store.load("GON234")
    assert gone is not None and gone.status == "expired" and gone.chat == ()
    assert await store.forget_chat(quiet_since=5000) == 1
    old, new = await store.load("OLD234"), await store.load("NEW234")
    assert old is not None and old.chat == ()
    assert new is not None and [line.text for line in new.chat] == ["line 1"]


async def test_a_practice_table_keeps_its_mark(store: RoomStore) -> None:
    await store.create("PRC234", "hansa", {}, 3, 7, active_at=1000, practice=True)
    await store.create("ORD234", "hansa", {}, 3, 7, active_at=1000)
    practice, ordinary = await store.load("PRC234"), await store.load("ORD234")
    assert practice is not None and practice.practice
    assert ordinary is not None and not ordinary.practice
