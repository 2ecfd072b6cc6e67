"""Seat links: a private link (and its QR code) that opens a seat in another browser.

A seat's player makes one to move the seat (this browser then watches) or to share it (both play);
the host makes one for a player who is away, which revokes every older key of that seat. A link
works once, for a limited time, and is kept only as its hash; using it gives the new browser a
token of its own. Pure: each function refuses (TableError) or says what changes; the room records
that, then applies it.
"""

from collections.abc import Collection
from dataclasses import dataclass
from enum import StrEnum

from app.engine import Seat
from app.persistence import KeyRecord, TableStatus
from app.rooms.errors import TableError
from app.rooms.identity import hash_token, new_token
from app.rooms.seating import CREATOR, Seating


class SignedOut(StrEnum):
    """Why a browser lost its seat (stored with its token): it is told, in these words, and goes on watching."""

    MOVED = "moved"  # its player used a link that moved the seat to another browser
    REISSUED = "reissued"  # the host gave the seat a new link


@dataclass(frozen=True, slots=True)
class KeyChange:
    """What making or using a link changes: keys added, links removed, browsers signed out; the new secret."""

    seat: Seat
    token: str  # the link's secret, or the new browser's token; never stored
    add: tuple[KeyRecord, ...]
    remove: tuple[str, ...]  # links used up or replaced
    signed_out: tuple[str, ...] = ()  # browsers' tokens revoked: their open tabs are closed and told why
    why: SignedOut = SignedOut.MOVED


def make_link(
    seating: Seating,
    by: KeyRecord | None,
    seat: Seat,
    keep: bool,
    status: TableStatus,
    present: Collection[Seat | None],
    now: int,
    lifetime: int,
    max_browsers: int,
) -> KeyChange:
    """A new link for `seat`, asked for by the browser holding `by` (None: a spectator).

    Its own player may make one for it (`keep`: this browser keeps the seat too); the host may make one
    for a player who is away, which revokes the seat's browsers. A seat has one link at a time.
    """
    check_maker(seating, None if by is None else by.seat, seat, status, present)
    assert by is not None  # a spectator is not a maker
    keys = seating.keys_of(seat)
    token = new_token()
    if by.seat == seat:
        if keep and sum(not key.is_link for key in keys) >= max_browsers:
            raise TableError(
                "too_many_browsers", "This seat is open in as many browsers as it may be; move it instead.", 409
            )
        link = KeyRecord(hash_token(seating.room_id, token), seat, now + lifetime, None if keep else by.token_hash)
        return KeyChange(seat, token, (link,), _links(keys))
    link = KeyRecord(hash_token(seating.room_id, token), seat, now + lifetime)
    browsers = tuple(key.token_hash for key in keys if not key.is_link)
    return KeyChange(seat, token, (link,), _links(keys), signed_out=browsers, why=SignedOut.REISSUED)


def check_maker(
    seating: Seating, by: Seat | None, seat: Seat, status: TableStatus, present: Collection[Seat | None]
) -> None:
    """Refuses unless `by` may make a link for `seat` now: its own, or (the host) an away player's."""
    require_open_table(status)
    if not 0 <= seat < len(seating):
        raise TableError("bad_seat", "No such seat.", 400)
    if by not in {seat, CREATOR}:
        raise TableError(
            "not_your_seat", "Only that seat's player, or the host while that player is away, can make its link.", 403
        )
    if not seating.slots[seat].human:
        raise TableError("not_a_player_seat", "That seat was never a player's.", 409)
    if by != seat and seat in present:
        raise TableError("player_present", "That player is still at the table; they can make their own seat link.", 409)


def use_link(seating: Seating, link_token: str, held: KeyRecord | None, status: TableStatus, now: int) -> KeyChange:
    """Opens the link's seat in this browser (which holds `held` here, if anything): a token of its own.

    The link is used up, and the browser it was made to move the seat from is signed out.
    """
    link = seating.keys.get(hash_token(seating.room_id, link_token))
    if link is None or not link.is_link:
        raise TableError(
            "seat_link_unknown",
            "This seat link does not work: it was used already, replaced by a newer one, or never existed. "
            "Ask for a new one.",
            404,
        )
    if link.expires_at is not None and link.expires_at <= now:
        raise TableError("seat_link_expired", "This seat link has expired. Ask for a new one.", 410)
    require_open_table(status)
    if held is not None and held.seat != link.seat:
        raise TableError("already_seated", "This browser already has another seat at this table.", 409)
    token = new_token()
    browser = KeyRecord(hash_token(seating.room_id, token), link.seat)
    moved_from = seating.keys.get(link.signs_out or "")
    signed_out = (moved_from.token_hash,) if moved_from is not None and moved_from.opens_seat else ()
    # A browser that already held the seat trades its token for the new one.
    replaced = (held.token_hash,) if held is not None and held.token_hash not in signed_out else ()
    return KeyChange(link.seat, token, (browser,), (link.token_hash, *replaced), signed_out)


def _links(keys: list[KeyRecord]) -> tuple[str, ...]:
    """A seat has one link at a time: a new one replaces these."""
    return tuple(key.token_hash for key in keys if key.is_link)


def require_open_table(status: TableStatus) -> None:
    if status not in {TableStatus.WAITING, TableStatus.PLAYING}:
        raise TableError("table_over", "The game at this table is over: its seats no longer move.", 409)
