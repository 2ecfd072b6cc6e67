"""Every message a table sends its tabs (docs/protocol.md): snapshots, state pushes, table pushes."""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import NamedTuple, Self

import orjson

from app.config import Settings
from app.engine import Event, Seat
from app.persistence import TableStatus
from app.rooms.chat import MAX_CHARS, Chat
from app.rooms.connection import FELL_BEHIND, Close, Connection
from app.rooms.delta import Part, SentView, Shared, pack_legal, patch
from app.rooms.hints import Hints
from app.rooms.presence import Departures, Presence
from app.rooms.seating import CREATOR, Seating, SeatSlot
from app.rooms.session import TableSession

LOG_ON_ATTACH = 400  # log lines sent with a fresh snapshot
SPECTATOR_NAMES_SHOWN = 12  # the count says how many more are watching

Values = tuple[dict[str, object], dict[str, object]]  # a view's values: the part all seats share, a seat's own


@dataclass(frozen=True, slots=True)
class PageLimits:
    """The limits on what a player types, sent with every snapshot: the page shows them, the server holds them."""

    name: int  # characters in a nickname
    chat: int = MAX_CHARS  # characters in a chat line

    @classmethod
    def of(cls, settings: Settings) -> Self:
        return cls(settings.max_name_length)


class Ack(NamedTuple):
    """Answers the mover's tabs inside the `state` its move pushed."""

    seat: Seat
    id: str | None


def table_json(
    code: str,
    game: str,
    status: TableStatus,
    options: Mapping[str, object],
    game_no: int,
    seats: list[SeatSlot],
    presence: Sequence[Presence],
    spectators: Sequence[str] = (),
    practice: bool = False,
    hints: bool = True,
) -> dict[str, object]:
    """The public facts about a table: its seats, who is here (`spectators`: a name, or "", per tab), its status;
    `practice`: opened by "Learn <game>", its page starts with the coach."""
    names = list(dict.fromkeys(name for name in spectators if name))[:SPECTATOR_NAMES_SHOWN]
    return {
        "code": code,
        "game": game,
        "status": status,
        "options": options,
        "hints": hints,  # whether its players may ask the bot for a hint
        "game_no": game_no,
        "creator": CREATOR,
        "seats": [
            {"seat": s, "name": slot.name, "bot": slot.is_bot, "human": slot.human, "presence": presence[s]}
            for s, slot in enumerate(seats)
        ],
        "spectators": {"count": len(spectators), "names": names},
        "practice": practice,
    }


class FanOut:
    """The tabs open on one table, and what each is sent: one encoding per seat, shared by its tabs."""

    def __init__(
        self,
        room_id: str,
        session: TableSession,
        seating: Seating,
        chat: Chat,
        turn_clock: Callable[[], dict[str, object] | None],
        departures: Departures,
        may: Callable[[Seat | None], dict[str, object]],
        limits: PageLimits,
        hints: Hints,
        practice: bool = False,
    ) -> None:
        self.room_id = room_id
        self.practice = practice
        self.session = session
        self.seating = seating
        self.chat = chat
        self.turn_clock = turn_clock  # each awaited seat's seconds left, as of now (None: no timer)
        self.departures = departures  # how each seat's last tab went
        self.may = may  # what the viewer at a seat may do now: sent with every table object
        self.limits = limits
        self.hints = hints
        self.connections: set[Connection] = set()
        # Per seat with a tab open (None: the spectators): the view its tabs hold (None: none yet, before
        # the start), which the next state is sent as a patch of; and its legal actions as last packed.
        self._held: dict[Seat | None, SentView | None] = {}
        self._packed: dict[Seat, tuple[object, object]] = {}
        # The part every seat's view shares with a spectator's (app/rooms/session.py), encoded once.
        self._public: tuple[dict[str, object], Part] | None = None

    # --- the tabs -------------------------------------------------------------------------

    def add(self, connection: Connection) -> None:
        """Counts the tab among those pushed to, and queues it its snapshot (in which it is counted)."""
        self.connections.add(connection)
        connection.push(self.snapshot(connection.seat))

    def remove(self, connection: Connection) -> None:
        self.connections.discard(connection)
        if connection.seat not in self.present():
            self._held.pop(connection.seat, None)

    def present(self) -> set[Seat | None]:
        """The seats with a tab open (None: spectators)."""
        return {c.seat for c in self.connections}

    def spectator_count(self) -> int:
        return sum(c.seat is None for c in self.connections)

    def presence(self) -> list[Presence]:
        """Each seat's presence: a bot is always there; a person's follows their tabs."""
        online = self.present()
        return [
            Presence.CONNECTED if slot.is_bot else self.departures.of(seat, seat in online)
            for seat, slot in enumerate(self.seating.slots)
        ]

    def at_table(self) -> set[Seat]:
        """The seats whose player is at the table (a bot playing for them or not): a tab open, or reconnecting."""
        online = self.present()
        here = {Presence.CONNECTED, Presence.RECONNECTING}
        return {seat for seat in range(len(self.seating)) if self.departures.of(seat, seat in online) in here}

    def tabs_of(self, seat: Seat) -> list[Connection]:
        """The seat's open tabs, oldest first."""
        return sorted((c for c in self.connections if c.seat == seat), key=lambda c: c.serial)

    def drop_keys(self, keys: set[str], close: Close) -> None:
        """Closes the tabs opened with these seat keys (revoked): they reconnect as spectators."""
        for connection in list(self.connections):
            if connection.key in keys:
                connection.drop(close)

    def end_all(self, close: Close = FELL_BEHIND) -> None:
        """Has every tab close at once, discarding what is queued."""
        for connection in list(self.connections):
            connection.drop(close)

    # --- the messages ---------------------------------------------------------------------

    def table_json(self) -> dict[str, object]:
        """The public facts about the table itself: its seats, who is here, its status."""
        session = self.session
        return table_json(
            self.room_id,
            session.rules.slug,
            session.status,
            session.options.values,
            session.game_no,
            self.seating.slots,
            self.presence(),
            [c.name for c in sorted(self.connections, key=lambda c: c.serial) if c.seat is None],
            self.practice,
            hints=self.hints.on,
        )

    def snapshot(self, seat: Seat | None) -> bytes:
        """Everything a tab needs after (re)connecting: the table, the view, the log so far."""
        session = self.session
        lines = [_event_json(v, e) for v, e in session.log[-LOG_ON_ATTACH:] if e.visible_to(seat)]
        return orjson.dumps(
            {
                "type": "state",
                "version": session.version,
                "you": seat,
                "table": self.table_json(),
                "may": self.may(seat),
                "limits": asdict(self.limits),
                "view": _whole(self._view(seat)),
                "events": lines,
                "full_log": True,
                "catalog": session.rules.catalog,  # static data, once per connection; views name it by id
                "chat": self.chat.to_json(),
                "clock": self.turn_clock(),
            }
        )

    def push_snapshots(self) -> None:
        """A fresh snapshot to every tab (a new game)."""
        for connection in list(self.connections):
            connection.push(self.snapshot(connection.seat))

    def push_state(self, events: tuple[Event, ...], table: dict[str, object] | None, ack: Ack | None) -> None:
        """The new version: one view per seat with a tab open, and one for all spectators, computed once each.

        `table` rides along when the table's status changed with it; `ack` answers the mover's tabs.
        """
        session = self.session
        lines = [(event, _event_json(session.version, event)) for event in events]
        clock = self.turn_clock()
        shared: Shared = {}  # what the seats' patches share, made once

        def state(seat: Seat | None) -> dict[str, object]:
            message: dict[str, object] = {"type": "state", "version": session.version, "you": seat}
            held, sent = self._held.get(seat), self._view(seat)
            if held is not None and sent is not None:
                (public, own), new = sent
                message.update(base=held.version, patch=orjson.Fragment(patch(held, new, public, own, shared)))
            else:
                message["view"] = _whole(sent)
            message.update(events=[line for event, line in lines if event.visible_to(seat)], clock=clock)
            if table is not None:
                message.update(table=table, may=self.may(seat))
            if ack is not None and ack.seat == seat:
                message["ack"] = ack.id
            return message

        self._push_per_seat(state)

    def _view(self, seat: Seat | None) -> tuple[Values, SentView] | None:
        """The seat's view, as the values of its shared and its own parts and as it is sent, noted as the
        view every tab of the seat holds once this message is sent: the part every seat shares encoded
        once per version, its own part (its legal actions packed once for as long as they stand) for it
        alone."""
        session = self.session
        if session.state is None:
            self._held[seat] = None
            return None
        public, own = session.public_view(), session.seat_view(seat)
        if seat is not None:
            legal = session.legal_json(seat)
            packed = self._packed.get(seat)
            if packed is None or packed[0] is not legal:
                packed = self._packed[seat] = (legal, pack_legal(legal))
            own["legal"] = packed[1]
        if self._public is None or self._public[0] is not public:
            self._public = (public, Part(public))
        sent = self._held[seat] = SentView(session.version, self._public[1], Part(own))
        return (public, own), sent

    def push_log(self, line: tuple[int, Event]) -> None:
        """A log line that comes with no new version (a hint was asked), to the tabs it is visible to."""
        version, event = line
        message = orjson.dumps({"type": "log", "events": [_event_json(version, event)]})
        for connection in list(self.connections):
            if event.visible_to(connection.seat):
                connection.push(message)

    def push_clock(self) -> None:
        """The turn clock alone (paused, resumed)."""
        self._push_to_all({"type": "clock", "clock": self.turn_clock()})

    def push_chat(self, change: dict[str, object]) -> None:
        """A new chat line, or the chat's new setting."""
        self._push_to_all({"type": "chat", **change})

    def push_seat_asks(self, asks: list[dict[str, object]]) -> None:
        """The asks for a seat back waiting for an answer, to the creator's tabs only (app/rooms/seat_asks.py)."""
        message = orjson.dumps({"type": "seat_asks", "asks": asks})
        for connection in self.tabs_of(CREATOR):
            connection.push(message)

    def push_table(self) -> None:
        """Tells every tab that the table's public facts changed (seats, presence), and what its viewer may do now."""
        table = self.table_json()
        self._push_per_seat(lambda seat: {"type": "table", "table": table, "may": self.may(seat)})

    def _push_per_seat(self, message: Callable[[Seat | None], dict[str, object]]) -> None:
        """A message made and encoded once per seat with a tab open (and once for all spectators)."""
        encoded: dict[Seat | None, bytes] = {}
        for connection in list(self.connections):
            seat = connection.seat
            if seat not in encoded:
                encoded[seat] = orjson.dumps(message(seat))
            connection.push(encoded[seat])

    def _push_to_all(self, message: dict[str, object]) -> None:
        """One message that is the same for every tab, encoded once."""
        encoded = orjson.dumps(message)
        for connection in list(self.connections):
            connection.push(encoded)


def _whole(sent: tuple[Values, SentView] | None) -> orjson.Fragment | None:
    """A whole view in a message (None before the start)."""
    return None if sent is None else orjson.Fragment(sent[1].encoded())


def _event_json(version: int, event: Event) -> dict[str, object]:
    return {"v": version, **event.to_json()}
