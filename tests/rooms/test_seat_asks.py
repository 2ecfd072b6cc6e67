"""The rules of asking the host for a seat back (app/rooms/seat_asks.py), in process."""

import pytest

from app.persistence import TableStatus
from app.rooms.errors import TableError, TooSoon
from app.rooms.seat_asks import ASK_AGAIN_SECONDS, MOST_ASKS, SeatAsks
from app.rooms.seating import Seating, SeatSlot

PLAYING = TableStatus.PLAYING
SEATING = Seating(
    "ABCD", [SeatSlot("Mina", human=True), SeatSlot("Ken", human=True), SeatSlot("Bot", is_bot=True), SeatSlot()]
)


def refused(asks: SeatAsks, **change: object) -> TableError:
    ask = {"tab": "t1", "asker": None, "name": "Ken", "seat": 1, "seating": SEATING, "status": PLAYING, "at_table": {0}}
    ask["now"] = 100.0
    with pytest.raises(TableError) as error:
        asks.ask(**{**ask, **change})  # type: ignore[arg-type]
    return error.value


def test_only_a_named_watching_tab_asks_for_a_players_seat_whose_player_is_gone_while_the_host_is_here() -> None:
    asks = SeatAsks()
    assert refused(asks, asker=2).code == "already_seated"
    assert refused(asks, name="").code == "name_needed"
    assert refused(asks, seat=4).code == "bad_seat"
    assert refused(asks, seat=2).code == "not_a_player_seat"
    assert refused(asks, seat=0).code == "host_seat"
    assert refused(asks, at_table={0, 1}).code == "player_present"
    assert refused(asks, at_table=set()).code == "host_away"
    assert refused(asks, status=TableStatus.FINISHED).code == "table_over"
    assert asks.to_json() == []
    made = asks.ask("t1", None, "Ken", 1, SEATING, PLAYING, {0}, 100.0)
    assert asks.to_json() == [{"id": "t1", "seat": 1, "name": "Ken"}]
    assert asks.answer(made.id) == made and asks.to_json() == []
    with pytest.raises(TableError) as gone:
        asks.answer(made.id)
    assert (gone.value.code, gone.value.status) == ("no_such_ask", 404)


def test_a_tab_asks_once_in_a_while_and_a_table_holds_a_few_asks() -> None:
    asks = SeatAsks()
    asks.ask("t1", None, "Ken", 1, SEATING, PLAYING, {0}, 100.0)
    too_soon = refused(asks, now=100.0 + ASK_AGAIN_SECONDS - 5)
    assert isinstance(too_soon, TooSoon) and too_soon.code == "asked_already" and 1 <= too_soon.retry_after <= 6
    asks.ask("t1", None, "Ken B.", 1, SEATING, PLAYING, {0}, 100.0 + ASK_AGAIN_SECONDS)  # a new ask replaces its own
    assert [a["name"] for a in asks.to_json()] == ["Ken B."]
    for k in range(2, MOST_ASKS + 1):
        asks.ask(f"t{k}", None, f"P{k}", 1, SEATING, PLAYING, {0}, 200.0)
    full = refused(asks, tab="t99", now=200.0)
    assert isinstance(full, TooSoon) and full.code == "too_many_asks"
    assert asks.tab_closed("t2") and not asks.tab_closed("t2")
    asks.ask("t99", None, "Sam", 1, SEATING, PLAYING, {0}, 200.0)  # a place came free
    assert len(asks.to_json()) == MOST_ASKS
