"""A greedy Hansa player that sees only its seat's view.

For every legal play it projects the settlement of the current round with the play made
(face-up power, the taken cube, the prosperity step and any trigger it causes) and scores the
gain of its own projected income over the average opponent's. Permanent changes (face-up
power, marker moves) are counted again, discounted, for each later round. A face-down play
adds the Lübeck rank it would likely gain, guessing each rival's face-down power from the number
of their face-down cards. A taken card adds its exact person-set gain and a little for its
power. In the opening draft it keeps the two strongest cards. Ties go to the view's `legal`
order, shuffled by `rng`.
"""

from random import Random

from app.engine import Choice, Reason, term
from app.games.hansa.cards import (
    CARDS,
    CITIES,
    CITY_INDEX,
    CUBE_SET,
    FIRST_INCOME,
    ROUNDS,
    SECOND_MULTIPLIER,
    THIRD_MULTIPLIER,
)
from app.games.hansa.scoring import competition_ranks, person_score

FUTURE_DISCOUNT = 0.7  # later rounds are less certain: others will play too
GUESSED_DOWN_POWER = 2  # the average power of a card (120 / 60)
HAND_POWER_WEIGHT = 1.0  # a card in hand is a future play


def _incomes(powers: list[list[int]], colours: list[int], prosperity: list[int]) -> list[float]:
    """Each seat's settlement income for these powers and cube colour counts (§6.1)."""
    incomes = [float(CUBE_SET[n]) for n in colours]
    for c in range(len(CITIES)):
        column = [row[c] for row in powers]
        position = prosperity[c]
        for seat, rank in enumerate(competition_ranks(column)):
            if rank == 1:
                incomes[seat] += FIRST_INCOME[position]
            elif rank == 2:
                incomes[seat] += column[seat] * SECOND_MULTIPLIER[position]
            elif rank == 3:
                incomes[seat] += column[seat] * THIRD_MULTIPLIER[position]
    return incomes


def _edge(incomes: list[float], me: int) -> float:
    """Own income over the average opponent's."""
    others = [income for seat, income in enumerate(incomes) if seat != me]
    return incomes[me] - sum(others) / len(others)


def _as_int(value: object) -> int:
    return value if isinstance(value, int) else 0


def _as_dict(value: object) -> dict[str, object]:
    return value if isinstance(value, dict) else {}


def _as_list(value: object) -> list[object]:
    return value if isinstance(value, list) else []


def _strs(value: object) -> list[str]:
    return [str(item) for item in _as_list(value)]


class _Table:
    """The parts of a view the heuristic reads, as plain numbers by seat and city."""

    def __init__(self, view: dict[str, object]) -> None:
        self.me = _as_int(view["seat"])
        players = [_as_dict(p) for p in _as_list(view["players"])]
        self.powers = [[_as_int(_as_dict(p["power"])[city]) for city in CITIES] for p in players]
        self.screens = [[_as_int(_as_dict(p["screen"])[city]) for city in CITIES] for p in players]
        self.prosperity = [_as_int(_as_dict(view["prosperity"])[city]) for city in CITIES]
        self.board = {city: [_as_dict(slot) for slot in _as_list(row)] for city, row in _as_dict(view["board"]).items()}
        self.take_triggers = _as_dict(view["take_triggers"])
        self.future_rounds = ROUNDS - _as_int(view["round"])
        mine = players[self.me]
        self.held = _strs(mine["hand"]) + _strs(mine["tableau_up"]) + _strs(mine["tableau_down"])
        self.lubeck = _as_int(mine["lubeck_power"])
        self.rival_lubeck = [
            _as_int(p["down_count"]) * GUESSED_DOWN_POWER for seat, p in enumerate(players) if seat != self.me
        ]
        self.colours = [sum(1 for n in screen if n) for screen in self.screens]
        self.base_now = _edge(_incomes(self.powers, self.colours, self.prosperity), self.me)
        self.base_lasting = _edge(_incomes(self.powers, [0] * len(players), self.prosperity), self.me)
        self.projections: dict[tuple[tuple[int, int] | None, tuple[int, ...], int | None], float] = {}
        self.lubeck_gains: dict[int, float] = {}
        self.card_gains: dict[str, float] = {}

    def value(self, action: dict[str, object]) -> float:
        """The heuristic worth of one play."""
        parts = self.parts(action)
        return parts["lubeck"] + parts["card"] + parts["settlement"]  # summed in the order it always was

    def parts(self, action: dict[str, object]) -> dict[str, float]:
        """One play's worth by where it comes from: the settlement, Lübeck, the taken card."""
        card = CARDS[str(action["card"])]
        prosperity = self.prosperity[:]
        parts = {"settlement": 0.0, "lubeck": 0.0, "card": 0.0}
        up: tuple[int, int] | None = None
        if action["face"] == "up":
            up = (CITY_INDEX[card.city], card.power)
        else:
            adjust = _as_dict(action["adjust"])
            prosperity[CITY_INDEX[str(adjust["city"])]] += _as_int(adjust["delta"])
            parts["lubeck"] = self._lubeck_gain(card.power)
        cube = self._cube(action)
        take = action["take"]
        if isinstance(take, dict):
            space = str(take["space"])
            delta = self.take_triggers[space]
            if isinstance(delta, int):
                c = CITY_INDEX[space]
                prosperity[c] = min(len(FIRST_INCOME) - 1, max(0, prosperity[c] + delta))
            parts["card"] = self._card_gain(self._taken(action))
        parts["settlement"] = self._projection(up, tuple(prosperity), cube)
        return parts

    def _taken(self, action: dict[str, object]) -> str:
        take = _as_dict(action["take"])
        return str(self.board[str(take["space"])][_as_int(take["slot"])]["card"])

    def _cube(self, action: dict[str, object]) -> int | None:
        """The city index of the cube the play takes, if its slot holds one."""
        take = action["take"]
        if not isinstance(take, dict):
            return None
        cube = self.board[str(take["space"])][_as_int(take["slot"])]["cube"]
        return None if cube is None else CITY_INDEX[str(cube)]

    def first_in(self, action: dict[str, object]) -> int | None:
        """A city where the play's face-up power and cube make this seat first at the settlement,
        where it is not first now (§6.1)."""
        card = CARDS[str(action["card"])]
        powers = [row[:] for row in self.powers]  # face-up power and cubes, as the view counts them
        before = [competition_ranks([row[c] for row in powers])[self.me] for c in range(len(CITIES))]
        if action["face"] == "up":
            powers[self.me][CITY_INDEX[card.city]] += card.power
        if (cube := self._cube(action)) is not None:
            powers[self.me][cube] += 1
        after = [competition_ranks([row[c] for row in powers])[self.me] for c in range(len(CITIES))]
        return next((c for c in range(len(CITIES)) if after[c] == 1 and before[c] != 1), None)

    def reason(self, action: dict[str, object]) -> Reason:
        """What decided the play: the part of its worth that is largest, said in its terms."""
        card = CARDS[str(action["card"])]
        named = {"city": term(f"hz.city.{card.city}"), "power": card.power}
        parts = self.parts(action)
        biggest = max(parts, key=lambda part: parts[part])
        if biggest == "lubeck":
            return Reason("hint.lubeck", {**named, "lubeck": self.lubeck + card.power})
        if biggest == "card":
            taken = CARDS[self._taken(action)]
            person = "" if taken.person is None else taken.person
            key = "hint.takePerson" if taken.person is not None else "hint.takeCard"
            return Reason(
                key, {**named, "taken": term(f"hz.city.{taken.city}"), "takenPower": taken.power, "person": person}
            )
        first = self.first_in(action)
        if first is not None:
            return Reason("hint.first", {**named, "first": term(f"hz.city.{CITIES[first]}")})
        return Reason("hint.settlement", {**named, "gain": round(parts["settlement"])})

    def _projection(self, up: tuple[int, int] | None, prosperity: tuple[int, ...], cube: int | None) -> float:
        """The settlement edge gained now, plus the discounted lasting part for later rounds."""
        key = (up, prosperity, cube)
        if key not in self.projections:
            self.projections[key] = self._project(up, prosperity, cube)
        return self.projections[key]

    def _project(self, up: tuple[int, int] | None, prosperity: tuple[int, ...], cube: int | None) -> float:
        powers = [row[:] for row in self.powers]
        if up is not None:
            powers[self.me][up[0]] += up[1]
        blank = [0] * len(powers)
        lasting = _edge(_incomes(powers, blank, list(prosperity)), self.me) - self.base_lasting
        colours = self.colours[:]
        if cube is not None:
            powers[self.me][cube] += 1
            colours[self.me] += 1 if self.screens[self.me][cube] == 0 else 0
        now = _edge(_incomes(powers, colours, list(prosperity)), self.me) - self.base_now
        return now + lasting * self.future_rounds * FUTURE_DISCOUNT

    def _lubeck_gain(self, power: int) -> float:
        """The Lübeck payout gained by adding `power` face down, against guessed rival powers."""
        if power not in self.lubeck_gains:
            self.lubeck_gains[power] = self._lubeck_payout(self.lubeck + power) - self._lubeck_payout(self.lubeck)
        return self.lubeck_gains[power] + power * 0.5

    def _lubeck_payout(self, mine: int) -> float:
        """The Lübeck payout for this face-down power against guessed rival powers (§6.2 step 2)."""
        values = sorted((FIRST_INCOME[p] for p in self.prosperity), reverse=True)
        rank = competition_ranks([mine] + self.rival_lubeck)[0]
        return 0.0 if rank is None else float(values[rank - 1])

    def _card_gain(self, card_id: str) -> float:
        """A taken card's exact person-set gain plus a little for its future power."""
        if card_id not in self.card_gains:
            self.card_gains[card_id] = self._card_worth(card_id)
        return self.card_gains[card_id]

    def _card_worth(self, card_id: str) -> float:
        before = person_score(self.held)
        after = person_score(self.held + [card_id])
        return (after[1] + after[2] - before[1] - before[2]) + CARDS[card_id].power * HAND_POWER_WEIGHT


def _keep_value(action: dict[str, object]) -> float:
    """The draft worth of a pair: power, cube icons, and two persons or cities over one."""
    cards = [CARDS[card] for card in _strs(action["cards"])]
    worth = sum(card.power + (0.5 if card.cube_icon else 0.0) for card in cards)
    return worth + (0.5 if len({card.city for card in cards}) == 2 else 0.0)


def choose(view: dict[str, object], rng: Random) -> Choice:
    """One action of view["legal"], the best by the heuristic above, and what decided it."""
    legal = [_as_dict(action) for action in _as_list(view["legal"])]
    if not legal:
        raise ValueError("the bot was asked to act with no legal action")
    order = list(range(len(legal)))
    rng.shuffle(order)
    if legal[0]["type"] == "keep":
        best = max(order, key=lambda i: _keep_value(legal[i]))
        kept = [CARDS[card] for card in _strs(legal[best]["cards"])]
        pair = {"power": sum(card.power for card in kept), "cubes": sum(card.cube_icon for card in kept)}
        return Choice(legal[best], Reason("hint.keep", pair))
    table = _Table(view)
    best = max(order, key=lambda i: table.value(legal[i]))
    return Choice(legal[best], table.reason(legal[best]))
