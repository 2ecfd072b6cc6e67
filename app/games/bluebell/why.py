"""What the page offers a seat as controls, and the section of docs/rules/bluebell.md each refusal comes from."""

from app.engine import RuleSections, Seat
from app.games.bluebell.actions import BluebellAction, Discard, Draw, GiveBluebell, Place
from app.games.bluebell.cards import PILES
from app.games.bluebell.checks import in_play, is_returning
from app.games.bluebell.state import BluebellState, Step

# §4.8 lists the codes and their order; each action's own section states the rule behind them.
RULE_SECTIONS: RuleSections = {
    "invalid_action": "§4.8",
    "game_over": "§4.8",
    "not_a_player": "§4.8",
    "not_your_turn": "§4.1",
    "not_round_ender": "§4.7",
    "wrong_step": "§4.1",
    "card_not_in_hand": {"discard": "§4.5", "*": "§4.3"},
    "illegal_placement": "§4.3",
    "return_pile_required": "§4.3",
    "return_pile_not_allowed": "§4.3",
    "invalid_pile": {"discard": "§4.5", "draw": "§4.4", "*": "§4.3"},
    "pile_empty": "§4.4",
    "must_discard_to_empty_pile": "§4.5",
    "card_not_in_play": "§4.7",
    "reunion_not_allowed": "§4.6",
}


def choices(state: BluebellState, seat: Seat) -> tuple[BluebellAction, ...]:
    """Each hand card placed (a winter that returns the stack, onto either pile), and in the action
    step discarded on either pile with and without a reunion; each draw in the draw step; the round
    ender's gift of each card in play."""
    if not 0 <= seat < state.seats or state.step is Step.GAME_OVER:
        return ()
    found: list[BluebellAction] = []
    for card in state.hands[seat]:  # a hand card is always drawn as a control: out of turn it says why not
        found += (Place(card, pile) for pile in PILES) if is_returning(state, seat, card) else (Place(card),)
        if state.step is Step.ACTION:
            found += (Discard(card, pile, reunion) for pile in PILES for reunion in (False, True))
    if state.step is Step.DRAW:
        found += (Draw(pile, reunion) for pile in PILES for reunion in (False, True))
    if state.step is Step.BLUEBELL_CHOICE and seat == state.round_ender:
        found += (GiveBluebell(card) for card in in_play(state))
    return tuple(found)
