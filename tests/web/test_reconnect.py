"""Dropped sockets come back to the same seat with the current view, at every kind of moment."""

from random import Random

from tests.support.client import Player, play_to_end, seat_table
from tests.support.server import ServerProcess


async def test_two_tabs_of_one_seat_stay_consistent(shared_server: ServerProcess) -> None:
    players = await seat_table(shared_server.url, "bremen", 4)
    leader = next(p for p in players if p.view and p.view["legal"])
    second_tab = Player(shared_server.url, leader.name)
    second_tab.http.cookies = leader.http.cookies  # the same browser, another tab
    try:
        await second_tab.connect(leader.code)
        assert second_tab.received[0]["you"] == leader.seat
        card = leader.view["legal"][0]  # type: ignore[index]
        assert (await second_tab.act(card))["type"] == "ack"
        await leader.wait_for(lambda: leader.version == 1)
        assert leader.view == second_tab.view
        again = await leader.act(card, version=0)  # the first tab's stale click
        assert again["code"] == "stale_version" and leader.version == 1
    finally:
        for player in [*players, second_tab]:
            await player.close()


async def test_a_seat_dropped_before_and_after_a_sealed_choice_returns_to_it(shared_server: ServerProcess) -> None:
    players = await seat_table(shared_server.url, "bremen", 4)
    try:
        leader = next(p for p in players if p.view and p.view["legal"])
        await leader.act(leader.view["legal"][0])  # type: ignore[index]
        chooser = next(p for p in players if p is not leader)
        await chooser.wait_for(lambda: chooser.version == 1)
        await chooser.disconnect()  # before committing
        await chooser.connect()
        play = chooser.view["legal"][0]  # type: ignore[index]
        assert (await chooser.act(play))["type"] == "ack"
        await chooser.disconnect()  # after committing, before the reveal
        await chooser.connect()
        mine = [c for c in chooser.view["hand"] if c["committed"]]  # type: ignore[index]
        assert [c["card_id"] for c in mine] == [play["card_id"]]
        others = [p for p in players if p is not chooser]
        for other in others:
            await other.wait_for(lambda o=other: o.version == chooser.version)
            assert other.view is not None and other.view["seats"][chooser.seat]["chosen"] is True
            assert play["card_id"] not in str(other.view)  # only "has chosen"
        # Mid-reveal: the last commit lands while a seat is away; it sees the reveal when back.
        last_two = [p for p in others if p.view and p.view["legal"]]
        await last_two[0].disconnect()
        assert (await last_two[1].act(last_two[1].view["legal"][0]))["type"] == "ack"  # type: ignore[index]
        await last_two[0].connect()
        assert last_two[0].version == last_two[1].version
        assert (await last_two[0].act(last_two[0].view["legal"][0]))["type"] == "ack"  # type: ignore[index]
        await last_two[0].wait_for(lambda: last_two[0].view["last_ensemble"] is not None)  # type: ignore[index]
        assert any(
            e["kind"].startswith("ensemble_") for m in last_two[0].received if m["type"] == "state" for e in m["events"]
        )
        await play_to_end(players, Random(3))
    finally:
        for player in players:
            await player.close()


async def test_a_table_everyone_left_waits_for_them(shared_server: ServerProcess) -> None:
    players = await seat_table(shared_server.url, "baroque", 3)
    try:
        await play_to_end_partly(players, 10)
        version = max(p.version for p in players)
        for player in players:
            await player.disconnect()
        for player in players:
            await player.connect()
            snapshot = [m for m in player.received if m["type"] == "state"][-1]
            assert player.version == version and snapshot["full_log"] and snapshot["events"]
        await play_to_end(players, Random(4))
    finally:
        for player in players:
            await player.close()


async def play_to_end_partly(players: list[Player], actions: int) -> None:
    rng = Random(actions)
    for _ in range(actions):
        latest = max(p.version for p in players)
        for p in players:
            await p.wait_for(lambda p=p, latest=latest: p.version >= latest)
        mover = rng.choice([p for p in players if p.view and p.view["legal"]])
        assert (await mover.act(rng.choice(mover.view["legal"])))["type"] == "ack"  # type: ignore[index]
