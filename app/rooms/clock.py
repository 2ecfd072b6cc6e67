"""Turn timers: a time per decision, chosen for a table at its creation, which the creator may pause.

Each awaited seat has its own deadline, set when the seat comes to be awaited or has just acted and
is awaited again (a decision each); seats awaited together in a sealed step each have theirs. When a
deadline passes, the game's bot makes that one decision for the seat. Pure: every change makes a
new clock, which the room records with the change that moved it before it keeps it.
"""

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, replace

from app.engine import Event, Seat
from app.persistence import TableStatus
from app.rooms.errors import TableError
from app.rooms.seating import require_creator


def timed_out(seat: Seat) -> Event:
    """The log line of a decision the bot made because the seat's time ran out."""
    return Event("timed_out", {"seat": seat})


def check_pause(by: Seat | None, timer_on: bool, status: TableStatus) -> None:
    """Refuses unless `by` may pause or resume the clock now: the creator, while a timed game is played."""
    require_creator(by)
    if not timer_on:
        raise TableError("no_timer", "This table has no turn timer.", 409)
    if status != TableStatus.PLAYING:
        raise TableError("not_playing", "No game is being played.", 409)


@dataclass(frozen=True, slots=True)
class TurnClock:
    """The seconds per decision (None: no timer) and, per awaited seat, when its time runs out.

    While paused, `at` holds each seat's seconds left instead of a deadline (Unix seconds).
    """

    seconds: int | None = None
    paused: bool = False
    at: dict[Seat, float] = field(default_factory=dict)

    @classmethod
    def stored(cls, seconds: int | None, record: Mapping[str, object] | None) -> "TurnClock":
        """The clock as `to_record` kept it."""
        if record is None:
            return cls(seconds)
        at = record.get("at", {})
        assert isinstance(at, Mapping)
        return cls(seconds, bool(record.get("paused")), {int(seat): float(value) for seat, value in at.items()})

    def to_record(self) -> dict[str, object]:
        return {"paused": self.paused, "at": {str(seat): value for seat, value in self.at.items()}}

    def moved(self, awaited: Collection[Seat], acted: Seat | None, now: float) -> "TurnClock":
        """The clock once the table moved on: seats no longer awaited stop theirs, newly awaited ones (and
        the seat that just acted, if it must act again) start a fresh one, the others run on."""
        if self.seconds is None:
            return self
        fresh = now + self.seconds if not self.paused else float(self.seconds)
        return replace(
            self, at={seat: self.at[seat] if seat in self.at and seat != acted else fresh for seat in awaited}
        )

    def pausing(self, now: float) -> "TurnClock":
        if self.paused:
            return self
        return replace(self, paused=True, at={seat: max(0.0, deadline - now) for seat, deadline in self.at.items()})

    def resuming(self, now: float) -> "TurnClock":
        if not self.paused:
            return self
        return replace(self, paused=False, at={seat: now + left for seat, left in self.at.items()})

    def without(self, seat: Seat) -> "TurnClock":
        return replace(self, at={s: value for s, value in self.at.items() if s != seat})

    def due(self, now: float) -> list[Seat]:
        """The seats whose time has run out, in seat order."""
        return [] if self.paused else sorted(seat for seat, deadline in self.at.items() if deadline <= now)

    def next_deadline(self) -> float | None:
        return None if self.paused or not self.at else min(self.at.values())

    def to_json(self, now: float) -> dict[str, object] | None:
        """What every page shows: the seconds per decision, whether paused, each awaited seat's seconds left."""
        if self.seconds is None:
            return None
        left = self.at if self.paused else {seat: deadline - now for seat, deadline in self.at.items()}
        return {
            "seconds": self.seconds,
            "paused": self.paused,
            "left": {str(seat): max(0, round(value, 1)) for seat, value in left.items()},
        }
