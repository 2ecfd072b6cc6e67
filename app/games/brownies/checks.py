"""The preconditions of every action, raised as IllegalAction in the check order of §4.8."""

from dataclasses import dataclass

from app.engine import IllegalAction
from app.engine.errors import game_over, not_your_turn
from app.games.brownies.cards import (
    BROWNIE_INPUTS,
    CARDS,
    CLASS,
    GENERAL_STORE_VALUE,
    HAND_LIMIT,
    IS_BUILDING,
    IS_MARKET_GOOD,
    MONEY_CHANGER_VALUE,
    RECIPES,
    VALUE,
    Brownie,
    CardClass,
    Form,
    Inputs,
)
from app.games.brownies.legal import has_cards, has_main_action
from app.games.brownies.market import copies
from app.games.brownies.state import BrowniesState, Phase

MESSAGES: dict[str, str] = {  # §4.8: the normative English text of the game's own codes
    "main_action_already_taken": "You have already produced or traded this turn.",
    "main_action_required": "You must produce or trade before ending your turn.",
    "building_not_owned": "You do not own that building.",
    "no_brownie_action": "That building has no brownie action.",
    "brownie_already_used": "That building's brownies have already worked this turn.",
    "empty_trade": "You must give at least one card and take at least one card.",
    "many_for_many": "A trade cannot give several cards for several cards.",
    "wrong_card_type": "That kind of card cannot be used here.",
    "not_in_hand": "You do not have those cards in your hand.",
    "not_in_market": "That card is not available in the market.",
    "deck_empty": "The primary goods deck and its discard pile are empty.",
    "recipe_not_met": "You do not have the cards this needs.",
    "insufficient_value": "The cards you give are not worth enough.",
    "hand_limit": "Your hand would exceed 7 cards.",
}


@dataclass(frozen=True, slots=True)
class Checked:
    """A brownie action that passed its checks: what it pays, shows, gains, loses and scores."""

    form: Form
    paid: tuple[str, ...]
    shown: tuple[str, ...]
    gained: tuple[str, ...]
    lost: int
    vp: int = 0  # VP cards to take (Score, Money Changer)


def refuse(code: str) -> IllegalAction:
    """The error for `code` with the spec's message."""
    return IllegalAction(code, MESSAGES[code])


def check_turn(state: BrowniesState, seat: int) -> None:
    """§4.8 checks 1 and 2: the game runs and it is this seat's turn."""
    if state.phase is Phase.GAME_OVER:
        raise game_over()
    if seat != state.active_seat:
        raise not_your_turn()


def check_produce(state: BrowniesState, target: str) -> Inputs:
    """§4.4: the target's recipe, once the hand can pay and show it within the hand limit."""
    if state.main_action_done:
        raise refuse("main_action_already_taken")
    if CLASS[target] in (CardClass.FUND, CardClass.VP):
        raise refuse("wrong_card_type")
    if not copies(state, target):
        raise refuse("not_in_market")
    hand = state.players[state.active_seat].hand
    recipe = RECIPES[target]
    if not has_cards(hand, recipe):
        raise refuse("recipe_not_met")
    if len(hand) - len(recipe.paid) + (target not in IS_BUILDING) > HAND_LIMIT:
        raise refuse("hand_limit")
    return recipe


def check_trade(state: BrowniesState, pay: tuple[str, ...], take: tuple[str, ...]) -> int:
    """§4.5: the value the trade loses, once it is legal."""
    if state.main_action_done:
        raise refuse("main_action_already_taken")
    if not pay or not take:
        raise refuse("empty_trade")
    if len(pay) > 1 and len(take) > 1:
        raise refuse("many_for_many")
    if any(CLASS[kind] in (CardClass.VP, CardClass.FUND) for kind in take):
        raise refuse("wrong_card_type")
    hand = state.players[state.active_seat].hand
    _check_in_hand(hand, pay)
    _check_in_market(state, take)  # §8.5: before payment, so a paid resource cannot be re-taken
    lost = _check_value(pay, _worth(take))
    if len(hand) - len(pay) + sum(1 for kind in take if kind not in IS_BUILDING) > HAND_LIMIT:
        raise refuse("hand_limit")
    return lost


def check_end_turn(state: BrowniesState) -> None:
    """§4.7: the main action is done, or none is possible [house rule]."""
    if not state.main_action_done and has_main_action(state):
        raise refuse("main_action_required")


def check_brownie(state: BrowniesState, building: str, pay: tuple[str, ...], take: tuple[str, ...]) -> Checked:
    """§4.6: what the owned building's brownies will move, once they may work now."""
    if building not in state.players[state.active_seat].area:
        raise refuse("building_not_owned")
    brownie = CARDS[building].brownie
    if brownie is None:
        raise refuse("no_brownie_action")
    if building in state.brownies_used:
        raise refuse("brownie_already_used")
    hand = state.players[state.active_seat].hand
    match brownie.form:
        case Form.CONVERT | Form.SCORE:
            return _check_fixed_inputs(state, hand, building, brownie)
        case Form.MONEY_CHANGER | Form.GENERAL_STORE:
            return Checked(brownie.form, pay, (), (), _check_payment(state, hand, brownie.form, pay), brownie.vp)
        case Form.BUILDER | Form.WHOLESALER:
            return Checked(brownie.form, pay, (), take, _check_buy_one(state, hand, brownie.form, pay, take[0]))
        case Form.TRADING_POST:
            if CLASS[pay[0]] is not CardClass.PRIMARY or CLASS[take[0]] is not CardClass.PRIMARY:
                raise refuse("wrong_card_type")
            _check_in_hand(hand, pay)
            _check_in_market(state, take)
            return Checked(brownie.form, pay, (), take, _check_value(pay, VALUE[take[0]]))
        case Form.MARKET:
            if not take:
                raise refuse("empty_trade")
            if CLASS[pay[0]] is not CardClass.SECONDARY or not all(kind in IS_MARKET_GOOD for kind in take):
                raise refuse("wrong_card_type")  # §8.11: no buildings, VP or funds
            _check_in_hand(hand, pay)
            _check_in_market(state, take)
            lost = _check_value(pay, _worth(take))
            if len(hand) - 1 + len(take) > HAND_LIMIT:
                raise refuse("hand_limit")
            return Checked(brownie.form, pay, (), take, lost)


def _check_fixed_inputs(state: BrowniesState, hand: tuple[str, ...], building: str, brownie: Brownie) -> Checked:
    """Convert and Score: fixed inputs, and for Convert a good from the market."""
    gained = () if brownie.gain is None else (brownie.gain,)
    if gained and not copies(state, gained[0]):
        raise refuse("not_in_market")
    inputs = BROWNIE_INPUTS[building]
    if not has_cards(hand, inputs):
        raise refuse("recipe_not_met")
    if gained and len(hand) - len(inputs.paid) + 1 > HAND_LIMIT:
        raise refuse("hand_limit")
    return Checked(brownie.form, inputs.paid, inputs.shown, gained, 0, brownie.vp)


def _check_payment(state: BrowniesState, hand: tuple[str, ...], form: Form, pay: tuple[str, ...]) -> int:
    """Money Changer and General Store: a payment of any cards worth enough; the value lost."""
    if not pay:
        raise refuse("empty_trade")
    _check_in_hand(hand, pay)
    is_store = form is Form.GENERAL_STORE
    if is_store and not (state.primary_deck or state.primary_discard):
        raise refuse("deck_empty")  # §8.10: only when both are empty at declaration
    return _check_value(pay, GENERAL_STORE_VALUE if is_store else MONEY_CHANGER_VALUE)


def _check_buy_one(state: BrowniesState, hand: tuple[str, ...], form: Form, pay: tuple[str, ...], take: str) -> int:
    """Builder (a building from its row) and Wholesaler (a secondary good from its row); the value lost."""
    if not pay:
        raise refuse("empty_trade")
    is_builder = form is Form.BUILDER
    if not (take in IS_BUILDING if is_builder else CLASS[take] is CardClass.SECONDARY):
        raise refuse("wrong_card_type")
    _check_in_hand(hand, pay)
    if take not in (state.building_row if is_builder else state.secondary_row):
        raise refuse("not_in_market")
    return _check_value(pay, VALUE[take])


def _check_in_hand(hand: tuple[str, ...], cards: tuple[str, ...]) -> None:
    if any(hand.count(kind) < cards.count(kind) for kind in set(cards)):
        raise refuse("not_in_hand")


def _check_in_market(state: BrowniesState, cards: tuple[str, ...]) -> None:
    if any(copies(state, kind) < cards.count(kind) for kind in set(cards)):
        raise refuse("not_in_market")


def _worth(cards: tuple[str, ...]) -> int:
    return sum(VALUE[kind] for kind in cards)


def _check_value(pay: tuple[str, ...], needed: int) -> int:
    """The overpayment, which is lost (§4.5); raises when the payment is worth less than `needed`."""
    paid = _worth(pay)
    if paid < needed:
        raise refuse("insufficient_value")
    return paid - needed
