"""The JSON API: games, creating and joining tables, seating bots, starting."""

from typing import Annotated

from fastapi import APIRouter, Depends, Request, Response
from pydantic import AfterValidator, BaseModel, ConfigDict, Field
from starlette.requests import HTTPConnection

from app.config import Settings, get_settings
from app.games import catalogue
from app.rooms.chat import ChatMode
from app.rooms.errors import TableError
from app.rooms.room import Room
from app.rooms.text import MAX_MARKS_IN_A_ROW, Flaw, flaw, normalised
from app.web.clients import client_of
from app.web.deps import LimitsDep, RoomsDep, SettingsDep, limited, seat_cookie
from app.web.qr import qr_data_uri, qr_svg

router = APIRouter(prefix="/api")


NAME_FLAWS = {
    Flaw.CONTROL: "a nickname cannot contain control characters",
    Flaw.INVISIBLE: "a nickname needs at least one visible character",
    Flaw.MARKS: f"a nickname may have at most {MAX_MARKS_IN_A_ROW} combining marks on one letter",
}


def clean_name(raw: str) -> str:
    """A nickname as shown to others: normalised text without flaws (app/rooms/text.py), not too long."""
    name = normalised(raw)
    problem = flaw(name)
    if problem is not None:
        raise ValueError(NAME_FLAWS[problem])
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
    turn_seconds: int | None = None  # a turn timer: seconds per decision (30, 60, 120, 300), or none
    # "Learn <game>": bots take every other seat and the game starts at once; the page opens with the coach.
    practice: bool = False
    hints: bool = True  # whether players may ask the bot "What would you do?"


class JoinTable(_Body):
    name: Name


class Seated(BaseModel):
    code: str
    seat: int
    url: str


class MakeSeatLink(_Body):
    keep: bool = False  # this browser keeps the seat too (else the link moves it)


class UseSeatLink(_Body):
    link: str = Field(min_length=20, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")


class ChatSetting(_Body):
    mode: ChatMode
    spectators: bool = False


class SeatLink(BaseModel):
    seat: int
    url: str  # the table's address with the secret after '#': never sent to a server by the browser that opens it
    qr: str  # the same as a QR code, an SVG data: address
    expires_at: int  # Unix seconds


@router.get("/games")
def list_games() -> list[dict[str, object]]:
    """Every game with its titles, player counts and table options."""
    return catalogue()


@router.post("/tables", status_code=201, dependencies=[Depends(limited("create"))])
async def create_table(
    body: CreateTable,
    request: Request,
    response: Response,
    rooms: RoomsDep,
    settings: SettingsDep,
    limits: LimitsDep,
) -> Seated:
    """A new table with its creator in seat 0 (and any bots asked for); a practice table has bots in
    every other seat, is started at once and always gives hints (its coach points with them: hints.py)."""
    if body.practice:
        if body.bots:
            raise TableError("bad_practice", "A practice table seats its own bots.", 400)
        limits.hit("practice", client_of(request))
    room = await rooms.create(body.game, dict(body.options), body.seats, body.turn_seconds, body.practice, body.hints)
    seat, token = await room.join(body.name)
    bots = [s for s in range(len(room.seats)) if s != seat] if body.practice else body.bots
    for bot_seat in bots:
        await room.set_bot(seat, bot_seat, True)
    if body.practice:
        await room.start(seat)
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
    seat, token = await room.join(body.name, by=room.seat_for(request.cookies.get(seat_cookie(room.id))))
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


@router.post("/tables/{code}/seats/{seat}/link", status_code=201, dependencies=[Depends(limited("lookup", "join"))])
async def make_seat_link(
    code: str,
    seat: int,
    body: MakeSeatLink,
    request: Request,
    response: Response,
    rooms: RoomsDep,
    settings: SettingsDep,
) -> SeatLink:
    """A private link (and QR code) that opens the seat in another browser (who may: app/rooms/seat_links.py)."""
    room = await rooms.get(code)
    secret, expires_at = await room.make_seat_link(
        request.cookies.get(seat_cookie(room.id)),
        seat,
        body.keep,
        int(settings.seat_link_minutes * 60),
        settings.max_browsers_per_seat,
    )
    response.headers["Cache-Control"] = "no-store"
    url = f"{table_url(request, settings, room.id)}#seat={secret}"
    return SeatLink(seat=seat, url=url, qr=qr_data_uri(url), expires_at=expires_at)


@router.post("/tables/{code}/claim", dependencies=[Depends(limited("lookup", "join"))])
async def use_seat_link(
    code: str, body: UseSeatLink, request: Request, response: Response, rooms: RoomsDep, settings: SettingsDep
) -> Seated:
    """Opens a seat link's seat in this browser, which gets a seat token of its own."""
    room = await rooms.get(code)
    seat, token = await room.use_seat_link(body.link, request.cookies.get(seat_cookie(room.id)))
    _set_seat_cookie(response, room, token, settings)
    return Seated(code=room.id, seat=seat, url=f"/t/{room.id}")


@router.get("/tables/{code}/invite.svg", dependencies=[Depends(limited("lookup"))])
async def invite_qr(code: str, request: Request, rooms: RoomsDep, settings: SettingsDep) -> Response:
    """The invitation link as a QR code: the table's address, which any friend may open."""
    table = await rooms.describe(code)
    link = table_url(request, settings, str(table["code"]))
    return Response(
        qr_svg(link, "Invitation"), media_type="image/svg+xml", headers={"Cache-Control": "private, max-age=3600"}
    )


@router.put("/tables/{code}/chat", status_code=204, dependencies=[Depends(limited("lookup"))])
async def set_chat(code: str, body: ChatSetting, request: Request, rooms: RoomsDep) -> None:
    """The creator decides who may write in the table's chat."""
    room = await rooms.get(code)
    await room.set_chat(room.seat_for(request.cookies.get(seat_cookie(room.id))), body.mode, body.spectators)


class ClockSetting(_Body):
    paused: bool


@router.put("/tables/{code}/clock", status_code=204, dependencies=[Depends(limited("lookup"))])
async def pause_clock(code: str, body: ClockSetting, request: Request, rooms: RoomsDep) -> None:
    """The creator pauses or resumes the turn timer."""
    room = await rooms.get(code)
    await room.pause_clock(room.seat_for(request.cookies.get(seat_cookie(room.id))), body.paused)


def table_url(connection: HTTPConnection, settings: Settings, code: str) -> str:
    """The table's address as players reach it: the declared public origin, else the one this request came by."""
    origin = settings.public_origin or f"{connection.url.scheme}://{connection.url.netloc}"
    return f"{origin.rstrip('/')}/t/{code}"


def _set_seat_cookie(response: Response, room: Room, token: str, settings: Settings) -> None:
    secure = settings.secure_cookies or (settings.public_origin or "").lower().startswith("https:")
    response.set_cookie(
        seat_cookie(room.id), token, max_age=60 * 60 * 24 * 60, httponly=True, samesite="lax", secure=secure, path="/"
    )
