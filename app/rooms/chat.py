"""Table chat: short lines and quick reactions, kept with the table and written like moves.

Pure: `Chat.line` refuses (TableError) or says what line a message makes; the room records it
before anyone is told. Lines are text, shown as text by every page.
"""

from collections import deque
from collections.abc import Iterable
from enum import StrEnum

from app.engine import Seat
from app.persistence import CHAT_KEPT, ChatRecord
from app.rooms.errors import TableError
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


class Chat:
    """A table's chat: its setting and its latest lines."""

    def __init__(self, lines: Iterable[ChatRecord] = (), mode: ChatMode = ChatMode.OPEN, spectators: bool = False):
        self.lines: deque[ChatRecord] = deque(lines, maxlen=CHAT_KEPT)  # sent with every snapshot
        self.mode = mode
        self.spectators = spectators  # spectators may write too

    def line(
        self, seat: Seat | None, name: str, text: str | None, reaction: str | None, playing: bool, now: int
    ) -> ChatRecord:
        """The line this message makes, or the reason it makes none."""
        if self.mode is ChatMode.OFF:
            raise TableError("chat_off", "The table's creator has turned the chat off.", 403)
        if seat is None and not self.spectators:
            raise TableError("chat_players_only", "Only the players can write here.", 403)
        if (text is None) == (reaction is None):
            raise TableError("bad_message", "A message has either text or a reaction.", 400)
        if reaction is not None and reaction not in REACTIONS:
            raise TableError("chat_bad_reaction", "No such reaction.", 400)
        if text is not None:
            if playing and self.mode is ChatMode.REACTIONS:
                raise TableError("chat_reactions_only", "While the game is played, only reactions are sent.", 403)
            text = clean_text(text)
        n = self.lines[-1].n + 1 if self.lines else 1
        return ChatRecord(n, seat, name, text or "", reaction, now)

    def add(self, line: ChatRecord) -> None:
        self.lines.append(line)

    def settings_json(self) -> dict[str, object]:
        return {"mode": self.mode, "spectators": self.spectators}

    def to_json(self) -> dict[str, object]:
        return {**self.settings_json(), "lines": [line_json(line) for line in self.lines]}


def line_json(line: ChatRecord) -> dict[str, object]:
    return {
        "n": line.n,
        "seat": line.seat,
        "name": line.name,
        "text": line.text,
        "reaction": line.reaction,
        "at": line.at,
    }
