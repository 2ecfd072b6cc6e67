"""The registry of games: every subpackage of app.games that exports RULES."""

import importlib
import pkgutil
from typing import Any

from app.engine import GameRules


def _discover() -> dict[str, GameRules[Any, Any]]:
    found: dict[str, GameRules[Any, Any]] = {}
    for module in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if module.ispkg:
            rules = importlib.import_module(f"{__name__}.{module.name}").RULES
            found[rules.slug] = rules
    return found


RULES_BY_SLUG: dict[str, GameRules[Any, Any]] = _discover()
