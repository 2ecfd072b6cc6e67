"""The registry of games: every subpackage of app.games that exports RULES."""

import importlib
import pkgutil
from typing import Any

from app.engine import GameRules

LOBBY_ORDER = ("bremen", "baroque", "hansa", "brownies", "bluebell")  # the rest follow by name


def _discover() -> dict[str, GameRules[Any, Any]]:
    found: dict[str, GameRules[Any, Any]] = {}
    for module in pkgutil.iter_modules(__path__):
        if module.ispkg:
            rules = importlib.import_module(f"{__name__}.{module.name}").RULES
            found[rules.slug] = rules
    ranked = sorted(found, key=lambda slug: (LOBBY_ORDER.index(slug) if slug in LOBBY_ORDER else 99, slug))
    return {slug: found[slug] for slug in ranked}


RULES_BY_SLUG: dict[str, GameRules[Any, Any]] = _discover()


def catalogue() -> list[dict[str, object]]:
    """Every game with its titles, player counts and table options, as the lobby and the API show them."""
    return [
        {
            "slug": rules.slug,
            "title": dict(rules.title),
            "seat_counts": sorted(rules.seat_counts),
            "options": [option.to_json() for option in rules.options],
            "has_bot": rules.bot is not None,
        }
        for rules in RULES_BY_SLUG.values()
    ]
