"""The game contract: a game is a pure, deterministic module described by a GameRules value."""

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Generic, Protocol, TypeVar

Seat = int  # a place at the table, 0..n-1 clockwise; a player is a person, a seat is a place


class IllegalAction(ValueError):
    """An action the rules refuse; the state it was tried on is untouched.

    `code` is machine-readable (the specs' error codes, lower case); `message` is English text
    for the sender. The client shows its own translation of `code` when it has one. `reason`
    refines a code that covers several rules (Bluebell's `illegal_placement`); `rule` is the
    section of the game's rules of record the refusal comes from (`"§4.2"` of
    docs/rules/<game>.md), filled in from the game's `rule_sections` by the engine
    (app/engine/why.py) on its way to the sender, so raise sites never name it.
    """

    def __init__(self, code: str, message: str, *, reason: str | None = None, rule: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.reason = reason
        self.rule = rule


class Action(Protocol):
    """An intent from one seat: imperative class with a JSON form the browser can send back."""

    def to_json(self) -> dict[str, object]: ...


@dataclass(frozen=True, slots=True)
class Event:
    """One line of the game log; `to` limits it to some seats (None: everyone, spectators too)."""

    kind: str  # past tense: "declared", "ensemble_failed"
    data: Mapping[str, object] = field(default_factory=dict)
    to: frozenset[Seat] | None = None

    def visible_to(self, seat: Seat | None) -> bool:
        return self.to is None or (seat is not None and seat in self.to)

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, **self.data}


# Error code -> rule section, or action type -> rule section ("*": any other type): GameRules.rule_sections.
RuleSections = Mapping[str, str | Mapping[str, str]]


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a bot chose its move, for a person: a key of the game's strings (`hint.*` in
    static/i18n/<game>.json) and the values its text names (cards, cities, counts).

    A param is a number or text shown as it is, a `term` (a word of the game's strings, such as a
    city), or a name by language ({"en": …, "ja": …}, as a catalog prints it).
    """

    key: str
    params: Mapping[str, object] = field(default_factory=dict)

    def to_json(self) -> dict[str, object]:
        return {"key": self.key, "params": dict(self.params)}


def term(key: str) -> dict[str, object]:
    """A Reason param that is a word of the game's strings (a city, a season, a color)."""
    return {"key": key}


@dataclass(frozen=True, slots=True)
class Choice:
    """A bot's move (one of the view's `legal`) and the reason that decided it."""

    action: dict[str, object]
    reason: Reason


S = TypeVar("S")
A = TypeVar("A", bound=Action)
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Transition(Generic[S]):
    """The state after an accepted action and what happened on the way."""

    state: S
    events: tuple[Event, ...] = ()


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: who won (every seat for a cooperative win, none for a loss)."""

    winners: frozenset[Seat]
    result: str  # "win" / "loss" for cooperative games, "ranked" for competitive ones
    reason: str | None = None
    scores: tuple[int, ...] | None = None

    def to_json(self) -> dict[str, object]:
        return {
            "winners": sorted(self.winners),
            "result": self.result,
            "reason": self.reason,
            "scores": list(self.scores) if self.scores is not None else None,
        }


@dataclass(frozen=True, slots=True)
class Option:
    """One table option offered in the lobby.

    kind "bool": default is a bool; kind "seat": None (random) or a seat index; kind "choice":
    one of `choices`.
    """

    name: str
    kind: str
    default: object
    choices: tuple[object, ...] = ()

    def parse(self, raw: object, seats: int) -> object:
        """The validated value; raises IllegalAction("invalid_option", …) on anything else."""
        if raw is None and self.kind != "seat":
            return self.default
        if self.kind == "bool" and isinstance(raw, bool):
            return raw
        if self.kind == "seat" and (raw is None or (type(raw) is int and 0 <= raw < seats)):
            return raw
        if self.kind == "choice" and raw in self.choices:
            return raw
        raise IllegalAction("invalid_option", f"Option {self.name!r} cannot be {raw!r}.")

    def to_json(self) -> dict[str, object]:
        return {"name": self.name, "kind": self.kind, "default": self.default, "choices": list(self.choices)}


@dataclass(frozen=True, slots=True)
class Options:
    """A table's options, parsed and validated once (GameRules.parse_options); games read them typed.

    A getter asked for a name or kind the game never declared is a programming error (KeyError,
    TypeError), never a player's: players' input was refused by the parse.
    """

    values: Mapping[str, object]

    def flag(self, name: str) -> bool:
        return self._get(name, bool)

    def seat(self, name: str) -> Seat | None:
        value = self.values[name]
        return None if value is None else self._get(name, int)

    def choice(self, name: str) -> str:
        return self._get(name, str)

    def number(self, name: str) -> int:
        return self._get(name, int)

    def _get(self, name: str, kind: type[T]) -> T:
        value = self.values[name]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise TypeError(f"option {name!r} is {value!r}, not a {kind.__name__}")
        return value


@dataclass(frozen=True)
class GameRules(Generic[S, A]):
    """Everything the platform knows about one game. All functions are pure."""

    slug: str
    title: Mapping[str, str]  # by language: {"en": …, "ja": …}
    seat_counts: frozenset[int]
    options: tuple[Option, ...]
    setup: Callable[[int, Options, Random], S]  # seats, parsed options, Random(seed)
    phase: Callable[[S], str]  # the step of the game, as the view and the log name it
    awaiting: Callable[[S], frozenset[Seat]]  # who may act now: one, several, none
    legal_actions: Callable[[S, Seat], Sequence[A]]
    apply: Callable[[S, Seat, A, Random], Transition[S]]  # raises IllegalAction, state untouched
    # The game's own fields of a view (`view` below) in two parts. `public_view`: what every seat and
    # a spectator see alike, which the table builds, encodes and compares once per change for all its
    # tabs. `seat_view`: what may differ by seat (a hand, what only that seat chose; None: a
    # spectator), always with the same keys. No key is in both, nor in the table's envelope (phase,
    # awaiting, legal, outcome, seat: app/engine/envelope.py).
    public_view: Callable[[S], dict[str, object]]
    seat_view: Callable[[S, Seat | None], dict[str, object]]
    outcome: Callable[[S], Outcome | None]
    parse_action: Callable[[Mapping[str, object]], A]  # bad shape -> IllegalAction
    # For the proofs: everything hidden from `viewer` re-dealt at random, all it sees unchanged.
    redeal_hidden: Callable[[S, Seat | None, Random], S]
    # For the proofs: every component and token in the game, which no action creates or destroys.
    inventory: Callable[[S], Counter[str]]
    # Every action the page can form for `seat` as one control, available or not (each card of the
    # hand played, each bid offered, each take drawn), from what that seat sees: "why not?" asks
    # about these, and the proofs check that each is refused exactly when it is not legal.
    choices: Callable[[S, Seat], Sequence[A]]
    # Where each refusal comes from: error code -> section of docs/rules/<slug>.md ("§4.2"), or
    # action type -> section for a code several actions raise under different rules ("*": any
    # other). Every code apply and parse_action raise has one (tests/engine/test_why.py).
    rule_sections: RuleSections
    # A heuristic player: given only its seat's view, one of view["legal"] and why it chose it, or
    # None when the seat is awaited only for something optional (a Bremen pinch signal) and lets it pass.
    bot: Callable[[dict[str, object], Random], Choice | None] | None = None
    # Printed data that never changes (card faces, score tables): sent once per connection, not in
    # every view; views name its entries by id.
    catalog: Mapping[str, object] | None = None
    # What replaying one action costs, in µs on the reference machine (bench/replay_pool.py): an
    # uploaded record's replay budget counts its actions by it (app/rooms/replay.py).
    replay_cost_us: int = 100

    def view(self, state: S, seat: Seat | None) -> dict[str, object]:
        """The game's own fields of what `seat` (None: a spectator) may see."""
        return {**self.public_view(state), **self.seat_view(state, seat)}

    def deal(self, seats: int, raw_options: Mapping[str, object], rng: Random) -> S:
        """A new game from options in their stored or lobby form, parsed here once."""
        return self.setup(seats, self.parse_options(raw_options, seats), rng)

    def parse_options(self, raw: Mapping[str, object], seats: int) -> Options:
        """Validated options with defaults filled in; unknown names are refused."""
        known = {option.name: option for option in self.options}
        unknown = set(raw) - set(known)
        if unknown:
            raise IllegalAction("invalid_option", f"Unknown option {sorted(unknown)[0]!r}.")
        return Options({name: option.parse(raw.get(name), seats) for name, option in known.items()})
