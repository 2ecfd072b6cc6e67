"""Looking back: the games of a table's evening, each replayed on demand from its seed and action log.

Nothing is stored twice: a review is rebuilt from the action log through the game's own rules, and
kept in memory only while it is looked at (a few at a time). A finished game hides nothing any more;
the game being played shows each viewer only what it was shown: its own seat's views, or the
spectators', and the log lines it was sent.

A whole game is replayed in a worker process (app/rooms/replay_pool.py), never on the tables' event
loop; a game being played that is looked at again is carried on here by the few moves made since.
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
from app.rooms.replay import CHECKPOINT_EVERY, GameRecord, RecordedAction, Replay, check_budget
from app.rooms.replay_pool import ReplayPool

REPLAYS_KEPT = 16  # replays held in memory at once, the least recently looked at going first

Seats = list[dict[str, object]]  # a game's seats as a review shows them


def seat_json(seat: SeatRecord) -> dict[str, object]:
    """A seat as a review shows it. Nobody's presence matters when looking back: every seat is 'here'."""
    return {"seat": seat.seat, "name": seat.name, "bot": seat.is_bot, "human": seat.human, "presence": "connected"}


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
    """An uploaded record's name: the hash of the game it replays (not of its names or the result it claims),
    so the same game is one replay however often it is opened, and however it is relabelled."""
    game = {key: value for key, value in record.to_json().items() if key not in {"seats", "result"}}
    game["seats"] = len(record.seats)
    return hashlib.sha256(orjson.dumps(game, option=orjson.OPT_SORT_KEYS)).hexdigest()[:32]


class Review:
    """One replay as one viewer may see it: which seats' views, and the whole log or only its own lines."""

    def __init__(self, replay: Replay, seats: Seats, viewer: Seat | None, over: bool) -> None:
        self.replay, self.seats = replay, seats
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

    def __init__(self, rooms: RoomManager, pool: ReplayPool) -> None:
        self.rooms = rooms
        self.pool = pool
        self._replays: OrderedDict[Hashable, tuple[Replay, Seats]] = OrderedDict()

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

    async def table_game(self, code: str, game_no: int, token: str | None, client: str) -> Review:
        """Game `game_no` of the table as the holder of `token` may review it; `client` pays for a replay."""
        code = code.upper()
        key = ("table", code, game_no)
        held = self._held(key)
        if held is not None and held[0].outcome is not None:  # a finished game's replay never changes
            return Review(*held, await self._seat_of(code, token), over=True)
        stored = await self.rooms.store.game(code, game_no)
        if stored is None:
            raise TableError("no_such_game_no", "This table has no game with that number.", 404)
        if stored.outcome is None:
            # Still being played: only as far as the table has shown it, and only the viewer's own views.
            room = await self.rooms.get(code)
            viewer, upto = room.seat_for(token), room.version
            stored = replace(stored, actions=tuple(a for a in stored.actions if a.version <= upto))
        else:
            viewer = await self._seat_of(code, token)  # over: every view is open, the viewer's first
        record, seats = record_of(stored), [seat_json(s) for s in stored.seats]
        if held is not None and len(record.actions) - len(held[0].record.actions) <= CHECKPOINT_EVERY:
            replay = held[0]  # the moves made since it was last looked at: a few steps, taken here
            replay.extend(record.actions[len(replay.record.actions) :])
        elif len(record.actions) <= CHECKPOINT_EVERY:  # a few steps from the deal: taken here too
            replay = self._hold(key, Replay(record), seats)
        else:
            replay = self._hold(key, await self.pool.replay(record, client), seats)
        return Review(replay, seats, viewer, over=stored.outcome is not None)

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

    async def upload(self, record: GameRecord, client: str) -> tuple[str, Review]:
        """An uploaded record, replayed and checked against the result it claims; its id for later versions."""
        key = record_id(record)
        held = self._held(("record", key))
        if held is None:
            check_budget(record)
            replay = await self.pool.replay(record, client)
        else:
            replay = held[0]
        replay.check_result(record.result)  # a record the rules refuse, or that ends otherwise, is never held
        seats = seat_records(record.seats)
        if held is None:
            self._hold(("record", key), replay, seats)
        return key, Review(replay, seats, None, over=True)

    def uploaded(self, key: str) -> Review:
        """An uploaded record's review, while it is still held (else the page sends the record again)."""
        held = self._held(("record", key))
        if held is None:
            raise TableError("record_gone", "This record is no longer open here; open it again.", 404)
        return Review(*held, None, over=True)

    def _held(self, key: Hashable) -> tuple[Replay, Seats] | None:
        held = self._replays.get(key)
        if held is not None:
            self._replays.move_to_end(key)
        return held

    def _hold(self, key: Hashable, replay: Replay, seats: Seats) -> Replay:
        self._replays[key] = (replay, seats)
        while len(self._replays) > REPLAYS_KEPT:
            self._replays.popitem(last=False)
        return replay


def seat_records(names: tuple[str, ...]) -> Seats:
    """An uploaded record's seats, as a review shows them."""
    return [seat_json(SeatRecord(seat, name, True, False)) for seat, name in enumerate(names)]
