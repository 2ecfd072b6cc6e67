"""What a viewer may do (`may`): for the creator, a player and a spectator, it says what the room then
accepts or refuses, with the refusal's code; every tab is sent its own with each table object."""

import pytest

from app.rooms.chat import ChatMode
from app.rooms.errors import TableError
from app.rooms.room import Room
from tests.rooms.test_session import BREMEN, FakeStore, Tab

CREATOR, PLAYER, SPECTATOR = 0, 1, None


def waiting_room() -> Room:
    return Room("ROOM05", BREMEN, BREMEN.parse_options({}, 4), 4, 7, FakeStore(), bot_delay=0)  # type: ignore[arg-type]


async def refusal(request: object) -> str | None:
    """The code a request is refused with, or None when it is done."""
    try:
        await request  # type: ignore[misc]
    except TableError as exc:
        return exc.code
    return None


async def test_before_the_start_only_the_creator_seats_bots_and_starts_once_every_seat_is_filled() -> None:
    room = waiting_room()
    await room.join("Mina")
    await room.join("Ken")
    creator, player, spectator = room.may(CREATOR), room.may(PLAYER), room.may(SPECTATOR)

    assert creator["start"] == "seats_open" == await refusal(room.start(CREATOR))
    assert player["start"] == "not_creator" == await refusal(room.start(PLAYER))
    assert (creator["seat_bot"], player["seat_bot"], spectator["seat_bot"]) == ([2, 3], [], [])
    assert await refusal(room.set_bot(PLAYER, 2, True)) == "not_creator"
    assert (creator["join"], spectator["join"]) == ("already_seated", True)
    # Ken has no tab open: he is away, so the creator may give his seat a new link too.
    assert (creator["seat_link"], player["seat_link"], spectator["seat_link"]) == ([0, 1], [1], [])
    assert (creator["set_chat"], player["set_chat"]) == (True, "not_creator")
    assert (player["write"], spectator["write"]) == (True, "chat_players_only")
    assert creator["pause_clock"] == "no_timer" == await refusal(room.pause_clock(CREATOR, True))

    await room.set_bot(CREATOR, 2, True)
    assert room.may(CREATOR)["unseat_bot"] == [2] and room.may(PLAYER)["unseat_bot"] == []
    await room.join("Aiko")
    assert room.may(SPECTATOR)["join"] == "table_full"
    assert room.may(CREATOR)["start"] is True
    assert await refusal(room.start(CREATOR)) is None
    assert room.may(CREATOR)["start"] == "already_started"


async def test_during_a_game_the_creator_may_hand_an_absent_players_seat_to_a_bot_and_that_player_takes_it_back() -> (
    None
):
    room = waiting_room()
    for name in ("Mina", "Ken", "Aiko", "Sam"):
        await room.join(name)
    await room.start(CREATOR)
    tabs = [Tab(seat) for seat in (0, 1, 3)]  # Aiko (seat 2) never came back
    for tab in tabs:
        await room.attach(tab)

    assert room.may(CREATOR)["seat_bot"] == [2] and room.may(CREATOR)["seat_link"] == [0, 2]
    assert room.may(PLAYER)["seat_bot"] == [] and room.may(PLAYER)["seat_link"] == [1]
    assert await refusal(room.set_bot(CREATOR, 1, True)) == "player_present"
    assert await refusal(room.set_bot(CREATOR, 2, True)) is None
    assert room.may(2)["unseat_bot"] == [2] and room.may(PLAYER)["unseat_bot"] == []

    # Each tab is sent what its own viewer may do, with the table that changed.
    pushed = [[m for m in tab.received if m["type"] == "table"][-1]["may"] for tab in tabs]
    assert [may["unseat_bot"] for may in pushed] == [[2], [], []]

    await room.set_chat(CREATOR, ChatMode.REACTIONS, False)
    assert (room.may(PLAYER)["write"], room.may(PLAYER)["react"]) == ("chat_reactions_only", True)
    assert [m for m in tabs[1].received if m["type"] == "table"][-1]["may"]["write"] == "chat_reactions_only"
    with pytest.raises(TableError, match="only reactions"):
        await room.say(PLAYER, "", "hello", None)
    assert room.may(PLAYER)["play_again"] == "not_finished"


async def test_a_snapshot_says_what_its_viewer_may_do_and_the_limits_the_page_shows() -> None:
    room = waiting_room()
    await room.join("Mina")
    host, watcher = Tab(CREATOR), Tab(SPECTATOR)
    await room.attach(host)
    await room.attach(watcher)
    assert host.received[0]["may"]["set_chat"] is True and watcher.received[0]["may"]["join"] is True
    assert host.received[0]["limits"] == {"name": 24, "chat": 200}
    assert host.received[0]["table"]["creator"] == CREATOR
