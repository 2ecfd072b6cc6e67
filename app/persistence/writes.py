"""Every write the store makes: one small dataclass per statement, with the SQL it runs.

A write's fields are the values its SQL binds, in the order of its `?` parameters (SQLite's style;
the PostgreSQL sink renumbers them). JSON columns take text the store has already encoded.
"""

from dataclasses import dataclass, fields
from typing import ClassVar


@dataclass(frozen=True, slots=True)
class Write:
    SQL: ClassVar[str]
    # A fence must change exactly one row, or the whole batch fails as Superseded (batch_sinks.py).
    FENCE: ClassVar[bool] = False

    def parameters(self) -> tuple[object, ...]:
        """The values the SQL binds."""
        return tuple(getattr(self, field.name) for field in fields(self))


@dataclass(frozen=True, slots=True)
class NewRoom(Write):
    SQL = (
        "INSERT INTO rooms (id, game, options, seat_count, seed, status, active_at, turn_seconds, practice, hints) "
        "VALUES (?, ?, ?, ?, ?, 'waiting', ?, ?, ?, ?)"
    )
    room_id: str
    game: str
    options: str  # JSON
    seat_count: int
    seed: int
    active_at: int
    turn_seconds: int | None
    practice: bool
    hints: bool


@dataclass(frozen=True, slots=True)
class TableChange(Write):
    """Fences a change to a table that is not a move (a seat, the start, the chat setting, the clock's
    pause): it numbers the table's next revision, and changes no row unless the table still stands at the
    revision and the version the writing process holds. No row changed: another process has written the
    table since, and this copy is stale. (A move is fenced by its version's key in `actions`.)"""

    FENCE = True
    SQL = (
        "UPDATE rooms SET revision = ? WHERE id = ? AND revision = ? "
        "AND COALESCE((SELECT MAX(version) FROM actions WHERE actions.room_id = rooms.id), 0) = ?"
    )
    revision: int  # the new one
    room_id: str
    held: int  # the revision the writer holds
    version: int  # the version the writer holds


@dataclass(frozen=True, slots=True)
class SeatChange(Write):
    """A seat created or replaced."""

    SQL = (
        "INSERT INTO seats (room_id, seat, name, human, is_bot) VALUES (?, ?, ?, ?, ?) "
        "ON CONFLICT (room_id, seat) DO UPDATE SET name = excluded.name, human = excluded.human, "
        "is_bot = excluded.is_bot"
    )
    room_id: str
    seat: int
    name: str
    human: bool
    is_bot: bool


@dataclass(frozen=True, slots=True)
class KeyRemoval(Write):
    SQL = "DELETE FROM seat_keys WHERE room_id = ? AND token_hash = ?"
    room_id: str
    token_hash: str


@dataclass(frozen=True, slots=True)
class NewKey(Write):
    SQL = "INSERT INTO seat_keys (room_id, token_hash, seat, expires_at, signs_out, revoked) VALUES (?, ?, ?, ?, ?, ?)"
    room_id: str
    token_hash: str
    seat: int
    expires_at: int | None
    signs_out: str | None
    revoked: str | None


@dataclass(frozen=True, slots=True)
class KeyRevocation(Write):
    SQL = "UPDATE seat_keys SET revoked = ? WHERE room_id = ? AND token_hash = ?"
    why: str
    room_id: str
    token_hash: str


@dataclass(frozen=True, slots=True)
class NewChatLine(Write):
    SQL = "INSERT INTO chat_lines (room_id, n, seat, name, text, reaction, at) VALUES (?, ?, ?, ?, ?, ?, ?)"
    room_id: str
    n: int
    seat: int | None
    name: str
    text: str
    reaction: str | None
    at: int


@dataclass(frozen=True, slots=True)
class ChatTrim(Write):
    """Drops a table's chat lines numbered below `keep_from`."""

    SQL = "DELETE FROM chat_lines WHERE room_id = ? AND n < ?"
    room_id: str
    keep_from: int


@dataclass(frozen=True, slots=True)
class ChatSettings(Write):
    SQL = "UPDATE rooms SET chat_mode = ?, spectator_chat = ? WHERE id = ?"
    mode: str
    spectators: bool
    room_id: str


@dataclass(frozen=True, slots=True)
class GameStart(Write):
    SQL = "UPDATE rooms SET status = 'playing' WHERE id = ?"
    room_id: str


@dataclass(frozen=True, slots=True)
class NextDeal(Write):
    """A finished table's next game."""

    SQL = "UPDATE rooms SET status = 'playing', game_no = ?, seed = ?, first_version = ? WHERE id = ?"
    game_no: int
    seed: int
    first_version: int
    room_id: str


@dataclass(frozen=True, slots=True)
class NewAction(Write):
    """An action appended to a table's log; the (table, version) key fences off a second writer."""

    SQL = "INSERT INTO actions (room_id, version, seat, payload, by_clock) VALUES (?, ?, ?, ?, ?)"
    room_id: str
    version: int
    seat: int
    payload: str  # JSON
    by_clock: bool


@dataclass(frozen=True, slots=True)
class ClockChange(Write):
    SQL = "UPDATE rooms SET clock = ? WHERE id = ?"
    clock: str  # JSON
    room_id: str


@dataclass(frozen=True, slots=True)
class NewResult(Write):
    SQL = "INSERT INTO results (room_id, game_no, outcome, seed, first_version, last_version) VALUES (?, ?, ?, ?, ?, ?)"
    room_id: str
    game_no: int
    outcome: str  # JSON
    seed: int | None
    first_version: int | None
    last_version: int


@dataclass(frozen=True, slots=True)
class GameOver(Write):
    SQL = "UPDATE rooms SET status = 'finished' WHERE id = ?"
    room_id: str


@dataclass(frozen=True, slots=True)
class PlayersAround(Write):
    """When a seated player was last at the table."""

    SQL = "UPDATE rooms SET active_at = ? WHERE id = ?"
    at: int
    room_id: str


@dataclass(frozen=True, slots=True)
class Expiry(Write):
    """A table never started ends."""

    SQL = "UPDATE rooms SET status = 'expired' WHERE id = ? AND status = 'waiting'"
    room_id: str


@dataclass(frozen=True, slots=True)
class ExpiredChat(Write):
    """The chat of a table that has expired goes."""

    SQL = "DELETE FROM chat_lines WHERE room_id IN (SELECT id FROM rooms WHERE id = ? AND status = 'expired')"
    room_id: str


# The order a batch runs its writes in, one kind at a time: a table's row first, as the others refer to it.
IN_BATCH_ORDER: tuple[type[Write], ...] = (
    NewRoom,
    TableChange,
    SeatChange,
    KeyRemoval,
    NewKey,
    KeyRevocation,
    NewChatLine,
    ChatTrim,
    ChatSettings,
    GameStart,
    NextDeal,
    NewAction,
    ClockChange,
    NewResult,
    GameOver,
    PlayersAround,
    Expiry,
    ExpiredChat,
)
