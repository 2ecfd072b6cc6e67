"""Table lifetime: server RSS as finished tables pile up, with idle tables leaving memory and without.

Starts the real server (`python -m app`) twice, each time on a fresh SQLite database: once with the
shipped lifetime at short times (ZASHIKI_IDLE_TABLE_SECONDS=2, ZASHIKI_SWEEP_SECONDS=1) and once with
tables kept in memory for good (ZASHIKI_IDLE_TABLE_SECONDS=1000000, as before tables had a lifetime).
In each, two rounds of N bot-only Bremen tables are played over the HTTP API: create with bots in seats
1-3, start, and the creator hands seat 0 to a bot too (no tab is ever opened), 25 tables at a time. The
server's RSS (VmRSS) is read after start-up, when every game of a round reports "finished", and again
after waiting longer than the idle time plus a sweep.

RSS rarely shrinks back after Python frees memory (the allocator keeps its arenas), so the figures to
compare are the two settings side by side, and the second round: with a lifetime it reuses what the
first round's tables left behind; kept for good, it grows again.

    .venv/bin/python bench/lifetime.py [--tables 500] [--batch 25] [--server-cpu 0] [--out result.json]
"""

import argparse
import asyncio
import json
import signal
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from runner import WORK, database, free_port, log  # noqa: E402
from tables import Server, rss_kib  # noqa: E402

SETTINGS = {
    "lifetime (idle 2 s, sweep 1 s)": {"ZASHIKI_IDLE_TABLE_SECONDS": "2", "ZASHIKI_SWEEP_SECONDS": "1"},
    "kept for good": {"ZASHIKI_IDLE_TABLE_SECONDS": "1000000"},
}
IDLE_WAIT_S = 5.0  # longer than idle (2 s) + one sweep (1 s)
ROUND_TIMEOUT_S = 150.0


async def bot_table(base: str) -> str:
    """A Bremen table of four bots, started: returns its code. One client per table (the seat cookie)."""
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        res = await client.post("/api/tables", json={"game": "bremen", "name": "Mina", "seats": 4, "bots": [1, 2, 3]})
        res.raise_for_status()
        code: str = res.json()["code"]
        (await client.post(f"/api/tables/{code}/start")).raise_for_status()
        (await client.put(f"/api/tables/{code}/seats/0/bot")).raise_for_status()
        return code


async def create_tables(base: str, count: int, batch: int) -> list[str]:
    codes: list[str] = []
    for first in range(0, count, batch):
        codes += await asyncio.gather(*(bot_table(base) for _ in range(min(batch, count - first))))
    return codes


async def wait_finished(base: str, codes: list[str], timeout: float) -> None:
    """Polls the tables in the order they were made, from the first one not yet seen finished."""
    pending = list(codes)
    deadline = time.monotonic() + timeout
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        while pending:
            res = await client.get(f"/api/tables/{pending[0]}")
            res.raise_for_status()
            if res.json()["status"] == "finished":
                pending.pop(0)
                continue
            if time.monotonic() > deadline:
                raise RuntimeError(f"{len(pending)} of {len(codes)} games unfinished after {timeout:.0f} s")
            await asyncio.sleep(0.25)


def play_round(server: Server, tables: int, batch: int) -> dict[str, float]:
    """N bot tables to the end; RSS when all have finished and after the idle time."""
    base = f"http://127.0.0.1:{server.port}"
    t0 = time.perf_counter()

    async def run() -> None:
        await wait_finished(base, await create_tables(base, tables, batch), ROUND_TIMEOUT_S)

    asyncio.run(run())
    seconds = time.perf_counter() - t0
    finished = rss_kib(server.pid)
    time.sleep(IDLE_WAIT_S)
    return {"seconds": seconds, "finished_kib": finished, "idle_kib": rss_kib(server.pid)}


def measure(name: str, env: dict[str, str], folder: Path, args: argparse.Namespace) -> dict[str, Any]:
    with database("sqlite", folder, "lifetime") as url:
        server = Server(url, free_port(), WORK / "lifetime-server.log", args.server_cpu)
        server.env.update(env)
        try:
            server.start()
            time.sleep(1)
            result: dict[str, Any] = {"setting": name, "startup_kib": rss_kib(server.pid)}
            for n in (1, 2):
                result[f"round{n}"] = r = play_round(server, args.tables, args.batch)
                log(
                    f"{name}: round {n}: {args.tables} games in {r['seconds']:.1f} s, RSS "
                    f"{r['finished_kib'] / 1024:.1f} MiB finished, {r['idle_kib'] / 1024:.1f} MiB after idle"
                )
        finally:
            server.stop()
    return result


def table(results: list[dict[str, Any]], tables: int) -> str:
    def mib(kib: float) -> str:
        return f"{kib / 1024:.1f}"

    lines = [
        f"| setting | start-up MiB | {tables} finished MiB | +{IDLE_WAIT_S:.0f} s MiB | 2nd {tables} finished MiB "
        f"| +{IDLE_WAIT_S:.0f} s MiB | KiB/table round 1 | KiB/table round 2 |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in results:
        one, two = r["round1"], r["round2"]
        lines.append(
            f"| {r['setting']} | {mib(r['startup_kib'])} | {mib(one['finished_kib'])} "
            f"| {mib(one['idle_kib'])} | {mib(two['finished_kib'])} | {mib(two['idle_kib'])} "
            f"| {(one['idle_kib'] - r['startup_kib']) / tables:.1f} "
            f"| {(two['idle_kib'] - one['idle_kib']) / tables:.1f} |"
        )
    lines.append(
        f"\nKiB/table: RSS growth over the round, from before it to {IDLE_WAIT_S:.0f} s after its last game "
        f"finished, per table (round 1 from start-up, round 2 from the end of round 1)."
    )
    return "\n".join(lines)


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--tables", type=int, default=500, help="bot tables per round (two rounds per setting)")
    p.add_argument("--batch", type=int, default=25, help="tables created at once")
    p.add_argument("--server-cpu", default="0")
    p.add_argument("--out", type=Path)
    args = p.parse_args()
    # Ctrl-C or a plain kill unwinds through the finally that stops the server, not around it.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))

    WORK.mkdir(parents=True, exist_ok=True)
    (WORK / "lifetime-server.log").unlink(missing_ok=True)
    results = []
    with tempfile.TemporaryDirectory(prefix="lifetime-", dir=WORK) as folder:
        for name, env in SETTINGS.items():
            results.append(measure(name, env, Path(folder), args))
    text = table(results, args.tables)
    print(text)
    if args.out:
        args.out.write_text(json.dumps({"results": results, "text": text}, indent=2))


if __name__ == "__main__":
    main()
