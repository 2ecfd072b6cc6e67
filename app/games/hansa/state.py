"""The frozen state of a Hansa table (§4.1), its phases and its public records."""

from dataclasses import dataclass
from enum import StrEnum

from app.engine import Commits, Seat
from app.games.hansa.actions import Adjust, Take
from app.games.hansa.cards import City


class Phase(StrEnum):
    """What the table waits for (§4.1); settlement, round start and final scoring are automatic."""

    OPENING_DRAFT = "opening_draft"
    TURNS = "turns"
    GAME_OVER = "game_over"


@dataclass(frozen=True, slots=True)
class Slot:
    """One board entry: a card and the colour of the cube on it, if any (§4.1 board)."""

    card: str
    cube: City | None


@dataclass(frozen=True, slots=True)
class Player:
    """One seat's cards, cubes and score; card tuples other than tableaux are in canonical order."""

    hand: tuple[str, ...]
    known: tuple[str, ...]  # hand cards the whole table saw taken (§5)
    unplaced: tuple[str, ...]  # seen cards now "in hand or face down" (§5)
    tableau_up: tuple[str, ...]  # play order
    tableau_down: tuple[str, ...]  # play order
    down_turns: tuple[tuple[int, int], ...]  # (round, turn) each face-down card was played: public
    screen: tuple[int, ...]  # cubes by colour
    score: int


@dataclass(frozen=True, slots=True)
class Trigger:
    """A prosperity trigger: the k-th space of the round to fall from 3 cards to 2 (§4.4 effect 4)."""

    city: City
    ordinal: int
    delta: int
    position: int


@dataclass(frozen=True, slots=True)
class LastTurn:
    """The latest turn as the whole table saw it; a face-down card is never named (§5)."""

    seat: Seat
    round: int
    turn: int
    card: str | None  # the face-up card; None for a face-down play
    adjust: Adjust | None
    adjusted: int  # the adjusted marker's new position; 0 without an adjustment
    take: Take | None
    taken: Slot | None
    trigger: Trigger | None


@dataclass(frozen=True, slots=True)
class CityResult:
    """One city's part of a round settlement (§6.1 steps 2-4)."""

    city: City
    position: int
    powers: tuple[int, ...]  # by seat
    ranks: tuple[int | None, ...]  # None: power 0, unranked (§8.8)
    payouts: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Settlement:
    """A round's public settlement summary (§6.1)."""

    round: int
    screens: tuple[tuple[int, ...], ...]
    cities: tuple[CityResult, ...]
    cube_payouts: tuple[int, ...]
    incomes: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class FinalScoring:
    """The final breakdown published at game over (§6.2)."""

    lubeck_powers: tuple[int, ...]
    lubeck_ranks: tuple[int | None, ...]
    lubeck_values: tuple[int, ...]  # V: the cities' 1st-place incomes, high to low
    lubeck_payouts: tuple[int, ...]
    person_kinds: tuple[int, ...]
    person_sets: tuple[int, ...]
    person_bonuses: tuple[int, ...]
    totals: tuple[int, ...]
    places: tuple[int, ...]  # standings by (total, Lübeck power), competition-numbered
    winners: tuple[Seat, ...]


@dataclass(frozen=True)  # no slots: `evolve` (app/engine/evolve.py) copies the instance dict
class HansaState:
    """Everything about one table; tuples by city follow the canonical city order."""

    seats: int
    opening_draft: bool
    phase: Phase
    round: int
    first_player: Seat
    round_first_player: Seat
    current_player: Seat | None
    turns_taken: int
    prosperity: tuple[int, ...]
    triggers_this_round: int
    triggered: tuple[int, ...]  # by city: the ordinal of its trigger this round, 0 if none
    board: tuple[tuple[Slot, ...], ...]
    deck: tuple[str, ...]  # top first
    bag: tuple[int, ...]
    players: tuple[Player, ...]
    kept: Commits[tuple[str, ...]]  # the §7 draft; expects nobody outside OPENING_DRAFT
    last_turn: LastTurn | None
    settlements: tuple[Settlement, ...]
    final: FinalScoring | None
