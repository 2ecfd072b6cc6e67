"""Table chat over real sockets: lines and reactions for everyone, the creator's setting, refusals, restarts."""

from tests.support.client import Message, Player, seat_table
from tests.support.server import ServerProcess


def chat_lines(player: Player) -> list[Message]:
    return [m["line"] for m in player.received if m["type"] == "chat" and "line" in m]


async def say(player: Player, text: str | None = None, reaction: str | None = None) -> Message:
    message: Message = {"type": "say"}
    if text is not None:
        message["text"] = text
    if reaction is not None:
        message["reaction"] = reaction
    return await player.request(message)


async def test_players_chat_and_react_and_everyone_sees_it(shared_server: ServerProcess) -> None:
    players = await seat_table(shared_server.url, "bremen", 4)
    spectator = Player(shared_server.url, "watcher")
    try:
        await spectator.connect(players[0].code)
        assert (await say(players[1], "  good   luck  ")) == {
            "type": "ack",
            "id": players[1].received[-1]["id"],
            "version": players[1].version,
        }
        assert (await say(players[2], reaction="clap"))["type"] == "ack"
        for watcher in [*players, spectator]:
            await watcher.wait_for(lambda w=watcher: len(chat_lines(w)) == 2)
            first, second = chat_lines(watcher)
            assert (first["seat"], first["name"], first["text"], first["reaction"]) == (1, "P1", "good luck", None)
            assert (second["seat"], second["text"], second["reaction"]) == (2, "", "clap")
            assert second["n"] == first["n"] + 1
        # A spectator reads; it writes only when the creator allows it.
        assert (await say(spectator, "hi"))["code"] == "chat_players_only"
        forbidden = await players[1].http.put(
            f"/api/tables/{players[0].code}/chat", json={"mode": "open", "spectators": True}
        )
        assert (forbidden.status_code, forbidden.json()["code"]) == (403, "not_creator")
        allowed = await players[0].http.put(
            f"/api/tables/{players[0].code}/chat", json={"mode": "open", "spectators": True}
        )
        assert allowed.status_code == 204
        await spectator.wait_for(
            lambda: any(m.get("settings", {}).get("spectators") for m in spectator.received if m["type"] == "chat")
        )
        assert (await say(spectator, "hi"))["type"] == "ack"
        await players[0].wait_for(lambda: chat_lines(players[0])[-1]["seat"] is None)
    finally:
        for player in [*players, spectator]:
            await player.close()


async def test_the_creator_can_keep_play_to_reactions_or_turn_the_chat_off(shared_server: ServerProcess) -> None:
    players = await seat_table(shared_server.url, "bremen", 4)
    code = players[0].code
    try:
        await players[0].http.put(f"/api/tables/{code}/chat", json={"mode": "reactions"})
        assert (await say(players[1], "I have the 13"))["code"] == "chat_reactions_only"  # Bremen's table talk
        assert (await say(players[1], reaction="wow"))["type"] == "ack"
        await players[0].http.put(f"/api/tables/{code}/chat", json={"mode": "off"})
        assert (await say(players[1], reaction="wow"))["code"] == "chat_off"
        bad = await players[0].http.put(f"/api/tables/{code}/chat", json={"mode": "loud"})
        assert bad.status_code == 422
        await players[3].wait_for(lambda: len(chat_lines(players[3])) == 1)
        assert [line["reaction"] for line in chat_lines(players[3])] == ["wow"]
    finally:
        for player in players:
            await player.close()


async def test_bad_chat_lines_are_refused_and_shown_to_nobody(shared_server: ServerProcess) -> None:
    players = await seat_table(shared_server.url, "bremen", 4)
    try:
        mina = players[0]
        for i, (text, reaction, code) in enumerate(
            [
                ("   ", None, "chat_empty"),
                ("x" * 201, None, "chat_too_long"),
                ("hi\u202ethere", None, "chat_bad_text"),
                ("bell\x07", None, "chat_bad_text"),
                ("\u3164\u2800", None, "chat_empty"),  # fillers that draw nothing
                ("q" + "\u0301" * 4, None, "chat_too_many_marks"),  # a tower of marks over one letter
                (None, "fire", "chat_bad_reaction"),
                ("both", "clap", "bad_message"),
                (None, None, "bad_message"),
            ]
        ):
            sender = players[2 + i % 2]
            assert (await say(sender, text, reaction))["code"] == code, (text, reaction)
        await mina.send({"type": "say", "text": "y" * 1001})  # over the wire's own bound: not even read
        await mina.wait_for(lambda: any(e["code"] == "bad_message" for e in mina.errors()))
        # A flood is slowed down: the burst goes through, then the chat waits.
        answers = [await say(mina, f"line {i}") for i in range(8)]
        assert [a["type"] for a in answers[:5]] == ["ack"] * 5
        assert "chat_too_fast" in [a.get("code") for a in answers[5:]]
        await players[1].wait_for(lambda: len(chat_lines(players[1])) >= 5)
        assert all(line["text"].startswith("line ") for line in chat_lines(players[1]))
        html = await say(players[1], "<img src=x onerror=alert(1)>")
        assert html["type"] == "ack"  # kept as text; every page shows it as text
    finally:
        for player in players:
            await player.close()


async def test_a_seats_pace_holds_across_reconnects_and_tabs(shared_server: ServerProcess) -> None:
    players = await seat_table(shared_server.url, "bremen", 4)
    ken = players[1]
    second_tab = Player(shared_server.url, "P1")
    second_tab.http.cookies = ken.http.cookies
    try:
        assert [(await say(ken, f"line {i}"))["type"] for i in range(5)] == ["ack"] * 5  # the burst
        await ken.disconnect()
        await ken.connect()
        refused = await say(ken, "a fresh socket is no fresh budget")
        assert refused["code"] == "chat_too_fast" and refused["retry_after"] >= 1
        await second_tab.connect(ken.code)
        assert (await say(second_tab, "nor is another tab"))["code"] == "chat_too_fast"
        assert (await say(players[2], "another seat writes on"))["type"] == "ack"
    finally:
        for player in [*players, second_tab]:
            await player.close()


async def test_the_chat_survives_a_restart(server: ServerProcess) -> None:
    players = await seat_table(server.url, "baroque", 3)
    code = players[0].code
    try:
        await players[0].http.put(f"/api/tables/{code}/chat", json={"mode": "reactions", "spectators": True})
        await say(players[1], reaction="thanks")
        for player in players:
            await player.disconnect()
        server.stop()
        server.start()
        back = Player(server.url, "P1")
        back.http.cookies = players[1].http.cookies
        await back.connect(code)
        chat = back.received[0]["chat"]
        assert (chat["mode"], chat["spectators"]) == ("reactions", True)
        assert [(line["seat"], line["reaction"]) for line in chat["lines"]] == [(1, "thanks")]
        assert (await say(back, reaction="nice"))["type"] == "ack"
        await back.wait_for(lambda: chat_lines(back)[-1]["n"] == 2)
        await back.close()
    finally:
        for player in players:
            await player.close()
