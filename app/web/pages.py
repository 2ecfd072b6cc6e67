"""Server-rendered pages: the lobby and the table."""

from collections.abc import Callable
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates

from app.config import ROOT
from app.games import RULES_BY_SLUG, catalogue
from app.rooms.errors import TableError
from app.web.clients import RateLimited, client_of
from app.web.deps import LimitsDep, RoomsDep, SettingsDep

router = APIRouter()
templates = Jinja2Templates(directory=ROOT / "templates")
RULES_DIR = ROOT / "templates" / "rules"


def page_language(request: Request) -> str:
    """Japanese when the browser prefers it, else English; the page's switch can change it."""
    accepted = request.headers.get("accept-language", "").lower()
    first = accepted.split(",")[0].strip()
    return "ja" if first.startswith("ja") else "en"


@router.get("/", response_class=HTMLResponse)
def lobby(request: Request, settings: SettingsDep) -> HTMLResponse:
    # The catalogue is in the page, so the form works the moment its script runs: no request to wait for.
    context = {
        "lang": page_language(request),
        "games": catalogue(),
        "timers": settings.turn_timer_choices,
        "name_chars": settings.max_name_length,
    }
    return templates.TemplateResponse(request, "lobby.html", context)


@router.get("/t/{code}", response_class=HTMLResponse)
async def table(request: Request, code: str, rooms: RoomsDep, limits: LimitsDep) -> HTMLResponse:
    """The table's page; it reads the table without loading it: the page's socket does that."""
    return await _table_page(
        request, code, rooms, limits, "table.html", lambda slug: {"rules_panel": _read(RULES_DIR / f"{slug}.html")}
    )


@router.get("/t/{code}/games/{n}", response_class=HTMLResponse)
async def review(request: Request, code: str, n: int, rooms: RoomsDep, limits: LimitsDep) -> HTMLResponse:
    """The review of one game of a table; the page asks the API for its versions."""
    return await _table_page(request, code, rooms, limits, "review.html", lambda _slug: {"n": n})


async def _table_page(
    request: Request,
    code: str,
    rooms: RoomsDep,
    limits: LimitsDep,
    template: str,
    more: Callable[[str], dict[str, object]],
) -> HTMLResponse:
    """A page of one table (`more`: what the template needs besides the table, by the game's slug)."""
    try:
        limits.hit("lookup", client_of(request))
        table = await rooms.describe(code)
    except TableError as exc:
        return _missing(request, code, exc)
    rules = RULES_BY_SLUG[str(table["game"])]
    context = {"lang": page_language(request), "code": table["code"], "game": rules.slug, "title": dict(rules.title)}
    return templates.TemplateResponse(request, template, {**context, **more(rules.slug)})


@router.get("/review", response_class=HTMLResponse)
def open_record(request: Request) -> HTMLResponse:
    """An empty review page: a game record chosen there is replayed by the server and shown."""
    return templates.TemplateResponse(request, "review.html", {"lang": page_language(request)})


def _missing(request: Request, code: str, exc: TableError) -> HTMLResponse:
    retry_after = exc.retry_after if isinstance(exc, RateLimited) else None
    return templates.TemplateResponse(
        request,
        "missing.html",
        {"lang": page_language(request), "code": code, "reason": exc.code, "retry_after": retry_after},
        status_code=exc.status,
        headers={"Retry-After": str(retry_after)} if retry_after else None,
    )


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8") if path.exists() else ""
