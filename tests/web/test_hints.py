"""Hints over the real server: the seat whose decision it is asks and alone gets the bot's move and
reason, everyone's log says who asked, nothing in the game changes; and every hint that may not be
given is refused."""

from tests.support.client import Player, seat_table
from tests.support.server import ServerProcess


async def test_a_seat_asks_for_a_hint_and_everyone_sees_that_it_asked(shared_server: ServerProcess) -> None:
    players = await seat_table(shared_server.url, "bremen", 4)
    watcher = Player(shared_server.url, "Ken")
    try:
        await watcher.connect(players[0].code)
        [asker] = [p for p in players if p.view and p.view["legal"]]  # the leader declares first
        others = [p for p in players if p is not asker]
        version = asker.version
        assert asker.table is not None and asker.table["hints"] is True

        hinted = await asker.request({"type": "hint"})
        assert hinted["type"] == "hinted", hinted
        assert hinted["action"] in asker.view["legal"]  # type: ignore[index]
        assert hinted["reason"]["key"].startswith("hint.") and hinted["reason"]["params"]
        again = await asker.request({"type": "hint"})  # the same moment gives the same answer
        assert (again["action"], again["reason"]) == (hinted["action"], hinted["reason"])

        for tab in [*others, watcher]:  # the log says who asked, never what the hint said
            await tab.wait_for(lambda tab=tab: any(m["type"] == "log" for m in tab.received))
            [line] = {str(m["events"]) for m in tab.received if m["type"] == "log"}
            assert line == str([{"v": version, "kind": "hinted", "seat": asker.seat}])
            assert all(m["type"] != "hinted" for m in tab.received)
        assert asker.version == version  # a hint is no move

        refused = await others[0].request({"type": "hint"})
        assert (refused["type"], refused["code"]) == ("error", "nothing_to_decide")
        refused = await watcher.request({"type": "hint"})
        assert refused["code"] == "not_a_player"
        third = await asker.request({"type": "hint"})
        assert third["type"] == "hinted"
        too_soon = await asker.request({"type": "hint"})
        assert (too_soon["code"], too_soon["retry_after"] > 0) == ("hint_too_soon", True)

        # A fresh tab is sent the log line with its snapshot; the move the hint named is then made.
        await watcher.disconnect()
        await watcher.connect()
        snapshot = next(m for m in reversed(watcher.received) if m["type"] == "state" and m.get("full_log"))
        assert {"v": version, "kind": "hinted", "seat": asker.seat} in snapshot["events"]
        assert (await asker.act(hinted["action"]))["type"] == "ack"
    finally:
        for player in [*players, watcher]:
            await player.close()


async def test_a_table_without_hints_refuses_them(shared_server: ServerProcess) -> None:
    host, guest = Player(shared_server.url, "Mina"), Player(shared_server.url, "Ken")
    try:
        created = await host.http.post(
            "/api/tables", json={"game": "bremen", "seats": 4, "name": "Mina", "bots": [2, 3], "hints": False}
        )
        assert created.is_success, created.text
        host.code, host.seat = created.json()["code"], created.json()["seat"]
        await guest.join(host.code)
        await host.start()
        await host.connect()
        await guest.connect(host.code)
        assert host.table is not None and host.table["hints"] is False
        for player in (host, guest):
            refused = await player.request({"type": "hint"})
            assert (refused["type"], refused["code"]) == ("error", "hints_off")
        assert all(m["type"] != "log" for m in guest.received)
    finally:
        await host.close()
        await guest.close()
