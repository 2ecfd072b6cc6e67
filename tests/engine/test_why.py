"""Why not: every refusal a game can raise names a rule section that exists, in its rules of record, in
its rules panel (both languages) and in the page's strings; the move and the question share one path.

The codes a game raises are read from its source: every `IllegalAction(code, …)`, `out_of_step(code, …)`
and subclass `__init__` with a literal code, every entry of a `MESSAGES` table, and every shared
refusal of app/engine/errors.py it calls, outside `setup` (whose refusals are the table's, not a
move's). The property suite (tests/games/test_why.py) then checks every refusal met in play.
"""

import ast
import json
import re
from collections.abc import Iterator
from pathlib import Path
from random import Random
from typing import Any

import pytest

from app.engine import GameRules, IllegalAction, attempt, refusal_json, rule_of, why
from app.games import RULES_BY_SLUG

ROOT = Path(__file__).resolve().parents[2]
GAMES = pytest.mark.parametrize("rules", list(RULES_BY_SLUG.values()), ids=list(RULES_BY_SLUG))
SHARED = {"game_over": "game_over", "not_your_turn": "not_your_turn", "not_a_player": "not_a_player"}
HEADING = re.compile(r"^#{1,6}\s+(\d+(?:\.\d+)*)\.?\s")


def sections_of(rules: GameRules[Any, Any]) -> set[str]:
    found: set[str] = set()
    for entry in rules.rule_sections.values():
        found.update([entry] if isinstance(entry, str) else entry.values())
    return found


def headings(slug: str) -> set[str]:
    text = (ROOT / "docs" / "rules" / f"{slug}.md").read_text(encoding="utf-8")
    return {f"§{m.group(1)}" for line in text.splitlines() if (m := HEADING.match(line))}


def _callee(call: ast.Call) -> str | None:
    func = call.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None


def _literal(node: ast.expr | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _outside_setup(tree: ast.AST) -> Iterator[ast.AST]:
    """Every node of `tree` but those inside a function named `setup`."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.FunctionDef) and node.name == "setup":
            continue
        yield node
        yield from _outside_setup(node)


def raised_codes(slug: str) -> set[str]:
    """The refusal codes the game's source can raise (see the module's docstring)."""
    codes: set[str] = set()
    for path in sorted((ROOT / "app" / "games" / slug).glob("*.py")):
        for node in _outside_setup(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                name = _callee(node)
                first = _literal(node.args[0]) if node.args else None
                if name in ("IllegalAction", "__init__") and first is not None:
                    codes.add(first)
                elif name == "out_of_step":
                    codes.add(first or "wrong_step")
                elif name in SHARED:
                    codes.add(SHARED[name])
            elif isinstance(node, ast.Assign | ast.AnnAssign) and isinstance(node.value, ast.Dict):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                if any(isinstance(t, ast.Name) and t.id.lstrip("_") == "MESSAGES" for t in targets):
                    codes.update(key for k in node.value.keys if (key := _literal(k)) is not None)
                # A table of the shared refusals by code (Bluebell's checks) names them by their codes.
                if any(isinstance(t, ast.Name) and t.id == "_SHARED" for t in targets):
                    codes.update(key for k in node.value.keys if (key := _literal(k)) is not None)
    return codes


def strings(slug: str) -> dict[str, set[str]]:
    """Every string key the table page has in each language: the game's own and the platform's."""
    game = json.loads((ROOT / "static" / "i18n" / f"{slug}.json").read_text(encoding="utf-8"))
    common = (ROOT / "static" / "js" / "i18n.js").read_text(encoding="utf-8")
    en, ja = common.split("\n  ja: {", 1)
    platform = {lang: set(re.findall(r'^\s*"([^"]+)":', text, re.M)) for lang, text in (("en", en), ("ja", ja))}
    return {lang: platform[lang] | set(game[lang]) for lang in ("en", "ja")}


@GAMES
def test_every_rule_section_is_a_heading_of_the_rules_of_record(rules: GameRules[Any, Any]) -> None:
    missing = sections_of(rules) - headings(rules.slug)
    assert not missing, f"{rules.slug}: no heading in docs/rules/{rules.slug}.md for {sorted(missing)}"


@GAMES
def test_every_code_the_game_raises_has_a_rule_section(rules: GameRules[Any, Any]) -> None:
    raised = raised_codes(rules.slug)
    assert raised, "the scan found no refusals: it no longer reads this game's source"
    assert raised <= rules.rule_sections.keys(), f"no section for {sorted(raised - rules.rule_sections.keys())}"
    stale = rules.rule_sections.keys() - raised
    assert not stale, f"{rules.slug}: sections for codes it never raises: {sorted(stale)}"
    for code, entry in rules.rule_sections.items():
        assert isinstance(entry, str) or "*" in entry, f"{code}: an action type it does not name has no section"


@GAMES
def test_every_code_and_rule_section_speaks_both_languages_and_opens_the_rules_panel(
    rules: GameRules[Any, Any],
) -> None:
    keys = strings(rules.slug)
    for lang in ("en", "ja"):
        missing = {code for code in rules.rule_sections if f"error.{code}" not in keys[lang]}
        assert not missing, f"{rules.slug} ({lang}): no error.<code> string for {sorted(missing)}"
    panel = (ROOT / "templates" / "rules" / f"{rules.slug}.html").read_text(encoding="utf-8")
    languages = re.split(r'<section lang="(en|ja)">', panel)[1:]
    bodies = zip(languages[::2], languages[1::2], strict=True)
    marked = {lang: set(re.findall(r'data-rule="([^"]+)"', body)) for lang, body in bodies}
    assert set(marked) == {"en", "ja"}
    for lang, found in marked.items():
        anchors = {section for value in found for section in value.split()}
        missing = sections_of(rules) - anchors
        assert not missing, f"{rules.slug} ({lang}): the rules panel marks no place for {sorted(missing)}"


def test_bluebells_placement_reasons_speak_both_languages() -> None:
    from app.games.bluebell.checks import PLACEMENT_MESSAGES

    keys = strings("bluebell")
    for lang in ("en", "ja"):
        assert {f"error.illegal_placement.{reason}" for reason in PLACEMENT_MESSAGES} <= keys[lang]


def test_a_code_of_several_actions_takes_the_section_of_the_action_sent() -> None:
    baroque = RULES_BY_SLUG["baroque"]
    assert rule_of(baroque, "must_follow_color", {"type": "play_salon", "card": "green-05"}) == "§4.5"
    assert rule_of(baroque, "must_follow_color", {"type": "ball_change", "card": "green-05"}) == "§4.6"
    assert rule_of(baroque, "must_follow_color", {"type": "take_rank"}) == "§4.3"  # "*": any other
    assert rule_of(baroque, "rank_unavailable", "not an object") == "§4.4"
    assert rule_of(baroque, "not_started", {}) is None  # the table's own refusal: no rule of the game


def test_the_move_and_the_question_refuse_alike_and_the_question_changes_nothing() -> None:
    bremen = RULES_BY_SLUG["bremen"]
    state = bremen.deal(4, {"first_leader": 0}, Random(1))
    declare = {"type": "declare", "card_id": state.hands[0][0]}
    assert why(bremen, state, 0, declare) is None
    refusal = why(bremen, state, 1, declare)
    assert refusal is not None and (refusal.code, refusal.rule) == ("not_leader", "§4.2")
    with pytest.raises(IllegalAction) as moved:
        attempt(bremen, state, 1, declare, Random(0))
    assert (
        refusal_json(moved.value)
        == refusal_json(refusal)
        == {
            "code": "not_leader",
            "message": "Only the leader declares.",
            "rule": "§4.2",
        }
    )
    assert bremen.deal(4, {"first_leader": 0}, Random(1)) == state, "asking applied nothing"
    malformed = why(bremen, state, 0, {"type": "juggle"})
    assert malformed is not None and (malformed.code, malformed.rule) == ("invalid_action", "§4.2")


def test_a_refusal_with_a_reason_carries_it_on_the_wire() -> None:
    refusal = IllegalAction(
        "illegal_placement", "No more than two summers in a row.", reason="summer_limit", rule="§4.3"
    )
    assert refusal_json(refusal)["reason"] == "summer_limit"
    assert "reason" not in refusal_json(IllegalAction("pile_empty", "That pile is empty."))
