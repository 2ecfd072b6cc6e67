"""Bots fill empty seats in every game, move through the same path as people, and hand seats back."""

from random import Random

import pytest

from app.games import RULES_BY_SLUG
from tests.support.client import Player, play_to_end, seat_table, settle
from tests.support.server import ServerProcess

WITH_BOTS = [slug for slug, rules in RULES_BY_SLUG.items() if rules.bot is not None]


@pytest.mark.parametrize("game", WITH_BOTS)
async def test_one_person_plays_a_whole_game_against_bots(shared_server: ServerProcess, game: str) -> None:
    seats = max(RULES_BY_SLUG[game].seat_counts)
    person = Player(shared_server.url, "Mina")
    await person.create(game, seats, bots=list(range(1, seats)))
    await person.start()
    await person.connect()
    try:
        rng = Random(game)
        for _ in range(3000):
            view = person.view
            assert view is not None
            if view["outcome"] is not None:
                break
            if view["legal"]:
                answer = await person.act(rng.choice(view["legal"]))
                # The bots may move first and change what the person may do: then, like a browser,
                # the person is sent the current view and chooses again.
                assert answer["type"] == "ack" or answer["code"] == "stale_version", answer
            else:  # the bots are thinking: wait for the next version
                version = person.version
                await person.wait_for(lambda version=version: person.version > version)
        else:
            pytest.fail("the game did not end")
        assert person.table is not None and all(s["bot"] and not s["human"] for s in person.table["seats"][1:])
        # Each bot is named for its seat, so that two are told apart in the log and the record.
        assert [s["name"] for s in person.table["seats"]] == ["Mina", *(f"Bot {n}" for n in range(2, seats + 1))]
        assert not [e for e in person.errors() if e["code"] != "stale_version"]
    finally:
        await person.close()


async def test_a_player_who_left_is_replaced_by_a_bot_and_takes_the_seat_back(shared_server: ServerProcess) -> None:
    players = await seat_table(shared_server.url, "bremen", 4)
    host, leaver = players[0], players[2]
    try:
        # Still at the table: nobody may hand the seat away.
        response = await host.http.put(f"/api/tables/{host.code}/seats/2/bot")
        assert response.json()["code"] == "player_present"
        await leaver.disconnect()
        await host.wait_for(lambda: host.table is not None and host.table["seats"][2]["presence"] == "left")
        assert (await leaver.http.put(f"/api/tables/{host.code}/seats/1/bot")).json()["code"] == "not_creator"
        assert (await host.http.put(f"/api/tables/{host.code}/seats/2/bot")).status_code == 204
        await host.wait_for(lambda: host.table is not None and host.table["seats"][2]["bot"])
        assert host.table is not None and host.table["seats"][2]["human"]  # still the player's seat

        # The bot plays seat 2 while the others play on.
        rng = Random(5)
        others = [p for p in players if p is not leaver]
        for _ in range(12):
            await settle(others)  # a player a version behind would be no mover, and nobody would move
            version = host.version
            movers = [p for p in others if p.view and p.view["legal"]]
            if movers:
                mover = rng.choice(movers)
                await mover.act(rng.choice(mover.view["legal"]))  # type: ignore[index]
            await host.wait_for(lambda version=version: host.version > version)
        bot_moved = host.version

        await leaver.connect()
        if leaver.view and leaver.view["legal"]:  # the seat is the bot's until taken back
            answer = await leaver.act(leaver.view["legal"][0])
            assert answer["type"] == "error" and answer["code"] in {"seat_is_bot", "stale_version"}
        assert (await leaver.http.delete(f"/api/tables/{host.code}/seats/2/bot")).status_code == 204
        await leaver.wait_for(lambda: leaver.table is not None and not leaver.table["seats"][2]["bot"])
        assert bot_moved > 0
        outcome = await play_to_end(players, rng)
        assert outcome["result"] in {"win", "loss"}
    finally:
        for player in players:
            await player.close()
