"""Bluebell (ブルーベル): 2-4 players build season stacks, bank tokens and collect two Bluebells."""

from app.engine import GameRules, Option
from app.games.bluebell.actions import BluebellAction, parse_action
from app.games.bluebell.bot import choose
from app.games.bluebell.proofs import inventory, redeal_hidden
from app.games.bluebell.rules import (
    BLUEBELLS_TO_WIN,
    SEAT_COUNTS,
    apply,
    awaiting,
    legal_actions,
    outcome,
    phase,
    setup,
)
from app.games.bluebell.state import BluebellState
from app.games.bluebell.view import public_view, seat_view
from app.games.bluebell.why import RULE_SECTIONS, choices

RULES: GameRules[BluebellState, BluebellAction] = GameRules(
    slug="bluebell",
    title={"en": "Bluebell", "ja": "ブルーベル"},
    seat_counts=SEAT_COUNTS,
    # §7: the host may name the first start player; None draws one (§3 step 1).
    options=(Option(name="first_player", kind="seat", default=None),),
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
    catalog={"bluebells_to_win": BLUEBELLS_TO_WIN},  # §1: the table shows a slot for each
    replay_cost_us=70,  # bench/replay_pool.py
)
