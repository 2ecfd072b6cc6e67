"""SIGKILL the server at random moments while many tables play; nothing acknowledged may be lost.

Every state message a client was sent is compared, after each restart, with the game replayed from
the database: each version anyone saw must be stored with exactly the view they saw (so nothing
was shown before it was durable, and nothing was half-applied), and every game then plays to its end.
"""

import asyncio
import contextlib
from random import Random
from typing import Any

import pytest

from app.engine import full_view
from app.games import RULES_BY_SLUG
from tests.support.client import Player, play_to_end, seat_table
from tests.support.server import ServerProcess
from tests.web.test_redaction import states_by_version

pytestmark = pytest.mark.slow

KILLS = 3


async def keep_playing(players: list[Player], rng: Random) -> None:
    """Random legal moves on one table until its connections die."""
    with contextlib.suppress(Exception):
        while all(p.connected for p in players):
            movers = [p for p in players if p.view and p.view["legal"]]
            if not movers:  # the game is over, or a move is still on its way to everyone
                await asyncio.sleep(0.01)
                continue
            mover = rng.choice(movers)
            await mover.act(rng.choice(mover.view["legal"]))  # type: ignore[index]


def seen_views(player: Player) -> dict[int, Any]:
    return {m["version"]: m["view"] for m in player.received if m["type"] == "state"}


async def test_nothing_acknowledged_is_lost_across_kills(server: ServerProcess, database_url: str) -> None:
    rng = Random(20261202)
    games = [(slug, min(rules.seat_counts)) for slug, rules in RULES_BY_SLUG.items()]
    tables = [await seat_table(server.url, slug, seats) for slug, seats in games + games]
    try:
        for _ in range(KILLS):
            playing = [asyncio.create_task(keep_playing(t, Random(rng.random()))) for t in tables]
            await asyncio.sleep(rng.uniform(0.3, 1.5))
            server.kill()  # mid-action, mid-commit, mid-reveal: wherever it lands
            await asyncio.gather(*playing)
            for table in tables:
                for player in table:
                    await player.disconnect()
            server.start()
            for table in tables:
                rules = RULES_BY_SLUG[table[0].table["game"]]  # type: ignore[index]
                states = await states_by_version(database_url, table[0].code, rules)
                for player in table:
                    for version, view in seen_views(player).items():
                        assert version < len(states), f"{rules.slug}: version {version} was shown but not stored"
                        replayed = full_view(rules, states[version], player.seat)
                        assert view == replayed, "a shown view differs from the log"
                    await player.connect()
                    assert player.version == len(states) - 1
        for table in tables:
            outcome = await play_to_end(table, rng)
            assert outcome is not None
    finally:
        for table in tables:
            for player in table:
                await player.close()
