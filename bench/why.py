"""How long "why not?" takes to answer, per game: the server's work for a `check`, and its round trip.

    .venv/bin/python bench/why.py [--states 300] [--wire 150]

In process: on states reached by random playouts (every seat count in turn, every third state and the last), every
choice the page could offer every seat (`GameRules.choices`), answered as the table answers a `check`
(app/engine/why.py: the move's own parse and apply, the refusal's rule section, the JSON of `checked`).
Over the real server (`python -m app` on a fresh SQLite database under bench/.work/, limits lifted,
`--wire 0` to skip): tables of people who play random legal moves over the protocol, and in between
ask `check` about actions of their own and of the others, each round trip timed from send to answer,
at most 15 checks a second a socket (the server's pace for a socket is 20 messages a second). Timings
are printed, never asserted; the aim is a median under 20 ms for the slowest game.
"""

import argparse
import asyncio
import itertools
import statistics
import sys
import tempfile
import time
from pathlib import Path
from random import Random
from typing import Any

import orjson

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.engine import GameRules, refusal_json, rng_for, why  # noqa: E402
from app.games import RULES_BY_SLUG  # noqa: E402
from tests.games.playouts import sampled_states  # noqa: E402
from tests.support.client import seat_table, settle  # noqa: E402
from tests.support.server import ServerProcess  # noqa: E402

HEADER = f"{'game':<10}{{:>9}}{'median':>10}{'p90':>10}{'p99':>10}{'max':>10}"
WIRE_SEATS = {"bremen": 4, "baroque": 3, "hansa": 3, "brownies": 3, "bluebell": 3}


def states(rules: GameRules[Any, Any], count: int) -> list[tuple[int, Any]]:
    """(seats, state): the first `count` states the why-not proofs sample (tests/games/playouts.py)."""
    return list(itertools.islice(sampled_states(rules), count))


def answer(rules: GameRules[Any, Any], state: Any, seat: int, payload: dict[str, object], k: int) -> bytes:
    """The table's answer to a check, as app/web/sockets.py builds it."""
    refusal = why(rules, state, seat, payload, rng_for(1, k))
    if refusal is None:
        return orjson.dumps({"type": "checked", "id": "c", "ok": True})
    return orjson.dumps({"type": "checked", "id": "c", "ok": False, **refusal_json(refusal)})


def in_process(rules: GameRules[Any, Any], count: int) -> list[float]:
    """Seconds per answer, for every choice of every seat on `count` states."""
    timings: list[float] = []
    for k, (seats, state) in enumerate(states(rules, count)):
        for seat in range(seats):
            for action in rules.choices(state, seat):
                payload = action.to_json()
                start = time.perf_counter()
                answer(rules, state, seat, payload, k)
                timings.append(time.perf_counter() - start)
    return timings


async def over_the_wire(url: str, slug: str, samples: int, rng: Random) -> list[float]:
    """Seconds per check round trip at live tables of `slug`, until `samples` were timed."""
    timings: list[float] = []
    while len(timings) < samples:
        players = await seat_table(url, slug, WIRE_SEATS[slug])
        try:
            while len(timings) < samples:
                await settle(players)
                view = players[0].view
                if view is None or view["outcome"] is not None:
                    break
                offered = [(p, a) for p in players for a in (p.view or {}).get("legal", [])[:3]]
                for asker in players:
                    for _, action in rng.sample(offered, min(3, len(offered))):
                        start = time.perf_counter()
                        checked = await asker.request({"type": "check", "action": action})
                        timings.append(time.perf_counter() - start)
                        assert checked["type"] == "checked", checked
                        await asyncio.sleep(1 / 15)  # the page's pace is 4 a second; the server's 20
                movers = [p for p in players if p.view and p.view["legal"]]
                for _ in range(rng.randint(1, 4)):
                    mover = rng.choice(movers)
                    if (await mover.act(rng.choice(mover.view["legal"])))["type"] != "ack":  # type: ignore[index]
                        break
                    await settle(players)
                    movers = [p for p in players if p.view and p.view["legal"]]
                    if not movers:
                        break
        finally:
            for player in players:
                await player.close()
    return timings


def line(slug: str, timings: list[float], unit: float, digits: int) -> str:
    ordered = sorted(timings)
    pick = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))] / unit  # noqa: E731
    return (
        f"{slug:<10}{len(ordered):>9}{statistics.median(ordered) / unit:>10.{digits}f}"
        f"{pick(0.9):>10.{digits}f}{pick(0.99):>10.{digits}f}{ordered[-1] / unit:>10.{digits}f}"
    )


async def wire(samples: int) -> None:
    work = ROOT / "bench" / ".work"
    work.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(dir=work))
    server = ServerProcess(f"sqlite+aiosqlite:///{folder / 'zashiki.db'}", folder / "server.log").start()
    try:
        print(f"\nover the server, check round trips in ms\n{HEADER.format('checks')}")
        rng = Random(1)
        for slug in RULES_BY_SLUG:
            print(line(slug, await over_the_wire(server.url, slug, samples, rng), 1e-3, 2), flush=True)
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=300, help="states per game for the in-process answers")
    parser.add_argument("--wire", type=int, default=150, help="checks per game over the server (0: none)")
    args = parser.parse_args()
    print(f"in process, one check's answer in µs\n{HEADER.format('answers')}")
    for slug, rules in RULES_BY_SLUG.items():
        print(line(slug, in_process(rules, args.states), 1e-6, 1), flush=True)
    if args.wire:
        asyncio.run(wire(args.wire))


if __name__ == "__main__":
    main()
