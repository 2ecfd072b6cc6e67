"""Asking for a hint: "What would you do?" runs the game's bot on the asking seat's own view and
answers with its move and the reason that decided it.

A hint sees only what the asker sees (the bot is given the seat's view, never the state), changes
nothing in the game, and is said to everyone in the log, so the table knows who asked. A table's
creator may turn hints off for a serious game. Pure but for each seat's pace: the room tells the tabs.

A practice table ("Learn <game>") always gives hints, and neither paces nor logs them: its one player
plays only bots, and its coach asks the hint at each of that player's decisions to point at what to press.
"""

import math
from random import Random

from app.engine import Choice, Event, Seat
from app.persistence import TableStatus
from app.rooms.errors import TableError, TooSoon
from app.rooms.pace import TokenBucket
from app.rooms.session import TableSession

HINT_BURST = 3  # hints a seat may ask at once
HINT_RATE = 1 / 10  # then one every ten seconds: enough to learn with, too slow to play by


def hinted(seat: Seat) -> Event:
    """The log line everyone sees: this seat asked for a hint (never what the hint said)."""
    return Event("hinted", {"seat": seat})


class Hints:
    """Whether this table gives hints, and each seat's pace of asking (none at a practice table)."""

    def __init__(self, on: bool = True, practice: bool = False) -> None:
        self.on = on or practice
        self.practice = practice
        self._pace: dict[Seat, TokenBucket] = {}

    def ask(self, seat: Seat | None, session: TableSession, now: float) -> Choice:
        """The bot's move for `seat` now, from that seat's view, and why; raises unless it may ask."""
        if not self.on:
            raise TableError("hints_off", "Hints are turned off at this table.", 403)
        if seat is None:
            raise TableError("not_a_player", "You are not seated at this table.", 403)
        bot = session.rules.bot
        if bot is None:
            raise TableError("no_hints", "This game has no player to ask.", 409)
        if session.status != TableStatus.PLAYING or seat not in session.awaiting:
            raise TableError("nothing_to_decide", "There is nothing for you to decide now.", 409)
        view = session.view(seat)
        assert view is not None
        # Seeded by the table, version and seat: asking again at the same moment gives the same answer.
        choice = bot(view, Random(f"{session.seed}:hint:{session.version}:{seat}"))
        if choice is None:  # only something optional is left (a Bremen pinch signal after passing)
            raise TableError("nothing_to_decide", "There is nothing for you to decide now.", 409)
        wait = 0 if self.practice else self._pace.setdefault(seat, TokenBucket(HINT_RATE, HINT_BURST, now)).take(now)
        if wait:
            raise TooSoon("hint_too_soon", "You asked for a hint a moment ago; try again soon.", math.ceil(wait))
        return choice
