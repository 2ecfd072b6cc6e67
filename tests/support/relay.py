"""A TCP relay on loopback that can go silent: a train's tunnel between a browser and the server.

Frozen, it stops passing bytes both ways and closes nothing, so neither end is told anything: what
each sends waits in the kernel's buffers, and a new connection is accepted but carries nothing. Thawed,
whatever waited flows on. Not the browser's offline switch, which closes its sockets at once.
"""

import asyncio
import contextlib


class Relay:
    """Forwards 127.0.0.1:`port` to the server at 127.0.0.1:`target`; `freeze()` and `thaw()` the line."""

    def __init__(self, target: int) -> None:
        self.target = target
        self.port = 0
        self._open = asyncio.Event()
        self._open.set()
        self._server: asyncio.Server | None = None
        self._pumps: set[asyncio.Task[None]] = set()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def start(self) -> "Relay":
        self._server = await asyncio.start_server(self._relay, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    def freeze(self) -> None:
        self._open.clear()

    def thaw(self) -> None:
        self._open.set()

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
        for pump in self._pumps:
            pump.cancel()
        await asyncio.gather(*self._pumps, return_exceptions=True)

    async def _relay(self, client_reader: asyncio.StreamReader, client_writer: asyncio.StreamWriter) -> None:
        await self._open.wait()  # a connection opened in the tunnel goes nowhere until it ends
        try:
            server_reader, server_writer = await asyncio.open_connection("127.0.0.1", self.target)
        except OSError:
            client_writer.close()
            return
        for reader, writer in ((client_reader, server_writer), (server_reader, client_writer)):
            pump = asyncio.create_task(self._pump(reader, writer))
            self._pumps.add(pump)
            pump.add_done_callback(self._pumps.discard)

    async def _pump(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                await self._open.wait()
                data = await reader.read(65536)
                await self._open.wait()  # bytes read as the line froze wait with it
                if not data:
                    break
                writer.write(data)
                await writer.drain()
        except (ConnectionError, OSError):
            pass
        finally:
            with contextlib.suppress(Exception):
                writer.close()
