"""Looking back: the games of a table's evening, each replayed on demand from its seed and action log.

Nothing is stored twice: a review is rebuilt from the action log through the game's own rules, and
kept in memory only while it is looked at (a few at a time). A finished game hides nothing any more;
the game being played shows each viewer only what it was shown: its own seat's views, or the
spectators', and the log lines it was sent.
"""

import hashlib
from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import replace

import orjson

from app.engine import Seat
from app.persistence import GameSummary, SeatRecord, StoredGame
from app.rooms.errors import TableError
from app.rooms.identity import hash_token
from app.rooms.manager import RoomManager
from app.rooms.replay import GameRecord, RecordedAction, Replay

REPLAYS_KEPT = 16  # replays held in memory at once, the least recently looked at going first

Held = tuple[Replay, list[dict[str, object]]]  # a replay, and its seats as a review shows them


def seat_json(seat: SeatRecord) -> dict[str, object]:
    """A seat as a review shows it. Nobody's presence matters when looking back: every seat is 'here'."""
    return {"seat": seat.seat, "name": seat.name, "bot": seat.is_bot, "presence": "connected"}


def evening_totals(games: list[GameSummary], seat_count: int) -> dict[str, object]:
    """The evening so far: each seat's wins and, where games score, its summed score."""
    ended = [g.outcome for g in games if g.outcome is not None]
    wins = [sum(seat in o["winners"] for o in ended) for seat in range(seat_count)]  # type: ignore[operator]
    scored = [o["scores"] for o in ended if o.get("scores") is not None]
    scores = [sum(s[seat] for s in scored) for seat in range(seat_count)] if scored else None  # type: ignore[index]
    return {"wins": wins, "scores": scores}


def record_of(game: StoredGame) -> GameRecord:
    """A stored game as the record that replays it anywhere."""
    if game.seed is None:
        raise TableError("no_record", "This game ended before games were kept for review.", 410)
    return GameRecord(
        game=game.game,
        options=game.options,
        seats=tuple(s.name for s in game.seats),
        seed=game.seed,
        first_version=game.first_version,
        actions=tuple(RecordedAction(a.seat, a.payload, a.by_clock) for a in game.actions),
        result=game.outcome,
    )


def record_id(record: GameRecord) -> str:
    """An uploaded record's name: its content's hash, so the same record is one replay however often opened."""
    return hashlib.sha256(orjson.dumps(record.to_json(), option=orjson.OPT_SORT_KEYS)).hexdigest()[:32]


class Review:
    """One replay as one viewer may see it: which seats' views, and the whole log or only its own lines."""

    def __init__(self, held: Held, viewer: Seat | None, over: bool) -> None:
        self.replay, self.seats = held
        self.viewer = viewer
        self.over = over  # nothing is secret any more: every seat's views, every log line
        self.perspectives: list[Seat | None] = list(range(len(self.seats))) if over else [viewer]

    def summary(self) -> dict[str, object]:
        replay = self.replay
        return {
            "game": replay.rules.slug,
            "title": dict(replay.rules.title),
            "seats": self.seats,
            "options": replay.record.options,
            "first_version": replay.first_version,
            "last_version": replay.last_version,
            "over": self.over,
            "outcome": replay.outcome,
            "you": self.viewer,
            "perspectives": self.perspectives,
            "log": replay.log_json(self.viewer, everything=self.over),
            "catalog": replay.rules.catalog,
        }

    def version(self, version: int) -> dict[str, object]:
        views = [{"seat": seat, "view": self.replay.view(version, seat)} for seat in self.perspectives]
        return {"version": version, "views": views}


class Reviews:
    """Reviews of a table's games and of uploaded records, replayed on demand, the latest few kept."""

    def __init__(self, rooms: RoomManager) -> None:
        self.rooms = rooms
        self._replays: OrderedDict[Hashable, Held] = OrderedDict()

    async def evening(self, code: str) -> dict[str, object]:
        """The table's games so far, each with how it ended, and the running totals."""
        table = await self.rooms.describe(code)  # refuses an unknown or expired code
        seats = table["seats"]
        assert isinstance(seats, list)
        games = await self.rooms.store.games(code.upper())
        return {
            "games": [
                {"n": g.game_no, "outcome": g.outcome, "over": g.outcome is not None, "replayable": g.replayable}
                for g in games
            ],
            "totals": evening_totals(games, len(seats)),
        }

    async def table_game(self, code: str, game_no: int, token: str | None) -> Review:
        """Game `game_no` of the table as the holder of `token` may review it, and its seats."""
        code = code.upper()
        finished = ("table", code, game_no, None)  # a finished game's replay never changes: no need to read it again
        if (held := self._held(finished)) is not None:
            return Review(held, await self._seat_of(code, token), over=True)
        stored = await self.rooms.store.game(code, game_no)
        if stored is not None and stored.outcome is None:
            # Still being played: only as far as the table has shown it, and only the viewer's own views.
            room = await self.rooms.get(code)
            viewer, upto = room.seat_for(token), room.version
            stored = replace(stored, actions=tuple(a for a in stored.actions if a.version <= upto))
        else:
            viewer, upto = await self._seat_of(code, token), None  # over: every view is open, the viewer's first
        if stored is None:
            raise TableError("no_such_game_no", "This table has no game with that number.", 404)
        key = finished if stored.outcome is not None else ("table", code, game_no, upto)
        held = self._held(key) or self._hold(key, Replay(record_of(stored)), [seat_json(s) for s in stored.seats])
        return Review(held, viewer, over=stored.outcome is not None)

    async def _seat_of(self, code: str, token: str | None) -> Seat | None:
        """The seat this browser holds at the table, read without loading the table into memory."""
        room = self.rooms.rooms.get(code)
        if room is not None:
            return room.seat_for(token)
        key = None if token is None else await self.rooms.store.key(code, hash_token(code, token))
        return key.seat if key is not None and key.opens_seat else None

    async def table_record(self, code: str, game_no: int) -> GameRecord:
        """A finished game of the table as a record to download."""
        stored = await self.rooms.store.game(code.upper(), game_no)
        if stored is None:
            raise TableError("no_such_game_no", "This table has no game with that number.", 404)
        if stored.outcome is None:
            raise TableError("not_finished", "The game is not over yet.", 409)
        return record_of(stored)

    def upload(self, record: GameRecord) -> tuple[str, Review]:
        """An uploaded record, replayed and checked against the result it claims; its id for later versions."""
        key = record_id(record)
        held = self._held(("record", key))
        if held is None:
            replay = Replay(record)
            replay.check_result()  # a record the rules refuse, or that ends otherwise, is never held
            held = self._hold(("record", key), replay, seat_records(record.seats))
        return key, Review(held, None, over=True)

    def uploaded(self, key: str) -> Review:
        """An uploaded record's review, while it is still held (else the page sends the record again)."""
        held = self._held(("record", key))
        if held is None:
            raise TableError("record_gone", "This record is no longer open here; open it again.", 404)
        return Review(held, None, over=True)

    def _held(self, key: Hashable) -> Held | None:
        held = self._replays.get(key)
        if held is not None:
            self._replays.move_to_end(key)
        return held

    def _hold(self, key: Hashable, replay: Replay, seats: list[dict[str, object]]) -> Held:
        self._replays[key] = held = (replay, seats)
        while len(self._replays) > REPLAYS_KEPT:
            self._replays.popitem(last=False)
        return held


def seat_records(names: tuple[str, ...]) -> list[dict[str, object]]:
    """An uploaded record's seats, as a review shows them."""
    return [seat_json(SeatRecord(seat, name, True, False)) for seat, name in enumerate(names)]
