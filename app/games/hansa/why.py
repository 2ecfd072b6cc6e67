"""What the page offers a seat as controls, and the section of docs/rules/hansa.md each refusal comes from."""

from itertools import combinations

from app.engine import RuleSections, Seat
from app.games.hansa.actions import Adjust, HansaAction, Keep, Play, Take
from app.games.hansa.cards import CITIES, CITY_INDEX, TAKE_SLOTS, TRACK_END
from app.games.hansa.state import HansaState, Phase

# §4.4's validation table holds the play's checks, §7 the draft's keep; §4.2 says who plays.
RULE_SECTIONS: RuleSections = {
    "invalid_action": {"keep": "§7", "*": "§4.4"},
    "game_over": "§4.4",
    "not_your_turn": "§4.2",
    "wrong_phase": "§7",
    "already_chosen": "§7",
    "bad_keep": "§7",
    "card_not_in_hand": "§4.4",
    "bad_face": "§4.4",
    "adjust_not_allowed": "§4.4",
    "adjust_required": "§4.4",
    "unknown_city": "§4.4",
    "bad_delta": "§4.4",
    "prosperity_out_of_range": "§4.4",
    "no_cards_to_take": "§4.4",
    "take_required": "§4.4",
    "wrong_space": "§4.4",
    "empty_space": "§4.4",
    "bad_slot": "§4.4",
    "slot_empty": "§4.4",
}

_ADJUSTS = tuple(Adjust(city.value, delta) for city in CITIES for delta in (-1, 1))


def choices(state: HansaState, seat: Seat) -> tuple[HansaAction, ...]:
    """The draft's pairs; else each hand card face up with every take the board shows (and with each
    marker step, which only face down allows), and face down with every marker step (each with the
    first take) and every take (with the first step on the track)."""
    if not 0 <= seat < state.seats or state.phase is Phase.GAME_OVER:
        return ()
    hand = state.players[seat].hand
    if state.phase is Phase.OPENING_DRAFT:
        return tuple(Keep(pair) for pair in combinations(hand, 2))
    takes: tuple[Take | None, ...] = tuple(
        Take(city.value, slot)
        for city, row in zip(CITIES, state.board, strict=True)
        for slot in range(min(TAKE_SLOTS, len(row)))
    ) or (None,)
    on_track = next(a for a in _ADJUSTS if 0 <= state.prosperity[CITY_INDEX[a.city]] + a.delta <= TRACK_END)
    found: list[HansaAction] = []
    for card in hand:
        found += (Play(card, "up", None, take) for take in takes)
        found += (Play(card, "up", adjust, takes[0]) for adjust in _ADJUSTS)  # a marker step is face down's alone
        found += (Play(card, "down", adjust, takes[0]) for adjust in _ADJUSTS)
        found += (Play(card, "down", on_track, take) for take in takes[1:])
    return tuple(found)
