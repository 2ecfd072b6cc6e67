"""The migrations carry a table's data across a schema change, on both databases, and back."""

import asyncio

from alembic import command
from alembic.config import Config
from sqlalchemy import text

from app.config import ROOT
from app.main import migrate
from app.persistence import KeyRecord, RoomStore, SeatRecord
from app.persistence.db import make_engine
from app.rooms.identity import hash_token
from app.rooms.seating import Seating, seat_slots


def alembic(database_url: str) -> Config:
    config = Config(str(ROOT / "alembic.ini"))
    config.set_main_option("sqlalchemy.url", database_url.replace("%", "%%"))
    return config


async def test_a_seats_one_token_becomes_its_first_key_and_nothing_else_is_lost(database_url: str) -> None:
    await asyncio.to_thread(command.upgrade, alembic(database_url), "0003")
    engine = make_engine(database_url)
    async with engine.begin() as db:
        await db.execute(
            text(
                "INSERT INTO rooms (id, game, options, seat_count, seed, status) "
                "VALUES ('ABC234', 'bremen', '{}', 4, 7, 'playing')"
            )
        )
        for seat, name, token_hash, bot in [
            (0, "Mina", hash_token("ABC234", "mina-token"), False),
            (1, "Bot", None, True),
        ]:
            await db.execute(
                text("INSERT INTO seats (room_id, seat, name, token_hash, is_bot) VALUES ('ABC234', :s, :n, :t, :b)"),
                {"s": seat, "n": name, "t": token_hash, "b": bot},
            )
        await db.execute(
            text("INSERT INTO actions (room_id, version, seat, payload) VALUES ('ABC234', 1, 0, :p)"),
            {"p": '{"type": "pass"}'},
        )
    await engine.dispose()

    await asyncio.to_thread(migrate, database_url)
    engine = make_engine(database_url)
    store = RoomStore(engine)
    record = await store.load("ABC234")
    await store.close()
    await engine.dispose()
    assert record is not None
    assert record.seats == (SeatRecord(0, "Mina", True, False), SeatRecord(1, "Bot", False, True))
    assert record.keys == (KeyRecord(hash_token("ABC234", "mina-token"), 0),)
    assert record.actions == ((0, {"type": "pass"}),)  # rebuilding a table kept its children
    assert Seating("ABC234", seat_slots(record), record.keys).seat_for("mina-token") == 0  # the old cookie still works

    await asyncio.to_thread(command.downgrade, alembic(database_url), "0003")
    engine = make_engine(database_url)
    async with engine.connect() as db:
        rows = (await db.execute(text("SELECT seat, token_hash FROM seats ORDER BY seat"))).all()
    await engine.dispose()
    assert [tuple(row) for row in rows] == [(0, hash_token("ABC234", "mina-token")), (1, None)]


async def test_a_tables_latest_result_keeps_what_its_game_replays_from(database_url: str) -> None:
    await asyncio.to_thread(command.upgrade, alembic(database_url), "0005")
    engine = make_engine(database_url)
    async with engine.begin() as db:
        await db.execute(
            text(
                "INSERT INTO rooms (id, game, options, seat_count, seed, status, game_no, first_version) "
                "VALUES ('AGN234', 'bremen', '{}', 4, 77, 'finished', 2, 10)"
            )
        )
        for version in (9, 11, 12):
            await db.execute(
                text("INSERT INTO actions (room_id, version, seat, payload) VALUES ('AGN234', :v, 0, '{}')"),
                {"v": version},
            )
        for game_no in (1, 2):
            await db.execute(
                text("INSERT INTO results (room_id, game_no, outcome) VALUES ('AGN234', :n, '{}')"), {"n": game_no}
            )
    await engine.dispose()

    await asyncio.to_thread(migrate, database_url)
    engine = make_engine(database_url)
    store = RoomStore(engine)
    games = await store.games("AGN234")
    latest = await store.game("AGN234", 2)
    await store.close()
    await engine.dispose()
    # The first game's seed was overwritten when the table played again: it is listed, not replayable.
    assert [(g.game_no, g.replayable) for g in games] == [(1, False), (2, True)]
    assert latest is not None and (latest.seed, latest.first_version) == (77, 10)
    assert [a.version for a in latest.actions] == [11, 12]

    await asyncio.to_thread(command.downgrade, alembic(database_url), "0005")
    engine = make_engine(database_url)
    async with engine.connect() as db:
        rows = (await db.execute(text("SELECT game_no FROM results ORDER BY game_no"))).all()
    await engine.dispose()
    assert [row[0] for row in rows] == [1, 2]


async def test_chat_kept_before_the_caps_is_cut_to_a_tables_latest_lines(database_url: str) -> None:
    await asyncio.to_thread(command.upgrade, alembic(database_url), "0006")
    engine = make_engine(database_url)
    async with engine.begin() as db:
        for code, status in [("CHT234", "playing"), ("GON234", "expired")]:
            await db.execute(
                text(
                    "INSERT INTO rooms (id, game, options, seat_count, seed, status) "
                    "VALUES (:code, 'bremen', '{}', 4, 7, :status)"
                ),
                {"code": code, "status": status},
            )
        rows = [{"code": "CHT234", "n": n} for n in range(1, 131)] + [{"code": "GON234", "n": 1}]
        await db.execute(
            text("INSERT INTO chat_lines (room_id, n, seat, name, text, at) VALUES (:code, :n, 0, 'Mina', 'hi', 0)"),
            rows,
        )
    await engine.dispose()

    await asyncio.to_thread(migrate, database_url)
    engine = make_engine(database_url)
    async with engine.connect() as db:
        kept = (await db.execute(text("SELECT room_id, min(n), max(n) FROM chat_lines GROUP BY room_id"))).all()
    await engine.dispose()
    assert [tuple(row) for row in kept] == [("CHT234", 31, 130)]
