"""The frozen state of a Bluebell table (§3 state fields), its steps, and the JSON of its public records."""

from dataclasses import dataclass
from enum import StrEnum
from typing import TypeVar

from app.engine import Seat

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


_ALWAYS = frozenset({"round", "seat"})  # a turn record's fields written even at 0


def turn_json(turn: Turn) -> dict[str, object]:
    """The turn record as JSON; it is public (§5 log).

    Only what the turn did is written: a field left at its default (nothing placed, returned,
    collected, discarded, drawn or declared) is left out, since every view repeats these records.
    """
    record = {
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
    return {name: value for name, value in record.items() if value or name in _ALWAYS}


def result_json(result: RoundResult) -> dict[str, object]:
    """The round summary as JSON; it is public (§5 round results)."""
    return {
        "round": result.round,
        "ender": result.ender,
        "winner": result.winner,
        "supplies": list(result.supplies),
        "discarded": result.discarded,
        "pile": result.pile,
    }


def set_at(values: tuple[T, ...], seat: Seat, value: T) -> tuple[T, ...]:
    """The by-seat tuple with `seat`'s entry replaced."""
    return values[:seat] + (value,) + values[seat + 1 :]
