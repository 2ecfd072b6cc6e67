"""The frozen state of a Farm with Brownies table (§4.0), its phase, and its plain-JSON form.

The records are named tuples rather than frozen dataclasses: every action builds a new state,
and a tuple is built in one step where a frozen dataclass sets its fields one by one.
"""

from enum import StrEnum
from typing import NamedTuple, cast

from app.engine import Seat
from app.engine.plain import as_bool, as_dict, as_int, as_list, as_str


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


def dump(state: BrowniesState) -> dict[str, object]:
    """Plain JSON from which `load` rebuilds an equal state; server-side only (holds every secret)."""
    return {
        "phase": state.phase.value,
        "seats": state.seats,
        "start_seat": state.start_seat,
        "active_seat": state.active_seat,
        "turn": state.turn,
        "round": state.round,
        "main_action_done": state.main_action_done,
        "brownies_used": list(state.brownies_used),
        "players": [
            {"hand": list(p.hand), "hidden": list(p.hidden), "area": list(p.area), "vp_cards": p.vp_cards}
            for p in state.players
        ],
        "building_row": list(state.building_row),
        "building_deck": list(state.building_deck),
        "secondary_row": list(state.secondary_row),
        "secondary_deck": list(state.secondary_deck),
        "secondary_discard": list(state.secondary_discard),
        "primary_row": [[kind, count] for kind, count in state.primary_row],
        "primary_deck": list(state.primary_deck),
        "primary_discard": list(state.primary_discard),
        "piles": list(state.piles),
        "vp_supply": state.vp_supply,
        "removed_basics": list(state.removed_basics),
        "funds_out": list(state.funds_out),
        "round_limit": state.round_limit,
        "reveal_hands_at_end": state.reveal_hands_at_end,
        "moves": [move.to_json() for move in state.moves],
        "previous_moves": [move.to_json() for move in state.previous_moves],
        "end_reason": state.end_reason,
        "winners": list(state.winners),
    }


def load(data: dict[str, object]) -> BrowniesState:
    """The state `dump` wrote; raises ValueError on anything else."""
    return BrowniesState(
        phase=Phase(as_str(data["phase"])),
        seats=as_int(data["seats"]),
        start_seat=as_int(data["start_seat"]),
        active_seat=as_int(data["active_seat"]),
        turn=as_int(data["turn"]),
        round=as_int(data["round"]),
        main_action_done=as_bool(data["main_action_done"]),
        brownies_used=_strs(data["brownies_used"]),
        players=tuple(_player(as_dict(p)) for p in as_list(data["players"])),
        building_row=_strs(data["building_row"]),
        building_deck=_strs(data["building_deck"]),
        secondary_row=_strs(data["secondary_row"]),
        secondary_deck=_strs(data["secondary_deck"]),
        secondary_discard=_strs(data["secondary_discard"]),
        primary_row=tuple(_stack(as_list(stack)) for stack in as_list(data["primary_row"])),
        primary_deck=_strs(data["primary_deck"]),
        primary_discard=_strs(data["primary_discard"]),
        piles=tuple(as_int(count) for count in as_list(data["piles"])),
        vp_supply=as_int(data["vp_supply"]),
        removed_basics=_strs(data["removed_basics"]),
        funds_out=_strs(data["funds_out"]),
        round_limit=as_int(data["round_limit"]),
        reveal_hands_at_end=as_bool(data["reveal_hands_at_end"]),
        moves=tuple(_move(as_dict(m)) for m in as_list(data["moves"])),
        previous_moves=tuple(_move(as_dict(m)) for m in as_list(data["previous_moves"])),
        end_reason=None if data["end_reason"] is None else as_str(data["end_reason"]),
        winners=tuple(as_int(seat) for seat in as_list(data["winners"])),
    )


def _player(data: dict[str, object]) -> Player:
    return Player(
        hand=_strs(data["hand"]),
        hidden=_strs(data["hidden"]),
        area=_strs(data["area"]),
        vp_cards=as_int(data["vp_cards"]),
    )


def _move(data: dict[str, object]) -> Move:
    building = data["building"]
    return Move(
        seat=as_int(data["seat"]),
        action=as_str(data["action"]),
        building=None if building is None else as_str(building),
        paid=_strs(data["paid"]),
        shown=_strs(data["shown"]),
        gained=_strs(data["gained"]),
        vp=as_int(data["vp"]),
        drew=as_int(data["drew"]),
        lost=as_int(data["lost"]),
    )


def _stack(data: list[object]) -> Stack:
    kind, count = data
    return as_str(kind), as_int(count)


def _strs(value: object) -> tuple[str, ...]:
    items = as_list(value)
    if not set(map(type, items)) <= {str}:  # one C-level pass: card lists are long and loaded often
        raise ValueError(f"expected a list of strings, got {value!r}")
    return tuple(cast(list[str], items))
