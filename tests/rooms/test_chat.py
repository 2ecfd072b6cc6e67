"""The chat's pace and what a table keeps of it (app/rooms/chat.py), away from any socket."""

import pytest

from app.persistence import ChatRecord
from app.rooms.chat import Chat, ChatLimits, line_json
from app.rooms.errors import TooSoon

LIMITS = ChatLimits(seat_rate=0.5, seat_burst=3, spectators_rate=1.0, spectators_burst=4, kept_lines=5, kept_bytes=1024)


def write(chat: Chat, seat: int | None, text: str, now: float) -> ChatRecord:
    """A line as the room makes one: asked for, then kept."""
    line = chat.line(seat, "Mina" if seat is not None else "", text, None, False, now)
    chat.add(line)
    return line


def test_each_seat_has_one_pace_and_the_spectators_share_one() -> None:
    chat = Chat(limits=LIMITS, spectators=True)
    for i in range(3):
        write(chat, 0, f"hello {i}", now=100)
    with pytest.raises(TooSoon) as refused:
        write(chat, 0, "one more", now=100)
    assert (refused.value.code, refused.value.retry_after) == ("chat_too_fast", 2)  # 0.5 lines a second
    write(chat, 1, "another seat is not slowed", now=100)
    write(chat, 0, "two seconds later", now=102)
    for i in range(4):  # every spectator draws on the same budget, whichever socket it writes from
        write(chat, None, f"watcher {i}", now=100)
    with pytest.raises(TooSoon) as refused:
        write(chat, None, "a fifth watcher", now=100)
    assert refused.value.retry_after == 1


def test_a_refused_line_is_not_counted_and_not_numbered() -> None:
    chat = Chat(limits=LIMITS)
    first = write(chat, 0, "one", now=0)
    with pytest.raises(Exception, match="control"):
        chat.line(0, "Mina", "bell\x07", None, False, now=0)  # refused before the pace is asked
    assert [write(chat, 0, t, now=0).n for t in ("two", "three")] == [first.n + 1, first.n + 2]


def test_a_table_keeps_its_latest_lines_by_count_and_by_size() -> None:
    chat = Chat(limits=LIMITS)
    now = 0.0
    for i in range(8):
        now += 2
        line = chat.line(0, "Mina", f"line {i}", None, False, now)
        assert chat.kept_from(line) == max(1, line.n - LIMITS.kept_lines + 1)
        chat.add(line)
    assert [line["text"] for line in chat.to_json()["lines"]] == [f"line {i}" for i in range(3, 8)]  # type: ignore[union-attr]
    long = "長" * 150  # 450 bytes in UTF-8: two of them and a few short lines fill 1,024 bytes
    for text in (long, long, long):
        now += 2
        write(chat, 0, text, now)
    kept = [line_json(line)["text"] for line in chat.lines]
    assert kept == [long, long]
    assert sum(len(t.encode()) + len(b"Mina") for t in kept) <= LIMITS.kept_bytes


def test_the_newest_line_is_always_kept_and_a_loaded_chat_is_trimmed_to_the_caps() -> None:
    tiny = ChatLimits(1, 1, 1, 1, kept_lines=1, kept_bytes=1024)
    stored = [ChatRecord(n, 0, "Mina", f"old {n}", None, n) for n in range(1, 10)]
    chat = Chat(stored, limits=tiny)
    assert [line.n for line in chat.lines] == [9]
    line = chat.line(0, "Mina", "x" * 200, None, False, now=50)
    assert chat.kept_from(line) == line.n == 10
