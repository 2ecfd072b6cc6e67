"""One browser tab's link to a room: a bounded outbox, so a slow tab never holds the table."""

import asyncio
import itertools
from collections import deque
from typing import NamedTuple

from app.engine import Seat

_serials = itertools.count()


class Close(NamedTuple):
    """How a connection ends: a websocket close code and a reason the page can show (docs/protocol.md)."""

    code: int
    reason: str = ""


NORMAL = Close(1000)
FELL_BEHIND = Close(1013, "fell behind")
# Another process wrote the table while this one held it (two workers for a moment): the page
# reconnects, and the table is loaded afresh from the database.
SUPERSEDED = Close(1013, "this table moved; reconnecting")
# The browser's seat token no longer opens its seat: the page reconnects at once, as a spectator,
# and is told why (a `seat_lost` message).
SEAT_REVOKED = Close(4411, "this browser no longer holds its seat")


class Connection:
    """Messages waiting to be written to one websocket, already encoded.

    A plain deque and one waiter future: every move pushes one message to every tab, so this is
    on the hottest path, where asyncio.Queue's generality costs more than it gives.
    """

    def __init__(self, seat: Seat | None, outbox_size: int, *, key: str | None = None, name: str = "") -> None:
        self.seat = seat
        self.key = key  # the hash of the seat token it was opened with (None: a spectator)
        self.name = name  # a spectator's nickname, if it gave one (a seat's is the seat's)
        self.serial = next(_serials)  # later tabs have larger serials
        self.capacity = outbox_size
        # Encoded messages, then possibly how to close: the last thing the writer does.
        self._outbox: deque[bytes | Close] = deque()
        self._waiter: asyncio.Future[None] | None = None
        self.dropped = False

    def push(self, message: bytes) -> None:
        """Queues a message; a tab that has fallen too far behind is dropped instead.

        A dropped tab reconnects and is sent the current view, so nothing is lost but time.
        """
        if self.dropped:
            return
        if len(self._outbox) >= self.capacity:
            self.drop()
        else:
            self._put(message)

    def drop(self, close: Close = FELL_BEHIND) -> None:
        """Discards what is queued and has the writer close at once."""
        self._outbox.clear()
        self.end(close)

    def end(self, close: Close) -> None:
        """Has the writer send what is queued, then close; nothing more is queued."""
        if not self.dropped:
            self.dropped = True
            self._put(close)

    def _put(self, item: bytes | Close) -> None:
        self._outbox.append(item)
        if self._waiter is not None and not self._waiter.done():
            self._waiter.set_result(None)

    async def next_message(self) -> bytes | Close:
        """The next message to write, or how to close once the connection is ending."""
        while not self._outbox:
            self._waiter = asyncio.get_running_loop().create_future()
            await self._waiter
        return self._outbox.popleft()
