"""Server-rendered pages: the lobby and the table."""

from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates

from app.config import ROOT
from app.games import RULES_BY_SLUG
from app.rooms.errors import TableError
from app.web.deps import RoomsDep

router = APIRouter()
templates = Jinja2Templates(directory=ROOT / "templates")
RULES_DIR = ROOT / "templates" / "rules"


def page_language(request: Request) -> str:
    """Japanese when the browser prefers it, else English; the page's switch can change it."""
    accepted = request.headers.get("accept-language", "").lower()
    first = accepted.split(",")[0].strip()
    return "ja" if first.startswith("ja") else "en"


@router.get("/", response_class=HTMLResponse)
def lobby(request: Request) -> HTMLResponse:
    games = [{"slug": r.slug, "title": dict(r.title), "seat_counts": sorted(r.seat_counts)}
             for r in RULES_BY_SLUG.values()]
    return templates.TemplateResponse(request, "lobby.html", {"lang": page_language(request), "games": games})


@router.get("/t/{code}", response_class=HTMLResponse)
async def table(request: Request, code: str, rooms: RoomsDep) -> HTMLResponse:
    try:
        room = await rooms.get(code)
    except TableError:
        return templates.TemplateResponse(request, "missing.html", {"lang": page_language(request), "code": code},
                                          status_code=404)
    rules_panel = RULES_DIR / f"{room.rules.slug}.html"
    return templates.TemplateResponse(request, "table.html", {
        "lang": page_language(request), "code": room.id, "game": room.rules.slug,
        "title": dict(room.rules.title), "rules_panel": _read(rules_panel),
    })


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8") if path.exists() else ""
