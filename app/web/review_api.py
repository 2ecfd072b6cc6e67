"""The JSON API of looking back: a table's evening, the review of each game, game records in and out."""

from typing import Annotated, Literal

import orjson
from fastapi import APIRouter, Depends, Path, Request, Response
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from app.rooms.errors import TableError
from app.rooms.replay import MAX_RECORD_ACTIONS, MAX_RECORD_BYTES, GameRecord, RecordedAction, bad_record
from app.web.api import Name
from app.web.clients import client_of
from app.web.deps import ReviewsDep, limited, seat_cookie

router = APIRouter(prefix="/api")

JsonScalar = bool | int | float | str | None


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid")


class RecordAction(_Record):
    seat: int = Field(ge=0, le=7)
    action: dict[str, object] = Field(max_length=16)
    by_clock: bool = False


class RecordBody(_Record):
    """A game record as downloaded (GameRecord.to_json); checked again by replaying it."""

    format: Literal["zashiki-game-record"]
    game: str = Field(max_length=32)
    options: dict[str, JsonScalar] = Field(default_factory=dict, max_length=16)
    seats: list[Name] = Field(min_length=1, max_length=8)
    seed: int = Field(ge=0, lt=2**63)
    first_version: int = Field(ge=0, le=10**9)
    actions: list[RecordAction] = Field(max_length=MAX_RECORD_ACTIONS)
    result: dict[str, object] | None

    def record(self) -> GameRecord:
        return GameRecord(
            game=self.game,
            options=dict(self.options),
            seats=tuple(self.seats),
            seed=self.seed,
            first_version=self.first_version,
            actions=tuple(RecordedAction(a.seat, a.action, a.by_clock) for a in self.actions),
            result=self.result,
        )


Version = Annotated[int, Path(ge=0, le=10**9)]
GameNo = Annotated[int, Path(ge=1, le=10**6)]  # within what the database's integers hold


@router.get("/tables/{code}/games", dependencies=[Depends(limited("lookup"))])
async def evening(code: str, reviews: ReviewsDep) -> dict[str, object]:
    """The table's games so far, with their results, and the evening's running totals."""
    return await reviews.evening(code)


@router.get("/tables/{code}/games/{n}", dependencies=[Depends(limited("lookup"))])
async def review(code: str, n: GameNo, request: Request, reviews: ReviewsDep) -> dict[str, object]:
    """The review of game `n`: its seats, versions and log (all of it once the game is over)."""
    found = await reviews.table_game(code, n, request.cookies.get(seat_cookie(code)), client_of(request))
    return found.summary()


@router.get("/tables/{code}/games/{n}/versions/{v}", dependencies=[Depends(limited("lookup"))])
async def review_version(code: str, n: GameNo, v: Version, request: Request, reviews: ReviewsDep) -> dict[str, object]:
    """Game `n` at version `v`: every seat's view once the game is over, else the asker's own."""
    found = await reviews.table_game(code, n, request.cookies.get(seat_cookie(code)), client_of(request))
    return found.version(v)


@router.get("/tables/{code}/games/{n}/record", dependencies=[Depends(limited("lookup"))])
async def download_record(code: str, n: GameNo, reviews: ReviewsDep) -> Response:
    """A finished game as a JSON record that replays to the same end on any Zashiki."""
    record = await reviews.table_record(code, n)
    filename = f"zashiki-{code.upper()}-{n}-{record.game}.json"
    return Response(
        orjson.dumps(record.to_json()),
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


@router.post("/records", dependencies=[Depends(limited("join"))])
async def open_record(request: Request, reviews: ReviewsDep) -> dict[str, object]:
    """Replays an uploaded record (at most MAX_RECORD_BYTES); refused unless it reaches the result it claims."""
    body = await _capped_body(request)
    try:
        parsed = RecordBody.model_validate_json(body)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise bad_record("bad_record", f"This is not a game record ({where}: {first['msg']}).") from exc
    key, found = await reviews.upload(parsed.record(), client_of(request))
    return {"id": key, **found.summary()}


@router.get("/records/{key}/versions/{v}", dependencies=[Depends(limited("lookup"))])
async def record_version(key: str, v: Version, reviews: ReviewsDep) -> dict[str, object]:
    """An uploaded record at version `v`, while it is held here (`record_gone`: send it again)."""
    return reviews.uploaded(key).version(v)


async def _capped_body(request: Request) -> bytes:
    too_big = TableError("record_too_big", f"A game record may be at most {MAX_RECORD_BYTES // 1024} KB.", 413)
    if int(request.headers.get("content-length") or 0) > MAX_RECORD_BYTES:
        raise too_big
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_RECORD_BYTES:
            raise too_big
    return bytes(body)
