"""The schema, as SQLAlchemy 2 models; Alembic migrations create it."""

from datetime import datetime
from enum import StrEnum

from sqlalchemy import JSON, BigInteger, Boolean, DateTime, ForeignKey, Index, Integer, String, false, func, true
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class TableStatus(StrEnum):
    """Where a table is in its life; stored as its value."""

    WAITING = "waiting"  # seats being taken
    PLAYING = "playing"
    FINISHED = "finished"  # until it plays again
    EXPIRED = "expired"  # never started, and its players long gone


class RoomRow(Base):
    """A table: its game, options and seed; the action log below is its truth."""

    __tablename__ = "rooms"
    __table_args__ = (Index("ix_rooms_status_active_at", "status", "active_at"),)

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, object]] = mapped_column(JSON)
    seat_count: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16), index=True)  # a TableStatus
    # A table plays game after game with the same seats; the seed is the current game's, and its
    # actions are those numbered after first_version (versions never restart at a table).
    game_no: Mapped[int] = mapped_column(Integer, server_default="1")
    first_version: Mapped[int] = mapped_column(Integer, server_default="0")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    # When a seated player was last around (Unix seconds): a table never started expires from it.
    active_at: Mapped[int] = mapped_column(BigInteger, server_default="0")
    # The chat's setting, chosen by the creator: who may write (a ChatMode), and whether spectators may.
    chat_mode: Mapped[str] = mapped_column(String(16), server_default="open")
    spectator_chat: Mapped[bool] = mapped_column(Boolean, server_default=false())
    # Seconds per decision (None: no turn timer), and the clock as it stood after the last change.
    turn_seconds: Mapped[int | None] = mapped_column(Integer, nullable=True)
    clock: Mapped[dict[str, object] | None] = mapped_column(JSON, nullable=True)
    # A practice table ("Learn <game>"): its page opens with the coach; otherwise an ordinary table.
    practice: Mapped[bool] = mapped_column(Boolean, server_default=false())
    # Counts the changes to the table that are not moves (seats, start, chat setting, clock pause): each
    # is written only if the table still stands at the revision and version the writer holds.
    revision: Mapped[int] = mapped_column(Integer, server_default="0")
    # Whether its players may ask the bot for a hint (the creator's choice; app/rooms/hints.py).
    hints: Mapped[bool] = mapped_column(Boolean, server_default=true())


class SeatRow(Base):
    """A seat: the nickname, whether a person took it, whether a bot plays it."""

    __tablename__ = "seats"

    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    # A person took the seat (a bot may be playing it for them); a bot seated from the start has no one.
    human: Mapped[bool] = mapped_column(Boolean, server_default=false())
    is_bot: Mapped[bool] = mapped_column(Boolean, default=False)


class SeatKeyRow(Base):
    """A secret that opens a seat, kept only as its hash: a browser's seat token, or a seat link not yet used."""

    __tablename__ = "seat_keys"

    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    # A seat link works once, until then (Unix seconds); a browser's token has no end here (its cookie has).
    expires_at: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    # The browser token a link signs out when it is used (a seat moved, not shared).
    signs_out: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # Why a browser's token no longer opens the seat ("moved", "reissued"): kept to tell that browser.
    revoked: Mapped[str | None] = mapped_column(String(16), nullable=True)


class ChatRow(Base):
    """One chat line or reaction, numbered 1, 2, … per table."""

    __tablename__ = "chat_lines"

    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True)
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)  # None: a spectator
    name: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(String(800))
    reaction: Mapped[str | None] = mapped_column(String(16), nullable=True)
    at: Mapped[int] = mapped_column(BigInteger)  # Unix seconds


class ActionRow(Base):
    """One accepted action; append-only, numbered 1, 2, … per room."""

    __tablename__ = "actions"

    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True)
    version: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    payload: Mapped[dict[str, object]] = mapped_column(JSON)
    by_clock: Mapped[bool] = mapped_column(Boolean, server_default=false())  # the bot chose: the seat's time ran out
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class ResultRow(Base):
    """How one game at a table ended."""

    __tablename__ = "results"

    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True)
    game_no: Mapped[int] = mapped_column(Integer, primary_key=True, server_default="1")
    outcome: Mapped[dict[str, object]] = mapped_column(JSON)
    # What the game replays from: its seed, and its actions are those numbered first_version+1..last_version.
    # None for a game that ended before results kept them (only a table's latest game was filled in).
    seed: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    first_version: Mapped[int | None] = mapped_column(Integer, nullable=True)
    last_version: Mapped[int | None] = mapped_column(Integer, nullable=True)
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
