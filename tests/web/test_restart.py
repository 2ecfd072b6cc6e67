"""Stop the server mid-game, start it again: every table is rebuilt and its players return to their seats."""

from random import Random

import pytest

from tests.support.client import Player, play_some, play_to_end, seat_table
from tests.support.server import ServerProcess

pytestmark = pytest.mark.slow  # each test starts a server of its own and restarts it


@pytest.mark.parametrize("how", ["stop", "kill"])
async def test_a_game_survives_a_restart(server: ServerProcess, how: str) -> None:
    rng = Random(how)
    players = await seat_table(server.url, "bremen", 4)
    await play_some(players, rng, 9)
    before = {p.seat: (p.version, p.view) for p in players}
    for player in players:
        await player.disconnect()

    server.stop() if how == "stop" else server.kill()
    server.start()

    for player in players:  # same browsers, same cookies: same seats
        await player.connect()
    assert {p.seat: (p.version, p.view) for p in players} == before
    outcome = await play_to_end(players, rng)
    assert outcome["result"] in {"win", "loss"}
    for player in players:
        await player.close()


async def test_a_waiting_table_keeps_its_seats_across_a_restart(server: ServerProcess) -> None:
    host, guest = Player(server.url, "Mina"), Player(server.url, "Ken")
    code = await host.create("bremen", 4)
    await guest.join(code)
    server.stop()
    server.start()
    await guest.connect(code)
    assert guest.table is not None
    assert [s["name"] for s in guest.table["seats"]] == ["Mina", "Ken", None, None]
    assert guest.received[0]["you"] == 1
    for player in (host, guest):
        await player.close()
