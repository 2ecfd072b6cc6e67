"""Replays in worker processes: the same replay as in process, an upload replayed there and never
here, refusals that cross back as they were raised, limits per client and overall that hold until a
worker is done, and a dead worker replaced."""

import asyncio
import os
import signal
import time

import pytest

from app.games import RULES_BY_SLUG
from app.rooms.errors import TableError, TooSoon
from app.rooms.replay import GameRecord, Replay
from app.rooms.replay_pool import ReplayPool
from app.rooms.reviews import Reviews
from tests.rooms.test_replay import played


@pytest.fixture
def record() -> GameRecord:
    return played(RULES_BY_SLUG["brownies"], 4, 11)[0]


async def test_a_worker_replays_the_game_as_this_process_would(record: GameRecord) -> None:
    pool = ReplayPool(workers=1, at_once=4, per_client=2)
    try:
        there, here = await pool.replay(record, "a"), Replay(record)
        assert there.outcome == here.outcome == record.result
        assert there.log == here.log
        for version in range(0, here.last_version + 1, 7):
            assert there.view(version, 1) == here.view(version, 1)
        # Its worker runs below the server, which serves the live tables first.
        assert await asyncio.wrap_future(pool._pool().submit(os.nice, 0)) == 19
    finally:
        pool.close()


async def test_an_uploaded_record_is_replayed_in_a_worker_never_here(
    record: GameRecord, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Replayed here, a record would hold the tables' event loop for the whole game. The worker is a
    spawned process, which this test's patch does not reach."""

    def here(*args: object) -> None:
        raise AssertionError("a record was replayed in the server's own process")

    monkeypatch.setattr(Replay, "__init__", here)
    pool = ReplayPool(workers=1, at_once=4, per_client=2)
    try:
        _, review = await Reviews(rooms=None, pool=pool).upload(record, "a")  # type: ignore[arg-type]
        assert review.replay.outcome == record.result
    finally:
        pool.close()


async def test_a_refusal_crosses_back_as_it_was_raised(record: GameRecord) -> None:
    pool = ReplayPool(workers=1, at_once=4, per_client=2)
    try:
        with pytest.raises(TableError) as refused:
            await pool.replay(GameRecord(**{**_fields(record), "seed": record.seed + 1}), "a")
        assert (refused.value.code, refused.value.status) == ("record_illegal_action", 400)
        assert refused.value.message.startswith("Action ")
    finally:
        pool.close()


async def test_replays_are_limited_per_client_and_overall_until_a_worker_is_done(record: GameRecord) -> None:
    pool = ReplayPool(workers=1, at_once=3, per_client=2)
    try:
        first = [asyncio.create_task(pool.replay(record, "a")) for _ in range(2)]
        await asyncio.sleep(0)
        with pytest.raises(TooSoon) as busy:
            await pool.replay(record, "a")
        assert (busy.value.code, busy.value.status, busy.value.retry_after) == ("replays_busy", 429, 1)
        assert busy.value.message.startswith("Your address is")
        other = asyncio.create_task(pool.replay(record, "b"))
        await asyncio.sleep(0)
        with pytest.raises(TooSoon) as full:
            await pool.replay(record, "c")
        assert full.value.message.startswith("The server is")
        # An asker that goes away does not free its place: the worker is still at it.
        first[0].cancel()
        await asyncio.sleep(0)
        with pytest.raises(TooSoon):
            await pool.replay(record, "c")
        await asyncio.gather(first[1], other)
        for _ in range(100):  # the count is returned on the loop, just after the worker is done
            if not pool._busy:
                break
            await asyncio.sleep(0.01)
        assert (await pool.replay(record, "c")).outcome == record.result
    finally:
        pool.close()


async def test_a_killed_worker_fails_its_replay_and_the_next_one_starts_afresh(record: GameRecord) -> None:
    pool = ReplayPool(workers=1, at_once=4, per_client=4)
    try:
        pid = await asyncio.wrap_future(pool._pool().submit(os.getpid))
        pool._pool().submit(time.sleep, 5)  # the worker is busy: the replay waits behind it
        waiting = asyncio.create_task(pool.replay(record, "a"))
        await asyncio.sleep(0.2)
        os.kill(pid, signal.SIGKILL)
        with pytest.raises(TableError) as failed:
            await waiting
        assert (failed.value.code, failed.value.status) == ("replay_failed", 503)
        assert (await pool.replay(record, "a")).outcome == record.result
    finally:
        pool.close()


def _fields(record: GameRecord) -> dict[str, object]:
    return {name: getattr(record, name) for name in GameRecord.__slots__}
