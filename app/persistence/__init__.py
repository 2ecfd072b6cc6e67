"""SQLAlchemy models and the narrow repository the rooms layer uses."""

from app.persistence.faults import StoreUnavailable
from app.persistence.models import TableStatus
from app.persistence.store import RoomRecord, RoomStore, SeatRecord

__all__ = ["RoomRecord", "RoomStore", "SeatRecord", "StoreUnavailable", "TableStatus"]
