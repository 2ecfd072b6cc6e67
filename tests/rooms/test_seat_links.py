"""The rules of seat links, in process: who may make one, what using one changes, when it stops working."""

import pytest

from app.persistence import TableStatus
from app.rooms.errors import TableError
from app.rooms.identity import hash_token
from app.rooms.seat_links import KeyChange, SignedOut, make_link, use_link
from app.rooms.seating import Seating, SeatSlot

PLAYING = TableStatus.PLAYING
HOUR = 3600


def table() -> tuple[Seating, list[str]]:
    """Three players seated (one token each) and a bot seated from the start."""
    seating = Seating("ABCDEF", [SeatSlot(f"P{s}", human=True) for s in range(3)] + [SeatSlot("Bot", is_bot=True)])
    tokens = []
    for seat in range(3):
        _, key, token = seating.new_player(seat, f"P{seat}")
        seating.change_keys([key])
        tokens.append(token)
    return seating, tokens


def apply(seating: Seating, change: KeyChange) -> None:
    seating.change_keys(change.add, change.remove, change.signed_out, change.why)


def test_moving_a_seat_gives_the_new_browser_its_own_token_and_signs_the_old_one_out() -> None:
    seating, tokens = table()
    made = make_link(seating, seating.key_for(tokens[1]), 1, False, PLAYING, {0, 1, 2}, 1000, HOUR, 4)
    apply(seating, made)
    assert seating.seat_for(made.token) is None  # a link is no browser's key
    used = use_link(seating, made.token, None, PLAYING, 1001)
    apply(seating, used)
    assert seating.seat_for(used.token) == 1 and used.token not in {made.token, tokens[1]}
    assert seating.seat_for(tokens[1]) is None and seating.revoked(tokens[1]) == SignedOut.MOVED
    with pytest.raises(TableError, match="used already"):
        use_link(seating, made.token, None, PLAYING, 1002)


def test_a_shared_seat_keeps_the_old_browser_up_to_the_limit() -> None:
    seating, tokens = table()
    for _ in range(3):
        made = make_link(seating, seating.key_for(tokens[0]), 0, True, PLAYING, {0}, 1000, HOUR, 4)
        apply(seating, made)
        apply(seating, use_link(seating, made.token, None, PLAYING, 1000))
    assert seating.seat_for(tokens[0]) == 0 and len(seating.keys_of(0)) == 4
    with pytest.raises(TableError) as refused:
        make_link(seating, seating.key_for(tokens[0]), 0, True, PLAYING, {0}, 1000, HOUR, 4)
    assert refused.value.code == "too_many_browsers"


def test_the_creator_reissues_only_an_away_players_seat_and_that_revokes_its_browsers() -> None:
    seating, tokens = table()
    host = seating.key_for(tokens[0])
    with pytest.raises(TableError, match="still at the table"):
        make_link(seating, host, 2, False, PLAYING, {0, 2}, 1000, HOUR, 4)
    with pytest.raises(TableError) as refused:
        make_link(seating, seating.key_for(tokens[1]), 2, False, PLAYING, {0}, 1000, HOUR, 4)
    assert refused.value.code == "not_your_seat"
    with pytest.raises(TableError, match="never a player's"):
        make_link(seating, host, 3, False, PLAYING, {0}, 1000, HOUR, 4)
    made = make_link(seating, host, 2, False, PLAYING, {0}, 1000, HOUR, 4)
    assert made.signed_out == (hash_token("ABCDEF", tokens[2]),) and made.why is SignedOut.REISSUED
    apply(seating, made)
    assert seating.seat_for(tokens[2]) is None and seating.revoked(tokens[2]) == "reissued"
    again = make_link(seating, host, 2, False, PLAYING, {0}, 1001, HOUR, 4)
    assert again.remove == (made.add[0].token_hash,)  # one link per seat: the older one stops working


def test_a_link_ends_with_its_time_and_with_the_game() -> None:
    seating, tokens = table()
    made = make_link(seating, seating.key_for(tokens[1]), 1, False, PLAYING, {1}, 1000, HOUR, 4)
    apply(seating, made)
    with pytest.raises(TableError) as expired:
        use_link(seating, made.token, None, PLAYING, 1000 + HOUR)
    assert expired.value.code == "seat_link_expired"
    for status in (TableStatus.FINISHED, TableStatus.EXPIRED):
        with pytest.raises(TableError, match="over"):
            use_link(seating, made.token, None, status, 1001)
        with pytest.raises(TableError, match="over"):
            make_link(seating, seating.key_for(tokens[1]), 1, False, status, {1}, 1000, HOUR, 4)
