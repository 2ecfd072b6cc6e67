"""Micro-costs of Zashiki's hot path, in process, to size the optimisations the load profile points at.

    .venv/bin/python bench/micro.py [--db sqlite|postgres] [--moves 3000]

1. Per move, without I/O: Bremen apply, legal_actions for 4 seats (Room._note_legal), view() for 4 seats,
   and orjson of the 4 `state` messages (Room._push_state).
2. The durable write: RoomStore.append one by one, and 50 tables appending at once, against a group commit
   of the same rows (SQLAlchemy Core executemany, one transaction) and plain sqlite3 on one connection.
All CPU figures are process CPU (every thread) per action.
"""

import argparse
import asyncio
import json
import random
import sqlite3
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import orjson

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(BENCH))

from runner import WORK, database  # noqa: E402

from app.engine import rng_for  # noqa: E402
from app.games import RULES_BY_SLUG  # noqa: E402

RULES = RULES_BY_SLUG["bremen"]


def _per(total_s: float, n: int) -> float:
    return total_s / n * 1e6


def hot_path(moves: int) -> dict[str, float]:
    """µs per move of each pure step, over random Bremen games played to their end and restarted."""
    rng = random.Random(1)
    t = dict.fromkeys(("apply", "legal_x4", "view_x4", "dumps_x4"), 0.0)
    sizes: list[int] = []
    seed, version, state, n = 1, 0, None, 0
    while n < moves:
        if state is None or RULES.outcome(state) is not None:
            seed += 1
            state, version = RULES.deal(4, {"hard_mode": False, "first_leader": None}, random.Random(seed)), 0
        options = [
            (s, a) for s in range(4) for a in RULES.legal_actions(state, s) if a.to_json()["type"] != "signal_pinch"
        ]
        seat, action = rng.choice(options)
        c = time.perf_counter()
        step = RULES.apply(state, seat, RULES.parse_action(action.to_json()), rng_for(seed, version + 1))
        RULES.outcome(step.state)
        t["apply"] += time.perf_counter() - c
        state, version, n = step.state, version + 1, n + 1
        c = time.perf_counter()
        for s in range(4):
            tuple(RULES.legal_actions(state, s))
        t["legal_x4"] += time.perf_counter() - c
        c = time.perf_counter()
        views = [RULES.view(state, s) for s in range(4)]
        t["view_x4"] += time.perf_counter() - c
        events = [{"v": version, **e.to_json()} for e in step.events]
        c = time.perf_counter()
        for s in range(4):
            b = orjson.dumps(
                {"type": "state", "version": version, "you": s, "view": views[s], "events": [e for e in events]}
            )
        t["dumps_x4"] += time.perf_counter() - c
        sizes.append(len(b))
    out = {k: _per(v, moves) for k, v in t.items()}
    out["state_msg_bytes"] = statistics.mean(sizes)
    return out


async def store_costs(kind: str, url: str, rows: int) -> dict[str, Any]:
    from sqlalchemy import insert

    from app.main import migrate
    from app.persistence import RoomStore
    from app.persistence.db import make_engine
    from app.persistence.models import ActionRow

    payload = {"type": "play", "card_id": "n07-3"}
    result: dict[str, Any] = {}
    if True:  # the database is made (and dropped) by the caller, outside the event loop
        await asyncio.to_thread(migrate, url)
        engine = make_engine(url)
        store = RoomStore(engine)
        tables = [f"T{k:05d}" for k in range(50)]
        for code in tables:
            await store.create(code, "bremen", {}, 4, 1)
        version = {code: 0 for code in tables}

        def nxt(code: str) -> int:
            version[code] += 1
            return version[code]

        # a. RoomStore.append, one at a time (one table's moves are serial behind its lock)
        await store.append(tables[0], nxt(tables[0]), 0, payload)
        w, c = time.perf_counter(), time.process_time()
        for _ in range(rows):
            await store.append(tables[0], nxt(tables[0]), 0, payload)
        result["append_serial"] = {
            "wall_us": _per(time.perf_counter() - w, rows),
            "cpu_us": _per(time.process_time() - c, rows),
        }

        # b. 50 tables appending at once, as under load
        lat: list[float] = []

        async def one(code: str) -> None:
            for _ in range(rows // 50):
                s = time.perf_counter()
                await store.append(code, nxt(code), 0, payload)
                lat.append(time.perf_counter() - s)

        w, c = time.perf_counter(), time.process_time()
        await asyncio.gather(*(one(code) for code in tables))
        n = rows // 50 * 50
        lat.sort()
        result["append_50_tables"] = {
            "wall_us": _per(time.perf_counter() - w, n),
            "cpu_us": _per(time.process_time() - c, n),
            "p50_ms": lat[len(lat) // 2] * 1e3,
            "p99_ms": lat[int(len(lat) * 0.99)] * 1e3,
        }

        # c. group commit: 50 tables' actions in one transaction (SQLAlchemy Core, executemany)
        w, c = time.perf_counter(), time.process_time()
        batches = rows // 50
        for _ in range(batches):
            async with engine.begin() as conn:
                await conn.execute(
                    insert(ActionRow),
                    [{"room_id": code, "version": nxt(code), "seat": 0, "payload": payload} for code in tables],
                )
        result["group_commit_50"] = {
            "wall_us": _per(time.perf_counter() - w, batches * 50),
            "cpu_us": _per(time.process_time() - c, batches * 50),
        }

        # d. one Core insert per transaction on a held connection (no ORM unit of work, no pool checkout)
        async with engine.connect() as conn:
            w, c = time.perf_counter(), time.process_time()
            for _ in range(rows):
                await conn.execute(
                    insert(ActionRow), {"room_id": tables[1], "version": nxt(tables[1]), "seat": 0, "payload": payload}
                )
                await conn.commit()
            result["core_insert_serial"] = {
                "wall_us": _per(time.perf_counter() - w, rows),
                "cpu_us": _per(time.process_time() - c, rows),
            }
        await store.close()
        await engine.dispose()

        if kind == "sqlite":
            path = url.split(":///", 1)[1]
            for sync in ("FULL", "NORMAL"):
                db = sqlite3.connect(path, isolation_level=None)
                db.execute("PRAGMA journal_mode=WAL")
                db.execute(f"PRAGMA synchronous={sync}")
                text = json.dumps(payload)
                for label, size in (
                    (f"sqlite3_{sync.lower()}_1_per_commit", 1),
                    (f"sqlite3_{sync.lower()}_50_per_commit", 50),
                ):
                    count = rows // size * size
                    w, c = time.perf_counter(), time.process_time()
                    for _ in range(count // size):
                        db.execute("BEGIN")
                        db.executemany(
                            "INSERT INTO actions (room_id, version, seat, payload) VALUES (?, ?, ?, ?)",
                            [(code, nxt(code), 0, text) for code in tables[:size]],
                        )
                        db.execute("COMMIT")
                    result[label] = {
                        "wall_us": _per(time.perf_counter() - w, count),
                        "cpu_us": _per(time.process_time() - c, count),
                    }
                db.close()
    return result


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--db", choices=("sqlite", "postgres"), default="sqlite")
    p.add_argument("--moves", type=int, default=3000)
    p.add_argument("--rows", type=int, default=2000)
    p.add_argument("--out", type=Path)
    args = p.parse_args()
    hp = hot_path(args.moves)
    dbs = WORK / "db"
    dbs.mkdir(parents=True, exist_ok=True)
    with database(args.db, dbs, "micro") as url:
        st = asyncio.run(store_costs(args.db, url, args.rows))
    lines = [
        f"Hot-path micro-costs (in process, µs per move; {args.moves} random Bremen moves):",
        "| step | µs/move |",
        "|---|---|",
    ]
    lines += [f"| {k} | {v:.1f} |" for k, v in hp.items() if k != "state_msg_bytes"]
    lines.append(f"| (one `state` message: {hp['state_msg_bytes']:.0f} bytes) | |")
    lines += [
        "",
        f"Durable write, {args.db} ({args.rows} actions each; CPU = all threads of this process):",
        "| variant | wall µs/action | CPU µs/action | latency |",
        "|---|---|---|---|",
    ]
    for k, v in st.items():
        latency = f"p50 {v['p50_ms']:.1f} ms, p99 {v['p99_ms']:.1f} ms" if "p50_ms" in v else ""
        lines.append(f"| {k} | {v['wall_us']:.0f} | {v['cpu_us']:.0f} | {latency} |")
    text = "\n".join(lines)
    print(text)
    if args.out:
        args.out.write_text(json.dumps({"hot_path": hp, "store": st, "text": text}, indent=2))


if __name__ == "__main__":
    main()
