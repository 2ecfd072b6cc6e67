"""Idle tables and rebuild: server RSS per live idle table, and the time to rebuild them at start-up.

Through the real server (`python -m app` on a fresh database): creates N Bremen tables over the HTTP API
(create, three joins, start; seat cookies), plays A actions at each over its four websockets, closes the
sockets, and reads the server's RSS before and after. Then stops the server, starts it again on the same
database and times the start until /healthz answers (every unfinished table is replayed from its log),
against the same start on an empty database. Finally, in this process, times RoomManager.restore() on
that database and measures with tracemalloc what the rebuilt tables hold.

    .venv/bin/python bench/tables.py --tables 1000 --actions 20 [--db sqlite|postgres]
"""

import argparse
import asyncio
import contextlib
import gc
import http.client
import json
import os
import random
import signal
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import orjson
from websockets.asyncio.client import connect

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(BENCH))

from runner import WORK, ZASHIKI_ENV, boost, database, free_port  # noqa: E402

from app.rooms.delta import apply_patch, unpack_view  # noqa: E402


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


class Server:
    """`python -m app` on a database, pinned to one CPU; start() returns the seconds until /healthz answered."""

    def __init__(self, url: str, port: int, log_path: Path, cpu: str, nice: int | None = None) -> None:
        self.env = {
            **os.environ,
            **ZASHIKI_ENV,
            "DATABASE_URL": url,
            "ZASHIKI_HOST": "127.0.0.1",
            "ZASHIKI_PORT": str(port),
        }
        self.port, self.log_path, self.cpu = port, log_path, cpu
        self.nice = nice
        self.prio = ["nice", "-n", str(nice)] if nice is not None else []
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 120) -> float:
        log = self.log_path.open("ab")
        t0 = time.perf_counter()
        self.proc = subprocess.Popen(
            [*self.prio, "taskset", "-c", self.cpu, sys.executable, "-m", "app"],
            cwd=ROOT,
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=self.nice is not None,
        )
        boost(self.proc, self.nice)
        while time.perf_counter() - t0 < timeout:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log_path.read_text()[-2000:]}")
            with contextlib.suppress(OSError, http.client.HTTPException):
                conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
                conn.request("GET", "/healthz")
                if conn.getresponse().status == 200:
                    return time.perf_counter() - t0
            time.sleep(0.01)
        raise RuntimeError("server did not answer /healthz")

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        self.proc = None


def _http(port: int, method: str, path: str, body: object = None, cookie: str | None = None) -> tuple[dict, str | None]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"content-type": "application/json"}
    if cookie:
        headers["cookie"] = cookie
    conn.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
    res = conn.getresponse()
    text = res.read()
    if res.status >= 300:
        raise RuntimeError(f"{method} {path}: {res.status} {text[:300]!r}")
    set_cookie = res.getheader("set-cookie")
    conn.close()
    return (json.loads(text) if text else {}), (set_cookie.split(";")[0] if set_cookie else None)


async def call(
    port: int, method: str, path: str, body: object = None, cookie: str | None = None
) -> tuple[dict, str | None]:
    return await asyncio.to_thread(_http, port, method, path, body, cookie)


async def play_table(port: int, actions: int, rng: random.Random) -> bool:
    """One started Bremen table with `actions` accepted actions and no socket left open; True if unfinished."""
    created, host = await call(port, "POST", "/api/tables", {"game": "bremen", "name": "Mina", "seats": 4})
    code = created["code"]
    cookies = [host]
    for name in ("Ken", "Aya", "Jun"):
        cookies.append((await call(port, "POST", f"/api/tables/{code}/join", {"name": name}))[1])
    await call(port, "POST", f"/api/tables/{code}/start", cookie=host)
    sockets = [
        await connect(f"ws://127.0.0.1:{port}/t/{code}/socket", additional_headers={"Cookie": c}, compression=None)
        for c in cookies
    ]
    views: list[dict] = [{} for _ in sockets]
    wires: list[dict] = [{} for _ in sockets]  # each view as sent, which the next patch changes
    versions = [-1] * len(sockets)
    answers: list[asyncio.Queue[dict]] = [asyncio.Queue() for _ in sockets]
    changed = asyncio.Condition()

    async def reader(i: int) -> None:
        async for text in sockets[i]:
            m = orjson.loads(text)
            if m["type"] == "state":
                async with changed:
                    wires[i] = apply_patch(wires[i], m["patch"]) if "patch" in m else m["view"]
                    views[i], versions[i] = unpack_view(wires[i]), m["version"]
                    changed.notify_all()
                if "ack" in m:  # the mover's state answers its action
                    answers[i].put_nowait({"type": "ack", "version": m["version"]})
            elif m["type"] in ("ack", "error"):
                answers[i].put_nowait(m)

    async def all_at(version: int) -> None:
        async with changed:
            await changed.wait_for(lambda: all(v >= version for v in versions))

    readers = [asyncio.create_task(reader(i)) for i in range(len(sockets))]
    try:
        await asyncio.wait_for(all_at(0), 30)
        version = versions[0]
        # 19 card actions cannot finish a game (a third failed ensemble resolves on the 20th at the
        # earliest); past that, pinch signals in a tuning fill up the count.
        pinches = max(0, actions - 19)
        for n in range(actions):
            pinch = [(i, a) for i, v in enumerate(views) for a in v["legal"] if a["type"] == "signal_pinch"]
            cards = [(i, a) for i, v in enumerate(views) for a in v["legal"] if a["type"] != "signal_pinch"]
            if pinches and pinch:
                pinches -= 1
                i, action = rng.choice(pinch)
            else:
                i, action = rng.choice(cards)
            await sockets[i].send(
                orjson.dumps({"type": "act", "version": version, "action": action, "id": str(n)}).decode()
            )
            answer = await asyncio.wait_for(answers[i].get(), 30)
            if answer["type"] == "error":
                raise RuntimeError(f"table {code}: {answer}")
            version = answer["version"]
            await asyncio.wait_for(all_at(version), 30)  # every seat sees it before the next action
        return views[0]["outcome"] is None
    finally:
        for s in sockets:
            await s.close()
        for task in readers:
            task.cancel()
        await asyncio.gather(*readers, return_exceptions=True)


async def seed(port: int, tables: int, actions: int, concurrency: int = 16) -> int:
    rng = random.Random(7)
    gate = asyncio.Semaphore(concurrency)
    unfinished = 0

    async def one(k: int) -> None:
        nonlocal unfinished
        async with gate:
            if await play_table(port, actions, random.Random(rng.random() + k)):
                unfinished += 1

    await asyncio.gather(*(one(k) for k in range(tables)))
    return unfinished


async def restore_in_process(url: str) -> dict[str, float]:
    """RoomManager.restore() timed here, split into loading and replaying, and what the tables hold."""
    from app.config import Settings
    from app.games import RULES_BY_SLUG
    from app.persistence import RoomStore
    from app.persistence.db import make_engine
    from app.rooms.manager import RoomManager
    from app.rooms.room import Room

    engine = make_engine(url)
    store = RoomStore(engine)
    try:
        await store.load_active(since=0)  # warm: connection, statement compilation, imports
        gc.collect()
        t0 = time.perf_counter()
        manager = RoomManager(store, Settings(database_url=url, bot_delay_seconds=0))
        count = await manager.restore()
        restore_s = time.perf_counter() - t0
        t0 = time.perf_counter()
        records = await store.load_active(since=0)
        load_s = time.perf_counter() - t0
        t0 = time.perf_counter()
        rooms = [Room.rebuild(r, RULES_BY_SLUG[r.game], store, 0) for r in records]
        replay_s = time.perf_counter() - t0
        actions = sum(len(r.actions) for r in records)
        del rooms, records
        await manager.close()
        del manager
        # what live idle tables hold on the Python heap
        gc.collect()
        records = await store.load_active(since=0)
        gc.collect()
        tracemalloc.start()
        before = tracemalloc.take_snapshot()
        rooms = [Room.rebuild(r, RULES_BY_SLUG[r.game], store, 0) for r in records]
        del records
        gc.collect()
        after = tracemalloc.take_snapshot()
        tracemalloc.stop()
        held = sum(s.size_diff for s in after.compare_to(before, "filename"))
        top = [(str(s.traceback), s.size_diff) for s in after.compare_to(before, "lineno")[:8]]
        return {
            "tables": count,
            "actions": actions,
            "restore_s": restore_s,
            "load_s": load_s,
            "replay_s": replay_s,
            "heap_bytes_per_table": held / max(1, len(rooms)),
            "heap_top": top,
        }
    finally:
        await engine.dispose()


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--tables", type=int, default=1000)
    p.add_argument("--actions", type=int, default=20)
    p.add_argument("--db", choices=("sqlite", "postgres"), default="sqlite")
    p.add_argument("--server-cpu", default="0")
    p.add_argument("--nice", type=int)
    p.add_argument("--out", type=Path)
    args = p.parse_args()

    work = WORK / "db"
    work.mkdir(parents=True, exist_ok=True)
    logs = WORK / "tables-server.log"
    logs.unlink(missing_ok=True)
    report: dict[str, object] = {"tables": args.tables, "actions": args.actions, "db": args.db}
    with database(args.db, work, "tables-empty") as empty_url, database(args.db, work, "tables") as url:
        # the fixed cost of a start: an empty database
        empty = Server(empty_url, free_port(), logs, args.server_cpu, args.nice)
        starts = []
        for _ in range(3):
            starts.append(empty.start())
            empty_rss = rss_kib(empty.pid)
            empty.stop()
        report["start_empty_s"] = min(starts)

        server = Server(url, free_port(), logs, args.server_cpu, args.nice)
        server.start()
        try:
            warm = 20
            asyncio.run(seed(server.port, warm, args.actions))  # code paths loaded, caches filled
            time.sleep(1)
            before = rss_kib(server.pid)
            t0 = time.perf_counter()
            unfinished = asyncio.run(seed(server.port, args.tables, args.actions))
            report["seed_s"] = time.perf_counter() - t0
            time.sleep(2)
            after = rss_kib(server.pid)
        finally:
            server.stop()
        report.update(
            unfinished=unfinished + warm,
            rss_before_kib=before,
            rss_after_kib=after,
            rss_per_idle_table_kib=(after - before) / args.tables,
        )

        # start-up with every table to rebuild; the minimum of 3 starts, as for the empty database
        restarts, rebuilt_rss = [], []
        for _ in range(3):
            restarts.append(server.start())
            time.sleep(0.5)
            rebuilt_rss.append(rss_kib(server.pid))
            server.stop()
        report["start_with_tables_s"] = min(restarts)
        report["rebuild_s"] = min(restarts) - report["start_empty_s"]
        report["rss_after_restart_kib"] = min(rebuilt_rss)
        report["rss_empty_server_kib"] = empty_rss
        report["rss_per_rebuilt_table_kib"] = (min(rebuilt_rss) - empty_rss) / (unfinished + warm)
        report["in_process"] = asyncio.run(restore_in_process(url))

    ip = report["in_process"]
    n = report["unfinished"]
    report["text"] = "\n".join(
        [
            f"Idle tables and rebuild ({args.db}; {args.tables} + {20} warm-up Bremen tables, {args.actions} actions "
            f"each, every socket closed; {n} unfinished):",
            f"- server RSS {report['rss_before_kib'] / 1024:.1f} MiB -> {report['rss_after_kib'] / 1024:.1f} MiB: "
            f"**{report['rss_per_idle_table_kib']:.1f} KiB per idle live table** (created over HTTP/websockets)",
            f"- after a restart that rebuilt them: {report['rss_after_restart_kib'] / 1024:.1f} MiB vs "
            f"{report['rss_empty_server_kib'] / 1024:.1f} MiB empty: {report['rss_per_rebuilt_table_kib']:.1f} KiB "
            f"per rebuilt table; Python heap held per rebuilt table (tracemalloc): "
            f"{ip['heap_bytes_per_table'] / 1024:.1f} KiB",
            f"- start until /healthz answers: {report['start_with_tables_s']:.2f} s with {n} tables to rebuild, "
            f"{report['start_empty_s']:.2f} s on an empty database: **rebuild {report['rebuild_s']:.2f} s**",
            f"- RoomManager.restore() in process: {ip['restore_s']:.2f} s for {ip['tables']} tables / {ip['actions']} "
            f"actions (loading {ip['load_s']:.2f} s + replay {ip['replay_s']:.2f} s)",
            f"- seeding took {report['seed_s']:.1f} s ({args.tables * args.actions / report['seed_s']:.0f} actions/s, "
            f"one table at a time per connection, 16 at once)",
        ]
    )
    print(report["text"])
    if args.out:
        args.out.write_text(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
