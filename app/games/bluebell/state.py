"""The frozen state of a Bluebell table (§3 state fields), its steps, and its plain-JSON form."""

from dataclasses import dataclass
from enum import StrEnum
from typing import TypeVar

from app.engine import Seat
from app.engine.plain import as_bool, as_dict, as_int, as_list, as_str

T = TypeVar("T")


class Step(StrEnum):
    """The steps that wait for input; penalties, round ends and round setups are automatic (§4.1)."""

    ACTION = "action"
    DRAW = "draw"
    BLUEBELL_CHOICE = "bluebell_choice"
    GAME_OVER = "game_over"


@dataclass(frozen=True, slots=True)
class Bluebell:
    """A card given face down; its identity is the chooser's alone until GAME_OVER (§5)."""

    card: str
    chooser: Seat
    round: int


@dataclass(frozen=True)  # no slots: `evolve` (app/engine/evolve.py) copies the instance dict
class Turn:
    """The public record of one turn, every field seen face up by the whole table (§5 log)."""

    round: int
    seat: Seat
    placed: str | None = None
    returned: tuple[str, ...] = ()  # the cards a winter sent back, bottom → top
    return_pile: str | None = None
    collected: int = 0  # tokens an autumn took from the stock
    banked: int = 0  # tokens a winter moved from the autumn to the supply
    discarded: str | None = None
    discard_pile: str | None = None
    penalty: bool = False  # a mismatched discard: paid, or it ended the round
    drew: str | None = None
    draw_pile: str | None = None
    reunion: tuple[str, ...] = ()  # the two hand cards a reunion declaration revealed
    ended_round: bool = False


@dataclass(frozen=True, slots=True)
class RoundResult:
    """The public summary of a finished round (§5 round results)."""

    round: int
    ender: Seat
    winner: Seat | None
    supplies: tuple[int, ...]
    discarded: str  # the ender's mismatched discard, which it could not pay for (§4.5 step 5)
    pile: str


@dataclass(frozen=True)  # no slots: `evolve` (app/engine/evolve.py) copies the instance dict
class BluebellState:
    """Everything about one table; tuples are by seat, piles are (A, B), lists run bottom → top."""

    seats: int
    round: int
    step: Step
    active: Seat  # the seat due to act; the round ender in BLUEBELL_CHOICE
    start: Seat
    round_ender: Seat | None
    round_winner: Seat | None
    hands: tuple[tuple[str, ...], ...]
    known: tuple[tuple[str, ...], ...]  # the publicly known part of each hand (§5)
    stacks: tuple[tuple[str, ...], ...]
    piles: tuple[tuple[str, ...], ...]  # (A, B)
    unseen: tuple[int, ...]  # (A, B): bottom cards of each pile never face up in view (§5)
    supply: tuple[int, ...]
    autumn_tokens: tuple[int, ...]
    stock: int
    reunion_holder: Seat | None
    bluebells: tuple[tuple[Bluebell, ...], ...]
    winner: Seat | None
    recent: tuple[Turn, ...]  # this round's last turns, at most one per seat, oldest first
    results: tuple[RoundResult, ...]


def _opt_int(value: object) -> int | None:
    return None if value is None else as_int(value)


def _opt_str(value: object) -> str | None:
    return None if value is None else as_str(value)


def _cards(value: object) -> tuple[str, ...]:
    return tuple(as_str(card) for card in as_list(value))


def _card_lists(value: object) -> tuple[tuple[str, ...], ...]:
    return tuple(_cards(cards) for cards in as_list(value))


def _ints(value: object) -> tuple[int, ...]:
    return tuple(as_int(number) for number in as_list(value))


def turn_json(turn: Turn) -> dict[str, object]:
    """The turn record as JSON; it is public, so views and dumps share this form."""
    return {
        "round": turn.round,
        "seat": turn.seat,
        "placed": turn.placed,
        "returned": list(turn.returned),
        "return_pile": turn.return_pile,
        "collected": turn.collected,
        "banked": turn.banked,
        "discarded": turn.discarded,
        "discard_pile": turn.discard_pile,
        "penalty": turn.penalty,
        "drew": turn.drew,
        "draw_pile": turn.draw_pile,
        "reunion": list(turn.reunion),
        "ended_round": turn.ended_round,
    }


def result_json(result: RoundResult) -> dict[str, object]:
    """The round summary as JSON; it is public, so views and dumps share this form."""
    return {
        "round": result.round,
        "ender": result.ender,
        "winner": result.winner,
        "supplies": list(result.supplies),
        "discarded": result.discarded,
        "pile": result.pile,
    }


def _load_turn(data: dict[str, object]) -> Turn:
    return Turn(
        round=as_int(data["round"]),
        seat=as_int(data["seat"]),
        placed=_opt_str(data["placed"]),
        returned=_cards(data["returned"]),
        return_pile=_opt_str(data["return_pile"]),
        collected=as_int(data["collected"]),
        banked=as_int(data["banked"]),
        discarded=_opt_str(data["discarded"]),
        discard_pile=_opt_str(data["discard_pile"]),
        penalty=as_bool(data["penalty"]),
        drew=_opt_str(data["drew"]),
        draw_pile=_opt_str(data["draw_pile"]),
        reunion=_cards(data["reunion"]),
        ended_round=as_bool(data["ended_round"]),
    )


def dump(state: BluebellState) -> dict[str, object]:
    """The state as plain JSON; `load` gives back an equal state."""
    return {
        "seats": state.seats,
        "round": state.round,
        "step": state.step.value,
        "active": state.active,
        "start": state.start,
        "round_ender": state.round_ender,
        "round_winner": state.round_winner,
        "hands": [list(hand) for hand in state.hands],
        "known": [list(known) for known in state.known],
        "stacks": [list(stack) for stack in state.stacks],
        "piles": [list(pile) for pile in state.piles],
        "unseen": list(state.unseen),
        "supply": list(state.supply),
        "autumn_tokens": list(state.autumn_tokens),
        "stock": state.stock,
        "reunion_holder": state.reunion_holder,
        "bluebells": [
            [{"card": b.card, "chooser": b.chooser, "round": b.round} for b in held] for held in state.bluebells
        ],
        "winner": state.winner,
        "recent": [turn_json(turn) for turn in state.recent],
        "results": [result_json(result) for result in state.results],
    }


def load(data: dict[str, object]) -> BluebellState:
    """The state `dump` wrote; malformed data raises ValueError."""
    return BluebellState(
        seats=as_int(data["seats"]),
        round=as_int(data["round"]),
        step=Step(as_str(data["step"])),
        active=as_int(data["active"]),
        start=as_int(data["start"]),
        round_ender=_opt_int(data["round_ender"]),
        round_winner=_opt_int(data["round_winner"]),
        hands=_card_lists(data["hands"]),
        known=_card_lists(data["known"]),
        stacks=_card_lists(data["stacks"]),
        piles=_card_lists(data["piles"]),
        unseen=_ints(data["unseen"]),
        supply=_ints(data["supply"]),
        autumn_tokens=_ints(data["autumn_tokens"]),
        stock=as_int(data["stock"]),
        reunion_holder=_opt_int(data["reunion_holder"]),
        bluebells=tuple(
            tuple(
                Bluebell(as_str(item["card"]), as_int(item["chooser"]), as_int(item["round"]))
                for item in map(as_dict, as_list(held))
            )
            for held in as_list(data["bluebells"])
        ),
        winner=_opt_int(data["winner"]),
        recent=tuple(_load_turn(as_dict(turn)) for turn in as_list(data["recent"])),
        results=tuple(
            RoundResult(
                as_int(r["round"]),
                as_int(r["ender"]),
                _opt_int(r["winner"]),
                _ints(r["supplies"]),
                as_str(r["discarded"]),
                as_str(r["pile"]),
            )
            for r in map(as_dict, as_list(data["results"]))
        ),
    )


def set_at(values: tuple[T, ...], seat: Seat, value: T) -> tuple[T, ...]:
    """The by-seat tuple with `seat`'s entry replaced."""
    return values[:seat] + (value,) + values[seat + 1 :]
