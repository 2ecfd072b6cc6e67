"""The frozen state of a Baroque table (§4.1) and its phases."""

from dataclasses import dataclass
from enum import StrEnum

from app.engine import Commits, Seat
from app.games.baroque.actions import BallDecision
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
