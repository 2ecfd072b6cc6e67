"""The frozen state of a Hansa table (§4.1), its phases, its public records, and its plain JSON."""

from dataclasses import dataclass
from enum import StrEnum

from app.engine import Commits, Seat
from app.engine.plain import as_dict, as_int, as_list
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


# --- plain JSON --------------------------------------------------------------------------------


def _name(city: City | None) -> str | None:
    return None if city is None else city.value


def _city(value: object) -> City | None:
    return None if value is None else City(str(value))


def _ints(value: object) -> tuple[int, ...]:
    return tuple(as_int(v) for v in as_list(value))


def _strs(value: object) -> tuple[str, ...]:
    return tuple(str(v) for v in as_list(value))


def _rank_list(value: object) -> tuple[int | None, ...]:
    return tuple(None if v is None else as_int(v) for v in as_list(value))


def _slot_json(slot: Slot | None) -> list[object] | None:
    return None if slot is None else [slot.card, _name(slot.cube)]


def _slot(value: object) -> Slot | None:
    if value is None:
        return None
    card, cube = as_list(value)
    return Slot(str(card), _city(cube))


def _player_json(player: Player) -> dict[str, object]:
    return {
        "hand": list(player.hand),
        "known": list(player.known),
        "unplaced": list(player.unplaced),
        "tableau_up": list(player.tableau_up),
        "tableau_down": list(player.tableau_down),
        "down_turns": [list(turn) for turn in player.down_turns],
        "screen": list(player.screen),
        "score": player.score,
    }


def _player(data: dict[str, object]) -> Player:
    turns = tuple((as_int(r), as_int(t)) for r, t in (as_list(pair) for pair in as_list(data["down_turns"])))
    return Player(
        _strs(data["hand"]),
        _strs(data["known"]),
        _strs(data["unplaced"]),
        _strs(data["tableau_up"]),
        _strs(data["tableau_down"]),
        turns,
        _ints(data["screen"]),
        as_int(data["score"]),
    )


def _trigger_json(trigger: Trigger | None) -> list[object] | None:
    return None if trigger is None else [trigger.city.value, trigger.ordinal, trigger.delta, trigger.position]


def _trigger(value: object) -> Trigger | None:
    if value is None:
        return None
    city, ordinal, delta, position = as_list(value)
    return Trigger(City(str(city)), as_int(ordinal), as_int(delta), as_int(position))


def _last_turn_json(turn: LastTurn | None) -> dict[str, object] | None:
    if turn is None:
        return None
    return {
        "seat": turn.seat,
        "round": turn.round,
        "turn": turn.turn,
        "card": turn.card,
        "adjust": None if turn.adjust is None else turn.adjust.to_json(),
        "adjusted": turn.adjusted,
        "take": None if turn.take is None else turn.take.to_json(),
        "taken": _slot_json(turn.taken),
        "trigger": _trigger_json(turn.trigger),
    }


def _pair(value: object, names: tuple[str, str]) -> tuple[str, int] | None:
    if value is None:
        return None
    data = as_dict(value)
    return str(data[names[0]]), as_int(data[names[1]])


def _last_turn(value: object) -> LastTurn | None:
    if value is None:
        return None
    data = as_dict(value)
    card = data["card"]
    adjust = _pair(data["adjust"], ("city", "delta"))
    take = _pair(data["take"], ("space", "slot"))
    return LastTurn(
        as_int(data["seat"]),
        as_int(data["round"]),
        as_int(data["turn"]),
        None if card is None else str(card),
        None if adjust is None else Adjust(*adjust),
        as_int(data["adjusted"]),
        None if take is None else Take(*take),
        _slot(data["taken"]),
        _trigger(data["trigger"]),
    )


def _settlement_json(settlement: Settlement) -> dict[str, object]:
    return {
        "round": settlement.round,
        "screens": [list(screen) for screen in settlement.screens],
        "cities": [
            [city.city.value, city.position, list(city.powers), list(city.ranks), list(city.payouts)]
            for city in settlement.cities
        ],
        "cube_payouts": list(settlement.cube_payouts),
        "incomes": list(settlement.incomes),
        "totals": list(settlement.totals),
    }


def _settlement(value: object) -> Settlement:
    data = as_dict(value)
    cities = tuple(
        CityResult(City(str(city)), as_int(position), _ints(powers), _rank_list(ranks), _ints(payouts))
        for city, position, powers, ranks, payouts in (as_list(entry) for entry in as_list(data["cities"]))
    )
    return Settlement(
        as_int(data["round"]),
        tuple(_ints(screen) for screen in as_list(data["screens"])),
        cities,
        _ints(data["cube_payouts"]),
        _ints(data["incomes"]),
        _ints(data["totals"]),
    )


_FINAL_FIELDS = (
    "lubeck_powers",
    "lubeck_values",
    "lubeck_payouts",
    "person_kinds",
    "person_sets",
    "person_bonuses",
    "totals",
    "places",
    "winners",
)


def _final_json(final: FinalScoring | None) -> dict[str, object] | None:
    if final is None:
        return None
    data: dict[str, object] = {name: list(getattr(final, name)) for name in _FINAL_FIELDS}
    data["lubeck_ranks"] = list(final.lubeck_ranks)
    return data


def _final(value: object) -> FinalScoring | None:
    if value is None:
        return None
    data = as_dict(value)
    fields = {name: _ints(data[name]) for name in _FINAL_FIELDS}
    return FinalScoring(lubeck_ranks=_rank_list(data["lubeck_ranks"]), **fields)


def dump(state: HansaState) -> dict[str, object]:
    """Plain JSON holding the whole state, secrets included: for the server's own storage only."""
    return {
        "seats": state.seats,
        "opening_draft": state.opening_draft,
        "phase": state.phase.value,
        "round": state.round,
        "first_player": state.first_player,
        "round_first_player": state.round_first_player,
        "current_player": state.current_player,
        "turns_taken": state.turns_taken,
        "prosperity": list(state.prosperity),
        "triggers_this_round": state.triggers_this_round,
        "triggered": list(state.triggered),
        "board": [[_slot_json(slot) for slot in space] for space in state.board],
        "deck": list(state.deck),
        "bag": list(state.bag),
        "players": [_player_json(player) for player in state.players],
        "kept": {
            "expected": sorted(state.kept.expected),
            "choices": [None if choice is None else list(choice) for choice in state.kept.choices],
        },
        "last_turn": _last_turn_json(state.last_turn),
        "settlements": [_settlement_json(settlement) for settlement in state.settlements],
        "final": _final_json(state.final),
    }


def load(data: dict[str, object]) -> HansaState:
    """The state `dump` wrote: load(dump(s)) == s."""
    kept = as_dict(data["kept"])
    current = data["current_player"]
    board = tuple(
        tuple(slot for slot in (_slot(entry) for entry in as_list(space)) if slot is not None)
        for space in as_list(data["board"])
    )
    return HansaState(
        seats=as_int(data["seats"]),
        opening_draft=data["opening_draft"] is True,
        phase=Phase(str(data["phase"])),
        round=as_int(data["round"]),
        first_player=as_int(data["first_player"]),
        round_first_player=as_int(data["round_first_player"]),
        current_player=None if current is None else as_int(current),
        turns_taken=as_int(data["turns_taken"]),
        prosperity=_ints(data["prosperity"]),
        triggers_this_round=as_int(data["triggers_this_round"]),
        triggered=_ints(data["triggered"]),
        board=board,
        deck=_strs(data["deck"]),
        bag=_ints(data["bag"]),
        players=tuple(_player(as_dict(player)) for player in as_list(data["players"])),
        kept=Commits(
            expected=frozenset(_ints(kept["expected"])),
            choices=tuple(None if choice is None else _strs(choice) for choice in as_list(kept["choices"])),
        ),
        last_turn=_last_turn(data["last_turn"]),
        settlements=tuple(_settlement(entry) for entry in as_list(data["settlements"])),
        final=_final(data["final"]),
    )
