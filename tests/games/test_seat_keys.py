"""Each game's `seat_keys` are all the keys of its view that differ by seat: every other key is the same
for every seat and a spectator, which lets the table encode and compare it once for all its tabs
(app/rooms/fanout.py). Checked on random games of every seat count, under the default options and
with each option that changes what is dealt or shown set otherwise."""

from collections.abc import Iterator
from random import Random
from typing import Any

import pytest

from app.engine import GameRules, full_view, rng_for
from app.games import RULES_BY_SLUG

GAMES_PER_SETTING = 12


def option_settings(rules: GameRules[Any, Any]) -> list[dict[str, object]]:
    """The defaults, then each bool option flipped and each other choice of a choice option."""
    settings: list[dict[str, object]] = [{}]
    for option in rules.options:
        if option.kind == "bool":
            settings.append({option.name: not option.default})
        settings += [{option.name: choice} for choice in option.choices if choice != option.default]
    return settings


def states(rules: GameRules[Any, Any]) -> Iterator[tuple[int, Any]]:
    counts = sorted(rules.seat_counts)
    for raw in option_settings(rules):
        for seed in range(GAMES_PER_SETTING):
            seats, chooser = counts[seed % len(counts)], Random(seed)
            state = rules.deal(seats, raw, Random(seed))
            for step in range(1, 400):
                yield seats, state
                if rules.outcome(state) is not None:
                    break
                seat = chooser.choice(sorted(rules.awaiting(state)))
                state = rules.apply(
                    state, seat, chooser.choice(rules.legal_actions(state, seat)), rng_for(seed, step)
                ).state


@pytest.mark.parametrize("slug", list(RULES_BY_SLUG))
def test_a_view_differs_by_seat_only_in_the_games_seat_keys(slug: str) -> None:
    rules = RULES_BY_SLUG[slug]
    for seats, state in states(rules):
        spectator = full_view(rules, state, None)
        for seat in range(seats):
            view = full_view(rules, state, seat)
            assert view.keys() == spectator.keys(), f"{slug}: seat {seat}'s view has other keys than a spectator's"
            differ = {key for key in view if view[key] != spectator[key]} - {"seat", "legal"}
            assert differ <= rules.seat_keys, f"{slug}: {sorted(differ - rules.seat_keys)} differ by seat"
