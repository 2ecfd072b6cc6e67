"""Request-scoped access to the app's singletons, and the per-client limits as dependencies."""

from collections.abc import Callable
from typing import Annotated

from fastapi import Depends, Request
from starlette.requests import HTTPConnection

from app.config import Settings
from app.rooms.manager import RoomManager
from app.rooms.reviews import Reviews
from app.web.clients import ClientLimits, client_of


def _rooms(connection: HTTPConnection) -> RoomManager:
    return connection.app.state.rooms  # type: ignore[no-any-return]


def _reviews(connection: HTTPConnection) -> Reviews:
    return connection.app.state.reviews  # type: ignore[no-any-return]


def _settings(connection: HTTPConnection) -> Settings:
    return connection.app.state.settings  # type: ignore[no-any-return]


def _limits(connection: HTTPConnection) -> ClientLimits:
    return connection.app.state.limits  # type: ignore[no-any-return]


RoomsDep = Annotated[RoomManager, Depends(_rooms)]
ReviewsDep = Annotated[Reviews, Depends(_reviews)]
SettingsDep = Annotated[Settings, Depends(_settings)]
LimitsDep = Annotated[ClientLimits, Depends(_limits)]


def limited(*kinds: str) -> Callable[[Request], None]:
    """A dependency that counts the request against the client's limits of these kinds (see ClientLimits)."""

    def count(request: Request) -> None:
        limits = _limits(request)
        for kind in kinds:
            limits.hit(kind, client_of(request))

    return count


def seat_cookie(code: str) -> str:
    """The cookie that holds this browser's seat token for one table."""
    return f"zashiki_{code.upper()}"
