"""A game replayed from its record: the state at every version and the log lines each version added.

Pure: no I/O. A table's games, a downloaded record and an uploaded one all replay through here, with
the same rules, the same seeded streams and the same log the table showed.
"""

from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from random import Random
from typing import Any

from app.engine import GameRules, IllegalAction, Seat, Transition, full_view, rng_for
from app.games import RULES_BY_SLUG
from app.rooms.clock import timed_out
from app.rooms.errors import TableError

RECORD_FORMAT = "zashiki-game-record"
MAX_RECORD_BYTES = 512 * 1024  # an uploaded record; a long Brownies game's is about 60 KB
MAX_RECORD_ACTIONS = 3000  # no game of ours comes near it (a long Brownies game: about 700)
# What one replay may cost a worker, counted before it starts as actions × the game's replay_cost_us:
# a quarter of a second on the reference machine (Hansa: about 2,300 actions; its games take 50).
REPLAY_BUDGET_US = 250_000


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

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "GameRecord":
        """A record from its JSON form as this server wrote it (an upload is checked first: app/web/review_api.py)."""
        return cls(
            game=data["game"],
            options=data["options"],
            seats=tuple(data["seats"]),
            seed=data["seed"],
            first_version=data["first_version"],
            actions=tuple(RecordedAction(a["seat"], a["action"], a.get("by_clock", False)) for a in data["actions"]),
            result=data["result"],
        )


def bad_record(code: str, message: str) -> TableError:
    return TableError(code, message, 400)


def check_budget(record: GameRecord) -> None:
    """Refuses, before any work, an uploaded record longer than its replay may cost (REPLAY_BUDGET_US);
    a table's own games were played here, and replay whatever their length."""
    rules = RULES_BY_SLUG.get(record.game)
    if rules is None:
        raise bad_record("no_such_game", f"There is no game {record.game!r} here.")
    most = REPLAY_BUDGET_US // rules.replay_cost_us
    if len(record.actions) > most:
        raise TableError(
            "record_too_long", f"A {rules.title['en']} record may have at most {most} actions to replay.", 413
        )


# A log line as a review keeps it: its version, its JSON, and the seats it is for (None: everyone). Plain
# values, not Events, as they cross back from a replay worker: plain values unpickle several times faster.
LogLine = tuple[int, dict[str, object], frozenset[Seat] | None]

CHECKPOINT_EVERY = 32  # versions between the states a replay keeps; any other is at most 31 steps away


class Replay:
    """One game from its deal: its log, its end, and its state at any version; refuses a record the
    rules do not replay.

    It keeps every CHECKPOINT_EVERY-th state and the last, and steps forward from the nearest to the
    version asked for: a few milliseconds at most, and small enough to send back from a worker
    process (app/rooms/replay_pool.py) cheaply. The rules are named by slug, for the same reason.
    """

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
        self.record = replace(record, actions=())
        self.checkpoints: list[Any] = []
        self.last_state: Any = rules.setup(len(record.seats), options, Random(record.seed))
        self.checkpoints.append(self.last_state)
        self.log: list[LogLine] = []
        self.outcome: dict[str, object] | None = None
        self._near: tuple[int, Any] = (record.first_version, self.last_state)  # the last state stepped to
        self.extend(record.actions)

    @property
    def rules(self) -> GameRules[Any, Any]:
        return RULES_BY_SLUG[self.record.game]

    @property
    def first_version(self) -> int:
        return self.record.first_version

    @property
    def last_version(self) -> int:
        return self.record.first_version + len(self.record.actions)

    def extend(self, actions: Sequence[RecordedAction]) -> None:
        """The game carried on by `actions` from its last version (a game still being played grows)."""
        rules, seats = self.rules, len(self.record.seats)
        strangers = [k for k, a in enumerate(actions, start=len(self.record.actions) + 1) if a.seat >= seats]
        if strangers:
            raise bad_record("bad_record", f"Action {strangers[0]} is by a seat the record does not have.")
        version = self.last_version
        moves = [(a.seat, a.action) for a in actions]
        timed = {version + k for k, a in enumerate(actions, start=1) if a.by_clock}
        done = 0
        try:
            for done, step in enumerate(replayed(rules, self.last_state, self.record.seed, version, moves, timed), 1):
                self.last_state = step.state
                self.log.extend((version + done, event.to_json(), event.to) for event in step.events)
                if (version + done - self.first_version) % CHECKPOINT_EVERY == 0:
                    self.checkpoints.append(step.state)
        except IllegalAction as exc:
            k = len(self.record.actions) + done + 1
            raise bad_record(
                "record_illegal_action", f"Action {k} (seat {moves[done][0]}) is refused by the rules: {exc.message}"
            ) from exc
        finally:
            self.record = replace(self.record, actions=(*self.record.actions, *actions[:done]))
        outcome = rules.outcome(self.last_state)
        self.outcome = None if outcome is None else outcome.to_json()

    def check_result(self, claimed: dict[str, object] | None) -> None:
        """Raises unless the game ends, and as `claimed` (a record altered by hand does not)."""
        if self.outcome is None:
            raise bad_record("record_mismatch", "The record's game does not reach its end.")
        if self.outcome != claimed:
            raise bad_record("record_mismatch", "The record's actions lead to another result than it claims.")

    def state_at(self, version: int) -> Any:
        """The game at `version`, stepped to from the nearest state kept before it."""
        if not self.first_version <= version <= self.last_version:
            raise TableError(
                "no_such_version",
                f"This game has versions {self.first_version} to {self.last_version}.",
                404,
            )
        if version == self.last_version:
            return self.last_state
        near, state = self._near
        kept = self.first_version + (version - self.first_version) // CHECKPOINT_EVERY * CHECKPOINT_EVERY
        if not kept <= near <= version:
            near, state = kept, self.checkpoints[(kept - self.first_version) // CHECKPOINT_EVERY]
        actions = self.record.actions[near - self.first_version : version - self.first_version]
        for step in replayed(self.rules, state, self.record.seed, near, [(a.seat, a.action) for a in actions]):
            state = step.state
        self._near = (version, state)
        return state

    def view(self, version: int, seat: Seat | None) -> dict[str, object]:
        """What `seat` (None: a spectator) was shown at `version`: the table's view, envelope and all."""
        return full_view(self.rules, self.state_at(version), seat)

    def log_json(self, seat: Seat | None, everything: bool) -> list[dict[str, object]]:
        """The log lines `seat` was shown, each with its version; `everything`: all of them, a private one
        saying whom it was for (`seen_by`: a game describes a private line as its receiver read it)."""
        if not everything:
            return [{"v": v, **line} for v, line, to in self.log if to is None or seat in to]
        return [{"v": v, **line, **({} if to is None else {"seen_by": sorted(to)})} for v, line, to in self.log]
