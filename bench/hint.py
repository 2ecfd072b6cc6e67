"""How long a hint takes to answer, per game: the median and slowest of `Hints.ask` (the seat's view,
then the game's bot on it, as the server answers a `hint`), over every awaited seat of random games.

    .venv/bin/python bench/hint.py [--games 20]

The socket's own cost (a JSON frame each way) is not counted. Timings are printed, never asserted.
"""

import argparse
import statistics
import sys
import time
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.games import RULES_BY_SLUG  # noqa: E402
from app.rooms.errors import TableError  # noqa: E402
from app.rooms.hints import Hints  # noqa: E402
from app.rooms.session import TableSession  # noqa: E402


def hint_times(slug: str, seats: int, games: int) -> list[float]:
    """Seconds per hint for every awaited seat at every step of `games` random games."""
    rules = RULES_BY_SLUG[slug]
    times: list[float] = []
    for seed in range(games):
        session = TableSession(rules, rules.parse_options({}, seats), seats, seed)
        session.deal()
        chooser = Random(seed)
        while session.outcome is None:
            for seat in sorted(session.awaiting):
                start = time.perf_counter()
                try:
                    Hints().ask(seat, session, 0.0)  # a fresh pace: every ask is answered
                except TableError:  # only something optional is left (a Bremen pinch signal): no hint
                    continue
                times.append(time.perf_counter() - start)
            seat = chooser.choice(sorted(session.awaiting))
            action = chooser.choice(rules.legal_actions(session.state, seat)).to_json()
            session.commit(session.prepare(seat, session.version, action, None))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="random games per game, at its most seats")
    args = parser.parse_args()
    print(f"{'game':<10}{'seats':>6}{'hints':>8}{'median ms':>11}{'p99 ms':>9}{'max ms':>9}")
    for slug, rules in RULES_BY_SLUG.items():
        seats = max(rules.seat_counts)
        times = sorted(hint_times(slug, seats, args.games))
        p99 = times[int(len(times) * 0.99)]
        print(
            f"{slug:<10}{seats:>6}{len(times):>8}{statistics.median(times) * 1e3:>11.2f}"
            f"{p99 * 1e3:>9.2f}{times[-1] * 1e3:>9.2f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
