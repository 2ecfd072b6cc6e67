"""Table chat: short lines and quick reactions, kept with the table and written like moves.

`Chat.line` refuses (TableError) or says what line a message makes; the room records it before
anyone is told. Lines are text, shown as text by every page. Its pace is the table's, not a
socket's: each seat has one budget over all its tabs and browsers, the spectators share one, so
reconnecting buys nothing. A table keeps its latest lines only (a count and a size): what `add`
drops is dropped in the store in the same commit (`kept_from`).
"""

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from math import ceil
from typing import Self

from app.config import Settings
from app.engine import Seat
from app.persistence import ChatRecord
from app.rooms.errors import TableError, TooSoon
from app.rooms.pace import TokenBucket
from app.rooms.text import MAX_MARKS_IN_A_ROW, Flaw, flaw, normalised

REACTIONS = frozenset({"clap", "wow", "thanks", "nice"})  # each page draws them in its own language
MAX_CHARS = 200


class ChatMode(StrEnum):
    """Who may write, chosen by the table's creator."""

    OPEN = "open"
    REACTIONS = "reactions"  # while a game is played, reactions only: the table talk stays with the rules
    OFF = "off"


CHAT_FLAWS = {  # the refusal's code and message for each flaw
    Flaw.CONTROL: ("chat_bad_text", "A message cannot contain control characters."),
    Flaw.INVISIBLE: ("chat_empty", "A message needs some text."),
    Flaw.MARKS: (
        "chat_too_many_marks",
        f"A message may have at most {MAX_MARKS_IN_A_ROW} combining marks on one letter.",
    ),
}


def clean_text(raw: str) -> str:
    """A chat line as shown: normalised text without flaws (app/rooms/text.py), not too long."""
    text = normalised(raw)
    problem = flaw(text)  # an empty line draws nothing: Flaw.INVISIBLE
    if problem is not None:
        raise TableError(*CHAT_FLAWS[problem], 400)
    if len(text) > MAX_CHARS:
        raise TableError("chat_too_long", f"A message has at most {MAX_CHARS} characters.", 400)
    return text


@dataclass(frozen=True, slots=True)
class ChatLimits:
    """How fast a table's chat may go, and how much of it the table keeps (Settings, SECURITY.md)."""

    seat_rate: float  # lines a second, sustained
    seat_burst: int
    spectators_rate: float  # all the spectators together
    spectators_burst: int
    kept_lines: int
    kept_bytes: int

    @classmethod
    def of(cls, settings: Settings) -> Self:
        return cls(
            settings.chat_lines_per_second,
            settings.chat_burst,
            settings.spectator_chat_lines_per_second,
            settings.spectator_chat_burst,
            settings.chat_kept_lines,
            settings.chat_kept_bytes,
        )


def line_bytes(line: ChatRecord) -> int:
    """What a line costs to keep: its name and text in UTF-8 (a reaction is a short word)."""
    return len(line.name.encode()) + len(line.text.encode()) + len(line.reaction or "")


class Chat:
    """A table's chat: its setting, its pace and its latest lines."""

    def __init__(
        self,
        lines: Iterable[ChatRecord] = (),
        mode: ChatMode = ChatMode.OPEN,
        spectators: bool = False,
        limits: ChatLimits | None = None,
    ):
        self.limits = limits or ChatLimits.of(Settings())
        self.lines: deque[ChatRecord] = deque()  # sent with every snapshot
        self._bytes = 0  # of the lines kept
        for kept in lines:
            self.add(kept)
        self.mode = mode
        self.spectators = spectators  # spectators may write too
        self._pace: dict[Seat | None, TokenBucket] = {}  # a seat's, and (None) the spectators'

    def line(
        self, seat: Seat | None, name: str, text: str | None, reaction: str | None, playing: bool, now: float
    ) -> ChatRecord:
        """The line this message makes (counted against its sender's pace), or the reason it makes none."""
        self.check_writer(seat, text is not None, playing)
        if (text is None) == (reaction is None):
            raise TableError("bad_message", "A message has either text or a reaction.", 400)
        if reaction is not None and reaction not in REACTIONS:
            raise TableError("chat_bad_reaction", "No such reaction.", 400)
        if text is not None:
            text = clean_text(text)
        self._keep_pace(seat, now)
        n = self.lines[-1].n + 1 if self.lines else 1
        return ChatRecord(n, seat, name, text or "", reaction, int(now))

    def check_writer(self, seat: Seat | None, text: bool, playing: bool) -> None:
        """Refuses unless the creator's setting lets `seat` write now: a line of `text`, else a reaction."""
        if self.mode is ChatMode.OFF:
            raise TableError("chat_off", "The table's creator has turned the chat off.", 403)
        if seat is None and not self.spectators:
            raise TableError("chat_players_only", "Only the players can write here.", 403)
        if text and playing and self.mode is ChatMode.REACTIONS:
            raise TableError("chat_reactions_only", "While the game is played, only reactions are sent.", 403)

    def _keep_pace(self, seat: Seat | None, now: float) -> None:
        bucket = self._pace.get(seat)
        if bucket is None:
            limits = self.limits
            if seat is None:
                bucket = TokenBucket(limits.spectators_rate, limits.spectators_burst, now)
            else:
                bucket = TokenBucket(limits.seat_rate, limits.seat_burst, now)
            self._pace[seat] = bucket
        wait = bucket.take(now)
        if wait:
            whose = "This seat is" if seat is not None else "The spectators are"
            raise TooSoon("chat_too_fast", f"{whose} writing too fast; wait {ceil(wait)} s.", ceil(wait))

    def kept_from(self, line: ChatRecord) -> int:
        """The number of the oldest line kept once `line` is added: the ones before go over the caps."""
        count, size = len(self.lines) + 1, self._bytes + line_bytes(line)
        for old in self.lines:
            if count <= self.limits.kept_lines and size <= self.limits.kept_bytes:
                return old.n
            count, size = count - 1, size - line_bytes(old)
        return line.n  # the newest line is always kept

    def add(self, line: ChatRecord) -> None:
        first = self.kept_from(line)
        self.lines.append(line)
        self._bytes += line_bytes(line)
        while self.lines[0].n < first:
            self._bytes -= line_bytes(self.lines.popleft())

    def settings_json(self) -> dict[str, object]:
        return {"mode": self.mode, "spectators": self.spectators}

    def to_json(self) -> dict[str, object]:
        lines = [line_json(line) for line in self.lines]
        return {**self.settings_json(), "lines": lines, "kept": self.limits.kept_lines}


def line_json(line: ChatRecord) -> dict[str, object]:
    return {
        "n": line.n,
        "seat": line.seat,
        "name": line.name,
        "text": line.text,
        "reaction": line.reaction,
        "at": line.at,
    }
