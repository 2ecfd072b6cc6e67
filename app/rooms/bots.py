"""The bots at a table: one background task that plays every awaited bot seat, one move at a time."""

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Mapping
from random import Random

from app.engine import IllegalAction, Seat
from app.persistence import Superseded, TableStatus
from app.rooms.errors import TableError
from app.rooms.seating import Seating
from app.rooms.session import TableSession

log = logging.getLogger(__name__)

# Submits a bot's move the way a person's is submitted: (seat, version, action).
BotSubmit = Callable[[Seat, int, Mapping[str, object]], Awaitable[object]]


class BotPlayer:
    """Plays the bot seats through the same path as people, after `delay` seconds per move."""

    def __init__(self, room_id: str, session: TableSession, seating: Seating, delay: float, submit: BotSubmit) -> None:
        self.room_id = room_id
        self.session = session
        self.seating = seating
        self.delay = delay
        self.submit = submit
        self._task: asyncio.Task[None] | None = None

    @property
    def busy(self) -> bool:
        return self._task is not None and not self._task.done()

    def wake(self) -> None:
        """Starts playing if a bot may be due and no bot is at work already."""
        if self.seating.has_bots() and not self.busy:
            self._task = asyncio.get_running_loop().create_task(self._play())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _play(self) -> None:
        session, bot = self.session, self.session.rules.bot
        waiting: set[Seat] = set()  # bots that chose to do nothing at the current version
        seen_version = session.version
        while session.status == TableStatus.PLAYING and bot is not None:
            if session.version != seen_version:
                waiting, seen_version = set(), session.version
            due = sorted(s for s in session.awaiting if self.seating.is_bot(s) and s not in waiting)
            if not due:
                return
            await asyncio.sleep(self.delay)
            seat, version = due[0], session.version
            if version != session.version or seat not in session.awaiting or not self.seating.is_bot(seat):
                continue  # the table moved while the bot was thinking
            view = session.view(seat)
            assert view is not None
            choice = bot(view, Random(f"{session.seed}:bot:{version}:{seat}"))
            if choice is None:
                waiting.add(seat)
                continue
            try:
                await self.submit(seat, version, choice.action)
            except (IllegalAction, TableError):
                log.exception("bot at %s seat %s made a refused move", self.room_id, seat)
                return
            except Superseded:  # another process plays this table now
                return
