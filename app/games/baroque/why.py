"""What the page offers a seat as controls, and the section of docs/rules/baroque.md each refusal comes from."""

from app.engine import RuleSections, Seat
from app.games.baroque.actions import BallChange, BallKeep, BaroqueAction, PlaySalon, TakeRank
from app.games.baroque.cards import HIGH_RANK, PAIRABLE_RANKS, RANKS
from app.games.baroque.state import BaroqueState, Phase

# §4.3 orders the checks; each action's own section states the rule behind its codes.
RULE_SECTIONS: RuleSections = {
    "invalid_action": "§4.3",
    "wrong_phase": "§4.3",
    "not_your_turn": {"take_rank": "§4.4", "play_salon": "§4.5", "*": "§4.3"},
    "already_committed": "§4.6",
    "invalid_rank_combination": "§4.4",
    "rank_unavailable": "§4.4",
    "card_not_in_hand": {"play_salon": "§4.5", "ball_change": "§4.6", "*": "§4.3"},
    "must_follow_color": {"play_salon": "§4.5", "ball_change": "§4.6", "*": "§4.3"},
    "leader_change_mismatch": "§4.6",
}

# Every rank card the bidding row shows, alone, and rank-5 with each card it may pair with (§4.4).
_BIDS: tuple[TakeRank, ...] = (
    *(TakeRank((rank,)) for rank in RANKS),
    *(TakeRank((rank, HIGH_RANK)) for rank in PAIRABLE_RANKS),
)


def choices(state: BaroqueState, seat: Seat) -> tuple[BaroqueAction, ...]:
    """The bids of the rank row; each hand card put in the salon; keeping or changing to each hand card at the ball."""
    if not 0 <= seat < state.seats:
        return ()
    hand = state.hands[seat]
    match state.phase:
        case Phase.BIDDING:
            return _BIDS
        case Phase.SALON:
            return tuple(PlaySalon(card) for card in hand)
        case Phase.BALL:
            return (BallKeep(), *(BallChange(card) for card in hand))
    return ()
