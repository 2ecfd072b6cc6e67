"""The Harmony of Bremen, revised edition: a cooperative game for exactly four seats."""

from app.engine import GameRules
from app.games.bremen.actions import BremenAction, parse_action
from app.games.bremen.bot import choose
from app.games.bremen.proofs import inventory, redeal_hidden
from app.games.bremen.rules import OPTIONS, apply, awaiting, legal_actions, outcome, phase, setup
from app.games.bremen.state import BremenState
from app.games.bremen.view import public_view, seat_view
from app.games.bremen.why import RULE_SECTIONS, choices

RULES: GameRules[BremenState, BremenAction] = GameRules(
    slug="bremen",
    title={"en": "The Harmony of Bremen", "ja": "ザ・ハーモニー・オブ・ブレーメン"},
    seat_counts=frozenset({4}),
    options=OPTIONS,
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
    replay_cost_us=40,  # bench/replay_pool.py
)
