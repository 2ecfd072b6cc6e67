"""Asking the host for a seat back: a browser that lost its seat (its cookie cleared, another phone)
opens the table as a spectator, and asks for its seat from there.

An ask belongs to the tab that made it and ends with it. The host sees each ask with the name the
asker gave and answers it: granting makes the host's link for that seat (seat_links.make_link, which
signs the seat's older browsers out) and hands it to the asking tab alone, which takes the seat with
it. Pure: the room holds the lock, records the link, and tells the tabs.
"""

from collections.abc import Collection
from dataclasses import dataclass

from app.engine import Seat
from app.persistence import TableStatus
from app.rooms.errors import TableError, TooSoon
from app.rooms.seat_links import require_open_table
from app.rooms.seating import CREATOR, Seating

ASK_AGAIN_SECONDS = 30  # a tab asks once in this long: the host is asked, not pestered
MOST_ASKS = 8  # waiting at once at one table (each tab has one at most)


@dataclass(frozen=True, slots=True)
class SeatAsk:
    id: str
    seat: Seat
    name: str  # what the asking tab calls itself: the host decides whether it is who it says
    asked_at: float

    def to_json(self) -> dict[str, object]:
        return {"id": self.id, "seat": self.seat, "name": self.name}


class SeatAsks:
    """The asks waiting for the host's answer, by the asking tab's id."""

    def __init__(self) -> None:
        self._waiting: dict[str, SeatAsk] = {}
        self._last_asked: dict[str, float] = {}  # by tab, kept while the tab is open

    def ask(
        self,
        tab: str,
        asker: Seat | None,
        name: str,
        seat: Seat,
        seating: Seating,
        status: TableStatus,
        at_table: Collection[Seat],
        now: float,
    ) -> SeatAsk:
        """The tab `tab` (holding `asker`, None: watching) asks for `seat`; raises unless it may."""
        check_askable(asker, seat, seating, status, at_table)
        if not name:
            raise TableError("name_needed", "Say who you are first: the host answers a name.", 400)
        last = self._last_asked.get(tab)
        if last is not None and now - last < ASK_AGAIN_SECONDS:
            raise TooSoon("asked_already", "You have asked already; the host has your ask.", _wait(last, now))
        if tab not in self._waiting and len(self._waiting) >= MOST_ASKS:
            raise TooSoon("too_many_asks", "The host has as many asks as they can answer; try again soon.", 30)
        self._last_asked[tab] = now
        self._waiting[tab] = made = SeatAsk(tab, seat, name, now)
        return made

    def answer(self, ask_id: str) -> SeatAsk:
        """Takes the ask out to be answered; raises if it is gone (its tab closed, or answered already)."""
        ask = self._waiting.pop(ask_id, None)
        if ask is None:
            raise TableError("no_such_ask", "That ask is gone: its browser left, or it was answered.", 404)
        return ask

    def tab_closed(self, tab: str) -> bool:
        """Forgets the tab; True if an ask of it was waiting."""
        self._last_asked.pop(tab, None)
        return self._waiting.pop(tab, None) is not None

    def to_json(self) -> list[dict[str, object]]:
        return [ask.to_json() for ask in sorted(self._waiting.values(), key=lambda a: a.asked_at)]


def check_askable(
    asker: Seat | None, seat: Seat, seating: Seating, status: TableStatus, at_table: Collection[Seat | None]
) -> None:
    """Raises unless a tab holding `asker` (None: watching) may ask for `seat` now, its pace aside."""
    require_open_table(status)
    if asker is not None:
        raise TableError("already_seated", "This browser already has a seat at this table.", 409)
    if not 0 <= seat < len(seating):
        raise TableError("bad_seat", "No such seat.", 400)
    if not seating.slots[seat].human:
        raise TableError("not_a_player_seat", "That seat was never a player's.", 409)
    if seat == CREATOR:
        raise TableError("host_seat", "Only the host's own seat link can move the host's seat.", 409)
    if seat in at_table:
        raise TableError(
            "player_present", "That seat's player is at the table: open your seat link in that browser.", 409
        )
    if CREATOR not in at_table:
        raise TableError("host_away", "The host is not at the table to answer; ask again when they are.", 409)


def _wait(last: float, now: float) -> int:
    return max(1, int(ASK_AGAIN_SECONDS - (now - last)) + 1)
