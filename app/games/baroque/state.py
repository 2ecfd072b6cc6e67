"""The frozen state of a Baroque table (§4.1), its phases, and its plain-JSON form."""

from dataclasses import dataclass
from enum import StrEnum

from app.engine import Commits, Seat
from app.engine.plain import as_dict, as_int, as_list, as_str
from app.games.baroque.actions import BallChange, BallDecision, BallKeep, parse_action
from app.games.baroque.cards import RANK_VALUE


class Phase(StrEnum):
    """The steps that wait for input; trick resolution and round changes are automatic (§4.1)."""

    BIDDING = "bidding"
    SALON = "salon"
    BALL = "ball"
    GAME_OVER = "game_over"


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick, public from its resolution on (§5.1 history of completed tricks)."""

    round: int
    number: int
    leader: Seat
    salon: tuple[str, ...]  # by seat
    changed: tuple[bool, ...] | None  # by seat; None for the last trick of a round, which has no ball
    final: tuple[str, ...]  # by seat
    winner: Seat


@dataclass(frozen=True, slots=True)
class RoundSummary:
    """The public summary published at a round's end (§4.8 step 2)."""

    round: int
    dealer: Seat
    bids: tuple[int, ...]
    tricks_won: tuple[int, ...]
    bonuses: tuple[int, ...]
    scores: tuple[int, ...]


@dataclass(frozen=True)  # no slots: `evolve` (app/engine/evolve.py) copies the instance dict
class BaroqueState:
    """Everything about one table; card tuples are kept in canonical order."""

    phase: Phase
    seats: int
    first_dealer: Seat
    round: int
    dealer: Seat
    trick_number: int
    leader: Seat
    current_seat: Seat  # due to act in BIDDING and SALON; unused in BALL and GAME_OVER
    hands: tuple[tuple[str, ...], ...]
    known_in_hand: tuple[tuple[str, ...], ...]  # returned salon cards, public until they leave (§5.3)
    discard: tuple[str, ...]
    rank_available: tuple[str, ...]
    rank_taken: tuple[tuple[str, ...], ...]  # by seat; a seat's bid is their sum (§1 glossary)
    rank_set_aside: tuple[str, ...]
    salon: tuple[str | None, ...]
    decisions: Commits[BallDecision]  # sealed; expects nobody outside BALL
    tricks_won: tuple[int, ...]
    scores: tuple[int, ...]
    tricks: tuple[Trick, ...]  # this round's completed tricks; before its first, the last round's last
    rounds: tuple[RoundSummary, ...]

    def bid(self, seat: Seat) -> int | None:
        """The sum of the seat's rank cards this round; None before the seat has bid."""
        taken = self.rank_taken[seat]
        return sum(RANK_VALUE[rank] for rank in taken) if taken else None


def _ints(value: object) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(type(item) is int for item in value):
        raise ValueError(f"expected a list of ints, got {value!r}")
    return tuple(value)


def _bools(value: object) -> tuple[bool, ...]:
    if not isinstance(value, list) or not all(isinstance(item, bool) for item in value):
        raise ValueError(f"expected a list of bools, got {value!r}")
    return tuple(value)


def _strs(value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ValueError(f"expected a list of str, got {value!r}")
    return tuple(value)


def _nested_strs(value: object) -> tuple[tuple[str, ...], ...]:
    return tuple(_strs(item) for item in as_list(value))


def _decision(value: object) -> BallDecision | None:
    if value is None:
        return None
    action = parse_action(as_dict(value))
    if not isinstance(action, BallKeep | BallChange):
        raise ValueError(f"not a ball decision: {value!r}")
    return action


def _dump_trick(trick: Trick) -> dict[str, object]:
    return {
        "round": trick.round,
        "number": trick.number,
        "leader": trick.leader,
        "salon": list(trick.salon),
        "changed": None if trick.changed is None else list(trick.changed),
        "final": list(trick.final),
        "winner": trick.winner,
    }


def _load_trick(value: object) -> Trick:
    data = as_dict(value)
    changed = data["changed"]
    return Trick(
        round=as_int(data["round"]),
        number=as_int(data["number"]),
        leader=as_int(data["leader"]),
        salon=_strs(data["salon"]),
        changed=None if changed is None else _bools(changed),
        final=_strs(data["final"]),
        winner=as_int(data["winner"]),
    )


def _dump_summary(summary: RoundSummary) -> dict[str, object]:
    return {
        "round": summary.round,
        "dealer": summary.dealer,
        "bids": list(summary.bids),
        "tricks_won": list(summary.tricks_won),
        "bonuses": list(summary.bonuses),
        "scores": list(summary.scores),
    }


def _load_summary(value: object) -> RoundSummary:
    data = as_dict(value)
    return RoundSummary(
        round=as_int(data["round"]),
        dealer=as_int(data["dealer"]),
        bids=_ints(data["bids"]),
        tricks_won=_ints(data["tricks_won"]),
        bonuses=_ints(data["bonuses"]),
        scores=_ints(data["scores"]),
    )


def dump(state: BaroqueState) -> dict[str, object]:
    """Plain JSON from which `load` rebuilds an equal state; server-side only (holds hands)."""
    return {
        "phase": state.phase.value,
        "seats": state.seats,
        "first_dealer": state.first_dealer,
        "round": state.round,
        "dealer": state.dealer,
        "trick_number": state.trick_number,
        "leader": state.leader,
        "current_seat": state.current_seat,
        "hands": [list(hand) for hand in state.hands],
        "known_in_hand": [list(known) for known in state.known_in_hand],
        "discard": list(state.discard),
        "rank_available": list(state.rank_available),
        "rank_taken": [list(taken) for taken in state.rank_taken],
        "rank_set_aside": list(state.rank_set_aside),
        "salon": list(state.salon),
        "decisions": {
            "expected": sorted(state.decisions.expected),
            "choices": [None if choice is None else choice.to_json() for choice in state.decisions.choices],
        },
        "tricks_won": list(state.tricks_won),
        "scores": list(state.scores),
        "tricks": [_dump_trick(trick) for trick in state.tricks],
        "rounds": [_dump_summary(summary) for summary in state.rounds],
    }


def load(data: dict[str, object]) -> BaroqueState:
    """The state `dump` wrote; raises ValueError on anything else."""
    decisions = as_dict(data["decisions"])
    return BaroqueState(
        phase=Phase(as_str(data["phase"])),
        seats=as_int(data["seats"]),
        first_dealer=as_int(data["first_dealer"]),
        round=as_int(data["round"]),
        dealer=as_int(data["dealer"]),
        trick_number=as_int(data["trick_number"]),
        leader=as_int(data["leader"]),
        current_seat=as_int(data["current_seat"]),
        hands=_nested_strs(data["hands"]),
        known_in_hand=_nested_strs(data["known_in_hand"]),
        discard=_strs(data["discard"]),
        rank_available=_strs(data["rank_available"]),
        rank_taken=_nested_strs(data["rank_taken"]),
        rank_set_aside=_strs(data["rank_set_aside"]),
        salon=tuple(None if card is None else as_str(card) for card in as_list(data["salon"])),
        decisions=Commits(
            expected=frozenset(_ints(decisions["expected"])),
            choices=tuple(_decision(choice) for choice in as_list(decisions["choices"])),
        ),
        tricks_won=_ints(data["tricks_won"]),
        scores=_ints(data["scores"]),
        tricks=tuple(_load_trick(trick) for trick in as_list(data["tricks"])),
        rounds=tuple(_load_summary(summary) for summary in as_list(data["rounds"])),
    )
