"""What one move costs the table layer, per game: bytes sent to every tab, and server CPU.

    .venv/bin/python bench/wire.py [--games 20] [--spectators 1]

Drives a real Room in process, with a store that writes nothing and one connection per seat plus
spectators, through whole games of random legal moves (the room's own submit path: check, record,
apply, build every view, encode, push). It reports, per game and player count:

- bytes/move: every `state` message pushed to every tab after a move, summed;
- snapshot: the bytes of one seat's fresh snapshot at the start (what a tab gets on connecting);
- CPU/move: process CPU of the whole submit, views and encoding included.
"""

import argparse
import asyncio
import sys
import time
from pathlib import Path
from random import Random
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.games import RULES_BY_SLUG  # noqa: E402
from app.rooms.connection import Connection  # noqa: E402
from app.rooms.room import Room, SeatSlot  # noqa: E402


class NullStore:
    """Accepts every write at once: the bench measures the table layer, not the database."""

    async def append(self, *args: object, **kwargs: object) -> None: ...

    async def put_seat(self, *args: object) -> None: ...

    async def start(self, *args: object) -> None: ...

    async def mark_active(self, *args: object) -> None: ...

    async def play_again(self, *args: object) -> None: ...


class CountingConnection(Connection):
    """Counts the bytes pushed to it instead of queueing them."""

    def __init__(self, seat: int | None) -> None:
        super().__init__(seat, outbox_size=1)
        self.sent = 0

    def push(self, message: bytes) -> None:
        self.sent += len(message)


async def play(slug: str, seats: int, games: int, spectators: int) -> dict[str, float]:
    rules = RULES_BY_SLUG[slug]
    moves = sent = 0
    cpu = 0.0
    snapshot = 0
    for game in range(games):
        chooser = Random(game)
        options = rules.parse_options({}, seats)
        room = Room(f"b{game}", rules, options, seats, seed=game, store=NullStore(), bot_delay=0)  # type: ignore[arg-type]
        room.seats[:] = [SeatSlot(f"P{s}", human=True) for s in range(seats)]
        connections = [CountingConnection(s) for s in range(seats)] + [
            CountingConnection(None) for _ in range(spectators)
        ]
        await room.start(0)
        room.connections.update(connections)
        snapshot = max(snapshot, len(room.snapshot(0)))
        while room.rules.outcome(room.state) is None:
            seat = chooser.choice(sorted(room.rules.awaiting(room.state)))
            action: Any = chooser.choice(room.rules.legal_actions(room.state, seat))
            before = sum(c.sent for c in connections)
            start = time.process_time()
            await room.submit(seat, room.version, action.to_json())
            cpu += time.process_time() - start
            sent += sum(c.sent for c in connections) - before
            moves += 1
    return {"moves": moves, "bytes": sent / moves, "snapshot": snapshot, "cpu_us": cpu / moves * 1e6}


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20, help="random games per game and player count")
    parser.add_argument("--spectators", type=int, default=1)
    args = parser.parse_args()
    print(f"{'game':10} {'seats':>5} {'moves':>6} {'bytes/move':>11} {'snapshot':>9} {'CPU/move':>9}")
    for slug, rules in RULES_BY_SLUG.items():
        for seats in sorted(rules.seat_counts):
            row = await play(slug, seats, args.games, args.spectators)
            print(
                f"{slug:10} {seats:5} {row['moves']:6.0f} {row['bytes']:11,.0f} {row['snapshot']:9,.0f}"
                f" {row['cpu_us']:7.0f}µs"
            )


if __name__ == "__main__":
    asyncio.run(main())
