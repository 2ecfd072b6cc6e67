"""Who sits where at a table, and the rules for taking seats and handing them to bots.

Pure: each method either refuses (TableError) or says what a seat becomes; the room records that
before it places it here.
"""

from collections.abc import Collection
from dataclasses import dataclass

from app.engine import Seat
from app.persistence import RoomRecord, SeatRecord, TableStatus
from app.rooms.errors import TableError
from app.rooms.identity import hash_token, new_token, token_matches


@dataclass(slots=True)
class SeatSlot:
    """A place at the table: open (no name), taken by a player (name and token hash), or a bot."""

    name: str | None = None
    token_hash: str | None = None
    is_bot: bool = False

    @property
    def is_open(self) -> bool:
        return self.name is None

    def record(self, seat: Seat) -> SeatRecord:
        return SeatRecord(seat, self.name or "", self.token_hash, self.is_bot)


def seat_slots(record: RoomRecord) -> list[SeatSlot]:
    """A stored table's seats, open ones included."""
    slots = [SeatSlot() for _ in range(record.seat_count)]
    for seat in record.seats:
        slots[seat.seat] = SeatSlot(seat.name or None, seat.token_hash, seat.is_bot)
    return slots


class Seating:
    """The seats of one table. The creator sits in seat 0."""

    def __init__(self, room_id: str, slots: list[SeatSlot]) -> None:
        self.room_id = room_id
        self.slots = slots

    def __len__(self) -> int:
        return len(self.slots)

    def seat_for(self, token: str | None) -> Seat | None:
        """The seat this token holds here, or None (a spectator)."""
        for seat, slot in enumerate(self.slots):
            if token_matches(self.room_id, token, slot.token_hash):
                return seat
        return None

    def is_bot(self, seat: Seat) -> bool:
        return self.slots[seat].is_bot

    def has_bots(self) -> bool:
        return any(slot.is_bot for slot in self.slots)

    def place(self, seat: Seat, slot: SeatSlot) -> None:
        self.slots[seat] = slot

    # --- what a change would make of a seat (nothing changes here) ------------------------

    def to_join(self, status: TableStatus, seat: Seat | None) -> Seat:
        """The seat a new player takes: the lowest open one, or the one asked for."""
        if status != TableStatus.WAITING:
            raise TableError("already_started", "This table has already started.", 409)
        if seat is None:
            seat = next((s for s, slot in enumerate(self.slots) if slot.is_open), None)
            if seat is None:
                raise TableError("table_full", "Every seat at this table is taken.", 409)
        elif not self.slots[seat].is_open:
            raise TableError("seat_taken", "That seat is taken.", 409)
        return seat

    def new_player(self, name: str) -> tuple[SeatSlot, str]:
        """A seat for a new player, and the token that proves it (only its hash is kept)."""
        token = new_token()
        return SeatSlot(name, hash_token(self.room_id, token), is_bot=False), token

    def ready_to_start(self, by: Seat | None, status: TableStatus) -> None:
        """Refuses a start unless the creator asks at a waiting table with every seat filled."""
        require_creator(by)
        if status != TableStatus.WAITING:
            raise TableError("already_started", "This table has already started.", 409)
        if any(slot.is_open for slot in self.slots):
            raise TableError("seats_open", "Every seat must be filled before the start.", 409)

    def with_bot(
        self, by: Seat | None, seat: Seat, bot: bool, status: TableStatus, present: Collection[Seat | None]
    ) -> SeatSlot:
        """What the seat becomes when `by` seats (`bot`) or unseats a bot there; `present`: seats with a tab.

        Before the start the creator (seat 0) fills open seats with bots. During the game the creator
        hands the seat of a player who left to a bot, and that player (or the creator) takes it back.
        """
        if not 0 <= seat < len(self.slots):
            raise TableError("bad_seat", "No such seat.", 400)
        if status == TableStatus.WAITING:
            return self._bot_before_start(by, seat, bot)
        if status == TableStatus.PLAYING:
            return self._bot_during_game(by, seat, bot, present)
        raise TableError("game_over", "The game is over.", 409)

    def _bot_before_start(self, by: Seat | None, seat: Seat, bot: bool) -> SeatSlot:
        require_creator(by)
        slot = self.slots[seat]
        if bot and not slot.is_open:
            raise TableError("seat_taken", "That seat is taken.", 409)
        if not bot and not slot.is_bot:
            raise TableError("not_a_bot", "That seat has no bot.", 409)
        return SeatSlot("Bot", None, True) if bot else SeatSlot()

    def _bot_during_game(self, by: Seat | None, seat: Seat, bot: bool, present: Collection[Seat | None]) -> SeatSlot:
        slot = self.slots[seat]
        if slot.token_hash is None:  # a bot from the start has nobody to give the seat back to
            raise TableError("not_a_player_seat", "That seat was never a player's.", 409)
        if bot:
            require_creator(by)
            if slot.is_bot or seat in present:
                raise TableError("player_present", "That player is still at the table.", 409)
        else:
            if by not in {seat, 0}:
                raise TableError("not_creator", "Only that player or the creator can do that.", 403)
            if not slot.is_bot:
                raise TableError("not_a_bot", "That seat has no bot.", 409)
        return SeatSlot(slot.name, slot.token_hash, bot)


def require_creator(by: Seat | None) -> None:
    if by != 0:
        raise TableError("not_creator", "Only the table's creator can do that.", 403)
