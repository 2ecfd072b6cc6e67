"""All live tables of this process: creating, finding and rebuilding them."""

import logging
from typing import Any

from app.config import Settings
from app.engine import GameRules, IllegalAction
from app.games import RULES_BY_SLUG
from app.persistence import RoomStore
from app.rooms.errors import TableError
from app.rooms.identity import new_room_code, new_seed
from app.rooms.room import FINISHED, Room

log = logging.getLogger(__name__)


class RoomManager:
    def __init__(self, store: RoomStore, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.rooms: dict[str, Room] = {}

    async def restore(self) -> int:
        """Rebuilds every unfinished table by replaying its action log; returns how many."""
        for record in await self.store.load_open():
            rules = RULES_BY_SLUG.get(record.game)
            if rules is None:
                log.error("table %s is of an unknown game %r; left in the database", record.id, record.game)
                continue
            self.rooms[record.id] = Room.rebuild(record, rules, self.store, self.settings.bot_delay_seconds)
        for room in self.rooms.values():
            room.resume_bots()
        return len(self.rooms)

    async def create(self, game: str, raw_options: dict[str, object], seat_count: int | None) -> Room:
        """A new table with no one seated yet."""
        rules = self._rules(game)
        seats = seat_count if seat_count is not None else min(rules.seat_counts)
        if seats not in rules.seat_counts:
            raise TableError("bad_seat_count", f"This game is for {_counts(rules)} players.", 400)
        try:
            options = rules.parse_options(raw_options, seats)
        except IllegalAction as exc:
            raise TableError(exc.code, exc.message, 400) from exc
        if sum(room.status != FINISHED for room in self.rooms.values()) >= self.settings.max_tables:
            raise TableError("server_full", "This server holds as many tables as it can; try again later.", 503)
        code = self._free_code()
        room = Room(code, rules, options, seats, new_seed(), self.store, self.settings.bot_delay_seconds)
        await self.store.create(code, rules.slug, options, seats, room.seed)
        self.rooms[code] = room
        return room

    async def get(self, code: str) -> Room:
        """The live table with this code; a finished one is loaded back from the database on demand."""
        code = code.upper()
        room = self.rooms.get(code)
        if room is not None:
            return room
        record = await self.store.load(code) if _looks_like_code(code) else None
        rules = RULES_BY_SLUG.get(record.game) if record is not None else None
        if record is None or rules is None:
            raise TableError("no_such_table", "There is no table with that code.", 404)
        room = Room.rebuild(record, rules, self.store, self.settings.bot_delay_seconds)
        self.rooms[code] = room
        return room

    async def close(self) -> None:
        for room in self.rooms.values():
            await room.close()

    def _rules(self, game: str) -> GameRules[Any, Any]:
        rules = RULES_BY_SLUG.get(game)
        if rules is None:
            raise TableError("no_such_game", "There is no such game here.", 404)
        return rules

    def _free_code(self) -> str:
        while (code := new_room_code()) in self.rooms:
            pass
        return code


def _counts(rules: GameRules[Any, Any]) -> str:
    return "/".join(str(n) for n in sorted(rules.seat_counts))


def _looks_like_code(code: str) -> bool:
    return len(code) == 6 and code.isalnum()
