"""A browser that lost its seat asks the host for it over the real server: the host sees the ask, one
answer later the asking tab holds the seat; every ask that may not be made is refused and changes nothing."""

from typing import Any

from tests.support.client import Message, Player, seat_table
from tests.support.server import ServerProcess
from tests.web.test_seat_links import told_seat_lost, until


def asks_seen(host: Player) -> list[dict[str, Any]]:
    """The latest list of asks the host's tab was sent."""
    pushed = [m for m in host.received if m["type"] == "seat_asks"]
    return pushed[-1]["asks"] if pushed else []


async def left(watcher: Player, seat: int) -> None:
    """Waits until the table shows the seat's player as gone (a closed tab counts after 3 s)."""
    await watcher.wait_for(
        lambda: watcher.table is not None and watcher.table["seats"][seat]["presence"] == "left", timeout=15
    )


async def ask(tab: Player, seat: int, **name: str) -> Message:
    return await tab.request({"type": "ask_seat", "seat": seat, **name})


async def test_a_browser_that_lost_its_seat_gets_it_back_from_the_host(live_server: ServerProcess) -> None:
    players = await seat_table(live_server.url, "bremen", 4)
    host, ken = players[0], players[1]
    new_browser = Player(live_server.url, "Ken")  # no cookie: the seat's token is gone with the old one
    try:
        await new_browser.connect(host.code, query="?name=Ken")
        assert new_browser.received[0]["you"] is None

        # While Ken's old tab is open, his seat is not asked for: he has it.
        refused = await ask(new_browser, 1)
        assert (refused["type"], refused["code"]) == ("error", "player_present")
        await ken.disconnect()
        await left(host, 1)

        assert (await ask(new_browser, 1))["type"] == "ack"
        await until(lambda: len(asks_seen(host)) == 1)
        [asked] = asks_seen(host)
        assert (asked["seat"], asked["name"]) == (1, "Ken")
        again = await ask(new_browser, 1)  # asking twice is waiting, not a second ask
        assert (again["code"], again["retry_after"] > 0) == ("asked_already", True)
        for stranger in players[2:]:  # only the host answers
            refused = await stranger.request({"type": "answer_ask", "ask": asked["id"], "grant": True})
            assert refused["code"] == "not_creator"
        assert [m for m in players[2].received if m["type"] == "seat_asks"] == []  # nor sees the asks

        assert (await host.request({"type": "answer_ask", "ask": asked["id"], "grant": True}))["type"] == "ack"
        await new_browser.wait_for(lambda: any(m["type"] == "seat_granted" for m in new_browser.received))
        granted = next(m for m in new_browser.received if m["type"] == "seat_granted")
        assert granted["seat"] == 1 and asks_seen(host) == []
        assert all("link" not in m for p in players for m in p.received if m["type"] != "seat_granted")

        # The asking tab takes the seat with the link it alone was handed, as a seat link's page does.
        claimed = await new_browser.http.post(f"/api/tables/{host.code}/claim", json={"link": granted["link"]})
        assert (claimed.status_code, claimed.json()["seat"]) == (200, 1)
        await new_browser.disconnect()
        await new_browser.connect()
        snapshot = [m for m in new_browser.received if m["type"] == "state" and "you" in m][-1]
        assert snapshot["you"] == 1 and "hand" in snapshot["view"]
        await host.wait_for(lambda: host.table is not None and host.table["seats"][1]["presence"] == "connected")

        # The old browser's token was signed out: it watches now, and is told why.
        await ken.connect()
        assert await told_seat_lost(ken) == "reissued"
    finally:
        for player in [*players, new_browser]:
            await player.close()


async def test_asks_that_may_not_be_made_are_refused_and_a_closed_tab_takes_its_ask_away(
    shared_server: ServerProcess,
) -> None:
    players = await seat_table(shared_server.url, "bremen", 4)
    host = players[0]
    unnamed, named = Player(shared_server.url, ""), Player(shared_server.url, "Aiko")
    try:
        await players[2].disconnect()
        await left(host, 2)
        await unnamed.connect(host.code)
        await named.connect(host.code, query="?name=Aiko")
        for tab, seat, code in [
            (unnamed, 2, "name_needed"),  # the host answers a name
            (named, 0, "host_seat"),
            (named, 5, "bad_seat"),
            (players[1], 2, "already_seated"),
        ]:
            answer = await ask(tab, seat)
            assert (answer["type"], answer["code"]) == ("error", code), (seat, answer)
        assert (await ask(unnamed, 2, name="\u202eevil"))["code"] == "bad_name"  # checked as nicknames are
        assert asks_seen(host) == []

        assert (await ask(unnamed, 2, name="Aiko's phone"))["type"] == "ack"  # a name given with the ask
        await until(lambda: [a["name"] for a in asks_seen(host)] == ["Aiko's phone"])
        await unnamed.disconnect()
        await until(lambda: asks_seen(host) == [])

        assert (await ask(named, 2))["type"] == "ack"
        await until(lambda: len(asks_seen(host)) == 1)
        await named.disconnect()  # the asking tab went: so did its ask
        await until(lambda: asks_seen(host) == [])
        gone = await host.request({"type": "answer_ask", "ask": "12345", "grant": True})
        assert gone["code"] == "no_such_ask"

        # Declined: the asker is told, and nothing about the seat changed.
        await named.connect(host.code, query="?name=Aiko")
        assert (await ask(named, 2))["type"] == "ack"
        await until(lambda: len(asks_seen(host)) == 1)
        [asked] = asks_seen(host)
        assert (await host.request({"type": "answer_ask", "ask": asked["id"], "grant": False}))["type"] == "ack"
        await named.wait_for(lambda: any(m["type"] == "seat_declined" for m in named.received))
        await players[2].connect()
        assert [m for m in players[2].received if m["type"] == "state" and "you" in m][-1]["you"] == 2

        # With the host gone, nobody can answer: the ask is refused rather than left waiting.
        await players[3].disconnect()
        await left(host, 3)
        await host.disconnect()
        await left(players[1], 0)
        assert (await ask(named, 3))["code"] == "host_away"
    finally:
        for player in [*players, unnamed, named]:
            await player.close()
