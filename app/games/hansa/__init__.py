"""Queen of Hansa (ハンザの女王): the 2017 preview rules, as specified in rules/hansa.md."""

from app.engine import GameRules, Option
from app.games.hansa.actions import HansaAction, parse_action
from app.games.hansa.bot import choose
from app.games.hansa.proofs import inventory, redeal_hidden
from app.games.hansa.rules import apply, awaiting, legal_actions, outcome, phase, setup
from app.games.hansa.state import HansaState
from app.games.hansa.view import catalog, public_view, seat_view
from app.games.hansa.why import RULE_SECTIONS, choices

RULES: GameRules[HansaState, HansaAction] = GameRules(
    slug="hansa",
    title={"en": "Queen of Hansa", "ja": "ハンザの女王"},
    seat_counts=frozenset({2, 3, 4}),
    # §7: the one optional toggle, off by default.
    options=(Option("opening_draft", "bool", False),),
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
    catalog=catalog(),  # card faces, the track table and the scoring tables: sent once per connection
    replay_cost_us=110,  # bench/replay_pool.py
)
