"""Bremen views and proofs: redaction (§5), JSON form, the game's own fields, redeal_hidden, inventory."""

import json
import random
from collections import Counter
from collections.abc import Iterator

from app.engine import full_view, rng_for
from app.engine.envelope import ENVELOPE_KEYS
from app.games.bremen import RULES
from app.games.bremen.cards import DECK, PLAYER_CARD, SEATS
from app.games.bremen.state import BremenState, Phase
from tests.games.test_bremen import act, column, pass_, play, rows, run, table

VIEWERS: tuple[int | None, ...] = (None, 0, 1, 2, 3)


def playout(seed: int) -> Iterator[BremenState]:
    """Every state of one game played by random legal actions, setup included."""
    state = RULES.deal(4, {"hard_mode": seed % 2 == 1}, random.Random(seed))
    chooser = random.Random(-seed)
    yield state
    k = 0
    while RULES.outcome(state) is None:
        seat = chooser.choice(sorted(RULES.awaiting(state)))
        action = chooser.choice(RULES.legal_actions(state, seat))
        k += 1
        state = RULES.apply(state, seat, action, rng_for(seed, k)).state
        yield state


def cards_in(view: object) -> set[str]:
    """Every card id anywhere in a view."""
    text = json.dumps(view)
    return {card for card in DECK if f'"{card}"' in text}


def test_views_carry_the_common_keys_and_are_json() -> None:
    for state in playout(1):
        for seat in VIEWERS:
            assert not ENVELOPE_KEYS & RULES.view(state, seat).keys()  # the table adds them
            seen = full_view(RULES, state, seat)
            assert json.loads(json.dumps(seen)) == seen  # lists, dicts, str, int, bool, None only
            assert seen["phase"] == str(state.phase)
            assert seen["awaiting"] == sorted(RULES.awaiting(state))
            legal = [] if seat is None else [a.to_json() for a in RULES.legal_actions(state, seat)]
            assert seen["legal"] == legal
            outcome = RULES.outcome(state)
            assert seen["outcome"] == (None if outcome is None else outcome.to_json())


def test_nothing_hidden_leaks_into_a_view() -> None:
    # §5: own hand to its owner; other hands as sizes; sealed plays and passes to their seat only.
    for seed in range(6):
        for state in playout(seed):
            if state.phase is Phase.GAME_OVER:
                continue
            public = set(state.discard) | {c for pile in state.failed for c in pile}
            if state.declared is not None:
                public.add(state.declared)
            assert cards_in(full_view(RULES, state, None)) == public
            for seat in range(SEATS):
                logged = {c for r in state.pass_log[seat] for c in (r.passed, r.received)}
                assert cards_in(full_view(RULES, state, seat)) == public | set(state.hands[seat]) | logged


def test_game_over_reveals_hands_and_the_box() -> None:
    # §9 [house rule]: everything is face up at GAME_OVER.
    state = table(round=6, leader=1, failures=2, hands={1: ["n03-2"], 3: ["n02-1"], 0: ["n10-1"], 2: ["n14-1"]})
    assert full_view(RULES, state, None)["hands"] is None and full_view(RULES, state, None)["unused"] is None
    state = run(
        state,
        [(1, {"type": "declare", "card_id": "n03-2"}), (3, play("n02-1")), (0, play("n10-1")), (2, play("n14-1"))],
    )
    seen = full_view(RULES, state, None)
    assert seen["hands"] == [[{"card_id": c, "value": int(c[1:3])} for c in hand] for hand in state.hands]
    assert column(seen, "unused", "card_id") == list(state.unused)
    assert cards_in(seen) == set(DECK)
    assert (seen["result"], seen["reason"]) == ("loss", "three_failures")


def test_a_sealed_pass_shows_only_a_flag() -> None:
    base = table(round=3, leader=2, phase=Phase.TUNING, hands={0: ["n04-1", "n12-1"]})
    low, high = act(base, 0, pass_("n04-1")), act(base, 0, pass_("n12-1"))
    for seat in (None, 1, 2, 3):
        assert full_view(RULES, low, seat) == full_view(RULES, high, seat)
        assert column(full_view(RULES, low, seat), "seats", "chosen") == [True, False, False, False]
    assert full_view(RULES, low, 0) != full_view(RULES, high, 0)
    marked = [c["card_id"] for c in rows(full_view(RULES, low, 0), "hand") if c["committed"]]
    assert marked == ["n04-1"]


def test_the_view_draws_the_table() -> None:
    state = table(round=4, leader=3, failures=1, hands={})
    seen = full_view(RULES, state, 2)
    assert (seen["round"], seen["leader"], seen["failures"], seen["seat"]) == (4, 3, 1, 2)
    assert seen["tuning_this_round"] is True and seen["hard_mode"] is False
    assert column(seen, "seats", "animal") == ["dog", "rooster", "donkey", "cat"]
    assert column(seen, "seats", "is_leader") == [False, False, False, True]
    assert column(seen, "seats", "player_card") == ["pc-dog", "pc-rooster", "pc-donkey", "pc-cat"]
    assert [rows(row, "failed") for row in rows(seen, "seats")] == [
        [{"card_id": state.failed[s][0], "value": int(state.failed[s][0][1:3]), "round": 1}] for s in range(SEATS)
    ]
    assert len(rows(seen, "history")) == 3 and seen["last_ensemble"] == rows(seen, "history")[-1]
    assert len(rows(seen, "discard")) == 8
    assert column(seen, "hand", "card_id") == list(state.hands[2])
    assert full_view(RULES, table(round=9, leader=0, hands={}), None)["tuning_this_round"] is False
    assert full_view(RULES, table(round=9, leader=0, hands={}, hard_mode=True), None)["tuning_this_round"] is True


def test_redeal_hidden_keeps_every_view_and_changes_what_is_hidden() -> None:
    changed = Counter[str]()
    for seed in range(6):
        for k, state in enumerate(playout(seed)):
            for seat in VIEWERS:
                redealt = RULES.redeal_hidden(state, seat, random.Random(k))
                assert full_view(RULES, redealt, seat) == full_view(RULES, state, seat)
                assert RULES.inventory(redealt) == RULES.inventory(state)
                others = [s for s in range(SEATS) if s != seat]
                if any(redealt.hands[s] != state.hands[s] for s in others):
                    changed[str(seat)] += 1
                for other in RULES.awaiting(redealt):  # the re-dealt game goes on
                    for action in RULES.legal_actions(redealt, other):
                        RULES.apply(redealt, other, action, random.Random(0))
    assert set(changed) == {"None", "0", "1", "2", "3"}


def test_redeal_keeps_cards_the_viewer_can_place() -> None:
    # The declared card and the card a seat passed stay where the viewer knows they are.
    state = table(round=1, leader=0, phase=Phase.TUNING, hands={0: ["n11-1"]})
    state = run(state, [(seat, pass_("n11-1" if seat == 0 else state.hands[seat][0])) for seat in range(SEATS)])
    state = act(state, 1, {"type": "declare", "card_id": state.hands[1][-1]})
    for k in range(20):
        redealt = RULES.redeal_hidden(state, 0, random.Random(k))
        assert "n11-1" in redealt.hands[1] or state.hands[1][-1] == "n11-1"
        assert state.declared in redealt.hands[1]
        assert redealt.plays.chosen(1) == state.declared


def test_inventory_is_every_component_once_and_constant() -> None:
    expected = Counter({**{card: 1 for card in DECK}, **{card: 1 for card in PLAYER_CARD.values()}})
    for seed in range(3):
        for state in playout(seed):
            assert RULES.inventory(state) == expected
