"""One browser tab's link to a room: a bounded outbox, so a slow tab never holds the table."""

import asyncio

from app.engine import Seat


class Connection:
    """Messages waiting to be written to one websocket, already encoded."""

    def __init__(self, seat: Seat | None, outbox_size: int) -> None:
        self.seat = seat
        self._outbox: asyncio.Queue[bytes | None] = asyncio.Queue(maxsize=outbox_size)
        self.dropped = False

    def push(self, message: bytes) -> None:
        """Queues a message; a tab that has fallen too far behind is dropped instead.

        A dropped tab reconnects and is sent the current view, so nothing is lost but time.
        """
        if self.dropped:
            return
        try:
            self._outbox.put_nowait(message)
        except asyncio.QueueFull:
            self.close()

    def close(self) -> None:
        """Ends the outbox: the writer stops after what is already queued is discarded."""
        self.dropped = True
        while not self._outbox.empty():
            self._outbox.get_nowait()
        self._outbox.put_nowait(None)

    async def next_message(self) -> bytes | None:
        """The next message to write, or None once the connection is closed."""
        return await self._outbox.get()
