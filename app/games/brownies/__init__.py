"""Farm with Brownies (ファームウィズブラウニーズ): the rules as a GameRules value."""

from app.engine import GameRules, Option
from app.games.brownies.actions import Action, parse_action
from app.games.brownies.bot import choose
from app.games.brownies.legal import legal_actions
from app.games.brownies.proofs import inventory, redeal_hidden
from app.games.brownies.rules import apply, awaiting, outcome, phase, setup
from app.games.brownies.state import BrowniesState
from app.games.brownies.view import CATALOG, public_view, seat_view
from app.games.brownies.why import RULE_SECTIONS, choices

OPTIONS = (  # §7; `players` and `seed` belong to the table itself
    Option("start_player", "seat", None),
    Option("resource_supply", "choice", "printed", ("printed", "per_player")),
    Option("round_limit", "choice", 0, (0, 10, 15, 20, 25, 30, 40, 50)),
    Option("reveal_hands_at_end", "bool", True),
)

RULES: GameRules[BrowniesState, Action] = GameRules(
    slug="brownies",
    title={"en": "Farm with Brownies", "ja": "ファームウィズブラウニーズ"},
    seat_counts=frozenset({2, 3, 4}),
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
    catalog=CATALOG,
    replay_cost_us=60,  # bench/replay_pool.py
)
