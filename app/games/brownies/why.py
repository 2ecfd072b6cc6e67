"""What the page offers a seat as controls, and the section of docs/rules/brownies.md each refusal comes from.

A trade, and a brownie action that takes a payment, is put together on the desk from many picks: it is
not one control, and the desk asks about the action it makes as it stands (`check`).
"""

from app.engine import RuleSections, Seat
from app.games.brownies.actions import Action, EndTurn, Produce, UseBrownie
from app.games.brownies.cards import CARDS, RESOURCES, Form
from app.games.brownies.state import BrowniesState, Phase

# §4.8 orders the checks; each action's own section (§4.4 produce, §4.5 trade, §4.6 brownies,
# §4.7 end_turn) states the rule behind its codes.
RULE_SECTIONS: RuleSections = {
    "invalid_action": "§4.8",
    "game_over": "§6",
    "not_your_turn": "§4.2",
    "main_action_already_taken": {"produce": "§4.4", "trade": "§4.5", "*": "§4.2"},
    "main_action_required": "§4.7",
    "building_not_owned": "§4.6",
    "no_brownie_action": "§4.6",
    "brownie_already_used": "§4.6",
    "empty_trade": {"trade": "§4.5", "*": "§4.6"},
    "many_for_many": "§4.5",
    "wrong_card_type": {"produce": "§4.4", "trade": "§4.5", "*": "§4.6"},
    "not_in_hand": {"trade": "§4.5", "*": "§4.6"},
    "not_in_market": {"produce": "§4.4", "trade": "§4.5", "*": "§4.6"},
    "deck_empty": "§4.6",
    "recipe_not_met": {"produce": "§4.4", "*": "§4.6"},
    "insufficient_value": {"trade": "§4.5", "*": "§4.6"},
    "hand_limit": {"produce": "§4.4", "trade": "§4.5", "*": "§4.6"},
}

_ONE_TAP = (Form.CONVERT, Form.SCORE)  # the brownie forms that take no choices (§4.6)
_END_TURN = EndTurn()


def choices(state: BrowniesState, seat: Seat) -> tuple[Action, ...]:
    """Producing each card the market shows (every resource pile, empty or not), working each of the
    seat's one-tap buildings, and ending the turn."""
    if state.phase is Phase.GAME_OVER or not 0 <= seat < state.seats:
        return ()
    shown = (*RESOURCES, *(kind for kind, _ in state.primary_row), *state.secondary_row, *state.building_row)
    brownies = (
        UseBrownie(building)
        for building in state.players[seat].area
        if (brownie := CARDS[building].brownie) is not None and brownie.form in _ONE_TAP
    )
    return (*(Produce(kind) for kind in shown), *brownies, _END_TURN)
