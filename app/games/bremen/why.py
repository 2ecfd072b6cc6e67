"""What the page offers a seat as controls, and the section of docs/rules/bremen.md each refusal comes from."""

from app.engine import RuleSections, Seat
from app.games.bremen.actions import SIGNAL_PINCH, BremenAction, Declare, PassLeft, Play
from app.games.bremen.state import BremenState, Phase

# §4.2's error table holds every check; the pinch's once-per-tuning is §4.6's.
RULE_SECTIONS: RuleSections = {
    "invalid_action": "§4.2",
    "game_over": "§4.2",
    "not_a_player": "§4.2",
    "wrong_step": "§4.2",
    "not_leader": "§4.2",
    "leader_already_committed": "§4.2",
    "already_committed": "§4.2",
    "already_signalled": "§4.6",
    "card_not_in_hand": "§4.2",
}

_CARD_ACTION: dict[Phase, type[Declare | Play | PassLeft]] = {
    Phase.DECLARE: Declare,
    Phase.PLAY: Play,
    Phase.TUNING: PassLeft,
}


def choices(state: BremenState, seat: Seat) -> tuple[BremenAction, ...]:
    """Each card of the seat's hand as this step's action (declare, play or pass), and the pinch in the tuning."""
    make = _CARD_ACTION.get(state.phase)
    if make is None or not 0 <= seat < len(state.hands):
        return ()
    cards: tuple[BremenAction, ...] = tuple(make(card) for card in state.hands[seat])
    return (*cards, SIGNAL_PINCH) if state.phase is Phase.TUNING else cards
