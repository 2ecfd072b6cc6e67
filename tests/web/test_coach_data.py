"""The coach's data for every game (static/coach/<game>.json): each decision and scoring moment has
its lines in English and Japanese, cites a § that is a heading of docs/rules/<game>.md, and that §
opens a paragraph of the game's rules panel in both languages."""

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from app.games import RULES_BY_SLUG

ROOT = Path(__file__).resolve().parents[2]
HEADING = re.compile(r"^#{1,6}\s+(\d+(?:\.\d+)*)\.?\s", re.MULTILINE)


def sections_of(game: str) -> set[str]:
    """The §s the rules of record have: every numbered heading."""
    return {f"§{number}" for number in HEADING.findall((ROOT / "docs" / "rules" / f"{game}.md").read_text())}


class RuleAnchors(HTMLParser):
    """The `data-rule` marks of a rules panel, per language section."""

    def __init__(self) -> None:
        super().__init__()
        self.lang = ""
        self.marks: dict[str, set[str]] = {"en": set(), "ja": set()}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if tag == "section" and named.get("lang"):
            self.lang = named["lang"] or ""
        if named.get("data-rule"):
            self.marks[self.lang].add(named["data-rule"] or "")


def anchors_of(game: str) -> dict[str, set[str]]:
    parser = RuleAnchors()
    parser.feed((ROOT / "templates" / "rules" / f"{game}.html").read_text())
    return parser.marks


def coach_of(game: str) -> dict[str, list[dict[str, object]]]:
    return json.loads((ROOT / "static" / "coach" / f"{game}.json").read_text())  # type: ignore[no-any-return]


def cited(game: str) -> list[tuple[str, str]]:
    """Every line the coach says for this game, as (string key, §)."""
    coach = coach_of(game)
    lines = [(f"coach.{d['kind']}", str(d["rule"])) for d in coach["decisions"]]
    lines += [(f"coach.{s['key']}", str(s["rule"])) for s in coach["scoring"]]
    lines += [(f"rules.term.{term['key']}", str(term["rule"])) for term in coach.get("terms", [])]
    return lines


@pytest.mark.parametrize("game", sorted(RULES_BY_SLUG))
def test_every_coach_line_cites_a_section_of_the_rules_of_record(game: str) -> None:
    sections = sections_of(game)
    assert "§4.2" in sections  # the headings were read
    wrong = [(key, rule) for key, rule in cited(game) if rule not in sections]
    assert not wrong, f"{game}: sections not in docs/rules/{game}.md: {wrong}"


@pytest.mark.parametrize("game", sorted(RULES_BY_SLUG))
def test_every_coach_line_is_written_in_both_languages(game: str) -> None:
    strings = json.loads((ROOT / "static" / "i18n" / f"{game}.json").read_text())
    missing = [(lang, key) for key, _ in cited(game) for lang in ("en", "ja") if not strings[lang].get(key)]
    assert not missing, missing
    assert cited(game), f"{game} has no coach lines"


@pytest.mark.parametrize("game", sorted(RULES_BY_SLUG))
def test_every_cited_section_opens_a_paragraph_of_the_rules_panel_in_both_languages(game: str) -> None:
    marks = anchors_of(game)
    unmarked = [(lang, rule) for _, rule in cited(game) for lang in ("en", "ja") if rule not in marks[lang]]
    assert not unmarked, f"templates/rules/{game}.html has no data-rule for {unmarked}"
