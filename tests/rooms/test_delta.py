"""A view sent as patches is the view (docs/protocol.md, "Views and patches").

Random games of every game run through a real Room; each tab rebuilds its view from what it is sent,
by the rules the page applies (app/rooms/delta.py; the page's own module is proven the same in
tests/browser/test_delta_browser.py), and it must equal the game's own view at every version: for a
tab there from the start, one that reconnects mid-game, and one that misses a message and asks for a
fresh snapshot, as the page does.
"""

from collections.abc import AsyncIterator
from random import Random
from typing import Any

import orjson
import pytest

from app.engine import full_view
from app.games import RULES_BY_SLUG
from app.rooms.delta import SentView, apply_patch, pack_legal, patch, unpack_legal, unpack_view
from app.rooms.room import Room
from tests.rooms.test_session import FakeStore, Tab

GAMES = [(slug, seats) for slug, rules in RULES_BY_SLUG.items() for seats in sorted(rules.seat_counts)]


class PatchedTab(Tab):
    """A tab that draws the views it is sent, as the page does: patches applied to the view it holds;
    a patch of a version it does not hold is not applied, and it asks for a fresh snapshot."""

    def __init__(self, seat: int | None, room: Room, missing: set[int] = frozenset()) -> None:  # type: ignore[assignment]
        super().__init__(seat)
        self.room = room
        self.missing = set(missing)  # versions whose state this tab never receives (a lost message)
        self.version = -1
        self.wire: dict[str, Any] | None = None
        self.views: dict[int, dict[str, Any] | None] = {}
        self.asked_sync = 0
        self.left = False  # closed mid-game (its player reconnected in another tab)
        self.delivered: list[dict[str, Any]] = []  # what reached it, in order (a lost message did not)

    def push(self, message: bytes) -> None:
        decoded = orjson.loads(message)
        super().push(message)
        if decoded["type"] != "state":
            return
        if decoded["version"] in self.missing:
            self.missing.discard(decoded["version"])
            return
        self.delivered.append(decoded)
        if "patch" in decoded:
            if decoded["base"] != self.version:
                self.asked_sync += 1
                self.push(self.room.snapshot(self.seat))  # the server's answer to `sync`
                return
            self.wire = apply_patch(self.wire, decoded["patch"])
        else:
            self.wire = decoded["view"]
        self.version = decoded["version"]
        self.views[self.version] = unpack_view(self.wire)


async def play(slug: str, seats: int, seed: int) -> AsyncIterator[tuple[PatchedTab, dict[int, Any]]]:
    """A whole random game; yields each tab with the game's own view for its seat at every version."""
    rules = RULES_BY_SLUG[slug]
    room = Room(f"D{seed}", rules, rules.parse_options({}, seats), seats, seed, FakeStore(), bot_delay=0)  # type: ignore[arg-type]
    for seat in range(seats):
        await room.join(f"P{seat}")
    await room.start(0)
    tabs = [PatchedTab(seat, room) for seat in range(seats)] + [PatchedTab(None, room)]
    lost = PatchedTab(0, room, missing={room.version + 3, room.version + 9})
    for tab in [*tabs, lost]:
        await room.attach(tab)
    expected: dict[int | None, dict[int, Any]] = {seat: {} for seat in [*range(seats), None]}
    late: PatchedTab | None = None
    chooser = Random(seed)
    moves = 0
    while True:
        for seat in expected:
            expected[seat][room.version] = full_view(rules, room.state, seat)
        if rules.outcome(room.state) is not None:
            break
        moves += 1
        if moves == 5:  # a tab reconnects: its first message is a snapshot, then patches of it
            late = PatchedTab(seats - 1, room)
            await room.detach(tabs[-2])
            tabs[-2].left = True
            await room.attach(late)
        seat = chooser.choice(sorted(rules.awaiting(room.state)))
        action = chooser.choice(rules.legal_actions(room.state, seat))
        await room.submit(seat, room.version, action.to_json())
    assert lost.asked_sync == 2, "a tab that missed a state must notice at the next patch"
    for tab in [*tabs, lost, *([late] if late else [])]:
        yield tab, expected[tab.seat]


@pytest.mark.parametrize(("slug", "seats"), GAMES, ids=[f"{s}-{n}" for s, n in GAMES])
async def test_a_tab_drawing_from_patches_sees_the_games_own_view_at_every_version(slug: str, seats: int) -> None:
    for seed in range(3):
        async for tab, expected in play(slug, seats, seed):
            assert tab.views, "the tab was sent views"
            for version, view in tab.views.items():
                assert view == expected[version], f"seat {tab.seat} at version {version} of {slug} seed {seed}"
            assert tab.left or max(tab.views) == max(expected), "every tab at the table ends holding the last version"


@pytest.mark.parametrize("slug", list(RULES_BY_SLUG))
async def test_patches_carry_nothing_the_new_view_does_not(slug: str) -> None:
    """Every value a patch sets is a part of the view it makes, so a patch can leak no more than the view."""
    rules = RULES_BY_SLUG[slug]
    seats = max(rules.seat_counts)
    async for tab, _ in play(slug, seats, 11):
        held, wire = -1, None
        for message in tab.received:
            if message["type"] != "state":
                continue
            if "patch" not in message:
                held, wire = message["version"], message["view"]
                continue
            if message["base"] != held:  # the one a lost message made unusable; a snapshot follows
                continue
            new = apply_patch(wire, message["patch"])
            shown = strings(new)
            for op in message["patch"]:
                if len(op) > 1:
                    assert strings(op[1:]) <= shown, f"{op} sets what the view it makes does not hold"
            held, wire = message["version"], new


def strings(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {s for item in value.values() for s in strings(item)}
    if isinstance(value, list):
        return {s for item in value for s in strings(item)}
    return {value} if isinstance(value, str) else set()


@pytest.mark.parametrize("slug", list(RULES_BY_SLUG))
def test_packed_legal_actions_unpack_to_the_same_actions_in_the_same_order(slug: str) -> None:
    rules = RULES_BY_SLUG[slug]
    seats = max(rules.seat_counts)
    rng = Random(slug)
    state = rules.setup(seats, rules.parse_options({}, seats), rng)
    for _ in range(60):
        if rules.outcome(state) is not None:
            break
        for seat in range(seats):
            actions = [action.to_json() for action in rules.legal_actions(state, seat)]
            assert orjson.dumps(unpack_legal(orjson.loads(orjson.dumps(pack_legal(actions))))) == orjson.dumps(actions)
        seat = rng.choice(sorted(rules.awaiting(state)))
        state = rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat)), rng).state


def test_an_actions_objects_travel_inline_in_its_row_under_a_shape_naming_their_keys() -> None:
    actions = [
        {"type": "play", "card": "LON-10", "adjust": None, "take": {"space": "LON", "slot": 0}},
        {"type": "play", "card": "LON-10", "adjust": {"city": "BRU", "delta": 1}, "take": {"space": "LON", "slot": 1}},
        {"type": "play", "card": "BER-3", "adjust": None, "take": {"space": "BER", "slot": 2}},
    ]
    packed = pack_legal(actions)
    assert packed == {
        "shapes": [
            ["type", "card", "adjust", ["take", ["space", "slot"]]],
            ["type", "card", ["adjust", ["city", "delta"]], ["take", ["space", "slot"]]],
        ],
        "rows": [
            [0, "play", "LON-10", None, "LON", 0],
            [1, "play", "LON-10", "BRU", 1, "LON", 1],
            [0, "play", "BER-3", None, "BER", 2],
        ],
    }
    assert unpack_legal(orjson.loads(orjson.dumps(packed))) == actions


def test_a_patch_handles_lists_that_grow_shrink_and_move_on_and_values_that_change_kind() -> None:
    old = {
        "log": [1, 2, 3],
        "window": ["a", "b", "c", "d"],
        "hand": [{"id": 1, "up": False}, {"id": 2, "up": False}, {"id": 3, "up": False}],
        "cut": [1, 2, 3, 4],
        "gone": {"x": 1},
        "kind": [1, 2],
        "none": None,
        "seat": {"a": 1, "b": 2, "c": 3},
    }
    new = {
        "log": [1, 2, 3, 4, 5],
        "window": ["c", "d", "e", "f"],
        "hand": [{"id": 1, "up": False}, {"id": 2, "up": True}, {"id": 3, "up": False}],
        "cut": [1, 2],
        "kind": {"now": "an object"},
        "none": {"a": None},
        "seat": {"a": 1, "b": 5, "c": 3},
        "added": [],
    }
    ops = orjson.loads(patch(SentView.of(1, old), SentView.of(2, new), new, {}))
    assert apply_patch(old, ops) == new
    assert [["hand", 1], {"id": 2, "up": True}] in ops and [["seat", "b"], 5] in ops
    assert [["window"], 2, ["e", "f"]] in ops and [["log"], 0, [4, 5]] in ops and [["cut", 2]] in ops
    assert [["gone"]] in ops and [["kind"], {"now": "an object"}] in ops
    assert old["log"] == [1, 2, 3], "the view a page holds is left as it was"
    assert patch(SentView.of(2, new), SentView.of(3, new), new, {}) == b"[]"
    assert orjson.loads(SentView.of(2, new).encoded()) == new


def test_a_keys_next_change_is_found_from_the_items_kept_at_its_last() -> None:
    views = [
        {"hand": [{"id": 1}, {"id": 2}, {"id": 3}], "seats": {"a": 1, "b": 2, "c": 3}, "round": 1},
        {"hand": [{"id": 1}, {"id": 2, "up": True}, {"id": 3}], "seats": {"a": 1, "b": 5, "c": 3}, "round": 1},
        {"hand": [{"id": 1}, {"id": 2, "up": True}, {"id": 3}], "seats": {"a": 1, "b": 5, "c": 3}, "round": 2},
        {"hand": [{"id": 4}, {"id": 2, "up": True}, {"id": 3}], "seats": {"a": 0, "b": 5, "c": 3}, "round": 2},
    ]
    held, page = SentView.of(0, views[0]), views[0]
    for version, view in enumerate(views[1:], start=1):
        sent = SentView.of(version, view)
        page = apply_patch(page, orjson.loads(patch(held, sent, view, {})))
        assert page == view
        # Kept from the change that made them, and through a version that left them alone.
        assert set(sent.public.items) == {"hand", "seats"}
        assert sent.public.items["hand"] == [orjson.dumps(item) for item in view["hand"]]
        held = sent
    # What was kept is what is read: the held encoding, decoded, would make this a change of two items.
    held.public.encoded["hand"] = orjson.dumps([{"id": 9}, {"id": 2, "up": True}, {"id": 3}])
    new = {**views[-1], "hand": [{"id": 4}, {"id": 2}, {"id": 3}]}
    assert orjson.loads(patch(held, SentView.of(4, new), new, {})) == [[["hand", 1], {"id": 2}]]
