"""Engine speed, per game, on one core: complete random games and bot games per second.

    .venv/bin/python bench/engine.py [--seconds 3]

Random games pick uniformly among the legal actions of a random awaited seat. Bot games let each
awaited seat's bot choose from its own view, as the server does. Timings are printed, never asserted.
"""

import argparse
import sys
import time
from functools import partial
from pathlib import Path
from random import Random
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.engine import GameRules, full_view, rng_for  # noqa: E402
from app.engine.playout import random_playout  # noqa: E402
from app.games import RULES_BY_SLUG  # noqa: E402


def random_game(rules: GameRules[Any, Any], seats: int, seed: int) -> int:
    """Plays one complete random game; returns the number of actions."""
    return random_playout(rules, seats, seed)[1]


def bot_game(rules: GameRules[Any, Any], seats: int, seed: int) -> tuple[int, frozenset[int]]:
    """Plays one complete game of bots that each see only their own view; returns actions and winners."""
    assert rules.bot is not None
    brains = Random(seed)
    state = rules.deal(seats, {}, Random(seed))
    step = 0
    while (outcome := rules.outcome(state)) is None:
        moves = ((s, rules.bot(full_view(rules, state, s), brains)) for s in sorted(rules.awaiting(state)))
        seat, action = next((s, c.action) for s, c in moves if c is not None)
        step += 1
        state = rules.apply(state, seat, rules.parse_action(action), rng_for(seed, step)).state
    return step, outcome.winners


def measure(play: Any, seconds: float) -> tuple[int, int, float, list[Any]]:
    games = actions = 0
    results = []
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        result = play(games)
        actions += result if isinstance(result, int) else result[0]
        results.append(result)
        games += 1
    return games, actions, elapsed, results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per game and player count")
    args = parser.parse_args()
    print(
        f"{'game':<10}{'seats':>6}{'random games/s':>16}{'actions/s':>11}{'bot games/s':>13}"
        f"{'actions/s':>11}  bot result"
    )
    for slug, rules in RULES_BY_SLUG.items():
        for seats in sorted(rules.seat_counts):
            games, actions, elapsed, _ = measure(partial(random_game, rules, seats), args.seconds)
            line = f"{slug:<10}{seats:>6}{games / elapsed:>16.1f}{actions / elapsed:>11.0f}"
            if rules.bot is not None:
                bgames, bactions, belapsed, results = measure(partial(bot_game, rules, seats), args.seconds)
                line += f"{bgames / belapsed:>13.1f}{bactions / belapsed:>11.0f}  {share(slug, seats, results)}"
            print(line, flush=True)


def share(slug: str, seats: int, results: list[tuple[int, frozenset[int]]]) -> str:
    """Bremen is cooperative: the share of games the team wins. The others: wins by seat."""
    if slug == "bremen":
        return f"team wins {sum(bool(w) for _, w in results) / len(results):.0%} of {len(results)}"
    wins = [sum(seat in w for _, w in results) for seat in range(seats)]
    return "wins by seat " + " / ".join(f"{w / len(results):.0%}" for w in wins) + f" of {len(results)}"


if __name__ == "__main__":
    main()
