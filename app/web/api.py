"""The JSON API: games, creating and joining tables, seating bots, starting."""

import unicodedata
from typing import Annotated

from fastapi import APIRouter, Depends, Request, Response
from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from app.config import Settings, get_settings
from app.games import RULES_BY_SLUG
from app.rooms.errors import TableError
from app.rooms.room import Room
from app.web.deps import RoomsDep, SettingsDep, limited, seat_cookie

router = APIRouter(prefix="/api")


# Letters that draw nothing: fillers that pass for a name but show as a gap.
INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5")
MAX_MARKS_IN_A_ROW = 3  # enough for any script's accents; a tower of marks spills over other text


def clean_name(raw: str) -> str:
    """A nickname as shown to others: trimmed, visible, no control characters, no towers of marks, not too long."""
    name = " ".join(unicodedata.normalize("NFC", raw).split())
    categories = [unicodedata.category(ch) for ch in name]
    if any(category in {"Cc", "Cf", "Co", "Cs"} for category in categories):
        raise ValueError("a nickname cannot contain control characters")
    if not any(category[0] in "LNPS" and ch not in INVISIBLE for ch, category in zip(name, categories, strict=True)):
        raise ValueError("a nickname needs at least one visible character")
    marks = 0
    for category in categories:
        marks = marks + 1 if category[0] == "M" else 0
        if marks > MAX_MARKS_IN_A_ROW:
            raise ValueError(f"a nickname may have at most {MAX_MARKS_IN_A_ROW} combining marks on one letter")
    if not 1 <= len(name) <= get_settings().max_name_length:
        raise ValueError(f"a nickname has 1 to {get_settings().max_name_length} characters")
    return name


Name = Annotated[str, Field(max_length=200), AfterValidator(clean_name)]


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CreateTable(_Body):
    game: str = Field(max_length=32)
    name: Name
    seats: int | None = Field(default=None, ge=1, le=8)
    options: dict[str, bool | int | str | None] = Field(default_factory=dict, max_length=16)
    bots: list[int] = Field(default_factory=list, max_length=8)  # seats to fill with bots at once


class JoinTable(_Body):
    name: Name


class Seated(BaseModel):
    code: str
    seat: int
    url: str


@router.get("/games")
def list_games() -> list[dict[str, object]]:
    """Every game with its titles, player counts and table options."""
    return [
        {
            "slug": rules.slug,
            "title": dict(rules.title),
            "seat_counts": sorted(rules.seat_counts),
            "options": [option.to_json() for option in rules.options],
            "has_bot": rules.bot is not None,
        }
        for rules in RULES_BY_SLUG.values()
    ]


@router.post("/tables", status_code=201, dependencies=[Depends(limited("create"))])
async def create_table(body: CreateTable, response: Response, rooms: RoomsDep, settings: SettingsDep) -> Seated:
    """A new table with its creator in seat 0 (and any bots asked for)."""
    room = await rooms.create(body.game, dict(body.options), body.seats)
    seat, token = await room.join(body.name)
    for bot_seat in body.bots:
        await room.set_bot(seat, bot_seat, True)
    _set_seat_cookie(response, room, token, settings)
    return Seated(code=room.id, seat=seat, url=f"/t/{room.id}")


# Every route that names a table counts as a lookup: guessing codes is slow from any one address.


@router.get("/tables/{code}", dependencies=[Depends(limited("lookup"))])
async def get_table(code: str, rooms: RoomsDep) -> dict[str, object]:
    return await rooms.describe(code)


@router.post("/tables/{code}/join", dependencies=[Depends(limited("lookup", "join"))])
async def join_table(
    code: str, body: JoinTable, request: Request, response: Response, rooms: RoomsDep, settings: SettingsDep
) -> Seated:
    room = await rooms.get(code)
    if room.seat_for(request.cookies.get(seat_cookie(room.id))) is not None:
        raise TableError("already_seated", "You already have a seat at this table.", 409)
    seat, token = await room.join(body.name)
    _set_seat_cookie(response, room, token, settings)
    return Seated(code=room.id, seat=seat, url=f"/t/{room.id}")


@router.post("/tables/{code}/start", status_code=204, dependencies=[Depends(limited("lookup"))])
async def start_table(code: str, request: Request, rooms: RoomsDep) -> None:
    room = await rooms.get(code)
    await room.start(room.seat_for(request.cookies.get(seat_cookie(room.id))))


@router.put("/tables/{code}/seats/{seat}/bot", status_code=204, dependencies=[Depends(limited("lookup"))])
async def seat_bot(code: str, seat: int, request: Request, rooms: RoomsDep) -> None:
    room = await rooms.get(code)
    await room.set_bot(room.seat_for(request.cookies.get(seat_cookie(room.id))), seat, True)


@router.delete("/tables/{code}/seats/{seat}/bot", status_code=204, dependencies=[Depends(limited("lookup"))])
async def unseat_bot(code: str, seat: int, request: Request, rooms: RoomsDep) -> None:
    room = await rooms.get(code)
    await room.set_bot(room.seat_for(request.cookies.get(seat_cookie(room.id))), seat, False)


def _set_seat_cookie(response: Response, room: Room, token: str, settings: Settings) -> None:
    secure = settings.secure_cookies or (settings.public_origin or "").lower().startswith("https:")
    response.set_cookie(
        seat_cookie(room.id), token, max_age=60 * 60 * 24 * 60, httponly=True, samesite="lax", secure=secure, path="/"
    )
