"""The Harmony of Bremen: golden setup, every worked scenario of the spec (§10), every error code."""

import copy
import random
from collections.abc import Mapping, Sequence
from typing import cast

import pytest

from app.engine import Commits, Event, IllegalAction, Transition, full_view
from app.games.bremen import RULES
from app.games.bremen.cards import DECK, RANK, SEATS, VALUE, Animal, sort_cards
from app.games.bremen.state import BremenState, Ensemble, Phase, Reason, Result

DOG, ROOSTER, DONKEY, CAT = Animal.DOG, Animal.ROOSTER, Animal.DONKEY, Animal.CAT
FIXTURE_ROLES = (DOG, ROOSTER, DONKEY, CAT)  # §10: P0 dog, P1 rooster, P2 donkey, P3 cat

# The spec's error table (§4.2), its English messages copied word for word.
MESSAGES = {
    "invalid_action": "That action is not understood.",
    "game_over": "The game is over.",
    "not_a_player": "You are not seated at this table.",
    "wrong_step": "You cannot do that now.",
    "not_leader": "Only the leader declares.",
    "leader_already_committed": "Your declared card is already your play.",
    "already_committed": "You have already chosen.",
    "already_signalled": "You have already signalled.",
    "card_not_in_hand": "That card is not in your hand.",
}


def table(
    *,
    round: int,
    leader: int,
    hands: Mapping[int, Sequence[str]],
    failures: int = 0,
    phase: Phase = Phase.DECLARE,
    hard_mode: bool = False,
    roles: tuple[Animal, ...] = FIXTURE_ROLES,
) -> BremenState:
    """A mid-game table: the listed cards in hand, hands topped up, earlier rounds filled in.

    Earlier rounds are consistent with the counts: the first `failures` of them failed (each
    seat's card in its failed pile), the rest succeeded (to the discard pile).
    """
    resolved = round if phase is Phase.TUNING else round - 1
    size = 10 - resolved
    listed = {card for cards in hands.values() for card in cards}
    # Fillers by copy, then value: four neighbours in this order have different values.
    pool = sorted((c for c in DECK if c not in listed), key=lambda c: (c[-1], c))
    full: list[tuple[str, ...]] = []
    for seat in range(SEATS):
        own = list(hands.get(seat, ()))
        need = size - len(own)
        assert need >= 0
        full.append(sort_cards(own + pool[:need]))
        del pool[:need]
    history: list[Ensemble] = []
    discard: tuple[str, ...] = ()
    failed: list[tuple[str, ...]] = [()] * SEATS
    for number in range(1, resolved + 1):
        ascending = sorted(pool[:4], key=lambda c: VALUE[c])
        del pool[:4]
        success = number > failures
        plays = tuple(ascending[RANK[r]] if success else ascending[3 - RANK[r]] for r in roles)
        was_leader = (leader - (round - number)) % SEATS
        declared = plays[was_leader] if number < 10 else None
        history.append(Ensemble(number, was_leader, declared, plays, success))
        if success:
            discard += plays
        else:
            failed = [pile + (plays[s],) for s, pile in enumerate(failed)]
    return BremenState(
        roles=roles,
        hard_mode=hard_mode,
        hands=tuple(full),
        unused=sort_cards(pool),
        round=round,
        phase=phase,
        leader=leader,
        declared=None,
        plays=Commits.open(SEATS),
        passes=Commits.open(SEATS),
        pinch=(False,) * SEATS,
        failures=failures,
        discard=discard,
        failed=tuple(failed),
        history=tuple(history),
        pass_log=((),) * SEATS,
        result=None,
        reason=None,
    )


def rows(view: Mapping[str, object], key: str) -> list[Mapping[str, object]]:
    """The objects listed under `key` in a view."""
    listed = view[key]
    assert isinstance(listed, list) and all(isinstance(row, Mapping) for row in listed)
    return listed


def column(view: Mapping[str, object], key: str, field: str) -> list[object]:
    """One field of every object listed under `key` in a view."""
    return [row[field] for row in rows(view, key)]


def step(state: BremenState, seat: int, payload: Mapping[str, object]) -> Transition[BremenState]:
    """The transition for one action sent as JSON, as the server applies it."""
    return RULES.apply(state, seat, RULES.parse_action(payload), random.Random(0))


def act(state: BremenState, seat: int, payload: Mapping[str, object]) -> BremenState:
    return step(state, seat, payload).state


def declare(card: str) -> dict[str, object]:
    return {"type": "declare", "card_id": card}


def play(card: str) -> dict[str, object]:
    return {"type": "play", "card_id": card}


def pass_(card: str) -> dict[str, object]:
    return {"type": "pass", "card_id": card}


PINCH: dict[str, object] = {"type": "signal_pinch"}


def run(state: BremenState, moves: Sequence[tuple[int, Mapping[str, object]]]) -> BremenState:
    for seat, payload in moves:
        state = act(state, seat, payload)
    return state


def assert_refused(state: BremenState, seat: int, payload: Mapping[str, object], code: str) -> None:
    """The action is refused with `code` and the spec's message, and the state is as it was."""
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as refused:
        step(state, seat, payload)
    assert (refused.value.code, refused.value.message) == (code, MESSAGES[code])
    assert state == before


# --- B0: setup -------------------------------------------------------------------------------


def test_golden_setup_seed_42() -> None:
    # §10 B0.
    state = RULES.deal(4, {"first_leader": None, "hard_mode": False}, random.Random(42))
    assert [str(r) for r in state.roles] == ["dog", "cat", "donkey", "rooster"]
    assert [" ".join(hand) for hand in state.hands] == [
        "n02-4 n03-2 n05-4 n06-3 n06-4 n07-2 n09-2 n12-2 n12-3 n15-4",
        "n05-1 n05-3 n06-1 n06-2 n08-2 n08-4 n10-1 n11-1 n11-2 n11-3",
        "n01-4 n02-1 n03-4 n07-1 n08-3 n10-4 n13-1 n13-3 n14-4 n15-2",
        "n01-1 n03-3 n04-1 n05-2 n07-3 n08-1 n12-1 n13-2 n14-1 n14-3",
    ]
    assert " ".join(state.unused) == (
        "n01-2 n01-3 n02-2 n02-3 n03-1 n04-2 n04-3 n04-4 n07-4 n09-1 n09-3 n09-4 "
        "n10-2 n10-3 n11-4 n12-4 n13-4 n14-2 n15-1 n15-3"
    )
    assert (state.leader, state.round, state.phase, state.failures) == (1, 1, Phase.DECLARE, 0)
    sides = column(full_view(RULES, state, None), "seats", "side")
    assert sides == ["night", "morning", "night", "night"]


def test_first_leader_option_draws_nothing() -> None:
    # §3 step 3: a given first leader replaces the draw; the deal is the same as without it.
    rng = random.Random(42)
    chosen = RULES.deal(4, {"first_leader": 3}, rng)
    drawn = RULES.deal(4, {}, random.Random(42))
    assert chosen.leader == 3
    assert (chosen.roles, chosen.hands, chosen.unused) == (drawn.roles, drawn.hands, drawn.unused)
    after_shuffles = random.Random(42)
    after_shuffles.shuffle(["a"] * 4)
    after_shuffles.shuffle(["b"] * 60)
    assert rng.getstate() == after_shuffles.getstate()


def test_setup_is_a_function_of_the_seed() -> None:
    first = RULES.deal(4, {}, random.Random(7))
    assert RULES.deal(4, {}, random.Random(7)) == first
    assert RULES.deal(4, {}, random.Random(8)) != first
    assert sorted([*(c for hand in first.hands for c in hand), *first.unused]) == sorted(DECK)
    assert all(len(hand) == 10 for hand in first.hands) and len(first.unused) == 20


def test_only_four_seats_can_play() -> None:
    # §1: the server must refuse any other number of players.
    assert RULES.seat_counts == frozenset({4})
    for seats in (2, 3, 5):
        with pytest.raises(IllegalAction):
            RULES.deal(seats, {}, random.Random(1))


def test_table_options() -> None:
    # §7: hard_mode (bool, off) and first_leader (a seat, or None for the RNG).
    assert [(o.name, o.kind, o.default) for o in RULES.options] == [
        ("hard_mode", "bool", False),
        ("first_leader", "seat", None),
    ]
    assert RULES.parse_options({}, 4).values == {"hard_mode": False, "first_leader": None}
    chosen = {"hard_mode": True, "first_leader": 0}
    assert RULES.parse_options(chosen, 4).values == chosen
    for bad in ({"first_leader": 4}, {"hard_mode": 1}, {"speed": 2}):
        with pytest.raises(IllegalAction) as refused:
            RULES.parse_options(bad, 4)
        assert refused.value.code == "invalid_option"
    assert RULES.deal(4, {"hard_mode": True}, random.Random(1)).hard_mode


# --- B1–B9: worked scenarios -----------------------------------------------------------------


def test_b1_successful_ensemble() -> None:
    state = table(round=3, leader=2, failures=1, hands={2: ["n13-1"], 1: ["n02-3"], 3: ["n06-1"], 0: ["n09-2"]})
    assert all(len(hand) == 8 for hand in state.hands)
    earlier_discard = state.discard
    state = act(state, 2, declare("n13-1"))
    for seat in (None, 0, 1, 2, 3):
        seen = full_view(RULES, state, seat)
        assert seen["declared"] == {"seat": 2, "card_id": "n13-1", "value": 13}
        assert seen["phase"] == "play"
        assert column(seen, "seats", "chosen") == [False, False, True, False]
    assert state.phase is Phase.PLAY and RULES.awaiting(state) == {0, 1, 3}
    state = run(state, [(1, play("n02-3")), (3, play("n06-1")), (0, play("n09-2"))])
    assert state.history[-1].success
    assert state.discard == earlier_discard + ("n09-2", "n02-3", "n13-1", "n06-1")
    assert state.failures == 1
    assert all(len(hand) == 7 for hand in state.hands)
    assert (state.phase, state.round) == (Phase.TUNING, 3)


def test_b2_equal_values_fail() -> None:
    state = table(round=4, leader=3, hands={3: ["n07-2"], 1: ["n04-1"], 0: ["n07-4"], 2: ["n12-3"]})
    transition = step(state, 3, declare("n07-2"))
    state = run(transition.state, [(1, play("n04-1")), (0, play("n07-4"))])
    last = step(state, 2, play("n12-3"))
    state = last.state
    # FAQ: cat 7 = dog 7 is not rising.
    assert state.failures == 1
    assert state.failed == (("n07-4",), ("n04-1",), ("n12-3",), ("n07-2",))
    assert (state.phase, state.round, state.result) == (Phase.TUNING, 4, None)
    assert [e.kind for e in last.events][:2] == ["played", "ensemble_failed"]


def test_b3_step_and_leader_errors() -> None:
    state = table(round=2, leader=1, hands={1: ["n05-1"], 3: ["n08-2"]})
    assert_refused(state, 3, play("n08-2"), "wrong_step")
    state = act(state, 1, declare("n05-1"))
    assert state.phase is Phase.PLAY
    assert_refused(state, 1, play("n05-1"), "leader_already_committed")
    state = act(state, 3, play("n08-2"))
    flags = column(full_view(RULES, state, None), "seats", "chosen")
    assert (flags[0], flags[2], flags[3]) == (False, False, True)


def test_b4_tuning_exchange_and_leader_rotation() -> None:
    state = table(round=1, leader=0, phase=Phase.TUNING, hands={0: ["n11-1"], 1: ["n14-2"], 2: ["n01-4"], 3: ["n03-3"]})
    before = state.hands
    events: list[Event] = []
    for seat, card in ((2, "n01-4"), (0, "n11-1"), (3, "n03-3"), (1, "n14-2")):  # any order
        transition = step(state, seat, pass_(card))
        state, events = transition.state, events + list(transition.events)
    assert "n11-1" in state.hands[1] and "n14-2" in state.hands[2]
    assert "n01-4" in state.hands[3] and "n03-3" in state.hands[0]
    for seat, card in enumerate(("n11-1", "n14-2", "n01-4", "n03-3")):
        assert card not in state.hands[seat]
        assert set(state.hands[seat]) - set(before[seat]) == {("n11-1", "n14-2", "n01-4", "n03-3")[seat - 1]}
    assert all(len(hand) == 9 for hand in state.hands)
    assert (state.leader, state.round, state.phase) == (1, 2, Phase.DECLARE)
    sides = column(full_view(RULES, state, None), "seats", "side")
    assert sides == ["night", "morning", "night", "night"]
    for viewer in (2, 3, None):
        assert "n11-1" not in repr(full_view(RULES, state, viewer))
        assert all("n11-1" not in repr(e.data) for e in events if e.visible_to(viewer))
    assert "n11-1" in repr(full_view(RULES, state, 0)) and "n11-1" in repr(full_view(RULES, state, 1))


def test_b5_third_failure_ends_the_game_at_once() -> None:
    state = table(round=6, leader=1, failures=2, hands={1: ["n03-2"], 3: ["n02-1"], 0: ["n10-1"], 2: ["n14-1"]})
    state = run(state, [(1, declare("n03-2")), (3, play("n02-1")), (0, play("n10-1")), (2, play("n14-1"))])
    # cat 2 < rooster 3: failure, the third.
    assert (state.phase, state.failures) == (Phase.GAME_OVER, 3)
    assert (state.result, state.reason) == (Result.LOSS, Reason.THREE_FAILURES)
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.to_json() == {
        "winners": [],
        "result": "loss",
        "reason": "three_failures",
        "scores": None,
    }
    assert RULES.awaiting(state) == frozenset()
    for seat in range(SEATS):
        assert RULES.legal_actions(state, seat) == ()
        for payload in (declare(state.hands[seat][0]), play(state.hands[seat][0]), pass_("n01-1"), PINCH):
            assert_refused(state, seat, payload, "game_over")


def test_b6_round_9_skips_tuning_and_round_10_wins_with_two_failures() -> None:
    hands = {0: ["n08-1", "n11-2"], 1: ["n01-1", "n02-2"], 2: ["n13-4", "n15-2"], 3: ["n05-3", "n06-4"]}
    state = table(round=9, leader=0, failures=2, hands=hands)
    state = run(state, [(0, declare("n08-1")), (1, play("n01-1")), (3, play("n05-3")), (2, play("n15-2"))])
    assert state.history[-1].success
    assert (state.round, state.phase, state.leader) == (10, Phase.PLAY, 1)
    assert RULES.awaiting(state) == {0, 1, 2, 3}
    assert state.declared is None and all(len(hand) == 1 for hand in state.hands)
    assert_refused(state, 1, declare("n02-2"), "wrong_step")  # no declaration in round 10
    state = run(state, [(0, play("n11-2")), (1, play("n02-2")), (2, play("n13-4")), (3, play("n06-4"))])
    assert (state.phase, state.result, state.reason, state.failures) == (Phase.GAME_OVER, Result.WIN, None, 2)
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == {0, 1, 2, 3} and outcome.result == "win"


def test_b7_round_10_failure_loses_with_no_earlier_failures() -> None:
    hands = {0: ["n08-3"], 1: ["n04-2"], 2: ["n14-3"], 3: ["n09-4"]}
    state = table(round=10, leader=1, phase=Phase.PLAY, hands=hands)
    state = run(state, [(seat, play(cards[0])) for seat, cards in hands.items()])
    # cat 9 > dog 8.
    assert (state.phase, state.result, state.reason) == (Phase.GAME_OVER, Result.LOSS, Reason.FINAL_ROUND_FAILED)
    assert state.failures == 1


def test_round_10_failure_outranks_a_third_failure() -> None:
    # §4.3 step 4: the round-10 reason takes precedence.
    hands = {0: ["n08-3"], 1: ["n04-2"], 2: ["n14-3"], 3: ["n09-4"]}
    state = table(round=10, leader=1, failures=2, phase=Phase.PLAY, hands=hands)
    state = run(state, [(seat, play(cards[0])) for seat, cards in hands.items()])
    assert (state.failures, state.reason) == (3, Reason.FINAL_ROUND_FAILED)


def test_b8_hard_mode_tunes_in_round_9() -> None:
    hands = {0: ["n11-2"], 1: ["n02-2"], 2: ["n13-4"], 3: ["n06-4"]}
    state = table(round=9, leader=0, phase=Phase.TUNING, hard_mode=True, hands=hands)
    state = run(state, [(seat, pass_(cards[0])) for seat, cards in hands.items()])
    assert state.hands == (("n06-4",), ("n11-2",), ("n02-2",), ("n13-4",))
    assert (state.leader, state.round, state.phase) == (1, 10, Phase.PLAY)
    state = run(state, [(seat, play(state.hands[seat][0])) for seat in range(SEATS)])
    # rooster 11, cat 13, dog 6, donkey 2.
    assert (state.result, state.reason) == (Result.LOSS, Reason.FINAL_ROUND_FAILED)


def test_normal_mode_has_no_tuning_after_round_9_but_hard_mode_has() -> None:
    hands = {0: ["n08-1", "n11-2"], 1: ["n01-1", "n02-2"], 2: ["n13-4", "n15-2"], 3: ["n05-3", "n06-4"]}
    moves = [(0, declare("n08-1")), (1, play("n01-1")), (3, play("n05-3")), (2, play("n15-2"))]
    assert run(table(round=9, leader=0, hands=hands), moves).phase is Phase.PLAY
    hard = run(table(round=9, leader=0, hands=hands, hard_mode=True), moves)
    assert (hard.phase, hard.round) == (Phase.TUNING, 9)


def test_b9_what_others_see_during_play() -> None:
    state = table(round=2, leader=1, hands={1: ["n05-1"], 3: ["n08-2"]})
    state = run(state, [(1, declare("n05-1")), (3, play("n08-2"))])
    other, own = full_view(RULES, state, 2), full_view(RULES, state, 3)
    for seen in (other, own):
        assert seen["declared"] == {"seat": 1, "card_id": "n05-1", "value": 5}
        flags = column(seen, "seats", "chosen")
        assert (flags[0], flags[2], flags[3]) == (False, False, True)
        assert column(seen, "seats", "hand_size") == [9, 9, 9, 9]
    assert "n08-2" not in repr(other)
    assert column(other, "hand", "card_id") == list(state.hands[2])
    marked = [c["card_id"] for c in rows(own, "hand") if c["committed"]]
    assert marked == ["n08-2"]
    # The other seat's view does not depend on which card seat 3 committed.
    swapped = run(table(round=2, leader=1, hands={1: ["n05-1"], 3: ["n08-2"]}), [(1, declare("n05-1"))])
    swapped = act(swapped, 3, play(next(c for c in swapped.hands[3] if c != "n08-2")))
    assert full_view(RULES, swapped, 2) == other
    state = run(state, [(0, play(state.hands[0][0])), (2, play(state.hands[2][0]))])
    for seat in (None, 0, 1, 2, 3):
        last = full_view(RULES, state, seat)["last_ensemble"]
        assert isinstance(last, dict)
        assert [(p["seat"], p["animal"]) for p in last["plays"]] == [
            (0, "dog"),
            (1, "rooster"),
            (2, "donkey"),
            (3, "cat"),
        ]
        assert [p["card_id"] for p in last["plays"]] == [state.history[-1].plays[s] for s in range(SEATS)]
        assert last["plays"][3]["card_id"] == "n08-2"


# --- rules details ---------------------------------------------------------------------------


def test_pinch_signals_are_public_once_per_tuning_and_reset() -> None:
    # §4.6, §8 item 9: before or after passing, until the exchange; once per tuning.
    state = table(round=2, leader=1, phase=Phase.TUNING, hands={})
    state = act(state, 2, PINCH)
    assert_refused(state, 2, PINCH, "already_signalled")
    state = act(state, 0, pass_(state.hands[0][0]))
    assert RULES.awaiting(state) == {0, 1, 2, 3}  # seat 0 may still signal
    state = act(state, 0, PINCH)
    assert RULES.legal_actions(state, 0) == ()
    assert RULES.awaiting(state) == {1, 2, 3}
    assert column(full_view(RULES, state, None), "seats", "pinch") == [True, False, True, False]
    state = run(state, [(seat, pass_(state.hands[seat][0])) for seat in (1, 2, 3)])
    assert state.phase is Phase.DECLARE and state.pinch == (False,) * SEATS
    assert_refused(state, 1, PINCH, "wrong_step")


def test_awaiting_follows_the_steps() -> None:
    state = table(round=3, leader=2, hands={})
    assert RULES.awaiting(state) == {2}
    state = act(state, 2, declare(state.hands[2][0]))
    assert RULES.awaiting(state) == {0, 1, 3}
    state = act(state, 0, play(state.hands[0][0]))
    assert RULES.awaiting(state) == {1, 3}
    assert RULES.legal_actions(state, 0) == () and RULES.legal_actions(state, 2) == ()


def test_a_card_received_cannot_be_passed_in_the_same_tuning() -> None:
    # §4.4: commits come from the hand before the exchange, which is atomic.
    state = table(round=1, leader=0, phase=Phase.TUNING, hands={0: ["n15-1"]})
    state = act(state, 0, pass_("n15-1"))
    assert_refused(state, 1, pass_("n15-1"), "card_not_in_hand")


def test_the_judge_compares_by_animal_not_by_seat() -> None:
    roles = (DONKEY, DOG, CAT, ROOSTER)  # descending seats: seat order is the reverse of pitch
    hands = {0: ["n12-1"], 1: ["n09-1"], 2: ["n06-1"], 3: ["n03-1"]}
    state = table(round=1, leader=0, roles=roles, hands=hands)
    state = run(state, [(0, declare("n12-1")), (1, play("n09-1")), (2, play("n06-1")), (3, play("n03-1"))])
    assert state.history[-1].success and state.failures == 0


def test_events_say_what_happened_and_passes_are_private() -> None:
    state = table(round=1, leader=0, hands={0: ["n09-1"]})
    declared = step(state, 0, declare("n09-1"))
    assert [(e.kind, dict(e.data), e.to) for e in declared.events] == [
        ("declared", {"seat": 0, "round": 1, "card_id": "n09-1", "value": 9}, None)
    ]
    state = declared.state
    played = step(state, 1, play(state.hands[1][0]))
    assert [(e.kind, dict(e.data), e.to) for e in played.events] == [("played", {"seat": 1, "round": 1}, None)]
    state = run(played.state, [(2, play(state.hands[2][0]))])
    resolved = step(state, 3, play(state.hands[3][0]))
    kinds = [e.kind for e in resolved.events]
    assert kinds[0] == "played" and kinds[1] in ("ensemble_succeeded", "ensemble_failed")
    assert kinds[2:] == ["tuning_started"]
    state = resolved.state
    state = run(state, [(seat, pass_(state.hands[seat][0])) for seat in range(3)])
    exchange = step(state, 3, pass_(state.hands[3][0]))
    private = [e for e in exchange.events if e.kind == "card_passed"]
    assert [e.to for e in private] == [frozenset({s, (s + 1) % 4}) for s in range(4)]
    assert [e.kind for e in exchange.events if e.to is None] == ["passed", "tuning_completed", "round_started"]


def test_received_card_and_pass_log_are_shown_to_their_owner_only() -> None:
    state = table(round=1, leader=0, phase=Phase.TUNING, hands={0: ["n11-1"], 3: ["n03-3"], 1: ["n14-2"]})
    state = run(state, [(0, pass_("n11-1")), (1, pass_("n14-2")), (2, pass_(state.hands[2][0])), (3, pass_("n03-3"))])
    seen = full_view(RULES, state, 0)
    assert seen["pass_log"] == [
        {
            "round": 1,
            "passed": {"card_id": "n11-1", "value": 11},
            "to": 1,
            "received": {"card_id": "n03-3", "value": 3},
            "from": 3,
        }
    ]
    assert [c["card_id"] for c in rows(seen, "hand") if c["received"]] == ["n03-3"]
    assert full_view(RULES, state, None)["pass_log"] is None
    assert "n03-3" not in repr(full_view(RULES, state, 1)) and "n03-3" not in repr(full_view(RULES, state, 2))


# --- errors (§4.2): every code, each leaving the state untouched -----------------------------


@pytest.mark.parametrize(
    "payload",
    [
        {"type": "sing", "card_id": "n01-1"},
        {"type": "play"},
        {"type": "play", "card_id": "n01-1", "extra": 1},
        {"type": "play", "card_id": 5},
        {"type": "play", "card_id": True},
        {"type": "play", "card_id": None},
        {"type": "play", "card_id": ["n01-1"]},
        {"type": "signal_pinch", "card_id": "n01-1"},
        {"card_id": "n01-1"},
        {"type": 3},
        {},
    ],
)
def test_invalid_action_shapes(payload: dict[str, object]) -> None:
    with pytest.raises(IllegalAction) as refused:
        RULES.parse_action(payload)
    assert (refused.value.code, refused.value.message) == ("invalid_action", MESSAGES["invalid_action"])


def test_invalid_action_for_a_non_object() -> None:
    with pytest.raises(IllegalAction) as refused:
        RULES.parse_action(cast(Mapping[str, object], ["play", "n01-1"]))
    assert (refused.value.code, refused.value.message) == ("invalid_action", MESSAGES["invalid_action"])


def test_an_unknown_card_id_is_well_formed_but_not_in_hand() -> None:
    state = table(round=1, leader=0, hands={})
    assert RULES.parse_action(declare("n99-9")).to_json() == declare("n99-9")
    assert_refused(state, 0, declare("n99-9"), "card_not_in_hand")


def test_not_a_player() -> None:
    state = table(round=1, leader=0, hands={})
    for seat in (-1, 4, 17):
        assert_refused(state, seat, declare(state.hands[0][0]), "not_a_player")


def test_wrong_step_cases() -> None:
    # §4.2 check 3, each listed case.
    declaring = table(round=2, leader=1, hands={1: ["n05-1"], 0: ["n09-1"]})
    assert_refused(declaring, 0, play("n09-1"), "wrong_step")  # play during DECLARE
    assert_refused(declaring, 1, pass_("n05-1"), "wrong_step")  # pass outside TUNING
    assert_refused(declaring, 1, PINCH, "wrong_step")  # signal outside TUNING
    playing = act(declaring, 1, declare("n05-1"))
    assert_refused(playing, 1, declare("n05-1"), "wrong_step")  # declare in PLAY
    assert_refused(playing, 0, declare("n09-1"), "wrong_step")  # before not_leader
    assert_refused(playing, 0, PINCH, "wrong_step")
    tuning = table(round=2, leader=1, phase=Phase.TUNING, hands={1: ["n05-1"], 0: ["n09-1"]})
    assert_refused(tuning, 1, declare("n05-1"), "wrong_step")  # declare during TUNING
    assert_refused(tuning, 0, play("n09-1"), "wrong_step")  # play during TUNING
    final = table(round=10, leader=1, phase=Phase.PLAY, hands={1: ["n05-1"]})
    assert_refused(final, 1, declare("n05-1"), "wrong_step")  # declare in round 10


def test_not_leader() -> None:
    state = table(round=2, leader=1, hands={0: ["n09-1"]})
    assert_refused(state, 0, declare("n09-1"), "not_leader")
    assert_refused(state, 0, declare("n99-9"), "not_leader")  # before card_not_in_hand


def test_leader_already_committed_comes_before_card_checks() -> None:
    state = act(table(round=2, leader=1, hands={1: ["n05-1"]}), 1, declare("n05-1"))
    assert_refused(state, 1, play("n05-1"), "leader_already_committed")
    assert_refused(state, 1, play("n99-9"), "leader_already_committed")


def test_already_committed_play_and_pass() -> None:
    state = act(table(round=2, leader=1, hands={1: ["n05-1"], 3: ["n08-2", "n09-2"]}), 1, declare("n05-1"))
    state = act(state, 3, play("n08-2"))
    assert_refused(state, 3, play("n09-2"), "already_committed")  # a commit is final (§8 item 4)
    assert_refused(state, 3, play("n99-9"), "already_committed")
    tuning = act(table(round=2, leader=1, phase=Phase.TUNING, hands={3: ["n08-2", "n09-2"]}), 3, pass_("n08-2"))
    assert_refused(tuning, 3, pass_("n09-2"), "already_committed")


def test_already_signalled() -> None:
    state = act(table(round=2, leader=1, phase=Phase.TUNING, hands={}), 0, PINCH)
    assert_refused(state, 0, PINCH, "already_signalled")


def test_card_not_in_hand() -> None:
    state = table(round=2, leader=1, hands={1: ["n05-1"], 3: ["n08-2"]})
    assert_refused(state, 1, declare("n08-2"), "card_not_in_hand")  # another seat's card
    state = act(state, 1, declare("n05-1"))
    assert_refused(state, 3, play("n05-1"), "card_not_in_hand")
    tuning = table(round=2, leader=1, phase=Phase.TUNING, hands={3: ["n08-2"]})
    assert_refused(tuning, 0, pass_("n08-2"), "card_not_in_hand")


def test_game_over_comes_first() -> None:
    hands = {0: ["n08-3"], 1: ["n04-2"], 2: ["n14-3"], 3: ["n09-4"]}
    over = run(table(round=10, leader=1, phase=Phase.PLAY, hands=hands), [(s, play(c[0])) for s, c in hands.items()])
    assert_refused(over, 9, play("n99-9"), "game_over")


def test_legal_actions_are_exactly_the_accepted_ones() -> None:
    # Every legal action applies; every other card-action of the deck is refused.
    state = table(round=3, leader=2, hands={})
    for current in (state, act(state, 2, declare(state.hands[2][0]))):
        for seat in range(SEATS):
            legal = {a.to_json()["card_id"] for a in RULES.legal_actions(current, seat) if "card_id" in a.to_json()}
            kind = "declare" if current.phase is Phase.DECLARE else "play"
            for card in DECK:
                payload = {"type": kind, "card_id": card}
                if card in legal:
                    step(current, seat, payload)
                else:
                    with pytest.raises(IllegalAction):
                        step(current, seat, payload)
