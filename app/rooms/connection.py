"""One browser tab's link to a room: a bounded outbox, so a slow tab never holds the table."""

import asyncio

from app.engine import Seat

TRY_AGAIN_LATER = 1013  # the websocket close code for a tab that fell behind


class Connection:
    """Messages waiting to be written to one websocket, already encoded."""

    def __init__(self, seat: Seat | None, outbox_size: int) -> None:
        self.seat = seat
        # Encoded messages, then possibly a close code: the last thing the writer does.
        self._outbox: asyncio.Queue[bytes | int] = asyncio.Queue(maxsize=outbox_size + 1)
        self.dropped = False

    def push(self, message: bytes) -> None:
        """Queues a message; a tab that has fallen too far behind is dropped instead.

        A dropped tab reconnects and is sent the current view, so nothing is lost but time.
        """
        if self.dropped:
            return
        if self._outbox.qsize() >= self._outbox.maxsize - 1:
            self.drop()
        else:
            self._outbox.put_nowait(message)

    def drop(self) -> None:
        """Discards what is queued and has the writer close at once."""
        while not self._outbox.empty():
            self._outbox.get_nowait()
        self.end(TRY_AGAIN_LATER)

    def end(self, code: int) -> None:
        """Has the writer send what is queued, then close with `code`; nothing more is queued."""
        if not self.dropped:
            self.dropped = True
            self._outbox.put_nowait(code)

    async def next_message(self) -> bytes | int:
        """The next message to write, or the close code once the connection is ending."""
        return await self._outbox.get()
