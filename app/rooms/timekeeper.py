"""A table's turn clock at work: which seats it times, and the one timer that wakes at the next deadline.

When a seat's time runs out, the game's bot makes that one decision for it, through the same path
as any move (the player keeps the seat; the log says so). The rules of the clock: clock.py.
"""

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Collection, Mapping
from random import Random

from app.engine import IllegalAction, Seat
from app.persistence import Superseded, TableStatus
from app.rooms.clock import TurnClock
from app.rooms.errors import TableError
from app.rooms.seating import Seating
from app.rooms.session import Move, TableSession

log = logging.getLogger(__name__)

# Submits the decision made for a seat whose time ran out: (seat, version, action).
ClockSubmit = Callable[[Seat, int, Mapping[str, object]], Awaitable[object]]


class Timekeeper:
    """Holds the table's TurnClock and wakes when its earliest deadline passes."""

    def __init__(
        self,
        room_id: str,
        session: TableSession,
        seating: Seating,
        clock: TurnClock,
        now: Callable[[], float],
        submit: ClockSubmit,
    ) -> None:
        self.room_id = room_id
        self.session = session
        self.seating = seating
        self.clock = clock
        self.now = now
        self.submit = submit
        self._timer: asyncio.TimerHandle | None = None
        self._task: asyncio.Task[None] | None = None

    @property
    def on(self) -> bool:
        return self.clock.seconds is not None

    def timed(self, awaited: Collection[Seat]) -> list[Seat]:
        """The awaited seats the clock times: people's, not bots'."""
        return [seat for seat in awaited if not self.seating.is_bot(seat)]

    def after(self, move: Move) -> TurnClock:
        """The clock once `move` is made (nothing is timed once the game is over)."""
        awaited = () if move.outcome is not None else self.timed(move.awaiting)
        return self.clock.moved(awaited, move.seat, self.now())

    def current(self) -> TurnClock:
        """The clock moved to the session's state as it stands: seats no longer awaited, or now played by a
        bot, lose their deadlines; newly awaited ones start theirs."""
        return self.clock.moved(self.timed(self.session.awaiting), None, self.now())

    def record(self, clock: TurnClock) -> dict[str, object] | None:
        """What is stored with the change that made `clock` (None: this table has no timer)."""
        return clock.to_record() if self.on else None

    def keep(self, clock: TurnClock) -> None:
        """Takes a recorded clock as the table's, and wakes at its new next deadline."""
        self.clock = clock
        self.schedule()

    def json(self) -> dict[str, object] | None:
        return self.clock.to_json(self.now())

    def schedule(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        deadline = self.clock.next_deadline()
        if deadline is None or self.session.status != TableStatus.PLAYING:
            return
        loop = asyncio.get_running_loop()
        self._timer = loop.call_later(max(0.0, deadline - self.now()), self._wake)

    def _wake(self) -> None:
        self._timer = None
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._expire())

    async def _expire(self) -> None:
        """Makes the decision of the first seat whose time ran out; its move sets the clock anew."""
        session, bot = self.session, self.session.rules.bot
        now = self.now()
        for seat in self.clock.due(now):
            if seat not in session.awaiting or self.seating.is_bot(seat):
                continue
            view, version = session.view(seat), session.version
            assert view is not None
            chosen = bot(view, Random(f"{session.seed}:clock:{version}:{seat}")) if bot is not None else None
            legal = view["legal"]
            assert isinstance(legal, list) and legal
            try:
                await self.submit(seat, version, chosen.action if chosen is not None else legal[0])
            except (IllegalAction, TableError):
                # The table moved on meanwhile (that move set the clock), or the choice was refused:
                # this decision is left untimed rather than tried again and again.
                log.info("a timed-out decision at %s seat %s was not made", self.room_id, seat)
                if session.version == version:
                    self.clock = self.clock.without(seat)
            except Superseded:  # another process keeps this table's time now
                return
            break
        else:  # nothing due is timed any more (a bot took the seat over): those deadlines go
            self.clock = self.current()
        self.schedule()

    def sleep(self) -> None:
        """Stops waking at deadlines (the table leaves memory; the stored clock stands)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    async def stop(self) -> None:
        self.sleep()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    @property
    def busy(self) -> bool:
        return self._task is not None and not self._task.done()
