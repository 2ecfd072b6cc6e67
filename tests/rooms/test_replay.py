"""A game record replays, through the same pure rules, to every state the table went through, anywhere.

Random games of every game at every player count are recorded as they are played, written out as
the JSON a player downloads, read back as an upload is, and replayed: every version's view for
every seat is the one the table computed, and the end is the same. Records altered by hand are refused.
"""

import itertools
from random import Random
from typing import Any

import orjson
import pytest

from app.engine import Action, GameRules, Seat, full_view
from app.engine.playout import random_playout
from app.games import RULES_BY_SLUG
from app.persistence import GameSummary
from app.rooms.errors import TableError
from app.rooms.replay import (
    CHECKPOINT_EVERY,
    MAX_RECORD_ACTIONS,
    REPLAY_BUDGET_US,
    GameRecord,
    RecordedAction,
    Replay,
    check_budget,
)
from app.rooms.reviews import evening_totals, record_id
from app.web.review_api import RecordBody

GAMES_PER_COUNT = 2
TABLES = [(slug, seats) for slug, rules in RULES_BY_SLUG.items() for seats in sorted(rules.seat_counts)]


def played(rules: GameRules[Any, Any], seats: int, seed: int) -> tuple[GameRecord, list[Any]]:
    """A random game's record and its every state."""
    actions: list[RecordedAction] = []
    states: list[Any] = [rules.deal(seats, {}, Random(seed))]

    def note(_k: int, seat: Seat, action: Action, _before: Any, after: Any) -> None:
        actions.append(RecordedAction(seat, action.to_json(), by_clock=len(actions) % 5 == 2))
        states.append(after)

    final, _ = random_playout(rules, seats, seed, note)
    outcome = rules.outcome(final)
    assert outcome is not None
    record = GameRecord(
        rules.slug, {}, tuple(f"P{s}" for s in range(seats)), seed, 0, tuple(actions), outcome.to_json()
    )
    return record, states


def through_json(record: GameRecord) -> GameRecord:
    """The record downloaded as JSON and uploaded again."""
    return RecordBody.model_validate_json(orjson.dumps(record.to_json())).record()


@pytest.mark.parametrize(("game", "seats"), TABLES, ids=[f"{g}-{n}" for g, n in TABLES])
def test_a_record_replays_every_view_and_the_end(game: str, seats: int) -> None:
    rules = RULES_BY_SLUG[game]
    for seed in range(GAMES_PER_COUNT):
        record, states = played(rules, seats, seed)
        replay = Replay(through_json(record))
        replay.check_result(record.result)
        assert replay.last_version == len(record.actions)
        for version, state in enumerate(states):
            for seat in [*range(seats), None]:
                assert replay.view(version, seat) == full_view(rules, state, seat)
        assert replay.last_state == states[-1]
        assert replay.outcome == record.result
        # A decision the bot made when time ran out is said in the log, before what it did.
        timed = [line for line in replay.log_json(None, everything=True) if line["kind"] == "timed_out"]
        assert [line["v"] for line in timed] == [k for k, a in enumerate(record.actions, 1) if a.by_clock]


def test_a_version_outside_the_game_is_refused() -> None:
    record, states = played(RULES_BY_SLUG["bremen"], 4, 3)
    replay = Replay(record)
    for version in (-1, len(states)):
        with pytest.raises(TableError) as refused:
            replay.view(version, 0)
        assert (refused.value.code, refused.value.status) == ("no_such_version", 404)


def _fields(record: GameRecord) -> dict[str, Any]:
    return {name: getattr(record, name) for name in GameRecord.__slots__}


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"seed": 12345}, {"record_illegal_action", "record_mismatch"}),
        ({"game": "mahjong"}, {"no_such_game"}),
        ({"seats": ("A",)}, {"bad_record"}),
        ({"options": {"no_such_option": True}}, {"bad_record"}),
        ({"result": {"winners": [], "result": "loss", "reason": None, "scores": None}}, {"record_mismatch"}),
    ],
    ids=["wrong-seed", "unknown-game", "wrong-seat-count", "unknown-option", "claimed-result"],
)
def test_a_tampered_record_is_refused(change: dict[str, Any], code: set[str]) -> None:
    record, _ = played(RULES_BY_SLUG["hansa"], 3, 1)
    with pytest.raises(TableError) as refused:
        tampered = GameRecord(**{**_fields(record), **change})
        Replay(tampered).check_result(tampered.result)
    assert refused.value.code in code and refused.value.status == 400


def test_an_action_by_a_seat_the_record_does_not_have_is_refused() -> None:
    record, _ = played(RULES_BY_SLUG["bluebell"], 2, 4)
    moved = (*record.actions[:3], RecordedAction(5, record.actions[3].action), *record.actions[4:])
    with pytest.raises(TableError) as refused:
        Replay(GameRecord(**{**_fields(record), "actions": moved}))
    assert (refused.value.code, refused.value.message) == (
        "bad_record",
        "Action 4 is by a seat the record does not have.",
    )


def test_an_illegal_action_is_named() -> None:
    record, _ = played(RULES_BY_SLUG["bremen"], 4, 2)
    moved = (RecordedAction((record.actions[0].seat + 1) % 4, record.actions[0].action), *record.actions[1:])
    with pytest.raises(TableError) as refused:
        Replay(GameRecord(**{**_fields(record), "actions": moved}))
    assert refused.value.code == "record_illegal_action"
    assert refused.value.message.startswith("Action 1 (seat ")


def test_any_version_is_reached_from_the_states_kept_in_any_order() -> None:
    """A replay keeps a state every CHECKPOINT_EVERY versions and steps from the nearest: asked for in any
    order (a slider dragged back and forth), every version is the state the table went through."""
    rules = RULES_BY_SLUG["brownies"]
    record, states = played(rules, 4, 7)
    replay = Replay(record)
    assert len(states) > 4 * CHECKPOINT_EVERY
    assert len(replay.checkpoints) == 1 + len(record.actions) // CHECKPOINT_EVERY
    order = list(range(len(states)))
    Random(3).shuffle(order)
    for version in [*order, *reversed(range(len(states)))]:
        assert replay.state_at(version) == states[version]


def test_a_game_carried_on_in_pieces_is_the_game_replayed_whole() -> None:
    rules = RULES_BY_SLUG["baroque"]
    record, states = played(rules, 3, 5)
    whole = Replay(record)
    growing = Replay(GameRecord(**{**_fields(record), "actions": (), "result": None}))
    assert growing.outcome is None
    cuts = [0, 1, 2, 40, 41, 120, len(record.actions)]
    for start, end in itertools.pairwise(cuts):
        growing.extend(record.actions[start:end])
        assert growing.last_version == end and growing.state_at(end) == states[end]
    assert growing.log == whole.log and growing.outcome == whole.outcome == record.result
    assert [growing.state_at(v) for v in range(len(states))] == states


def test_an_illegal_action_in_a_later_piece_keeps_what_came_before() -> None:
    record, states = played(RULES_BY_SLUG["bremen"], 4, 2)
    replay = Replay(GameRecord(**{**_fields(record), "actions": record.actions[:3], "result": None}))
    wrong = RecordedAction(record.actions[4].seat, {"type": "no_such_move"})
    with pytest.raises(TableError) as refused:
        replay.extend((record.actions[3], wrong))
    assert refused.value.message.startswith("Action 5 (seat ")
    assert replay.last_version == 4 and replay.state_at(4) == states[4]


@pytest.mark.parametrize("game", list(RULES_BY_SLUG))
def test_a_record_beyond_its_games_replay_budget_is_refused_before_any_work(game: str) -> None:
    rules = RULES_BY_SLUG[game]
    most = REPLAY_BUDGET_US // rules.replay_cost_us
    record, _ = played(rules, min(rules.seat_counts), 1)
    check_budget(GameRecord(**{**_fields(record), "actions": record.actions[:1] * min(most, MAX_RECORD_ACTIONS)}))
    if most < MAX_RECORD_ACTIONS:
        with pytest.raises(TableError) as refused:
            check_budget(GameRecord(**{**_fields(record), "actions": record.actions[:1] * (most + 1)}))
        assert (refused.value.code, refused.value.status) == ("record_too_long", 413)
        assert f"at most {most} actions" in refused.value.message


def test_a_records_id_is_its_game_not_its_names_or_its_claim() -> None:
    record, _ = played(RULES_BY_SLUG["hansa"], 3, 1)
    renamed = GameRecord(**{**_fields(record), "seats": ("Ann", "Bo", "Cy"), "result": None})
    assert record_id(renamed) == record_id(record)
    for change in ({"seed": record.seed + 1}, {"actions": record.actions[:-1]}, {"options": {"opening_draft": True}}):
        assert record_id(GameRecord(**{**_fields(record), **change})) != record_id(record)


def test_the_evening_sums_wins_and_scores() -> None:
    games = [
        GameSummary(1, {"winners": [1], "result": "ranked", "reason": None, "scores": [3, 9, 4]}, True),
        GameSummary(2, {"winners": [0, 2], "result": "ranked", "reason": None, "scores": [7, 1, 7]}, True),
        GameSummary(3, None, True),  # being played: not counted yet
    ]
    assert evening_totals(games, 3) == {"wins": [1, 1, 1], "scores": [10, 10, 11]}
    cooperative = [GameSummary(1, {"winners": [0, 1], "result": "win", "reason": None, "scores": None}, True)]
    assert evening_totals(cooperative, 2) == {"wins": [1, 1], "scores": None}
