"""The refusals of §4.8, in the spec's order of checks; `refusal` is None exactly for legal actions.

Checks return a code (or, for `illegal_placement`, its reason) so that listing the legal actions
builds no exception; `error` turns a code into the IllegalAction that `apply` raises.
"""

from collections.abc import Callable

from app.engine import IllegalAction, Seat, errors
from app.games.bluebell.actions import BluebellAction, Discard, Draw, GiveBluebell, Place
from app.games.bluebell.cards import PILES, PREDECESSORS, SEASON_OF, Season
from app.games.bluebell.state import BluebellState, Step

# The refusals every game shares (game_over, not_a_player, not_your_turn, wrong_step) come from
# app/engine/errors.py; these are Bluebell's own, with the spec's English text (§4.8).
_SHARED: dict[str, Callable[[], IllegalAction]] = {
    "game_over": errors.game_over,
    "not_a_player": errors.not_a_player,
    "not_your_turn": errors.not_your_turn,
    "wrong_step": errors.out_of_step,
}

MESSAGES: dict[str, str] = {
    "not_round_ender": "Only the player who ended the round chooses the Bluebell.",
    "card_not_in_hand": "That card is not in your hand.",
    "return_pile_required": "Choose the pile to return your stack to.",
    "return_pile_not_allowed": "There is nothing to return.",
    "invalid_pile": "Unknown pile.",
    "pile_empty": "That pile is empty.",
    "must_discard_to_empty_pile": "One pile is empty: discard into the empty space.",
    "card_not_in_play": "That card cannot be chosen.",
    "reunion_not_allowed": "You cannot declare a reunion now.",
}

PLACEMENT_MESSAGES: dict[str, str] = {
    "wrong_predecessor": "That season cannot go on your current top card.",
    "summer_limit": "No more than two summers in a row.",
    "spring_blocked": "Another player's spring is showing; you cannot place a spring.",
}

_STEP_OF: dict[type, Step] = {
    Place: Step.ACTION,
    Discard: Step.ACTION,
    Draw: Step.DRAW,
    GiveBluebell: Step.BLUEBELL_CHOICE,
}


class IllegalPlacement(IllegalAction):
    """`illegal_placement` with the §4.3 `reason` (wrong_predecessor, summer_limit, spring_blocked)."""

    def __init__(self, reason: str) -> None:
        super().__init__("illegal_placement", PLACEMENT_MESSAGES[reason], reason=reason)


def error(code: str) -> IllegalAction:
    """The error for a check's code, with the spec's English message."""
    if code in PLACEMENT_MESSAGES:
        return IllegalPlacement(code)
    shared = _SHARED.get(code)
    if shared is not None:
        return shared()
    return IllegalAction(code, MESSAGES[code])


def placement_reason(state: BluebellState, seat: Seat, season: Season) -> str | None:
    """Why `season` may not go on `seat`'s stack (§4.3, checked in the spec's order), or None."""
    stack = state.stacks[seat]
    if stack:
        top = SEASON_OF[stack[-1]]
        if top not in PREDECESSORS[season]:
            return "wrong_predecessor"
        # At most two summers in a row (§8.3).
        if (
            season is Season.SUMMER
            and top is Season.SUMMER
            and len(stack) >= 2
            and SEASON_OF[stack[-2]] is Season.SUMMER
        ):
            return "summer_limit"
    if season is Season.SPRING and spring_blocker(state, seat) is not None:
        return "spring_blocked"
    return None


def spring_blocker(state: BluebellState, seat: Seat) -> Seat | None:
    """The first other seat whose stack shows a spring on top, which keeps `seat` from placing one.

    Only a spring on top blocks; the first placement is no exception (§4.3, §8.1, §8.2).
    """
    for other in range(state.seats):
        stack = state.stacks[other]
        if other != seat and stack and SEASON_OF[stack[-1]] is Season.SPRING:
            return other
    return None


def tokens_collected(state: BluebellState, seat: Seat, card: str) -> int:
    """The tokens placing `card` moves from the stock onto it: an autumn takes one, or all for the
    reunion holder (§4.3, §8.5: automatic); nothing when the stock is empty or for other seasons."""
    if SEASON_OF[card] is not Season.AUTUMN or state.stock == 0:
        return 0
    return state.stock if state.reunion_holder == seat else 1


def is_returning(state: BluebellState, seat: Seat, card: str) -> bool:
    """Whether placing `card` sends the stack back to a pile: a winter on a non-empty stack (§4.3)."""
    return SEASON_OF[card] is Season.WINTER and bool(state.stacks[seat])


_PILE_INDEX = {pile: index for index, pile in enumerate(PILES)}


def pile_index(pile: str) -> int:
    """0 for pile A, 1 for pile B; callers have checked the name."""
    return _PILE_INDEX[pile]


def is_penalty(state: BluebellState, card: str, pile: str) -> bool:
    """Whether discarding `card` on `pile` costs a token (§4.5 step 3): judged against the top before
    the discard, and never into the empty space."""
    target = state.piles[pile_index(pile)]
    return bool(target) and SEASON_OF[target[-1]] is not SEASON_OF[card]


def ends_round(state: BluebellState, seat: Seat, card: str, pile: str) -> bool:
    """Whether discarding `card` on `pile` is a penalty `seat` cannot pay (§4.5 steps 3 and 5)."""
    return is_penalty(state, card, pile) and state.supply[seat] == 0


def can_reunite(state: BluebellState, seat: Seat, kept: str, drawn: str) -> bool:
    """Whether a hand of `kept` and `drawn` may be declared a reunion by `seat` (§4.6)."""
    return SEASON_OF[kept] is SEASON_OF[drawn] and state.reunion_holder != seat


def _place(state: BluebellState, seat: Seat, action: Place) -> str | None:
    if action.card_id not in state.hands[seat]:
        return "card_not_in_hand"
    reason = placement_reason(state, seat, SEASON_OF[action.card_id])
    if reason is not None:
        return reason
    returning = is_returning(state, seat, action.card_id)
    if not returning and action.return_pile is not None:
        return "return_pile_not_allowed"
    if returning and action.return_pile is None:
        return "return_pile_required"
    if returning and action.return_pile not in _PILE_INDEX:
        return "invalid_pile"
    return None


def may_discard_on(state: BluebellState, pile: str) -> bool:
    """Whether a discard may go on `pile` (a known name): not if exactly one pile is empty and it is the other."""
    pile_a, pile_b = state.piles
    return bool(pile_a) == bool(pile_b) or not state.piles[pile_index(pile)]


def may_reunite_after_discard(state: BluebellState, seat: Seat, card: str, pile: str) -> bool:
    """Whether `seat` may declare a reunion with discarding its hand `card` on `pile` (§4.6)."""
    hand = state.hands[seat]
    kept = hand[0] if hand[1] == card else hand[1]
    drawn = state.piles[1 - pile_index(pile)][-1]  # the forced draw (§4.5 step 6)
    # Judged against what steps 3-6 will do: no draw if the round ends (§4.5, §4.6).
    return can_reunite(state, seat, kept, drawn) and not ends_round(state, seat, card, pile)


def _discard(state: BluebellState, seat: Seat, action: Discard) -> str | None:
    if action.card_id not in state.hands[seat]:
        return "card_not_in_hand"
    if action.pile not in _PILE_INDEX:
        return "invalid_pile"
    if not may_discard_on(state, action.pile):
        return "must_discard_to_empty_pile"
    if action.reunion and not may_reunite_after_discard(state, seat, action.card_id, action.pile):
        return "reunion_not_allowed"
    return None


def _draw(state: BluebellState, seat: Seat, action: Draw) -> str | None:
    if action.pile not in _PILE_INDEX:
        return "invalid_pile"
    pile = state.piles[pile_index(action.pile)]
    if not pile:
        return "pile_empty"
    if action.reunion and not can_reunite(state, seat, state.hands[seat][0], pile[-1]):
        return "reunion_not_allowed"
    return None


def in_play(state: BluebellState) -> list[str]:
    """Every season card in a hand, stack or pile: the Bluebell candidates (§4.7 step 3)."""
    return [card for places in (state.hands, state.stacks, state.piles) for cards in places for card in cards]


def _seat_refusal(state: BluebellState, seat: Seat, action: BluebellAction) -> str | None:
    if state.step is Step.GAME_OVER:
        return "game_over"
    if not 0 <= seat < state.seats:
        return "not_a_player"
    if state.step is Step.BLUEBELL_CHOICE:
        if seat != state.round_ender:
            return "not_round_ender"
    elif seat != state.active:
        return "not_your_turn"
    if _STEP_OF[type(action)] is not state.step:
        return "wrong_step"
    return None


def action_refusal(state: BluebellState, seat: Seat, action: BluebellAction) -> str | None:
    """The code of the first failing action-specific check (§4.3-§4.7) for the seat due to act, or None."""
    match action:
        case Place():
            return _place(state, seat, action)
        case Discard():
            return _discard(state, seat, action)
        case Draw():
            return _draw(state, seat, action)
        case GiveBluebell():
            return None if action.card_id in in_play(state) else "card_not_in_play"


def refusal(state: BluebellState, seat: Seat, action: BluebellAction) -> IllegalAction | None:
    """The first failing check of §4.8 for `seat` trying `action`, or None if it is legal."""
    code = _seat_refusal(state, seat, action) or action_refusal(state, seat, action)
    return None if code is None else error(code)
