"""Where Zashiki's server time goes: a py-spy raw profile (`stack;stack;… count` lines) in categories.

    .venv/bin/python bench/profile.py PROFILE.txt [--moves-per-sec N --cpu-pct P]

Every sample goes to one category: the first frame, from the innermost outwards, that a rule below
matches. With the run's moves/s and server CPU %, shares become CPU microseconds per move.
"""

import argparse
import ast
import json
import re
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FRAME = re.compile(r"^(?P<func>.*) \((?P<file>[^:()]+):(?P<line>\d+)\)$")


def _dumps_lines(relative: str) -> set[int]:
    """Lines of `orjson.dumps(...)` calls in one of our files (C code shows as its caller's line)."""
    path = ROOT / relative
    if not path.exists():
        return set()
    lines: set[int] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "dumps":
            lines.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    return lines


DUMPS = {f: _dumps_lines(f) for f in ("app/rooms/fanout.py", "app/web/sockets.py")}

# (category, predicate on (function, file, line)); the first match from the innermost frame wins
RULES: list[tuple[str, object]] = [
    ("the game's legal_actions", lambda fn, f, ln: "app/games/" in f and fn == "legal_actions"),
    ("the game's view() per seat", lambda fn, f, ln: "app/games/" in f and f.endswith("/view.py")),
    ("the game's apply/outcome/parse + engine", lambda fn, f, ln: "app/games/" in f or "app/engine/" in f),
    ("patches (app/rooms/delta.py)", lambda fn, f, ln: f.endswith("rooms/delta.py")),
    ("database: sqlite3 calls in aiosqlite's threads", lambda fn, f, ln: fn == "_connection_worker_thread"),
    ("database: aiosqlite hand-off to its thread (queue put, futex wake)", lambda fn, f, ln: "aiosqlite/" in f),
    ("database: asyncpg", lambda fn, f, ln: "asyncpg/" in f),
    ("database: SQLAlchemy ORM/session/pool", lambda fn, f, ln: "sqlalchemy/" in f or "greenlet" in f),
    ("database: RoomStore", lambda fn, f, ln: "app/persistence/" in f),
    ("logging (uvicorn access/info log)", lambda fn, f, ln: "logging/" in f or "uvicorn/logging" in f),
    ("pydantic validation", lambda fn, f, ln: "pydantic" in f),
    ("orjson encode", lambda fn, f, ln: any(f.endswith(k) and ln in v for k, v in DUMPS.items())),
    (
        "Room.table_json / events / snapshot",
        lambda fn, f, ln: (
            f.endswith(("rooms/room.py", "rooms/fanout.py"))
            and fn
            in {
                "Room.table_json",
                "table_json",
                "_event_json",
                "Room.snapshot",
                "FanOut.table_json",
                "FanOut.snapshot",
                "snapshot",
                "<listcomp>",
                "Room.table_json.<locals>.<listcomp>",
            }
        ),
    ),
    (
        "websocket protocol + send/recv",
        lambda fn, f, ln: (
            "websockets/" in f
            or "protocols/websockets" in f
            or f.endswith("starlette/websockets.py")
            or (f.endswith("web/sockets.py") and fn in {"_write", "_read"})
        ),
    ),
    ("Room/Connection bookkeeping (submit, fan-out loop, outbox)", lambda fn, f, ln: "app/rooms/" in f),
    (
        "HTTP + ASGI/FastAPI/Starlette layers",
        lambda fn, f, ln: (
            "uvicorn/" in f
            or "fastapi/" in f
            or "starlette/" in f
            or "h11/" in f
            or "httptools" in f
            or "anyio/" in f
            or "app/web/" in f
        ),
    ),
    ("uvloop C code: socket I/O, callbacks", lambda fn, f, ln: fn == "run" and f.endswith("asyncio/runners.py")),
    ("asyncio event loop / queues", lambda fn, f, ln: "asyncio/" in f or "uvloop" in f),
]

# inclusive: share of samples with this function anywhere on the stack
INCLUSIVE = [
    ("Room.submit (check, record, apply, push)", "submit", "rooms/room.py"),
    ("  RoomStore.append (the durable write)", "append", "persistence/store.py"),
    ("  FanOut.push_state (views, JSON, fan-out)", "push_state", "rooms/fanout.py"),
    ("  TableSession._note_state (legal_actions x4 seats)", "_note_state", "rooms/session.py"),
    ("  patches (delta.patch)", "patch", "rooms/delta.py"),
    ("the game's view() (all callers)", "view", "/view.py"),
    ("the game's legal_actions (all callers)", "legal_actions", "/rules.py"),
    ("FanOut.snapshot (a socket attaches / sync)", "snapshot", "rooms/fanout.py"),
    ("HTTP requests (create/join/start)", "run_asgi", "protocols/http/httptools_impl.py"),
    ("websocket writer task (_write)", "_write", "web/sockets.py"),
    ("RoomStore.put_seat/create/start (table setup writes)", ("put_seat", "create", "start"), "persistence/store.py"),
]


def parse(path: Path) -> list[tuple[list[tuple[str, str, int]], int]]:
    stacks = []
    for line in path.read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        if not stack or not count.isdigit():
            continue
        frames = []
        for raw in stack.split(";"):
            m = FRAME.match(raw.strip())
            if m:
                func = m["func"].rsplit(".", 1)[-1] if "." in m["func"] and "<" not in m["func"] else m["func"]
                frames.append((func, m["file"], int(m["line"])))
            else:
                frames.append((raw.strip(), "", 0))
        stacks.append((frames, int(count)))
    return stacks


def categorize(frames: list[tuple[str, str, int]]) -> str:
    for fn, f, ln in reversed(frames):
        for name, rule in RULES:
            if rule(fn, f, ln):  # type: ignore[operator]
                return name
    return "other"


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("profile", type=Path)
    p.add_argument("--moves-per-sec", type=float)
    p.add_argument("--cpu-pct", type=float)
    p.add_argument("--threads", help="JSON: CPU %% of the main thread and of the other threads in the window")
    args = p.parse_args()
    stacks = parse(args.profile)
    total = sum(c for _, c in stacks)
    us_per_move = args.cpu_pct / 100 / args.moves_per_sec * 1e6 if args.moves_per_sec and args.cpu_pct else None
    cats: Counter[str] = Counter()
    for frames, count in stacks:
        cats[categorize(frames)] += count
    incl: Counter[str] = Counter()
    for frames, count in stacks:
        for label, func, file in INCLUSIVE:
            names = func if isinstance(func, tuple) else (func,)
            if any(fn in names and f.endswith(file) for fn, f, _ in frames):
                incl[label] += count

    def row(label: str, n: int) -> str:
        us = f"{n / total * us_per_move:.0f}" if us_per_move else "–"
        return f"| {label} | {n / total * 100:.1f} | {us} |"

    threads = json.loads(args.threads) if args.threads else None
    out = [
        f"Zashiki profile (py-spy --gil: the thread holding the GIL, {total} samples"
        + (
            f"; {args.moves_per_sec:.0f} moves/s at {args.cpu_pct:.0f} % server CPU = {us_per_move:.0f} µs "
            "of server CPU per move"
            if us_per_move
            else ""
        )
        + ")"
        + (
            f"\n\nServer threads in the profiled window: event-loop thread {threads['main']:.0f} % of a core, "
            f"{threads['others_n']} other threads (aiosqlite workers, one per pooled connection) "
            f"{threads['others']:.0f} %"
            if threads
            else ""
        ),
        "",
        "| self time by category | % of samples | µs/move |",
        "|---|---|---|",
    ]
    out += [row(name, n) for name, n in cats.most_common()]
    out += ["", "| inclusive (anywhere on the stack) | % of samples | µs/move |", "|---|---|---|"]
    out += [row(label, incl[label]) for label, _, _ in INCLUSIVE]
    print("\n".join(out))


if __name__ == "__main__":
    main()
