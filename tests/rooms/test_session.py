"""The table's parts in process, without a server or a database: the session's version checks, and the
room's record-then-broadcast on a store the test controls."""

from random import Random
from typing import Any

import orjson
import pytest

from app.engine import IllegalAction, Seat
from app.games import RULES_BY_SLUG
from app.persistence import StoreUnavailable, TableStatus
from app.rooms.connection import Connection
from app.rooms.errors import StaleVersion, TableError
from app.rooms.room import Answered, Room
from app.rooms.session import TableSession

BREMEN = RULES_BY_SLUG["bremen"]


class FakeStore:
    """Records what the room asks it to store; refuses everything once `down` is set."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[object, ...]]] = []
        self.down = False

    async def _write(self, kind: str, *args: object) -> None:
        if self.down:
            raise StoreUnavailable("the database is down")
        self.calls.append((kind, args))

    async def put_seat(self, *args: object) -> None:
        await self._write("seat", *args)

    async def start(self, *args: object) -> None:
        await self._write("start", *args)

    async def append(self, *args: object, **recorded_with: object) -> None:
        await self._write("append", *args, *recorded_with.values())

    async def play_again(self, *args: object) -> None:
        await self._write("play_again", *args)

    async def mark_active(self, *args: object) -> None:
        await self._write("active", *args)

    async def set_chat(self, *args: object) -> None:
        await self._write("chat", *args)

    def kinds(self) -> list[str]:
        return [kind for kind, _ in self.calls]


class Tab(Connection):
    """A tab that keeps what it is sent, decoded."""

    def __init__(self, seat: Seat | None) -> None:
        super().__init__(seat, outbox_size=1000)
        self.received: list[dict[str, Any]] = []

    def push(self, message: bytes) -> None:
        self.received.append(orjson.loads(message))


def session(seed: int = 7) -> TableSession:
    table = TableSession(BREMEN, BREMEN.parse_options({}, 4), 4, seed)
    table.deal()
    return table


def play(table: TableSession, seat: Seat, version: int | None = None, action_id: str | None = None) -> None:
    action = table.legal(seat)[0]
    table.commit(table.prepare(seat, table.version if version is None else version, action.to_json(), action_id))


def first_awaited(table: TableSession) -> Seat:
    return min(table.awaiting)


# --- the session ----------------------------------------------------------------------------


def test_a_session_refuses_an_action_before_the_deal() -> None:
    table = TableSession(BREMEN, BREMEN.parse_options({}, 4), 4, 7)
    with pytest.raises(IllegalAction, match="not started"):
        table.prepare(0, 0, {"type": "pass"}, None)


def test_an_action_against_a_version_not_yet_reached_or_long_gone_is_stale() -> None:
    table = session()
    seat = first_awaited(table)
    action = table.legal(seat)[0].to_json()
    with pytest.raises(StaleVersion):
        table.prepare(seat, table.version + 1, action, None)
    for _ in range(12):  # the game moves on: every seat is offered something else at some point
        if table.outcome is not None:
            break
        play(table, first_awaited(table))
    seat = first_awaited(table)
    with pytest.raises(StaleVersion):
        table.prepare(seat, 0, table.legal(seat)[0].to_json(), None)


def test_preparing_changes_nothing_until_the_move_is_committed() -> None:
    table = session()
    seat = first_awaited(table)
    state, version, log = table.state, table.version, list(table.log)
    move = table.prepare(seat, version, table.legal(seat)[0].to_json(), "a1")
    assert (table.state, table.version, table.log) == (state, version, log)
    assert not table.is_retry(seat, "a1")
    table.commit(move)
    assert table.version == version + 1 and table.state is move.state
    assert table.is_retry(seat, "a1") and not table.is_retry(seat, "a2") and not table.is_retry(seat, None)


def test_an_older_version_counts_while_the_seats_legal_actions_are_unchanged() -> None:
    """In a simultaneous step, another seat committing first does not make a click stale."""
    rng = Random(3)
    for seed in range(40):
        table = session(seed)
        while table.outcome is None:
            awaiting = sorted(table.awaiting)
            if len(awaiting) >= 2:
                first, second = awaiting[0], awaiting[1]
                seen_version, seen_legal = table.version, table.legal(second)
                play(table, first)
                if table.legal(second) == seen_legal and second in table.awaiting:
                    before = table.version
                    play(table, second, version=seen_version)  # made against the view before `first` moved
                    assert table.version == before + 1
                    return
            seat = rng.choice(awaiting)
            table.commit(table.prepare(seat, table.version, rng.choice(table.legal(seat)).to_json(), None))
    pytest.fail("no simultaneous step found to try")


def test_an_older_version_is_stale_once_the_seats_legal_actions_changed() -> None:
    table = session()
    seat = first_awaited(table)
    seen_version, seen_legal = table.version, table.legal(seat)
    while table.outcome is None and not (table.legal(seat) and table.legal(seat) != seen_legal):
        play(table, first_awaited(table))
    assert table.outcome is None
    with pytest.raises(StaleVersion):
        table.prepare(seat, seen_version, table.legal(seat)[0].to_json(), None)
    play(table, seat)  # against the current version it counts


def test_a_rebuilt_session_is_the_played_one() -> None:
    table, log = session(), []
    for _ in range(20):
        if table.outcome is not None:
            break
        seat = first_awaited(table)
        move = table.prepare(seat, table.version, table.legal(seat)[0].to_json(), None)
        log.append((seat, move.payload))
        table.commit(move)
    again = TableSession(BREMEN, BREMEN.parse_options({}, 4), 4, 7)
    again.replay(log)
    assert (again.state, again.version, again.log, again.awaiting) == (
        table.state,
        table.version,
        table.log,
        table.awaiting,
    )
    assert all(again.legal(seat) == table.legal(seat) for seat in range(4))


# --- the room on a fake store ---------------------------------------------------------------


async def started_room(store: FakeStore) -> tuple[Room, list[Tab]]:
    room = Room("ROOM01", BREMEN, BREMEN.parse_options({}, 4), 4, 7, store, bot_delay=0)  # type: ignore[arg-type]
    for name in "ABCD":
        await room.join(name)
    await room.start(0)
    tabs = [Tab(seat) for seat in range(4)] + [Tab(None)]
    for tab in tabs:
        await room.attach(tab)
    for tab in tabs:
        tab.received.clear()
    store.calls.clear()
    return room, tabs


async def test_a_move_is_recorded_then_pushed_to_every_tab_with_the_ack_to_the_mover() -> None:
    store = FakeStore()
    room, tabs = await started_room(store)
    seat = first_awaited(room.session)
    action = room.session.legal(seat)[0].to_json()
    answered = await room.submit(seat, room.version, action, action_id="m1")
    assert answered is Answered.IN_STATE
    assert store.kinds() == ["append"]
    assert store.calls[0][1][1:4] == (room.version, seat, action)
    for tab in tabs:
        [message] = tab.received
        assert message["type"] == "state" and message["version"] == room.version
        assert ("ack" in message) == (tab.seat == seat)
        assert "table" not in message  # the table did not change


async def test_a_retried_action_id_is_not_applied_twice() -> None:
    store = FakeStore()
    room, tabs = await started_room(store)
    seat = first_awaited(room.session)
    action = room.session.legal(seat)[0].to_json()
    version = room.version
    assert await room.submit(seat, version, action, action_id="m1") is Answered.IN_STATE
    state, after = room.state, room.version
    assert await room.submit(seat, version, action, action_id="m1") is Answered.ACK_OWED
    assert (room.state, room.version) == (state, after)
    assert store.kinds() == ["append"]  # recorded once
    assert all(len(tab.received) == 1 for tab in tabs)  # pushed once


async def test_nothing_is_pushed_or_applied_when_the_store_refuses() -> None:
    store = FakeStore()
    room, tabs = await started_room(store)
    seat = first_awaited(room.session)
    action = room.session.legal(seat)[0].to_json()
    state, version, log = room.state, room.version, list(room.session.log)
    store.down = True
    with pytest.raises(StoreUnavailable):
        await room.submit(seat, version, action, action_id="m1")
    assert (room.state, room.version, room.session.log) == (state, version, log)
    assert all(tab.received == [] for tab in tabs)
    store.down = False  # the same action, retried with the same id once the store is back, is applied
    assert await room.submit(seat, version, action, action_id="m1") is Answered.IN_STATE
    assert room.version == version + 1


async def test_seats_and_the_start_are_recorded_before_they_are_pushed() -> None:
    store = FakeStore()
    room = Room("ROOM02", BREMEN, BREMEN.parse_options({}, 4), 4, 7, store, bot_delay=0)  # type: ignore[arg-type]
    await room.join("A")
    host = Tab(0)
    await room.attach(host)
    host.received.clear()
    store.down = True
    with pytest.raises(StoreUnavailable):
        await room.join("B")
    with pytest.raises(StoreUnavailable):
        await room.set_bot(0, 1, True)
    assert [slot.is_open for slot in room.seats] == [False, True, True, True]
    assert host.received == []
    store.down = False
    for seat in (1, 2, 3):
        await room.set_bot(0, seat, True)
    host.received.clear()
    store.down = True
    with pytest.raises(StoreUnavailable):
        await room.start(0)
    assert room.status == TableStatus.WAITING and room.state is None and host.received == []


async def test_a_stale_action_and_a_refused_one_change_nothing() -> None:
    store = FakeStore()
    room, tabs = await started_room(store)
    seat = first_awaited(room.session)
    action = room.session.legal(seat)[0].to_json()
    with pytest.raises(StaleVersion):
        await room.submit(seat, room.version + 5, action)
    with pytest.raises(IllegalAction):
        await room.submit(seat, room.version, {"type": "no_such_action"})
    with pytest.raises(IllegalAction, match="not seated"):
        await room.submit(None, room.version, action)
    assert store.calls == [] and all(tab.received == [] for tab in tabs)


async def test_play_again_owes_the_asker_an_ack_and_sends_everyone_a_snapshot() -> None:
    store = FakeStore()
    room, tabs = await started_room(store)
    with pytest.raises(TableError, match="not over"):
        await room.play_again(0, room.version)
    rng = Random(1)
    while room.status == TableStatus.PLAYING:
        seat = min(room.session.awaiting)
        await room.submit(seat, room.version, rng.choice(room.session.legal(seat)).to_json())
    finished = tabs[0].received[-1]
    assert finished["table"]["status"] == "finished"  # the table rode along with the end
    for tab in tabs:
        tab.received.clear()
    version = room.version
    assert await room.play_again(1, version) is Answered.ACK_OWED
    assert room.version == version + 1 and room.session.game_no == 2 and room.status == TableStatus.PLAYING
    for tab in tabs:
        [snapshot] = tab.received
        assert snapshot["full_log"] and snapshot["table"]["game_no"] == 2 and snapshot["events"] == []
    with pytest.raises(StaleVersion):
        await room.play_again(2, version)  # the second asker missed that the next game began
