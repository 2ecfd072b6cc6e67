"""Request-scoped access to the app's singletons."""

from typing import Annotated

from fastapi import Depends, Request, WebSocket

from app.config import Settings
from app.rooms.manager import RoomManager


def _rooms(request: Request = None, websocket: WebSocket = None) -> RoomManager:  # type: ignore[assignment]
    return (request or websocket).app.state.rooms  # type: ignore[no-any-return]


def _settings(request: Request = None, websocket: WebSocket = None) -> Settings:  # type: ignore[assignment]
    return (request or websocket).app.state.settings  # type: ignore[no-any-return]


RoomsDep = Annotated[RoomManager, Depends(_rooms)]
SettingsDep = Annotated[Settings, Depends(_settings)]


def seat_cookie(code: str) -> str:
    """The cookie that holds this browser's seat token for one table."""
    return f"zashiki_{code.upper()}"
