"""What one viewer may do at a table now (`may` in docs/protocol.md), for the page to show only those controls.

Each answer comes from the very check that refuses the request (seating.py, seat_links.py, chat.py,
clock.py), so the page and the server cannot disagree; the server still checks every request.
"""

from collections.abc import Callable, Collection
from typing import Literal

from app.engine import Seat
from app.persistence import TableStatus
from app.rooms import seat_links
from app.rooms.chat import Chat
from app.rooms.clock import check_pause
from app.rooms.errors import TableError
from app.rooms.seat_asks import check_askable
from app.rooms.seating import Seating, require_creator


def answer(check: Callable[..., object], *args: object) -> Literal[True] | str:
    """True when `check(*args)` passes, else the code of its refusal (the page says why it is not possible)."""
    try:
        check(*args)
    except TableError as exc:
        return exc.code
    return True


def may(
    seat: Seat | None,
    status: TableStatus,
    seating: Seating,
    chat: Chat,
    timer_on: bool,
    game_has_bot: bool,
    present: Collection[Seat | None],
) -> dict[str, object]:
    """The viewer at `seat` (None: a spectator): each control, or the seats each per-seat control may act on."""
    playing = status == TableStatus.PLAYING
    seats = range(len(seating))
    with_bot, make_link = seating.with_bot, seat_links.check_maker
    return {
        "join": answer(seating.to_join, status, None, seat),
        "start": answer(seating.ready_to_start, seat, status),
        "seat_bot": [s for s in seats if answer(with_bot, seat, s, True, status, present, game_has_bot) is True],
        "unseat_bot": [s for s in seats if answer(with_bot, seat, s, False, status, present, game_has_bot) is True],
        "seat_link": [s for s in seats if answer(make_link, seating, seat, s, status, present) is True],
        "ask_seat": [s for s in seats if answer(check_askable, seat, s, seating, status, present) is True],
        "pause_clock": answer(check_pause, seat, timer_on, status),
        "set_chat": answer(require_creator, seat),
        "play_again": answer(seating.ready_for_next_game, seat, status, False),
        "react": answer(chat.check_writer, seat, False, playing),
        "write": answer(chat.check_writer, seat, True, playing),
    }
