"""Who sits where at a table, and the rules for taking seats and handing them to bots.

Pure: each method either refuses (TableError) or says what a seat becomes; the room records that
before it places it here. Seat links and the keys that open seats: seat_links.py.
"""

from collections.abc import Collection, Iterable
from dataclasses import dataclass, replace

from app.engine import Seat
from app.persistence import KeyRecord, RoomRecord, SeatRecord, TableStatus
from app.rooms.errors import StaleVersion, TableError
from app.rooms.identity import hash_token, new_token

CREATOR: Seat = 0  # the table's creator sits in seat 0


@dataclass(slots=True)
class SeatSlot:
    """A place at the table: open (no name), taken by a person (`human`; a bot may play it for them), or a bot's."""

    name: str | None = None
    human: bool = False
    is_bot: bool = False

    @property
    def is_open(self) -> bool:
        return self.name is None

    def record(self, seat: Seat) -> SeatRecord:
        return SeatRecord(seat, self.name or "", self.human, self.is_bot)


def seat_slots(record: RoomRecord) -> list[SeatSlot]:
    """A stored table's seats, open ones included."""
    slots = [SeatSlot() for _ in range(record.seat_count)]
    for seat in record.seats:
        slots[seat.seat] = SeatSlot(seat.name or None, seat.human, seat.is_bot)
    return slots


class Seating:
    """The seats of one table and the keys that open them. The creator sits in seat CREATOR."""

    def __init__(self, room_id: str, slots: list[SeatSlot], keys: Iterable[KeyRecord] = ()) -> None:
        self.room_id = room_id
        self.slots = slots
        # By hash. A lookup by the hash of a 256-bit secret tells a timing observer nothing usable.
        self.keys = {key.token_hash: key for key in keys}

    def __len__(self) -> int:
        return len(self.slots)

    def _key(self, token: str | None) -> KeyRecord | None:
        return self.keys.get(hash_token(self.room_id, token)) if token else None

    def key_for(self, token: str | None) -> KeyRecord | None:
        """The browser key in use this token is at this table, or None (a spectator)."""
        key = self._key(token)
        return key if key is not None and key.opens_seat else None

    def revoked(self, token: str | None) -> str | None:
        """Why this browser's token no longer opens its seat ("moved", "reissued"), if it once did."""
        key = self._key(token)
        return None if key is None else key.revoked

    def seat_for(self, token: str | None) -> Seat | None:
        """The seat this token holds here, or None (a spectator)."""
        key = self.key_for(token)
        return None if key is None else key.seat

    def keys_of(self, seat: Seat) -> list[KeyRecord]:
        """The seat's live keys: its browsers' tokens in use and any link not yet used."""
        return [key for key in self.keys.values() if key.seat == seat and key.revoked is None]

    def change_keys(
        self, add: Iterable[KeyRecord], remove: Iterable[str] = (), revoke: Iterable[str] = (), why: str = ""
    ) -> None:
        for token_hash in remove:
            self.keys.pop(token_hash, None)
        for token_hash in revoke:
            self.keys[token_hash] = replace(self.keys[token_hash], revoked=why)
        self.keys.update((key.token_hash, key) for key in add)

    def is_bot(self, seat: Seat) -> bool:
        return self.slots[seat].is_bot

    def has_bots(self) -> bool:
        return any(slot.is_bot for slot in self.slots)

    def place(self, seat: Seat, slot: SeatSlot) -> None:
        self.slots[seat] = slot

    # --- what a change would make of a seat (nothing changes here) ------------------------

    def to_join(self, status: TableStatus, seat: Seat | None, by: Seat | None = None) -> Seat:
        """The seat a new player takes: the lowest open one, or the one asked for; `by`: the asker's seat here."""
        if by is not None:
            raise TableError("already_seated", "You already have a seat at this table.", 409)
        if status != TableStatus.WAITING:
            raise TableError("already_started", "This table has already started.", 409)
        if seat is None:
            seat = next((s for s, slot in enumerate(self.slots) if slot.is_open), None)
            if seat is None:
                raise TableError("table_full", "Every seat at this table is taken.", 409)
        elif not self.slots[seat].is_open:
            raise TableError("seat_taken", "That seat is taken.", 409)
        return seat

    def new_player(self, seat: Seat, name: str) -> tuple[SeatSlot, KeyRecord, str]:
        """A seat for a new player, its key, and the token that proves it (only its hash is kept)."""
        token = new_token()
        return SeatSlot(name, human=True), KeyRecord(hash_token(self.room_id, token), seat), token

    def ready_to_start(self, by: Seat | None, status: TableStatus) -> None:
        """Refuses a start unless the creator asks at a waiting table with every seat filled."""
        require_creator(by)
        if status != TableStatus.WAITING:
            raise TableError("already_started", "This table has already started.", 409)
        if any(slot.is_open for slot in self.slots):
            raise TableError("seats_open", "Every seat must be filled before the start.", 409)

    def ready_for_next_game(self, by: Seat | None, status: TableStatus, stale: bool) -> Seat:
        """The player who deals the next game; refused unless a player asks at a finished table, having seen its end."""
        if by is None or self.is_bot(by):
            raise TableError("not_a_player", "Only the players at this table can start the next game.", 403)
        if stale:  # checked before the status: the asker missed that the next game began
            raise StaleVersion()
        if status != TableStatus.FINISHED:
            raise TableError("not_finished", "The game is not over yet.", 409)
        return by

    def with_bot(
        self,
        by: Seat | None,
        seat: Seat,
        bot: bool,
        status: TableStatus,
        present: Collection[Seat | None],
        game_has_bot: bool = True,
    ) -> SeatSlot:
        """What the seat becomes when `by` seats (`bot`) or unseats a bot there; `present`: seats with a tab.

        Before the start the creator fills open seats with bots. During the game the creator hands the
        seat of a player who left to a bot, and that player (or the creator) takes it back.
        """
        if not game_has_bot:
            raise TableError("no_bot", "This game has no bot.", 409)
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
        return SeatSlot(bot_name(seat), human=False, is_bot=True) if bot else SeatSlot()

    def _bot_during_game(self, by: Seat | None, seat: Seat, bot: bool, present: Collection[Seat | None]) -> SeatSlot:
        slot = self.slots[seat]
        if not slot.human:  # a bot from the start has nobody to give the seat back to
            raise TableError("not_a_player_seat", "That seat was never a player's.", 409)
        if bot:
            require_creator(by)
            if slot.is_bot or seat in present:
                raise TableError("player_present", "That player is still at the table.", 409)
        else:
            if by not in {seat, CREATOR}:
                raise TableError("not_creator", "Only that player or the creator can do that.", 403)
            if not slot.is_bot:
                raise TableError("not_a_bot", "That seat has no bot.", 409)
        return SeatSlot(slot.name, slot.human, bot)


def bot_name(seat: Seat) -> str:
    """A bot's name, its seat's own, so that two bots at a table are told apart (in a record too); a
    page shows it in its language."""
    return f"Bot {seat + 1}"


def require_creator(by: Seat | None) -> None:
    if by != CREATOR:
        raise TableError("not_creator", "Only the table's creator can do that.", 403)
