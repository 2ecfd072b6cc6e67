"""A finished table plays again: the same seats, the same link, a new deal; it survives a restart too."""

from random import Random

import pytest

from tests.support.client import Player, play_some, play_to_end, seat_table
from tests.support.server import ServerProcess


def latest_state(player: Player) -> dict:  # type: ignore[type-arg]
    return [m for m in player.received if m["type"] == "state"][-1]


async def test_a_finished_table_deals_the_next_game_to_the_same_seats(live_server: ServerProcess) -> None:
    players = await seat_table(live_server.url, "bremen", 4)
    spectator = Player(live_server.url, "Watcher")
    try:
        assert (await players[2].again())["code"] == "not_finished"
        await play_to_end(players, Random(9))
        await spectator.connect(players[0].code)
        finished_at = players[0].version
        assert (await spectator.again())["code"] == "not_a_player"

        assert (await players[1].again())["type"] == "ack"
        for player in players:
            await player.wait_for(lambda p=player: p.version > finished_at)
        # A second player asking at the same moment was looking at the finished game: stale, nothing dealt twice.
        assert (await players[3].again(version=finished_at))["code"] == "stale_version"
        for player in [*players, spectator]:
            state = latest_state(player)
            assert state["table"]["status"] == "playing" and state["table"]["game_no"] == 2
            assert state["full_log"] and state["events"] == [] and state["view"]["outcome"] is None
            assert state["you"] == player.seat
        assert [s["name"] for s in players[0].table["seats"]] == [p.name for p in players]  # type: ignore[index]

        outcome = await play_to_end(players, Random(10))
        assert outcome["result"] in {"win", "loss"}
    finally:
        for player in [*players, spectator]:
            await player.close()


@pytest.mark.slow  # a server of its own, restarted
async def test_the_next_game_is_what_a_restart_rebuilds(server: ServerProcess) -> None:
    players = await seat_table(server.url, "bremen", 4)
    await play_to_end(players, Random(3))
    assert (await players[0].again())["type"] == "ack"
    await play_some(players, Random(4), 5)  # a few moves into the second game
    before = {p.seat: (p.version, p.view) for p in players}
    for player in players:
        await player.disconnect()

    server.kill()
    server.start()

    for player in players:
        await player.connect()
    assert {p.seat: (p.version, p.view) for p in players} == before
    assert players[0].table is not None and players[0].table["game_no"] == 2
    for player in players:
        await player.close()
