"""A game replayed from its record: the state at every version and the log lines each version added.

Pure: no I/O. A table's games, a downloaded record and an uploaded one all replay through here, with
the same rules, the same seeded streams and the same log the table showed.
"""

from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass
from random import Random
from typing import Any

from app.engine import Event, GameRules, IllegalAction, Seat, Transition, full_view, rng_for
from app.games import RULES_BY_SLUG
from app.rooms.clock import timed_out
from app.rooms.errors import TableError

RECORD_FORMAT = "zashiki-game-record"
MAX_RECORD_BYTES = 512 * 1024  # an uploaded record; a long Brownies game's is about 60 KB
MAX_RECORD_ACTIONS = 3000  # no game of ours comes near it (a long Brownies game: about 700)


def replayed(
    rules: GameRules[Any, Any],
    state: Any,
    seed: int,
    version: int,
    actions: Iterable[tuple[Seat, Mapping[str, object]]],
    timed_out_at: Collection[int] = frozenset(),
) -> Iterator[Transition[Any]]:
    """Each action of a log applied in turn to `state`, the game at `version`; raises IllegalAction.

    `timed_out_at`: the versions the bot made because the seat's time ran out, which the log says again.
    """
    for k, (seat, payload) in enumerate(actions, start=version + 1):
        step = rules.apply(state, seat, rules.parse_action(payload), rng_for(seed, k))
        state = step.state
        yield Transition(state, (timed_out(seat), *step.events)) if k in timed_out_at else step


@dataclass(frozen=True, slots=True)
class RecordedAction:
    seat: Seat
    action: dict[str, object]
    by_clock: bool = False  # the bot made it because the seat's time ran out


@dataclass(frozen=True, slots=True)
class GameRecord:
    """Everything a game replays from, anywhere: the game, its options and seats, its seed, its actions."""

    game: str
    options: dict[str, object]
    seats: tuple[str, ...]  # the players' names, by seat
    seed: int
    first_version: int  # the table's version at the deal: the k-th action draws from stream first_version + k
    actions: tuple[RecordedAction, ...]
    result: dict[str, object] | None  # how it ended; None while it is being played

    def to_json(self) -> dict[str, object]:
        return {
            "format": RECORD_FORMAT,
            "game": self.game,
            "options": self.options,
            "seats": list(self.seats),
            "seed": self.seed,
            "first_version": self.first_version,
            "actions": [
                {"seat": a.seat, "action": a.action, **({"by_clock": True} if a.by_clock else {})} for a in self.actions
            ],
            "result": self.result,
        }


def bad_record(code: str, message: str) -> TableError:
    return TableError(code, message, 400)


class Replay:
    """Every state of one game from its deal, and the log; refuses a record the rules do not replay."""

    def __init__(self, record: GameRecord) -> None:
        rules = RULES_BY_SLUG.get(record.game)
        if rules is None:
            raise bad_record("no_such_game", f"There is no game {record.game!r} here.")
        if len(record.seats) not in rules.seat_counts:
            raise bad_record("bad_record", f"{rules.title['en']} is not for {len(record.seats)} players.")
        try:
            options = rules.parse_options(record.options, len(record.seats))
        except IllegalAction as exc:
            raise bad_record("bad_record", exc.message) from exc
        strangers = [k for k, a in enumerate(record.actions, start=1) if a.seat >= len(record.seats)]
        if strangers:
            raise bad_record("bad_record", f"Action {strangers[0]} is by a seat the record does not have.")
        self.rules = rules
        self.record = record
        self.states: list[Any] = [rules.setup(len(record.seats), options, Random(record.seed))]
        self.log: list[tuple[int, Event]] = []
        first = record.first_version
        moves = [(a.seat, a.action) for a in record.actions]
        timed = {first + k for k, a in enumerate(record.actions, start=1) if a.by_clock}
        try:
            for version, step in enumerate(
                replayed(rules, self.states[0], record.seed, first, moves, timed), first + 1
            ):
                self.states.append(step.state)
                self.log.extend((version, event) for event in step.events)
        except IllegalAction as exc:
            k = len(self.states)
            raise bad_record(
                "record_illegal_action", f"Action {k} (seat {moves[k - 1][0]}) is refused by the rules: {exc.message}"
            ) from exc
        outcome = rules.outcome(self.states[-1])
        self.outcome = None if outcome is None else outcome.to_json()

    @property
    def first_version(self) -> int:
        return self.record.first_version

    @property
    def last_version(self) -> int:
        return self.record.first_version + len(self.states) - 1

    def check_result(self) -> None:
        """Raises unless the game ends, and as the record says it did (a record altered by hand does not)."""
        if self.outcome is None:
            raise bad_record("record_mismatch", "The record's game does not reach its end.")
        if self.outcome != self.record.result:
            raise bad_record("record_mismatch", "The record's actions lead to another result than it claims.")

    def view(self, version: int, seat: Seat | None) -> dict[str, object]:
        """What `seat` (None: a spectator) was shown at `version`: the table's view, envelope and all."""
        if not self.first_version <= version <= self.last_version:
            raise TableError(
                "no_such_version",
                f"This game has versions {self.first_version} to {self.last_version}.",
                404,
            )
        return full_view(self.rules, self.states[version - self.first_version], seat)

    def log_json(self, seat: Seat | None, everything: bool) -> list[dict[str, object]]:
        """The log lines `seat` was shown, each with its version; `everything`: all of them, a private one
        saying whom it was for (`seen_by`: a game describes a private line as its receiver read it)."""
        if not everything:
            return [{"v": v, **e.to_json()} for v, e in self.log if e.visible_to(seat)]
        return [{"v": v, **e.to_json(), **({} if e.to is None else {"seen_by": sorted(e.to)})} for v, e in self.log]
