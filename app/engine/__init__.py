"""What every game implements and what the platform needs from a game; knows no game."""

from app.engine.commits import Commits
from app.engine.contract import (
    Action,
    Choice,
    Event,
    GameRules,
    IllegalAction,
    Option,
    Options,
    Outcome,
    Reason,
    RuleSections,
    Seat,
    Transition,
    term,
)
from app.engine.envelope import full_view, public_part, seat_part, table_view
from app.engine.evolve import evolve
from app.engine.rng import rng_for
from app.engine.why import attempt, refusal_json, rule_of, why

__all__ = [
    "Action",
    "Choice",
    "Commits",
    "Event",
    "GameRules",
    "IllegalAction",
    "Option",
    "Options",
    "Outcome",
    "Reason",
    "RuleSections",
    "Seat",
    "Transition",
    "attempt",
    "evolve",
    "full_view",
    "public_part",
    "refusal_json",
    "rng_for",
    "rule_of",
    "seat_part",
    "table_view",
    "why",
    "term",
]
