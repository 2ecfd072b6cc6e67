"""The frozen state of a Bremen table (§3 state fields) and its phases."""

from dataclasses import dataclass
from enum import StrEnum

from app.engine import Commits, Seat
from app.games.bremen.cards import Animal


class Phase(StrEnum):
    """The steps that wait for input; RESOLVE and END_OF_ROUND are automatic and never persist (§3)."""

    DECLARE = "declare"
    PLAY = "play"
    TUNING = "tuning"
    GAME_OVER = "game_over"


class Result(StrEnum):
    """The team's result (§6)."""

    WIN = "win"
    LOSS = "loss"


class Reason(StrEnum):
    """Why the team lost (§4.3 step 4)."""

    THREE_FAILURES = "three_failures"
    FINAL_ROUND_FAILED = "final_round_failed"


@dataclass(frozen=True, slots=True)
class Ensemble:
    """A resolved round, public from its reveal on (§4.3 history record)."""

    round: int
    leader: Seat
    declared: str | None  # None in round 10
    plays: tuple[str, ...]  # by seat
    success: bool


@dataclass(frozen=True, slots=True)
class PassRecord:
    """One seat's side of a completed tuning: private to that seat (§5 per-seat log)."""

    round: int
    passed: str  # to the next seat
    received: str  # from the previous seat


@dataclass(frozen=True)  # no slots: `evolve` (app/engine/evolve.py) copies the instance dict
class BremenState:
    """Everything about one table; hands and piles of number cards are card ids."""

    roles: tuple[Animal, ...]  # by seat
    hard_mode: bool
    hands: tuple[tuple[str, ...], ...]  # canonical order; a committed card stays until it leaves
    unused: tuple[str, ...]  # the 20 cards in the box, canonical order
    round: int
    phase: Phase
    leader: Seat
    declared: str | None  # this round's declared card id
    plays: Commits[str]  # this round's ensemble; `declare` fills the leader's entry
    passes: Commits[str]  # this tuning's passes; every seat expected
    pinch: tuple[bool, ...]  # by seat, this tuning
    failures: int
    discard: tuple[str, ...]  # cards of successful ensembles, in the order they were put there
    failed: tuple[tuple[str, ...], ...]  # by seat, oldest first
    history: tuple[Ensemble, ...]
    pass_log: tuple[tuple[PassRecord, ...], ...]  # by seat
    result: Result | None
    reason: Reason | None
