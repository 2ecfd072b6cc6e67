"""The frozen state of a Farm with Brownies table (§4.0), and its phase.

The records are named tuples rather than frozen dataclasses: every action builds a new state,
and a tuple is built in one step where a frozen dataclass sets its fields one by one.
"""

from enum import StrEnum
from typing import NamedTuple

from app.engine import Seat


class Phase(StrEnum):
    """The only two phases (§4.0): a turn is being played, or the game has ended."""

    TURN = "turn"
    GAME_OVER = "game_over"


Stack = tuple[str, int]  # a primary-row stack: (kind, copies), never empty


class Player(NamedTuple):
    """One seat's cards; `hand` and `hidden` are in canonical order, `area` in acquisition order."""

    hand: tuple[str, ...]
    hidden: tuple[str, ...]  # sub-multiset of hand: General Store draws the others have not seen (§5)
    area: tuple[str, ...]  # buildings, face up
    vp_cards: int


class Move(NamedTuple):
    """The public record of one produce, trade or brownie action (§5): what the whole table saw."""

    seat: Seat
    action: str  # "produce", "trade" or "brownie"
    building: str | None  # the building whose brownies worked
    paid: tuple[str, ...]
    shown: tuple[str, ...]
    gained: tuple[str, ...]  # cards taken face up into the hand or the area
    vp: int  # VP cards taken
    drew: int  # cards drawn face down (General Store)
    lost: int  # overpayment, in value

    def to_json(self) -> dict[str, object]:
        return {
            "seat": self.seat,
            "action": self.action,
            "building": self.building,
            "paid": list(self.paid),
            "shown": list(self.shown),
            "gained": list(self.gained),
            "vp": self.vp,
            "drew": self.drew,
            "lost": self.lost,
        }


class BrowniesState(NamedTuple):
    """Everything about one table. Decks are top first; discards oldest first (the last is the top)."""

    phase: Phase
    seats: int
    start_seat: Seat
    active_seat: Seat
    turn: int  # global turn number, from 1
    round: int  # from 1; grows when play returns to the start seat
    main_action_done: bool
    brownies_used: tuple[str, ...]  # in the order used this turn
    players: tuple[Player, ...]
    building_row: tuple[str, ...]
    building_deck: tuple[str, ...]
    secondary_row: tuple[str, ...]
    secondary_deck: tuple[str, ...]
    secondary_discard: tuple[str, ...]
    primary_row: tuple[Stack, ...]
    primary_deck: tuple[str, ...]
    primary_discard: tuple[str, ...]
    piles: tuple[int, ...]  # resource pile counts, in RESOURCES order
    vp_supply: int
    removed_basics: tuple[str, ...]  # face down, never revealed (§3.2 step 1)
    funds_out: tuple[str, ...]  # unused funds, then spent funds in the order paid
    round_limit: int  # 0: off (§7)
    reveal_hands_at_end: bool
    moves: tuple[Move, ...]  # this turn's moves so far
    previous_moves: tuple[Move, ...]  # the moves of the turn before
    end_reason: str | None  # "ten_points", "vp_supply_empty" or "round_limit" once over (§6)
    winners: tuple[Seat, ...]
