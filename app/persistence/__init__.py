"""SQLAlchemy models and the narrow repository the rooms layer uses."""

from app.persistence.batch_sinks import Superseded
from app.persistence.faults import StoreUnavailable
from app.persistence.models import TableStatus
from app.persistence.store import (
    ChatRecord,
    Fence,
    GameSummary,
    KeyRecord,
    RoomRecord,
    RoomStore,
    SeatRecord,
    StoredAction,
    StoredGame,
)

__all__ = [
    "ChatRecord",
    "Fence",
    "GameSummary",
    "KeyRecord",
    "RoomRecord",
    "RoomStore",
    "SeatRecord",
    "StoredAction",
    "StoredGame",
    "StoreUnavailable",
    "Superseded",
    "TableStatus",
]
