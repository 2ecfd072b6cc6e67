"""Who is at the table: each seat's presence, from how its last tab went, and the spectators' pushes.

A seat with a tab open is connected. When its last tab goes, how it went says what the others see:
a page closed on purpose (a clean close) has left the table, once it has stayed closed for a moment
(a reload closes the page and opens it again); a connection that dropped is reconnecting for a grace
period (the browser tries again by itself), then the player is away.
Spectators come and go in crowds: the pushes that count them are coalesced into one a second.
"""

import asyncio
from collections.abc import Callable
from enum import StrEnum

from app.engine import Seat

SPECTATOR_PUSH_SECONDS = 1.0  # spectators arriving or leaving within this are told in one push
CLEAN_CLOSES = frozenset({1000, 1001})  # a page closed on purpose (docs/protocol.md)
RELOAD_SECONDS = 3.0  # a page closed on purpose and open again within this was reloaded: it never left


class Presence(StrEnum):
    CONNECTED = "connected"
    RECONNECTING = "reconnecting"  # its connection dropped moments ago; the browser is trying again
    AWAY = "away"  # dropped longer ago than the grace period, or not seen since the table was loaded
    LEFT = "left"  # its page was closed


class Departures:
    """How each seat's last tab went, and the timers that turn a closed page into a seat that has left,
    and a reconnecting seat into one that is away."""

    def __init__(self, grace: float, reload: float, changed: Callable[[], None]) -> None:
        self.grace = grace
        self.reload = reload
        self.changed = changed  # called when a seat's presence changes by itself: the tabs are told
        self._gone: dict[Seat, Presence] = {}
        self._timers: dict[Seat, asyncio.TimerHandle] = {}

    def arrived(self, seat: Seat) -> None:
        """A tab of the seat opened."""
        self._cancel(seat)
        self._gone.pop(seat, None)

    def departed(self, seat: Seat, clean: bool) -> None:
        """The seat's last tab closed: on purpose (`clean`), or its connection dropped."""
        self._cancel(seat)
        if clean:  # still shown at the table for a moment, in case the page is being reloaded
            self._gone[seat] = Presence.CONNECTED
            self._later(seat, self.reload, Presence.LEFT)
        else:
            self._gone[seat] = Presence.RECONNECTING
            self._later(seat, self.grace, Presence.AWAY)

    def of(self, seat: Seat, has_tab: bool) -> Presence:
        """The seat's presence, given whether a tab of it is open now."""
        return Presence.CONNECTED if has_tab else self._gone.get(seat, Presence.AWAY)

    def stop(self) -> None:
        """Cancels every timer (the table leaves memory: its seats are away from then on)."""
        unsettled = {Presence.CONNECTED: Presence.LEFT, Presence.RECONNECTING: Presence.AWAY}
        for seat in list(self._timers):
            self._cancel(seat)
        self._gone = {seat: unsettled.get(p, p) for seat, p in self._gone.items()}

    def _later(self, seat: Seat, delay: float, presence: Presence) -> None:
        self._timers[seat] = asyncio.get_running_loop().call_later(delay, self._settle, seat, presence)

    def _settle(self, seat: Seat, presence: Presence) -> None:
        self._timers.pop(seat, None)
        self._gone[seat] = presence
        self.changed()

    def _cancel(self, seat: Seat) -> None:
        timer = self._timers.pop(seat, None)
        if timer is not None:
            timer.cancel()


class Coalesced:
    """Runs `push` once, `delay` seconds after the first of any number of calls to `soon`."""

    def __init__(self, delay: float, push: Callable[[], None]) -> None:
        self.delay = delay
        self.push = push
        self._timer: asyncio.TimerHandle | None = None

    def soon(self) -> None:
        if self._timer is None:
            self._timer = asyncio.get_running_loop().call_later(self.delay, self._run)

    def cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _run(self) -> None:
        self._timer = None
        self.push()
