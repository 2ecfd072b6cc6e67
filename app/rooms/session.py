"""A table's game in play: its state, version and log, and what each state offers whom.

Pure: no I/O, no asyncio. The room records a move before it commits it here; tests drive a session
directly, in process.
"""

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from random import Random
from typing import Any

from app.engine import (
    Event,
    GameRules,
    IllegalAction,
    Options,
    Outcome,
    Seat,
    attempt,
    public_part,
    rng_for,
    seat_part,
    why,
)
from app.persistence import TableStatus
from app.rooms.errors import StaleVersion
from app.rooms.replay import replayed


@dataclass(frozen=True, slots=True)
class Move:
    """An action checked and applied to a copy of the state, not yet committed to the session."""

    seat: Seat
    action_id: str | None
    version: int  # the version the move makes
    payload: dict[str, object]  # the action as it is stored
    state: Any
    events: tuple[Event, ...]
    # Of the new state, computed once here: the turn clock is set from them before the move is
    # recorded, and the session keeps them once it is committed.
    awaiting: frozenset[Seat]
    outcome: Outcome | None


class TableSession:
    """The game at one table: state, version, log, and per state the awaited seats, the outcome and each
    seat's legal actions, computed once and shared by every view, the bots and the turn clock."""

    def __init__(
        self,
        rules: GameRules[Any, Any],
        options: Options,
        seat_count: int,
        seed: int,
        game_no: int = 1,
        version: int = 0,
    ) -> None:
        self.rules = rules
        self.options = options
        self.seat_count = seat_count
        self.seed = seed
        self.game_no = game_no  # a table plays again and again with the same seats
        self.version = version
        self.first_version = version  # the version of this game's deal
        self.status = TableStatus.WAITING
        self.state: Any = None
        self.log: list[tuple[int, Event]] = []
        # Per seat: the legal actions it is offered and the version since which they stand. An
        # action made against an older view still counts while the seat's options are unchanged
        # (others committing in a simultaneous step do not make your click stale).
        self._legal: list[tuple[Any, ...]] = [() for _ in range(seat_count)]
        self._legal_since = [0] * seat_count
        self._legal_json: list[list[dict[str, object]]] = [[] for _ in range(seat_count)]  # as every view shows them
        self.awaiting: frozenset[Seat] = frozenset()
        self.outcome: Outcome | None = None
        self._last_action_id: list[str | None] = [None] * seat_count  # a retried id is not applied twice
        self._public: tuple[Any, dict[str, object]] | None = None  # the state, and its views' shared part

    # --- dealing --------------------------------------------------------------------------

    def deal(self) -> None:
        """Deals the game from the session's seed; every seat's legal actions stand from now."""
        self.state = self.rules.setup(self.seat_count, self.options, Random(self.seed))
        self.status = TableStatus.PLAYING
        self._note_dealt()

    def replay(
        self, actions: Iterable[tuple[Seat, Mapping[str, object]]], timed_out: Collection[int] = frozenset()
    ) -> None:
        """Deals, then applies a stored action log (a table rebuilt from the database); `timed_out`: the
        versions the bot made because the seat's time ran out, which the log says again."""
        self.deal()
        for step in replayed(self.rules, self.state, self.seed, self.version, actions, timed_out):
            self._advance(step.state, step.events, self.rules.outcome(step.state))
        self._note_dealt()

    def opening_awaiting(self, seed: int) -> frozenset[Seat]:
        """Who a game dealt from `seed` would await first (the turn clock is recorded with the deal)."""
        return self.rules.awaiting(self.rules.setup(self.seat_count, self.options, Random(seed)))

    def next_game(self, seed: int) -> None:
        """Deals the next game to the same seats; versions keep counting up, the log starts afresh."""
        self.seed, self.game_no, self.version, self.log = seed, self.game_no + 1, self.version + 1, []
        self.first_version = self.version
        self.deal()

    # --- moving ---------------------------------------------------------------------------

    def is_retry(self, seat: Seat, action_id: str | None) -> bool:
        """Whether this id is that of the seat's last applied action (a retry is not applied twice)."""
        return action_id is not None and action_id == self._last_action_id[seat]

    def prepare(self, seat: Seat, version: int, payload: Mapping[str, object], action_id: str | None) -> Move:
        """Checks and applies an action made against `version`, changing nothing here; raises a refusal.

        Made against an older version, it still counts while the seat's legal actions are unchanged.
        """
        if self.status == TableStatus.WAITING:
            raise IllegalAction("not_started", "The game has not started yet.")
        if not self._legal_since[seat] <= version <= self.version:
            raise StaleVersion()
        action, step = attempt(self.rules, self.state, seat, payload, rng_for(self.seed, self.version + 1))
        awaiting, outcome = self.rules.awaiting(step.state), self.rules.outcome(step.state)
        return Move(seat, action_id, self.version + 1, action.to_json(), step.state, step.events, awaiting, outcome)

    def commit(self, move: Move) -> None:
        """Makes a prepared move (once it is recorded): the next version, its events, what it offers."""
        if move.version != self.version + 1:
            raise ValueError(f"a move for version {move.version} committed at version {self.version}")
        self._advance(move.state, move.events, move.outcome)
        self._last_action_id[move.seat] = move.action_id
        self._note_state(move.awaiting, move.outcome)

    def why(self, seat: Seat, payload: Mapping[str, object]) -> IllegalAction | None:
        """What `prepare` would refuse this action with now (the version aside), with its rule section, or
        None if it would be accepted; changes nothing. The same checks as the move (app/engine/why.py)."""
        if self.state is None:
            return IllegalAction("not_started", "The game has not started yet.")
        return why(self.rules, self.state, seat, payload, rng_for(self.seed, self.version + 1))

    def note(self, event: Event) -> tuple[int, Event]:
        """A log line about the table at the current version that changes nothing in the game (a hint
        was asked); kept while the table is in memory, not replayed from the record."""
        line = (self.version, event)
        self.log.append(line)
        return line

    def _advance(self, state: Any, events: tuple[Event, ...], outcome: Outcome | None) -> None:
        self.state = state
        self.version += 1
        self.log.extend((self.version, event) for event in events)
        if outcome is not None:
            self.status = TableStatus.FINISHED

    def _note_dealt(self) -> None:
        """Notes a state dealt or replayed to; every seat's legal actions stand from now."""
        self._note_state(self.rules.awaiting(self.state), self.rules.outcome(self.state), since_now=True)

    def _note_state(self, awaiting: frozenset[Seat], outcome: Outcome | None, since_now: bool = False) -> None:
        """Keeps who the state awaits and its outcome, and computes each seat's legal actions, noting since
        which version each seat's have stood."""
        self.awaiting, self.outcome = awaiting, outcome
        for seat in range(self.seat_count):
            legal = tuple(self.rules.legal_actions(self.state, seat))
            if since_now or legal != self._legal[seat]:
                self._legal[seat], self._legal_since[seat] = legal, self.version
                self._legal_json[seat] = [action.to_json() for action in legal]

    # --- reading --------------------------------------------------------------------------

    def legal(self, seat: Seat) -> tuple[Any, ...]:
        return self._legal[seat]

    def legal_json(self, seat: Seat) -> list[dict[str, object]]:
        """The seat's legal actions as its view shows them: the same list for as long as they stand."""
        return self._legal_json[seat]

    def view(self, seat: Seat | None) -> dict[str, object] | None:
        """What `seat` (None: a spectator) is shown of the current state, inside the table's envelope."""
        if self.state is None:
            return None
        return {**self.public_view(), **self.seat_view(seat)}

    def public_view(self) -> dict[str, object]:
        """The part of every view of the current state that all seats and spectators share: built once
        per state, and the same object until the state changes (read it, never change it)."""
        if self._public is None or self._public[0] is not self.state:
            self._public = (self.state, public_part(self.rules, self.state, self.awaiting, self.outcome))
        return self._public[1]

    def seat_view(self, seat: Seat | None) -> dict[str, object]:
        """The part of the current state's view that is `seat`'s own (None: a spectator's), built anew."""
        return seat_part(self.rules, self.state, seat, [] if seat is None else self._legal_json[seat])
