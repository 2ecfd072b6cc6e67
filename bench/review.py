"""How fast a review opens: a long Farm with Brownies game (about 700 actions) replayed and answered.

    .venv/bin/python bench/review.py [--actions 700] [--rounds 5]

In process: the replay (every state from the deal), the review's summary (the whole log) and one
version's views for every seat, as the server computes them. Over the real server (`python -m app`
on a fresh SQLite database under bench/.work/, limits lifted): opening the game's record
(`POST /api/records`, a cold replay each round: every round opens another game, as a record's
names do not make it another replay, and the server replays it in a worker process) and then one
step (`GET /api/records/{id}/versions/{v}`, a replay held in memory). Also the record's size and
the memory one held replay takes. Timings are printed, never asserted.
"""

import argparse
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

import httpx
import orjson

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.engine import Action, Seat  # noqa: E402
from app.engine.playout import random_playout  # noqa: E402
from app.games import RULES_BY_SLUG  # noqa: E402
from app.rooms.replay import GameRecord, RecordedAction, Replay  # noqa: E402
from app.rooms.reviews import Review, seat_records  # noqa: E402

SEATS = 4


def recorded_playout(seed: int) -> tuple[GameRecord, int]:
    """A random 4-player Brownies game from `seed` as its record, and its number of actions."""
    rules = RULES_BY_SLUG["brownies"]
    moves: list[RecordedAction] = []

    def note(_k: int, seat: Seat, action: Action, _before: object, _after: object) -> None:
        moves.append(RecordedAction(seat, action.to_json()))

    final, count = random_playout(rules, SEATS, seed, note)
    outcome = rules.outcome(final)
    assert outcome is not None
    names = tuple(f"P{s}" for s in range(SEATS))
    return GameRecord("brownies", {}, names, seed, 0, tuple(moves), outcome.to_json()), count


def long_games(actions: int, count: int) -> list[GameRecord]:
    """The first `count` random games (seeds 0, 1, …) of at least `actions` actions."""
    found = []
    for seed in range(10_000):
        record, length = recorded_playout(seed)
        if length >= actions:
            found.append(record)
            if len(found) == count:
                return found
    raise SystemExit(f"not {count} Brownies games of {actions} actions in 10,000 seeds")


def in_process(record: GameRecord, rounds: int) -> dict[str, float]:
    replays, summaries, versions = [], [], []
    for _ in range(rounds):
        start = time.perf_counter()
        replay = Replay(record)
        replay.check_result(record.result)
        replays.append(time.perf_counter() - start)
        review = Review(replay, seat_records(record.seats), None, over=True)
        start = time.perf_counter()
        orjson.dumps(review.summary())
        summaries.append(time.perf_counter() - start)
        start = time.perf_counter()
        orjson.dumps(review.version(replay.last_version // 2))
        versions.append(time.perf_counter() - start)
    tracemalloc.start()
    held = Replay(record)
    size, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert held.outcome == record.result
    return {
        "replay": statistics.median(replays),
        "summary": statistics.median(summaries),
        "version": statistics.median(versions),
        "held_mib": size / 2**20,
    }


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def over_the_server(records: list[GameRecord]) -> dict[str, float]:
    work = ROOT / "bench" / ".work"
    work.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(dir=work))
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite+aiosqlite:///{folder / 'zashiki.db'}",
        "ZASHIKI_HOST": "127.0.0.1",
        "ZASHIKI_PORT": str(port),
        "ZASHIKI_CREATE_LIMIT": "100000/minute",
        "ZASHIKI_JOIN_LIMIT": "100000/minute",
        "ZASHIKI_LOOKUP_LIMIT": "100000/minute",
    }
    url = f"http://127.0.0.1:{port}"
    with (folder / "server.log").open("wb") as log:
        server = subprocess.Popen([sys.executable, "-m", "app"], cwd=ROOT, env=env, stdout=log, stderr=log)
    try:
        with httpx.Client(base_url=url, timeout=30, headers={"Origin": url}) as client:
            for _ in range(300):
                try:
                    if client.get("/healthz").status_code == 200:
                        break
                except httpx.HTTPError:
                    time.sleep(0.1)
            opens, steps = [], []
            for record in records:
                body = orjson.dumps(record.to_json())
                start = time.perf_counter()
                opened = client.post("/api/records", content=body, headers={"Content-Type": "application/json"})
                opens.append(time.perf_counter() - start)
                assert opened.status_code == 200, opened.text
                key, last = opened.json()["id"], opened.json()["last_version"]
                start = time.perf_counter()
                step = client.get(f"/api/records/{key}/versions/{last // 2}")
                steps.append(time.perf_counter() - start)
                assert step.status_code == 200, step.text
            return {"open": statistics.median(opens), "step": statistics.median(steps), "bytes": len(body)}
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=20)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=700, help="the least actions the game must have")
    parser.add_argument("--rounds", type=int, default=5, help="repetitions; medians are printed")
    args = parser.parse_args()
    records = long_games(args.actions, args.rounds)
    record = records[0]
    print(f"Farm with Brownies, {SEATS} players, seed {record.seed}: {len(record.actions)} actions")
    local = in_process(record, args.rounds)
    print(f"  in process: replay {local['replay'] * 1000:.0f} ms, summary {local['summary'] * 1000:.1f} ms,")
    views, held = local["version"] * 1000, local["held_mib"]
    print(f"              one version's 4 views {views:.1f} ms, a held replay {held:.1f} MiB")
    served = over_the_server(records)
    print(f"  over HTTP:  record of {served['bytes'] / 1024:.0f} KB opened in {served['open'] * 1000:.0f} ms,")
    print(f"              one step in {served['step'] * 1000:.1f} ms (medians of {args.rounds})")


if __name__ == "__main__":
    main()
