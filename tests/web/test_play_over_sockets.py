"""Whole games over real websockets against the real app, on SQLite and on PostgreSQL."""

from random import Random

import pytest

from app.games import RULES_BY_SLUG
from tests.support.client import Player, play_to_end, seat_table
from tests.support.server import ServerProcess

# Every player count of every game on SQLite; the largest table of each game on PostgreSQL too.
TABLES = [("sqlite", slug, n) for slug, rules in RULES_BY_SLUG.items() for n in sorted(rules.seat_counts)] + [
    ("postgres", slug, max(rules.seat_counts)) for slug, rules in RULES_BY_SLUG.items()
]


@pytest.mark.parametrize(
    ("live_server", "game", "seats"),
    [  # PostgreSQL's turn is left to CI (`slow`), as for every test on the long-lived servers
        pytest.param(d, g, n, id=f"{d}-{g}-{n}", marks=[pytest.mark.slow] if d == "postgres" else [])
        for d, g, n in TABLES
    ],
    indirect=["live_server"],
)
async def test_a_whole_game_over_sockets(live_server: ServerProcess, game: str, seats: int) -> None:
    players = await seat_table(live_server.url, game, seats)
    try:
        outcome = await play_to_end(players, Random(f"{game}{seats}"))
        assert outcome["result"] in {"win", "loss", "ranked"}
        # Every seat saw the same end, and the table says it is finished.
        for player in players:
            await player.wait_for(lambda p=player: p.table is not None and p.table["status"] == "finished")
            assert player.view is not None and player.view["outcome"] == outcome
        assert not [e for p in players for e in p.errors()], "a legal move was refused"
    finally:
        for player in players:
            await player.close()


async def test_a_spectator_sees_the_game_but_cannot_act(shared_server: ServerProcess) -> None:
    players = await seat_table(shared_server.url, "bremen", 4)
    watcher = Player(shared_server.url, "watcher")
    try:
        await watcher.connect(players[0].code)
        assert watcher.view is not None and watcher.view["legal"] == []
        assert "hand" not in watcher.view or watcher.view["hand"] in (None, [])
        leader = next(p for p in players if p.view and p.view["legal"])
        answer = await watcher.act(leader.view["legal"][0])  # type: ignore[index]
        assert answer == {"type": "error", "code": "not_a_player", "message": answer["message"], "id": answer["id"]}
        checked = await watcher.request({"type": "check", "action": leader.view["legal"][0]})  # type: ignore[index]
        assert (checked["ok"], checked["code"], checked["rule"]) == (False, "not_a_player", None)  # the table's own
        assert watcher.version == 0
    finally:
        for player in [*players, watcher]:
            await player.close()


async def test_a_check_answers_without_changing_anything(shared_server: ServerProcess) -> None:
    players = await seat_table(shared_server.url, "bremen", 4)
    try:
        leader = next(p for p in players if p.view and p.view["legal"])
        other = next(p for p in players if p is not leader)
        version = leader.version
        legal = leader.view["legal"][0]  # type: ignore[index]
        assert (await leader.request({"type": "check", "action": legal}))["ok"] is True
        refused = await other.request({"type": "check", "action": legal})
        # The refusal names the section of docs/rules/bremen.md it comes from (its error table, §4.2).
        assert refused == {
            "type": "checked",
            "id": refused["id"],
            "ok": False,
            "code": "not_leader",
            "message": "Only the leader declares.",
            "rule": "§4.2",
        }, refused
        malformed = await leader.request({"type": "check", "action": {"type": "juggle"}})
        assert malformed["ok"] is False and (malformed["code"], malformed["rule"]) == ("invalid_action", "§4.2")
        # Asked, never made: nobody was sent a new version, and the move can still be made.
        assert all(p.version == version for p in players)
        assert (await leader.act(legal))["type"] == "ack"
    finally:
        for player in players:
            await player.close()
