"""The load benchmark: Zashiki against boardgame.io and the bare FastAPI "ceiling" (see bench/README.md).

Copies the peer harness (shared/bench-peer) to bench/.work/peer, adds bench/zashiki.js as its adapter
(and the page's static/js/table/delta.js beside it as delta.mjs, when the tree has one), installs its
npm and Python dependencies there, then for each repetition, R and system starts a fresh server pinned
to one core, runs the harness's driver pinned to the other, stops the server by its PID, and prints one
table. With --per-game, Zashiki plays each of its games (--games) against the ceiling instead, and the
summary is one table per R. Then the idle-table and rebuild measurements (bench/tables.py) and a py-spy
profile of Zashiki under load (bench/profile.py). Everything listens and connects on 127.0.0.1 only.
"""

import argparse
import asyncio
import contextlib
import hashlib
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
WORK = BENCH / ".work"
PEER = WORK / "peer"
TOOLS = WORK / "tools"
PYTHON = sys.executable  # the project's venv (bench/run starts us with it)
PG_ADMIN = os.environ.get("ZASHIKI_BENCH_PG", "postgresql://postgres@127.0.0.1:5432/test")
CLK_TCK = os.sysconf("SC_CLK_TCK")

ALL_SYSTEMS = (
    "bgio",
    "ceiling",
    "zashiki-sqlite",
    "zashiki-pg",
    "zashiki-sqlite-deflate",
    "zashiki-pg-proxy1",
    "zashiki-pg-proxy2",
)
GAMES = ("bremen", "baroque", "hansa", "brownies", "bluebell")
PROXIED = "zashiki-pg-proxy"  # + N: N workers on PostgreSQL behind HAProxy (README: "Several workers")
# The driver's clients are programs answering in microseconds, not people: Zashiki's per-tab limit
# of 20 messages a second (burst 40) would refuse most of their moves, so the bench lifts it.
ZASHIKI_ENV = {
    "ZASHIKI_MAX_MESSAGES_PER_SECOND": "1000000",
    "ZASHIKI_MESSAGE_BURST": "1000000",
    "ZASHIKI_BOT_DELAY_SECONDS": "0",
    "ZASHIKI_CREATE_LIMIT": "1000000/minute",
    "ZASHIKI_JOIN_LIMIT": "1000000/minute",
    "ZASHIKI_LOOKUP_LIMIT": "1000000/minute",
}


def log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


# --- the scratch copy of the harness ------------------------------------------------------------


def _tree_digest(folder: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        if path.is_file() and "node_modules" not in path.parts and ".venv" not in path.parts:
            digest.update(str(path.relative_to(folder)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def prepare_peer(source: Path) -> None:
    """bench/.work/peer: a copy of the harness with our adapter and its dependencies installed."""
    stamp = PEER / ".copied-from"
    want = _tree_digest(source)
    if not (stamp.exists() and stamp.read_text() == want):
        log(f"copying {source} to {PEER}")
        shutil.rmtree(PEER, ignore_errors=True)
        shutil.copytree(source, PEER)
        for path in [PEER, *PEER.rglob("*")]:
            path.chmod(path.stat().st_mode | 0o200)
        stamp.write_text(want)
    shutil.copy(BENCH / "zashiki.js", PEER / "driver" / "adapters" / "zashiki.js")
    # The page's view-diff module, which the adapter loads when it is there (whole views only without it).
    delta, copied = ROOT / "static" / "js" / "table" / "delta.js", PEER / "driver" / "adapters" / "delta.mjs"
    if delta.exists():
        shutil.copy(delta, copied)
    else:
        copied.unlink(missing_ok=True)
    for part in ("bgio", "driver"):
        if not (PEER / part / "node_modules").is_dir():
            log(f"npm install in {part}/")
            subprocess.run(
                ["npm", "install", "--no-audit", "--no-fund", "--loglevel=error"],
                cwd=PEER / part,
                check=True,
                stdout=subprocess.DEVNULL,
            )
    venv = PEER / "ceiling" / ".venv"
    if not (venv / "bin" / "uvicorn").exists():
        log("pip install in ceiling/.venv")
        subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
        _pip_install(venv, ["-r", str(PEER / "ceiling" / "requirements.txt")])


def _pip_install(venv: Path, what: list[str]) -> None:
    """uv (from the project's venv, as ./dev uses it) when there, else pip."""
    uv = Path(PYTHON).parent / "uv"
    if uv.exists():
        subprocess.run(
            [str(uv), "pip", "install", "--quiet", "--python", str(venv / "bin" / "python"), *what], check=True
        )
    else:
        subprocess.run(
            [str(venv / "bin" / "python"), "-m", "ensurepip", "--upgrade"], check=True, stdout=subprocess.DEVNULL
        )
        subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q", *what], check=True)


def py_spy() -> Path:
    """py-spy from PyPI, in bench/.work/tools (not in the project's requirements)."""
    venv = TOOLS / ".venv"
    exe = venv / "bin" / "py-spy"
    if not exe.exists():
        log("installing py-spy into bench/.work/tools")
        subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
        _pip_install(venv, ["py-spy==0.4.3"])
    return exe


# --- processes, ports, databases ------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_port(port: int, proc: subprocess.Popen[bytes], timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=1):
            return
        time.sleep(0.1)
    raise RuntimeError(f"port {port} did not open in {timeout:.0f} s")


def stop(proc: subprocess.Popen[bytes]) -> None:
    """SIGTERM, then SIGKILL after 10 s; only the process we started."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


async def _pg(statement: str) -> None:
    import asyncpg  # the project's own requirement

    last: Exception | None = None
    for user in ("postgres", "root"):
        dsn = PG_ADMIN.replace("postgres@", f"{user}@", 1)
        try:
            connection = await asyncpg.connect(dsn, timeout=5)
        except Exception as exc:  # wrong user: try the other one
            last = exc
            continue
        try:
            await connection.execute(statement)
            return
        finally:
            await connection.close()
    raise RuntimeError(f"PostgreSQL at {PG_ADMIN}: {last}")


@contextlib.contextmanager
def database(kind: str, folder: Path, name: str) -> Iterator[str]:
    """A fresh, empty database: a new SQLite file, or a new database in the local PostgreSQL server."""
    if kind == "sqlite":
        path = folder / f"{name}.db"
        for leftover in folder.glob(f"{name}.db*"):
            leftover.unlink()
        try:
            yield f"sqlite+aiosqlite:///{path}"
        finally:
            for leftover in folder.glob(f"{name}.db*"):
                leftover.unlink()
        return
    db = f"zashiki_bench_{secrets.token_hex(4)}"
    asyncio.run(_pg(f'CREATE DATABASE "{db}"'))
    base = PG_ADMIN.rsplit("/", 1)[0].replace("postgresql://", "postgresql+asyncpg://")
    try:
        yield f"{base}/{db}"
    finally:
        asyncio.run(_pg(f'DROP DATABASE IF EXISTS "{db}" WITH (FORCE)'))


def postgres_ticks() -> int:
    """CPU ticks of every process named postgres (the database server's backends and workers)."""
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError):
            stat = (entry / "stat").read_text()
            if "(postgres)" not in stat[:40]:
                continue
            fields = stat[stat.rindex(")") + 2 :].split()
            total += int(fields[11]) + int(fields[12])
    return total


def process_ticks(pids: list[int]) -> int:
    """CPU ticks (user + system) of these processes."""
    total = 0
    for pid in pids:
        with contextlib.suppress(OSError):
            stat = Path(f"/proc/{pid}/stat").read_text()
            fields = stat[stat.rindex(")") + 2 :].split()
            total += int(fields[11]) + int(fields[12])
    return total


def peak_rss_mib(pid: int) -> float | None:
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return None


def thread_ticks(pid: int) -> dict[int, int]:
    """CPU ticks (user + system) of each thread of a process."""
    out = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError):
            stat = (task / "stat").read_text()
            fields = stat[stat.rindex(")") + 2 :].split()
            out[int(task.name)] = int(fields[11]) + int(fields[12])
    return out


def machine_busy_pct(seconds: float) -> float:
    def read() -> int:
        f = [int(x) for x in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
        return f[0] + f[1] + f[2] + f[5] + f[6]

    a = read()
    time.sleep(seconds)
    return (read() - a) / CLK_TCK / seconds * 100


def wait_quiet(limit: float, patience: float) -> tuple[float, float]:
    """Waits (up to `patience` s) until other processes use less than `limit` % of a core."""
    t0 = time.monotonic()
    while True:
        busy = machine_busy_pct(1.0)
        if busy <= limit or time.monotonic() - t0 > patience:
            return busy, time.monotonic() - t0


# --- one run ------------------------------------------------------------------------------------


@dataclass
class Server:
    cmd: list[str]
    env: dict[str, str]
    cwd: Path
    url: str
    port: int
    adapter: str
    driver_args: list[str] = field(default_factory=list)


def server_for(system: str, port: int, database_url: str | None) -> Server:
    if system == "bgio":
        return Server(
            [shutil.which("node") or "node", str(PEER / "bgio" / "server.js"), str(port)],
            {"NODE_ENV": "production"},
            PEER,
            f"http://127.0.0.1:{port}",
            port,
            "bgio",
        )
    if system == "ceiling":
        return Server(
            [
                str(PEER / "ceiling" / ".venv" / "bin" / "uvicorn"),
                "app:app",
                "--app-dir",
                str(PEER / "ceiling"),
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
                "--log-level",
                "warning",
                "--ws-per-message-deflate",
                "false",
            ],
            {},
            PEER,
            f"ws://127.0.0.1:{port}",
            port,
            "ceiling",
        )
    assert system.startswith("zashiki") and database_url is not None
    # Exactly how the server is run (the Docker image's command); output goes to the run's log.
    env = {"DATABASE_URL": database_url, "ZASHIKI_HOST": "127.0.0.1", "ZASHIKI_PORT": str(port), **ZASHIKI_ENV}
    deflate = "true" if system.endswith("-deflate") else "false"
    return Server([PYTHON, "-m", "app"], env, ROOT, f"http://127.0.0.1:{port}", port, "zashiki", ["--deflate", deflate])


def proxied_workers(system: str) -> int:
    """How many workers a `zashiki-pg-proxyN` run puts behind HAProxy; 0: the server is reached directly."""
    return int(system.removeprefix(PROXIED)) if system.startswith(PROXIED) else 0


def start_workers(
    count: int, database_url: str, args: argparse.Namespace, log_path: Path, stack: contextlib.ExitStack
) -> list[tuple["subprocess.Popen[bytes]", int]]:
    """`count` workers of one cluster (each `python -m app` as deployed), pinned to the CPUs in turn."""
    worker_log = log_path.open("wb")
    stack.callback(worker_log.close)
    started = []
    for index in range(count):
        port = free_port()
        env = {
            "DATABASE_URL": database_url,
            "ZASHIKI_HOST": "127.0.0.1",
            "ZASHIKI_PORT": str(port),
            "ZASHIKI_WORKERS": str(count),
            "ZASHIKI_WORKER_INDEX": str(index),
            "ZASHIKI_TRUSTED_PROXIES": "127.0.0.1",
            **ZASHIKI_ENV,
        }
        cpu = (args.server_cpu, args.driver_cpu)[index % 2]
        proc = subprocess.Popen(
            [*prio(args), "taskset", "-c", cpu, PYTHON, "-m", "app"],
            cwd=ROOT,
            env={**os.environ, **env},
            stdout=worker_log,
            stderr=subprocess.STDOUT,
            start_new_session=args.nice is not None,
        )
        boost(proc, args.nice)
        stack.callback(stop, proc)
        started.append((proc, port))
    for proc, port in started:
        wait_port(port, proc)
    return started


def proxy_for(port: int, worker_ports: list[int], config_path: Path) -> Server:
    """HAProxy from the system's package, with the configuration the project generates for these workers."""
    addresses = [f"127.0.0.1:{p}" for p in worker_ports]
    generated = subprocess.run(
        [PYTHON, "-m", "app.haproxy", "--bind", f"127.0.0.1:{port}", *addresses],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    config_path.write_text(generated.stdout)
    haproxy = shutil.which("haproxy") or "/usr/sbin/haproxy"
    cmd = [haproxy, "-db", "-f", str(config_path)]
    return Server(cmd, {}, ROOT, f"http://127.0.0.1:{port}", port, "zashiki", ["--deflate", "false"])


def prio(args: argparse.Namespace) -> list[str]:
    """`nice -n N` before a command when --nice is given (a negative N needs root)."""
    return ["nice", "-n", str(args.nice)] if args.nice is not None else []


def boost(proc: "subprocess.Popen[bytes]", nice: int | None) -> None:
    """With autogroup scheduling a nice value counts only inside a session: a process started in a
    session of its own (start_new_session) also gets its session's group niced, or other sessions'
    jobs would still take an equal share of its CPU."""
    if nice is not None:
        with contextlib.suppress(OSError):
            Path(f"/proc/{proc.pid}/autogroup").write_text(str(nice))


def run_boosted(cmd: list[str], args: argparse.Namespace, quiet: bool = False) -> "subprocess.CompletedProcess[bytes]":
    """A helper script, in a session of its own at --nice priority (like the servers), bounded in time."""
    proc = subprocess.Popen(
        cmd, cwd=ROOT, stdout=subprocess.DEVNULL if quiet else None, start_new_session=args.nice is not None
    )
    boost(proc, args.nice)
    try:
        proc.wait(timeout=1800)
    except subprocess.TimeoutExpired:
        stop(proc)
    return subprocess.CompletedProcess(cmd, proc.returncode)


def db_kind(system: str) -> str | None:
    if system.startswith("zashiki-pg"):
        return "postgres"
    if system.startswith("zashiki"):
        return "sqlite"
    return None


def split_label(label: str) -> tuple[str, str | None]:
    """`zashiki-sqlite/hansa` -> ("zashiki-sqlite", "hansa"); a label without a game plays Bremen."""
    system, _, game = label.partition("/")
    return system, game or None


def run_name(label: str, rooms: int, rep: int) -> str:
    """The stem of a run's files (a label's `/` would make a folder)."""
    return f"{label.replace('/', '-')}-R{rooms}-rep{rep}"


def run_one(
    label: str, rooms: int, rep: int, args: argparse.Namespace, outdir: Path, during: "callable | None" = None
) -> dict[str, object]:
    """One server, one driver run; returns the driver's JSON plus our own columns."""
    system, game = split_label(label)
    port = free_port()
    kind = db_kind(system)
    dbs = WORK / "db"
    dbs.mkdir(parents=True, exist_ok=True)
    name = run_name(label, rooms, rep)
    with contextlib.ExitStack() as stack:
        url = stack.enter_context(database(kind, dbs, name)) if kind else None
        workers = []
        if count := proxied_workers(system):
            assert url is not None
            workers = start_workers(count, url, args, outdir / f"{name}.workers.log", stack)
            srv = proxy_for(port, [p for _, p in workers], outdir / f"{name}.haproxy.cfg")
        else:
            srv = server_for(system, port, url)
        server_log = (outdir / f"{name}.server.log").open("wb")
        stack.callback(server_log.close)
        # Behind the proxy, the proxy shares the driver's CPU: the workers keep theirs as a lone server does.
        proc = subprocess.Popen(
            [*prio(args), "taskset", "-c", args.driver_cpu if workers else args.server_cpu, *srv.cmd],
            cwd=srv.cwd,
            env={**os.environ, **srv.env},
            stdout=server_log,
            stderr=subprocess.STDOUT,
            start_new_session=args.nice is not None,
        )
        boost(proc, args.nice)
        stack.callback(stop, proc)
        wait_port(port, proc)
        time.sleep(0.3)
        out = outdir / f"{name}.attempt.json"
        game_args = ["--game", game] if game and srv.adapter == "zashiki" else []
        worker_pids = [worker.pid for worker, _ in workers]
        pg0, t0 = postgres_ticks(), time.monotonic()
        cluster0, proxy0 = process_ticks(worker_pids), process_ticks([proc.pid])
        driver = subprocess.Popen(
            [
                *prio(args),
                "taskset",
                "-c",
                args.driver_cpu,
                shutil.which("node") or "node",
                str(PEER / "driver" / "driver.js"),
                "--system",
                srv.adapter,
                "--label",
                label,
                "--url",
                srv.url,
                "--rooms",
                str(rooms),
                "--warmup",
                str(args.warmup),
                "--duration",
                str(args.duration),
                "--server-pid",
                str(proc.pid),
                "--seed",
                str(rep),
                "--out",
                str(out),
                "--quiet",
                *srv.driver_args,
                *game_args,
            ],
            cwd=PEER,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            start_new_session=args.nice is not None,
        )
        boost(driver, args.nice)
        extra = during(proc.pid) if during else None
        try:
            _, err = driver.communicate(timeout=args.warmup + args.duration + 180)
        except subprocess.TimeoutExpired:
            driver.kill()
            raise RuntimeError("driver did not finish") from None
        wall = time.monotonic() - t0
        pg_pct = (postgres_ticks() - pg0) / CLK_TCK / wall * 100
        workers_pct = (process_ticks(worker_pids) - cluster0) / CLK_TCK / wall * 100
        proxy_pct = (process_ticks([proc.pid]) - proxy0) / CLK_TCK / wall * 100
        workers_rss = [peak_rss_mib(pid) for pid in worker_pids]
        if driver.returncode != 0:
            raise RuntimeError(f"driver exit {driver.returncode}: {err.decode()[-1500:]}")
        if err.strip():
            log("  driver stderr: " + " | ".join(err.decode().strip().splitlines()[:5]))
        result: dict[str, object] = json.loads(out.read_text())
        out.unlink()
    result["dbCpuPct"] = round(pg_pct, 1) if kind == "postgres" else None
    if workers:  # the server is the workers and the proxy together; the driver measured the proxy alone
        result["proxyCpuPct"] = round(proxy_pct, 1)
        result["server"]["cpuPct"] = round(workers_pct + proxy_pct, 1)
        result["server"]["rssHwmMB"] = sum(rss or 0 for rss in workers_rss)
    # other processes plus twice the hypervisor's steal, in % of one core; PostgreSQL works for us.
    # With --nice the others run mostly while ours idle: count the time ours waited for a CPU instead.
    if args.nice is not None and result["server"]["runqueueWaitPct"] is not None:
        foreign = float(result["server"]["runqueueWaitPct"]) + float(result["driver"]["runqueueWaitPct"] or 0)
    else:
        foreign = float(result["foreignCpuPct"] or 0) - (pg_pct if kind == "postgres" else 0) - workers_pct
    result["disturbancePct"] = round(max(0.0, foreign + 2 * result["machineCpuPct"]["all"]["steal"]), 1)
    result["bytesPerMove"] = bytes_per_move(result)
    if extra is not None:
        result["profile"] = extra
    return result


def bytes_per_move(result: dict) -> int | None:
    """Zashiki: every `state` message all clients received over the moves acknowledged (the adapter counts
    both over the whole run). Others: every message the server sent in the window over the moves in it."""
    adapter = result.get("adapter")
    if isinstance(adapter, dict) and adapter.get("stateBytesPerMove") is not None:
        return round(float(adapter["stateBytesPerMove"]))
    if result.get("movesPerSec"):
        return round(float(result["bytesPerSec"]) / float(result["movesPerSec"]))
    return None


def run_matrix(args: argparse.Namespace, outdir: Path) -> list[dict[str, object]]:
    results = []
    for rep in range(1, args.reps + 1):
        for rooms in args.rooms:
            for system in args.systems:
                best = None
                for attempt in range(1, args.retries + 2):
                    busy, waited = wait_quiet(args.max_foreign, 0 if args.nice is not None else args.quiet_wait)
                    if waited > 1.5:
                        log(f"  waited {waited:.0f} s for a quiet machine (other load now {busy:.0f} %)")
                    t0 = time.monotonic()
                    try:
                        r = run_one(system, rooms, rep, args, outdir)
                    except Exception as exc:
                        log(f"rep {rep} R={rooms} {system} #{attempt}: FAILED {exc}")
                        continue
                    r["attempt"] = attempt
                    log(
                        f"rep {rep} R={rooms} {system} #{attempt}: {r['movesPerSec']:.0f} moves/s "
                        f"p50 {r['latencyMs']['p50']} p99 {r['latencyMs']['p99']} ms "
                        f"srvCPU {r['server']['cpuPct']:.0f}% drvCPU {r['driver']['cpuPct']:.0f}% "
                        f"disturbance {r['disturbancePct']}% games {r['gamesFinished']} stuck {r['stuckMoves']} "
                        f"errors {run_errors(r)} bytes/move {r['bytesPerMove']} ({time.monotonic() - t0:.0f} s)"
                    )
                    if best is None or r["disturbancePct"] < best["disturbancePct"]:
                        best = r
                    if r["disturbancePct"] <= args.max_foreign:
                        break
                if best is not None:
                    (outdir / f"{run_name(system, rooms, rep)}.json").write_text(json.dumps(best, indent=2))
                    results.append(best)
    return results


# --- the table ----------------------------------------------------------------------------------


def run_errors(r: dict) -> int:
    """The driver's errors and every error the adapter was answered with (or met: a patch gap)."""
    adapter = r.get("adapter")
    return int(r["errors"]) + (sum((adapter.get("errors") or {}).values()) if isinstance(adapter, dict) else 0)


def _median(values: list[float | None]) -> float | None:
    v = sorted(x for x in values if x is not None)
    if not v:
        return None
    m = len(v) // 2
    return v[m] if len(v) % 2 else (v[m - 1] + v[m]) / 2


def _ratio(a: dict | None, b: dict | None) -> str:
    """a's moves/s over b's."""
    if not a or not b or a["moves"] is None or not b["moves"]:
        return "–"
    return f"{a['moves'] / b['moves']:.2f}"


def _medians(rs: list[dict], fields: dict[str, Callable[[dict], float | None]]) -> dict[str, float | None]:
    return {name: _median([field(r) for r in rs]) for name, field in fields.items()}


# What each row of the table reads from a run's result, as a median over its repetitions.
_FIELDS: dict[str, Callable[[dict], float | None]] = {
    "moves": lambda r: r["movesPerSec"],
    "p50": lambda r: r["latencyMs"]["p50"],
    "p95": lambda r: r["latencyMs"]["p95"],
    "p99": lambda r: r["latencyMs"]["p99"],
    "msgs": lambda r: r["msgsPerSec"],
    "kib": lambda r: r["bytesPerSec"] / 1024,
    "cpu": lambda r: r["server"]["cpuPct"],
    "us": lambda r: r["server"]["cpuPct"] / 100 / r["movesPerSec"] * 1e6 if r["movesPerSec"] else None,
    "db": lambda r: r.get("dbCpuPct"),
    "proxy_us": lambda r: r["proxyCpuPct"] / 100 / r["movesPerSec"] * 1e6 if r.get("proxyCpuPct") else None,
    "rss": lambda r: r["server"]["rssHwmMB"],
    "drv": lambda r: r["driver"]["cpuPct"],
    "dist": lambda r: r["disturbancePct"],
    "games": lambda r: r["gamesPerSec"],
    "mpg": lambda r: r["movesPerGame"],
    "bpm": lambda r: r.get("bytesPerMove"),
}


def summarize(results: list[dict[str, object]], systems: list[str], per_game: bool = False) -> tuple[str, dict]:
    """The table of every run (medians of the repetitions), then the comparisons: Zashiki against bgio
    and the ceiling, or with `per_game` one table per R of the games against the ceiling (printed first)."""
    groups: dict[tuple[int, str], list[dict]] = {}
    for r in results:
        groups.setdefault((r["rooms"], r["label"]), []).append(r)
    rows = {}
    for (rooms, system), rs in groups.items():
        rows[rooms, system] = {
            **_medians(rs, _FIELDS),
            "stuck": sum(r["stuckMoves"] for r in rs),
            "errors": sum(run_errors(r) for r in rs),
            "games_all": sum(r["gamesFinishedTotal"] for r in rs),
            "reps": len(rs),
        }
    f = lambda x, d=0: "–" if x is None else f"{x:.{d}f}"  # noqa: E731
    lines = [
        "| R | system | moves/s | p50 ms | p95 ms | p99 ms | msgs/s | KiB/s | server CPU % | CPU µs/move "
        "| bytes/move | DB CPU % | server RSS peak MiB | driver CPU % | disturbance % | games/s | moves/game "
        "| stuck / errors |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    order = {s: i for i, s in enumerate(systems)}
    for (rooms, system), r in sorted(rows.items(), key=lambda kv: (kv[0][0], order.get(kv[0][1], 99))):
        lines.append(
            f"| {rooms} | {system} | {f(r['moves'])} | {f(r['p50'], 1)} | {f(r['p95'], 1)} | "
            f"{f(r['p99'], 1)} | {f(r['msgs'])} | {f(r['kib'])} | {f(r['cpu'])} | {f(r['us'])} | "
            f"{f(r['bpm'])} | {f(r['db'])} | {f(r['rss'])} | {f(r['drv'])} | {f(r['dist'])} | {f(r['games'], 1)} | "
            f"{f(r['mpg'], 1)} | {r['stuck']} / {r['errors']} |"
        )
    if per_game:
        return "\n".join([*_games_tables(rows, systems, f), "", "Every run:", "", *lines]), _row_keys(rows)
    lines += [
        "",
        "| R | Zashiki variant | moves/s ÷ bgio | moves/s ÷ ceiling | p99 ms: Zashiki vs bgio | CPU µs/move ÷ bgio |",
        "|---|---|---|---|---|---|",
    ]
    for rooms in sorted({k[0] for k in rows}):
        bgio, ceiling = rows.get((rooms, "bgio")), rows.get((rooms, "ceiling"))
        for system in systems:
            z = rows.get((rooms, system))
            if not system.startswith("zashiki") or z is None:
                continue
            p99 = f"{f(z['p99'], 1)} vs {f(bgio['p99'], 1)}" if bgio else "–"
            us = f"{z['us'] / bgio['us']:.2f}" if bgio and z["us"] and bgio["us"] else "–"
            lines.append(f"| {rooms} | {system} | {_ratio(z, bgio)} | {_ratio(z, ceiling)} | {p99} | {us} |")
    lines += _workers_table(rows, f)
    return "\n".join(lines), _row_keys(rows)


def _row_keys(rows: dict[tuple[int, str], dict]) -> dict[str, dict]:
    return {f"{k[1]}|R{k[0]}": v for k, v in rows.items()}


def _games_tables(rows: dict[tuple[int, str], dict], systems: list[str], f: Callable[..., str]) -> list[str]:
    """Per R: each game over the protocol beside the ceiling measured in the same run, ceiling first."""
    lines: list[str] = []
    for rooms in sorted({k[0] for k in rows}):
        ceiling = rows.get((rooms, "ceiling"))
        reps = max(r["reps"] for (r_rooms, _), r in rows.items() if r_rooms == rooms)
        lines += [
            *([""] if lines else []),
            f"R = {rooms} tables × 4 clients (medians of {reps} repetition{'s' if reps != 1 else ''})",
            "",
            "| game | moves/s | p99 ms | server CPU µs/move | bytes/move | disturbance % | moves/s ÷ ceiling "
            "| CPU µs/move ÷ ceiling's |",
            "|---|---|---|---|---|---|---|---|",
        ]
        for label in systems:
            row = rows.get((rooms, label))
            if row is None:
                continue
            system, game = split_label(label)
            name = label if game is None else game if system == "zashiki-sqlite" else f"{game} ({system})"
            us = f"{row['us'] / ceiling['us']:.2f}" if ceiling and row["us"] and ceiling["us"] else "–"
            lines.append(
                f"| {name} | {f(row['moves'])} | {f(row['p99'], 1)} | {f(row['us'])} | {f(row['bpm'])} "
                f"| {f(row['dist'])} | {_ratio(row, ceiling)} | {us} |"
            )
    return lines


def _workers_table(rows: dict[tuple[int, str], dict], f: Callable[..., str]) -> list[str]:
    """Several workers behind the proxy against one worker reached directly (`zashiki-pg`)."""
    proxied = sorted(k for k in rows if k[1].startswith(PROXIED))
    if not proxied:
        return []
    lines = [
        "",
        "| R | system | workers | moves/s | ÷ one worker direct | p99 ms | CPU µs/move, all | of which the proxy |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for rooms, system in sorted({(r, "zashiki-pg") for r, _ in proxied} | set(proxied)):
        row, direct = rows.get((rooms, system)), rows.get((rooms, "zashiki-pg"))
        if row is None:
            continue
        count = proxied_workers(system) or 1
        lines.append(
            f"| {rooms} | {system} | {count} | {f(row['moves'])} | {_ratio(row, direct)} | {f(row['p99'], 1)} "
            f"| {f(row['us'])} | {f(row['proxy_us'])} |"
        )
    return lines


# --- main ---------------------------------------------------------------------------------------


def main() -> None:
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stop: servers and databases are cleaned up
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument(
        "--per-game",
        action="store_true",
        help="play each of --games over the protocol beside the ceiling (no bgio, which plays only Bremen); "
        "one table per R",
    )
    p.add_argument(
        "--games",
        default=",".join(GAMES),
        help=f"with --per-game: comma-separated, of {', '.join(GAMES)} (default all)",
    )
    p.add_argument(
        "--rooms",
        default=os.environ.get("BENCH_ROOMS"),
        help="table counts R, comma-separated (default 1,10,50,200; with --per-game 50,200)",
    )
    p.add_argument(
        "--systems",
        default=os.environ.get("BENCH_SYSTEMS"),
        help=f"comma-separated, of {', '.join(ALL_SYSTEMS)} (default all; with --per-game ceiling,zashiki-sqlite, "
        "each Zashiki system playing every game)",
    )
    p.add_argument(
        "--reps", type=int, default=int(os.environ.get("BENCH_REPS", "0")), help="default 1; with --per-game 3"
    )
    p.add_argument("--warmup", type=float, default=float(os.environ.get("BENCH_WARMUP", "3")))
    p.add_argument(
        "--duration",
        type=float,
        default=float(os.environ.get("BENCH_DURATION", "20")),
        help="measured seconds per run (default 20)",
    )
    p.add_argument("--tables", type=int, default=1000, help="tables for the idle-RSS and rebuild check (0: skip)")
    p.add_argument("--table-actions", type=int, default=20, help="actions per table for that check")
    p.add_argument("--tables-db", default="sqlite,postgres", help="databases for that check and for bench/micro.py")
    p.add_argument("--micro", type=int, default=1, help="1: run bench/micro.py (hot-path and write micro-costs)")
    p.add_argument("--profile-rooms", type=int, default=200, help="R for the py-spy profile of Zashiki (0: skip)")
    p.add_argument("--profile-seconds", type=float, default=15)
    p.add_argument("--profile-game", default="bremen", choices=GAMES, help="the game the profiled tables play")
    p.add_argument("--server-cpu", default="0")
    p.add_argument("--driver-cpu", default="1")
    p.add_argument("--max-foreign", type=float, default=25, help="rerun a run disturbed above this %% of a core")
    p.add_argument("--retries", type=int, default=1)
    p.add_argument("--quiet-wait", type=float, default=30, help="seconds to wait for a quiet machine before a run")
    p.add_argument(
        "--nice",
        type=int,
        help="run servers and driver at this priority, e.g. -20 on a shared "
        "machine (then disturbance is the time they waited for a CPU, and no quiet machine is awaited)",
    )
    p.add_argument("--peer", default="/work/shared/bench-peer", help="the harness to copy")
    args = p.parse_args()
    if args.rooms is None:
        args.rooms = "50,200" if args.per_game else "1,10,50,200"
    if args.systems is None:
        args.systems = "ceiling,zashiki-sqlite" if args.per_game else ",".join(ALL_SYSTEMS)
    if not args.reps:
        args.reps = 3 if args.per_game else 1
    args.rooms = [int(x) for x in args.rooms.split(",") if x]
    args.systems = [s for s in args.systems.split(",") if s]
    for s in args.systems:
        if s not in ALL_SYSTEMS:
            p.error(f"unknown system {s}")
    if args.per_game:
        games = [g for g in args.games.split(",") if g]
        for g in games:
            if g not in GAMES:
                p.error(f"unknown game {g}")
        if "bgio" in args.systems:
            p.error("bgio plays only Bremen: leave it out of --per-game")
        # each Zashiki system once per game, labelled system/game
        args.systems = [f"{s}/{g}" if s.startswith("zashiki") else s for s in args.systems for g in games]
        args.systems = list(dict.fromkeys(args.systems))

    outdir = WORK / "results" / time.strftime("%Y%m%d-%H%M%S")
    outdir.mkdir(parents=True, exist_ok=True)
    prepare_peer(Path(args.peer))
    commit = subprocess.run(
        ["git", "describe", "--always", "--dirty"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    header = (
        f"Zashiki {commit}; {'per game over the protocol; ' if args.per_game else ''}"
        f"R = {','.join(map(str, args.rooms))}; {args.reps} rep(s) of {args.warmup:g} s warm-up "
        f"+ {args.duration:g} s; server on CPU {args.server_cpu}, driver on CPU {args.driver_cpu}; "
        f"{os.cpu_count()} CPUs; nice {args.nice if args.nice is not None else 'unchanged'}; "
        f"results in {outdir.relative_to(ROOT)}"
    )
    log(header)

    results = run_matrix(args, outdir) if args.rooms and args.systems else []
    table, rows = summarize(results, args.systems, args.per_game)

    tables_reports = []
    kinds = [k for k in args.tables_db.split(",") if k]
    for kind in kinds if args.tables else []:
        log(f"idle tables and rebuild on {kind}: {args.tables} tables x {args.table_actions} actions")
        out = outdir / f"tables-{kind}.json"
        done = run_boosted(
            [
                *prio(args),
                PYTHON,
                str(BENCH / "tables.py"),
                "--tables",
                str(args.tables),
                "--actions",
                str(args.table_actions),
                "--db",
                kind,
                "--out",
                str(out),
                "--server-cpu",
                args.server_cpu,
                *(["--nice", str(args.nice)] if args.nice is not None else []),
            ],
            args,
        )
        if done.returncode == 0:
            tables_reports.append(json.loads(out.read_text()))
        else:
            log(f"tables check on {kind} FAILED")
    tables_text = "\n\n".join(t["text"] for t in tables_reports) or None

    micro_texts = []
    for kind in kinds if args.micro else []:
        log(f"micro-costs on {kind}")
        out = outdir / f"micro-{kind}.json"
        done = run_boosted(
            [
                *prio(args),
                "taskset",
                "-c",
                args.server_cpu,
                PYTHON,
                str(BENCH / "micro.py"),
                "--db",
                kind,
                "--out",
                str(out),
            ],
            args,
            quiet=True,
        )
        if done.returncode == 0:
            micro_texts.append(json.loads(out.read_text())["text"])
    micro_text = "\n\n".join(micro_texts) or None

    profile_report = None
    if args.profile_rooms:
        profile_report = run_profile(args, outdir)

    print()
    print(header)
    print()
    print(table)
    for text in (tables_text, micro_text):
        if text:
            print()
            print(text)
    if profile_report:
        print()
        print(profile_report)
    summary = {"header": header, "rows": rows, "tables": tables_reports, "micro": micro_text, "profile": profile_report}
    (outdir / "summary.json").write_text(json.dumps(summary, indent=2))
    (outdir / "summary.md").write_text(
        "\n\n".join(x for x in (header, table, tables_text, micro_text, profile_report) if x) + "\n"
    )


def run_profile(args: argparse.Namespace, outdir: Path) -> str | None:
    """Zashiki on SQLite playing --profile-game at R = --profile-rooms, with py-spy attached for the measured
    window."""
    spy = py_spy()
    raw = outdir / "zashiki-profile.txt"

    def during(pid: int) -> dict[str, object]:
        time.sleep(args.warmup + 2)  # connected, playing
        t0, before = time.monotonic(), thread_ticks(pid)
        # --gil: samples the thread that holds the GIL, i.e. what bounds one asyncio process
        subprocess.run(
            [
                str(spy),
                "record",
                "--pid",
                str(pid),
                "--duration",
                str(int(args.profile_seconds)),
                "--rate",
                "200",
                "--format",
                "raw",
                "--output",
                str(raw),
                "--gil",
                "--nonblocking",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=args.profile_seconds + 60,
        )
        after, wall = thread_ticks(pid), time.monotonic() - t0
        pct = {t: (after[t] - before.get(t, 0)) / CLK_TCK / wall * 100 for t in after}
        main = pct.pop(pid, 0.0)
        return {
            "raw": str(raw),
            "threads": {"main": main, "others": sum(pct.values()), "others_n": sum(1 for v in pct.values() if v > 0)},
        }

    label = f"zashiki-sqlite/{args.profile_game}"
    log(f"profiling {label} at R={args.profile_rooms} for {args.profile_seconds:g} s")
    prof_args = argparse.Namespace(**{**vars(args), "duration": args.profile_seconds + 4})
    try:
        r = run_one(label, args.profile_rooms, 0, prof_args, outdir, during=during)
    except Exception as exc:
        log(f"profile run FAILED: {exc}")
        return None
    (outdir / "zashiki-profile-run.json").write_text(json.dumps(r, indent=2))
    if not raw.exists():
        log("py-spy wrote no profile")
        return None
    done = subprocess.run(
        [
            PYTHON,
            str(BENCH / "profile.py"),
            str(raw),
            "--moves-per-sec",
            str(r["movesPerSec"]),
            "--cpu-pct",
            str(r["server"]["cpuPct"]),
            "--threads",
            json.dumps(r["profile"]["threads"]),
        ],
        capture_output=True,
        text=True,
    )
    text = done.stdout
    (outdir / "zashiki-profile.md").write_text(text)
    return text


if __name__ == "__main__":
    main()
