"""Baroque (バロックの変遷): trick-taking with a sealed ball after every open salon, for 3–4 players."""

from app.engine import GameRules, Option
from app.games.baroque.actions import BaroqueAction, parse_action
from app.games.baroque.bot import choose
from app.games.baroque.proofs import inventory, redeal_hidden
from app.games.baroque.rules import apply, awaiting, legal_actions, outcome, phase, setup
from app.games.baroque.state import BaroqueState
from app.games.baroque.view import public_view, seat_view
from app.games.baroque.why import RULE_SECTIONS, choices

RULES: GameRules[BaroqueState, BaroqueAction] = GameRules(
    slug="baroque",
    title={"en": "Baroque", "ja": "バロックの変遷"},
    seat_counts=frozenset({3, 4}),
    # §7: the only table option; None draws the first dealer from the seed.
    options=(Option("first_dealer", "seat", None),),
    setup=setup,
    phase=phase,
    awaiting=awaiting,
    legal_actions=legal_actions,
    apply=apply,
    public_view=public_view,
    seat_view=seat_view,
    outcome=outcome,
    parse_action=parse_action,
    redeal_hidden=redeal_hidden,
    inventory=inventory,
    choices=choices,
    rule_sections=RULE_SECTIONS,
    bot=choose,
    replay_cost_us=30,  # bench/replay_pool.py
)
