"""Every message each seat and each spectator receives, over whole random games, shows only what it may see.

The server's log is replayed independently from the database; for each state message we check that
its view is exactly the game's view for that receiver, that this view does not move when everything
hidden from the receiver is re-dealt, and that no log event names a component (a card, a token) that
the receiver's own views have not shown it by then.
"""

from random import Random
from typing import Any

import pytest

from app.engine import GameRules, full_view, rng_for
from app.games import RULES_BY_SLUG
from app.persistence import RoomStore
from app.persistence.db import make_engine
from tests.support.client import Player, play_some, play_to_end, seat_table
from tests.support.server import ServerProcess

TABLES = [(slug, max(rules.seat_counts)) for slug, rules in RULES_BY_SLUG.items()]


def strings_in(value: object, skip: frozenset[str] = frozenset()) -> set[str]:
    """Every string leaf of a JSON value (dict keys in `skip` are passed over)."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings_in(v, skip) for k, v in value.items() if k not in skip), set())
    if isinstance(value, list):
        return set().union(*(strings_in(v, skip) for v in value), set())
    return set()


async def states_by_version(database_url: str, code: str, rules: GameRules[Any, Any]) -> list[Any]:
    """The game's state after each accepted action (index = version), rebuilt from the database."""
    engine = make_engine(database_url)
    try:
        record = await RoomStore(engine).load(code)
    finally:
        await engine.dispose()
    assert record is not None
    state = rules.deal(record.seat_count, record.options, Random(record.seed))
    states = [state]
    for k, (seat, payload) in enumerate(record.actions, start=1):
        state = rules.apply(state, seat, rules.parse_action(payload), rng_for(record.seed, k)).state
        states.append(state)
    return states


def check_receiver(
    rules: GameRules[Any, Any], states: list[Any], seat: int | None, messages: list[dict[str, Any]]
) -> None:
    seen: set[str] = set()  # every string this receiver's views have shown it so far
    # The ids of every card and token in the game (inventories may prefix them by kind: "card:…").
    components = {key.rsplit(":", 1)[-1] for key in rules.inventory(states[0])}
    rng = Random(f"redeal-{seat}")
    for message in messages:
        if message["type"] != "state" or message["view"] is None:
            continue
        state = states[message["version"]]
        view = message["view"]
        assert view == full_view(rules, state, seat), "the server sent a view other than the game's"
        for _ in range(3):
            redealt = rules.redeal_hidden(state, seat, rng)
            assert full_view(rules, redealt, seat) == view, f"seat {seat}'s view moves with hidden state"
        seen |= strings_in(view)
        for event in message["events"]:
            told = strings_in(event, skip=frozenset({"kind"})) & components
            assert told <= seen, f"event {event} tells seat {seat} {sorted(told - seen)}, never in its views"


@pytest.mark.parametrize(("game", "seats"), TABLES, ids=[g for g, _ in TABLES])
async def test_no_message_shows_a_receiver_what_it_may_not_see(
    live_server: ServerProcess, game: str, seats: int
) -> None:
    rules = RULES_BY_SLUG[game]
    players = await seat_table(live_server.url, game, seats)
    watcher = Player(live_server.url, "watcher")
    await watcher.connect(players[0].code)
    try:
        await play_to_end(players, Random(game))
        latest = players[0].version
        await watcher.wait_for(lambda: watcher.version >= latest)
        states = await states_by_version(live_server.database_url, players[0].code, rules)
        assert len(states) == latest + 1
        for player in players:
            check_receiver(rules, states, player.seat, player.received)
        check_receiver(rules, states, None, watcher.received)
    finally:
        for player in [*players, watcher]:
            await player.close()


@pytest.mark.parametrize(("game", "seats"), TABLES, ids=[g for g, _ in TABLES])
async def test_no_replay_during_a_game_shows_its_viewer_more_than_it_was_shown(
    live_server: ServerProcess, game: str, seats: int
) -> None:
    """Mid-game, every review answer each seat and a spectator get passes the same checks as the messages
    they were sent, and is exactly those: the view sent at that version, and only log lines it was sent."""
    rules = RULES_BY_SLUG[game]
    players = await seat_table(live_server.url, game, seats)
    watcher = Player(live_server.url, "watcher")
    code = players[0].code
    await watcher.connect(code)
    try:
        await play_some(players, Random(game), 24)
        await watcher.wait_for(lambda: watcher.version >= players[0].version)
        states = await states_by_version(live_server.database_url, code, rules)
        for viewer in [*players, watcher]:
            review = (await viewer.http.get(f"/api/tables/{code}/games/1")).json()
            assert review["perspectives"] == [viewer.seat] and not review["over"]
            sent_lines = [e for m in viewer.received if m["type"] == "state" for e in m["events"]]
            assert all(line in sent_lines for line in review["log"])
            sent = {m["version"]: m["view"] for m in viewer.received if m["type"] == "state"}
            replayed: list[dict[str, Any]] = []
            for version in range(review["first_version"], review["last_version"] + 1):
                answer = (await viewer.http.get(f"/api/tables/{code}/games/1/versions/{version}")).json()
                [shown] = answer["views"]
                assert shown == {"seat": viewer.seat, "view": sent[version]}
                lines = [line for line in review["log"] if line["v"] == version]
                replayed.append({"type": "state", "version": version, "view": shown["view"], "events": lines})
            check_receiver(rules, states, viewer.seat, replayed)
    finally:
        for player in [*players, watcher]:
            await player.close()
