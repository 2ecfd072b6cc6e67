"""Each game's view comes in two parts (app/engine/contract.py): `public_view`, which the table builds,
encodes and compares once per change for all its tabs, and `seat_view`, what may differ by seat. The
parts never share a key nor clash with the table's envelope, and a seat's part has the same keys for
every seat and a spectator, so a patch from one seat's view to the next never has to add or drop one.
Checked on random games of every seat count, under the default options and with each option that
changes what is dealt or shown set otherwise."""

from collections.abc import Iterator
from random import Random
from typing import Any

import pytest

from app.engine import GameRules, rng_for
from app.engine.envelope import ENVELOPE_KEYS
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
def test_a_views_public_and_seat_parts_are_apart_and_a_seats_part_always_has_the_same_keys(slug: str) -> None:
    rules = RULES_BY_SLUG[slug]
    seat_keys = rules.seat_view(rules.deal(min(rules.seat_counts), {}, Random(0)), None).keys()
    assert seat_keys, f"{slug}: nothing differs by seat"
    for seats, state in states(rules):
        public = rules.public_view(state).keys()
        assert not public & seat_keys, f"{slug}: {sorted(public & seat_keys)} are in both parts"
        assert not (public | seat_keys) & ENVELOPE_KEYS, f"{slug}: a key clashes with the table's envelope"
        for seat in [None, *range(seats)]:
            assert rules.seat_view(state, seat).keys() == seat_keys, f"{slug}: seat {seat}'s part has other keys"
