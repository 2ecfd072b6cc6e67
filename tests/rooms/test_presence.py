"""Presence in process: a dropped seat is reconnecting for the grace period, then away; a closed page has
left once it stayed closed for a moment, and a reloaded one never left; a tab back within the grace is
connected again; spectators' comings and goings are pushed together."""

import asyncio

import pytest

import app.rooms.room
from app.rooms.errors import TableError
from app.rooms.presence import Coalesced, Departures, Presence
from app.rooms.room import Room
from tests.rooms.test_session import BREMEN, FakeStore, Tab

GRACE = 0.05
RELOAD = 0.02


@pytest.fixture(autouse=True)
def short_reload(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app.rooms.room, "RELOAD_SECONDS", RELOAD)


def test_a_seat_never_seen_is_away_and_one_with_a_tab_is_connected() -> None:
    departures = Departures(GRACE, RELOAD, lambda: None)
    assert departures.of(1, has_tab=False) is Presence.AWAY
    assert departures.of(1, has_tab=True) is Presence.CONNECTED


async def test_a_dropped_seat_is_reconnecting_for_the_grace_then_away_and_the_tabs_are_told() -> None:
    told: list[Presence] = []
    departures = Departures(GRACE, RELOAD, lambda: told.append(departures.of(2, has_tab=False)))
    departures.departed(2, clean=False)
    assert departures.of(2, has_tab=False) is Presence.RECONNECTING
    await asyncio.sleep(GRACE * 3)
    assert departures.of(2, has_tab=False) is Presence.AWAY
    assert told == [Presence.AWAY]


async def test_a_page_closed_on_purpose_has_left_once_it_stayed_closed_for_a_moment() -> None:
    told: list[Presence] = []
    departures = Departures(GRACE, RELOAD, lambda: told.append(departures.of(0, has_tab=False)))
    departures.departed(0, clean=True)
    assert departures.of(0, has_tab=False) is Presence.CONNECTED  # perhaps a reload
    await asyncio.sleep(GRACE * 3)
    assert departures.of(0, has_tab=False) is Presence.LEFT
    assert told == [Presence.LEFT]


async def test_a_reloaded_page_never_left() -> None:
    told: list[int] = []
    departures = Departures(GRACE, RELOAD, lambda: told.append(1))
    departures.departed(0, clean=True)
    departures.arrived(0)
    await asyncio.sleep(GRACE * 3)
    assert departures.of(0, has_tab=True) is Presence.CONNECTED and told == []


async def test_a_tab_back_within_the_grace_is_connected_and_its_timer_is_cancelled() -> None:
    told: list[int] = []
    departures = Departures(GRACE, RELOAD, lambda: told.append(1))
    departures.departed(1, clean=False)
    departures.arrived(1)
    assert departures.of(1, has_tab=True) is Presence.CONNECTED
    await asyncio.sleep(GRACE * 3)
    assert departures.of(1, has_tab=False) is Presence.AWAY  # never told; had it left again, it would say how
    assert told == []


async def test_many_calls_make_one_push() -> None:
    pushes: list[int] = []
    coalesced = Coalesced(GRACE, lambda: pushes.append(1))
    for _ in range(20):
        coalesced.soon()
    await asyncio.sleep(GRACE * 3)
    coalesced.soon()
    coalesced.cancel()
    await asyncio.sleep(GRACE * 3)
    assert pushes == [1]


async def started_room() -> tuple[Room, list[Tab]]:
    store = FakeStore()
    room = Room("ROOM03", BREMEN, BREMEN.parse_options({}, 4), 4, 7, store, bot_delay=0, reconnect_grace=GRACE)  # type: ignore[arg-type]
    for name in "ABCD":
        await room.join(name)
    await room.start(0)
    tabs = [Tab(seat) for seat in range(4)]
    for tab in tabs:
        await room.attach(tab)
    return room, tabs


def presence(tab: Tab) -> list[str]:
    table = [m for m in tab.received if "table" in m][-1]["table"]
    return [seat["presence"] for seat in table["seats"]]


async def test_the_room_tells_every_tab_how_each_seat_went_and_holds_a_dropped_seat_for_its_player() -> None:
    room, tabs = await started_room()
    host = tabs[0]
    assert presence(host) == ["connected"] * 4

    await room.detach(tabs[1], close_code=1006)  # the network dropped
    await room.detach(tabs[2], close_code=1001)  # the page was closed
    assert presence(host) == ["connected", "reconnecting", "connected", "connected"]  # seat 2: perhaps a reload
    for seat in (1, 2):  # both players are still at the table for now
        with pytest.raises(TableError) as refused:
            await room.set_bot(0, seat, True)
        assert refused.value.code == "player_present"
    await asyncio.sleep(RELOAD * 2)
    assert presence(host)[2] == "left"
    await room.set_bot(0, 2, True)  # the one who left may be replaced

    await asyncio.sleep(GRACE * 3)
    assert presence(host)[1] == "away"
    await room.set_bot(0, 1, True)

    back = Tab(1)
    await room.attach(back)
    assert presence(host)[1] == "connected"  # a bot plays the seat; its player is back and can take it
    assert presence(back)[1] == "connected"


async def test_a_second_tab_closing_leaves_the_seat_connected() -> None:
    room, tabs = await started_room()
    second = Tab(3)
    await room.attach(second)
    await room.detach(second, close_code=1000)
    assert presence(tabs[0])[3] == "connected"


async def test_spectators_arriving_together_are_counted_in_one_push(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app.rooms.room, "SPECTATOR_PUSH_SECONDS", GRACE)
    room, tabs = await started_room()
    tabs[0].received.clear()
    watchers = [Tab(None) for _ in range(10)]
    for n, watcher in enumerate(watchers):
        watcher.name = f"W{n % 3}"
        await room.attach(watcher)
    await asyncio.sleep(GRACE * 3)
    [push] = [m for m in tabs[0].received if m["type"] == "table"]
    assert push["table"]["spectators"] == {"count": 10, "names": ["W0", "W1", "W2"]}
    assert watchers[-1].received[0]["table"]["spectators"]["count"] == 10  # counted in its own snapshot


async def test_a_table_rebuilt_at_start_up_shows_its_players_reconnecting_until_the_grace_ends() -> None:
    room, tabs = await started_room()
    for tab in tabs[1:]:
        await room.detach(tab, close_code=1000)
    await asyncio.sleep(RELOAD * 2)
    room.expect_players()  # as the start-up does; the host's tab is still open
    assert presence(tabs[0]) == ["connected", "left", "left", "left"]  # what the host was told before
    tabs[0].received.clear()
    room.fanout.push_table()
    assert presence(tabs[0]) == ["connected"] + ["reconnecting"] * 3
    await asyncio.sleep(GRACE * 3)
    assert presence(tabs[0]) == ["connected"] + ["away"] * 3
