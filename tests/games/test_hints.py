"""Hints, for every game over random games: the hinted move is offered, it comes from the seat's view
alone, and every reason reads in both languages with the values its text names."""

import json
import re
from collections.abc import Mapping
from pathlib import Path
from random import Random
from typing import Any

import pytest

from app.engine import Choice, GameRules, Reason, full_view
from app.engine.playout import random_playout
from app.games import RULES_BY_SLUG

STRINGS = Path(__file__).parents[2] / "static" / "i18n"
GAMES = sorted(RULES_BY_SLUG)
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def strings(slug: str) -> dict[str, dict[str, str]]:
    return json.loads((STRINGS / f"{slug}.json").read_text())


def hint(rules: GameRules[Any, Any], state: Any, seat: int) -> Choice | None:
    """What the table answers a hint with: the bot on the seat's full view, seeded as a table seeds it."""
    assert rules.bot is not None
    return rules.bot(full_view(rules, state, seat), Random(f"hint:{seat}"))


def assert_reads(slug: str, reason: Reason) -> None:
    """The reason's key, and every word among its params, is in both languages and names only given params."""
    words = {
        name: value["key"] for name, value in reason.params.items() if isinstance(value, Mapping) and "key" in value
    }
    for name, value in reason.params.items():
        if isinstance(value, Mapping) and "key" not in value:
            assert set(value) == {"en", "ja"}, f"{slug} {reason.key}: {name} is neither a word nor a name by language"
    for lang, table in strings(slug).items():
        for key in [reason.key, *words.values()]:
            assert key in table, f"{slug}: {key} is missing in {lang}"
            used = set(PLACEHOLDER.findall(table[key]))
            assert used <= set(reason.params), f"{slug} {lang} {key} names {used - set(reason.params)}, not given"


def hinted_games(slug: str, games: int) -> list[tuple[Any, int, Choice]]:
    """Each awaited seat's hint at every step of random games: (state, seat, choice)."""
    rules = RULES_BY_SLUG[slug]
    seen: list[tuple[Any, int, Choice]] = []

    def check(step: int, seat: int, action: Any, before: Any, after: Any) -> None:
        for awaited in sorted(rules.awaiting(before)):
            choice = hint(rules, before, awaited)
            if choice is not None:
                seen.append((before, awaited, choice))

    for seed in range(games):
        random_playout(rules, max(rules.seat_counts), seed, check)
    return seen


@pytest.fixture(scope="module", params=GAMES)
def hinted(request: pytest.FixtureRequest) -> tuple[str, list[tuple[Any, int, Choice]]]:
    return request.param, hinted_games(request.param, games=4)


def test_the_hinted_move_is_always_offered(hinted: tuple[str, list[tuple[Any, int, Choice]]]) -> None:
    slug, seen = hinted
    rules = RULES_BY_SLUG[slug]
    assert seen
    for state, seat, choice in seen:
        offered = [action.to_json() for action in rules.legal_actions(state, seat)]
        assert choice.action in offered, f"{slug}: the hint {choice.action} is not offered"


def test_a_hint_comes_from_the_seat_s_view_alone(hinted: tuple[str, list[tuple[Any, int, Choice]]]) -> None:
    slug, seen = hinted
    rules = RULES_BY_SLUG[slug]
    for n, (state, seat, choice) in enumerate(seen[::7]):
        redealt = rules.redeal_hidden(state, seat, Random(n))
        assert hint(rules, redealt, seat) == choice, f"{slug}: a hint moved with cards the seat cannot see"


def test_every_reason_reads_in_both_languages(hinted: tuple[str, list[tuple[Any, int, Choice]]]) -> None:
    slug, seen = hinted
    for _, _, choice in seen:
        assert_reads(slug, choice.reason)


def test_different_situations_give_different_reasons(hinted: tuple[str, list[tuple[Any, int, Choice]]]) -> None:
    slug, seen = hinted
    reasons = {choice.reason.key for _, _, choice in seen}
    assert len(reasons) >= 3, f"{slug}: every hint said one of only {reasons}"
    # Two moves that differ are explained by what differs: the same key, or different values.
    said = {(choice.reason.key, json.dumps(choice.reason.params, sort_keys=True)) for _, _, choice in seen}
    assert len(said) > len(reasons)
