"""Per-client limits: how often one address may create, join and look up tables, and how many
spectator sockets it may hold.

A client is its address as the server sees it: the socket's peer, or what a proxy the operator
declared trusted says (uvicorn applies X-Forwarded-For from those only). An IPv6 client counts by
its /64, since one home is handed a whole /64 to pick addresses from.
"""

import ipaddress
import math
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from starlette.requests import HTTPConnection

from app.config import Settings
from app.rooms.errors import TableError, TooSoon


class RateLimited(TooSoon):
    """Too many requests of one kind from one client; `retry_after` seconds until the next is allowed."""

    def __init__(self, what: str, retry_after: int) -> None:
        message = f"Too many {what} from your address; try again in {retry_after} s."
        super().__init__("too_many_requests", message, retry_after)


class TooManySockets(TableError):
    def __init__(self) -> None:
        super().__init__("too_many_sockets", "Your address is watching as many tables as it may.", 429)


def client_of(connection: HTTPConnection) -> str:
    host = connection.client.host if connection.client else "unknown"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if address.version == 6 and address.ipv4_mapped is None:
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address.ipv4_mapped or address) if address.version == 6 else str(address)


class ClientLimits:
    """Rate limits per client and kind (moving windows, kept in memory), and spectator sockets per client."""

    WHAT = {
        "create": "new tables",
        "practice": "practice tables",
        "join": "seats taken",
        "lookup": "table lookups",
        "chat": "chat messages",
    }

    def __init__(self, settings: Settings) -> None:
        self._limiter = MovingWindowRateLimiter(MemoryStorage())
        self._items: dict[str, list[RateLimitItem]] = {
            "create": parse_many(settings.create_limit),
            "practice": parse_many(settings.practice_limit),
            "join": parse_many(settings.join_limit),
            "lookup": parse_many(settings.lookup_limit),
            "chat": parse_many(settings.spectator_chat_limit),  # a spectator's lines, over all its sockets
        }
        self._max_spectators = settings.max_spectators_per_client
        self._spectators: Counter[str] = Counter()

    def hit(self, kind: str, client: str) -> None:
        """Counts one request, or raises RateLimited (and counts nothing) when any window is full."""
        items = self._items[kind]
        for item in items:
            if not self._limiter.test(item, kind, client):
                reset = self._limiter.get_window_stats(item, kind, client).reset_time
                raise RateLimited(self.WHAT[kind], max(1, math.ceil(reset - time.time())))
        for item in items:
            self._limiter.hit(item, kind, client)

    @contextmanager
    def spectator_socket(self, client: str) -> Iterator[None]:
        """Holds one of the client's spectator sockets while the block runs; raises TooManySockets if none is left."""
        if self._spectators[client] >= self._max_spectators:
            raise TooManySockets()
        self._spectators[client] += 1
        try:
            yield
        finally:
            self._spectators[client] -= 1
            if not self._spectators[client]:
                del self._spectators[client]
