"""A finished table offers a rematch: the same seats at a new table, which starts when all are back."""

from random import Random

from tests.support.client import play_to_end, seat_table
from tests.support.server import ServerProcess


async def test_a_rematch_seats_everyone_where_they_sat(shared_server: ServerProcess) -> None:
    players = await seat_table(shared_server.url, "bremen", 4)
    try:
        first_code = players[0].code
        await play_to_end(players, Random(9))
        assert (await players[1].http.post(f"/api/tables/{first_code}/rematch")).status_code == 200
        codes = {await p.rematch() for p in players[1:]}  # players[1] asks again: the same table
        codes.add(await players[0].rematch())
        (code,) = codes
        assert code != first_code
        for player in players:
            await player.disconnect()
            await player.connect(code)
        table = players[0].table
        assert table is not None and table["status"] == "playing" and table["rematch_of"] == first_code
        assert [s["name"] for s in table["seats"]] == [p.name for p in players]
        assert [[m for m in p.received if m["type"] == "state"][-1]["you"] for p in players] == [p.seat for p in players]
        outcome = await play_to_end(players, Random(10))
        assert outcome["result"] in {"win", "loss"}
    finally:
        for player in players:
            await player.close()
