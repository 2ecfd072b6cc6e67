"""Bluebell: the spec's worked scenarios (§10), setup, every error code, redaction and events."""

import copy
import json
from collections.abc import Mapping
from dataclasses import replace
from random import Random

import pytest

from app.engine import Event, IllegalAction, Transition, full_view, rng_for
from app.engine.envelope import ENVELOPE_KEYS
from app.games import RULES_BY_SLUG
from app.games.bluebell import RULES
from app.games.bluebell.actions import BluebellAction, Discard, Draw, GiveBluebell, Place, parse_action
from app.games.bluebell.cards import CARD_SETS
from app.games.bluebell.checks import IllegalPlacement
from app.games.bluebell.rules import apply, legal_actions
from app.games.bluebell.state import Bluebell, BluebellState, Step, Turn

# ---------------------------------------------------------------------------------------------
# Helpers: a table built directly in the middle of a round.


def table(
    *,
    seats: int = 3,
    active: int = 0,
    step: Step = Step.ACTION,
    hands: Mapping[int, list[str]] | None = None,
    known: Mapping[int, list[str]] | None = None,
    stacks: Mapping[int, list[str]] | None = None,
    pile_a: list[str] | None = None,
    pile_b: list[str] | None = None,
    supply: tuple[int, ...] | None = None,
    autumn_tokens: tuple[int, ...] | None = None,
    stock: int = 0,
    reunion_holder: int | None = None,
    bluebells: Mapping[int, list[tuple[str, int]]] | None = None,
    round_ender: int | None = None,
    round_winner: int | None = None,
) -> BluebellState:
    """A consistent mid-round table: unnamed hands and the bottom of pile A hold every other card.

    Named pile cards lie on top of A (`pile_a`) or make up B (`pile_b`); when B is not named, the
    last filler card goes there. Filler cards at the bottom of A have never been face up.
    """
    hands, known, stacks = dict(hands or {}), dict(known or {}), dict(stacks or {})
    held = {seat: tuple(Bluebell(c, chooser, 1) for c, chooser in given) for seat, given in (bluebells or {}).items()}
    named = {c for cards in (*hands.values(), *stacks.values(), pile_a or [], pile_b or []) for c in cards}
    named |= {b.card for given in held.values() for b in given}
    rest = [card for card in CARD_SETS[seats] if card not in named]
    for seat in range(seats):
        if seat not in hands:
            size = 1 if step is Step.DRAW and seat == active else 2
            hands[seat], rest = rest[:size], rest[size:]
    if pile_b is None:
        rest, pile_b = rest[:-1], rest[-1:]
    pile = tuple(rest) + tuple(pile_a or [])
    supply = supply if supply is not None else (3,) * seats
    autumn_tokens = autumn_tokens if autumn_tokens is not None else (0,) * seats
    assert sum(supply) + sum(autumn_tokens) + stock == 3 * seats, "tokens must add up to 3 per seat"
    recent = (Turn(round=1, seat=active, placed=stacks[active][-1]),) if step is Step.DRAW else ()
    return BluebellState(
        seats=seats,
        round=1,
        step=step,
        active=active,
        start=0,
        round_ender=round_ender,
        round_winner=round_winner,
        hands=tuple(tuple(hands[s]) for s in range(seats)),
        known=tuple(tuple(known.get(s, [])) for s in range(seats)),
        stacks=tuple(tuple(stacks.get(s, [])) for s in range(seats)),
        piles=(pile, tuple(pile_b)),
        unseen=(max(0, min(len(rest), len(pile) - 1)), 0),
        supply=supply,
        autumn_tokens=autumn_tokens,
        stock=stock,
        reunion_holder=reunion_holder,
        bluebells=tuple(held.get(s, ()) for s in range(seats)),
        winner=None,
        recent=recent,
        results=(),
    )


def act(
    state: BluebellState, seat: int, payload: Mapping[str, object], k: int = 1, seed: int = 0
) -> Transition[BluebellState]:
    """The transition for a payload as the browser sends it, checked against `legal_actions`."""
    action = parse_action(payload)
    transition = apply(state, seat, action, rng_for(seed, k))
    assert action in legal_actions(state, seat), "an accepted action must have been offered"
    return transition


def refuse(state: BluebellState, seat: int, payload: Mapping[str, object], code: str) -> IllegalAction:
    """The refusal of a payload; asserts the code and that neither state nor legal list moved."""
    before = copy.deepcopy(state)
    action = parse_action(payload)
    with pytest.raises(IllegalAction) as caught:
        apply(state, seat, action, rng_for(0, 1))
    assert caught.value.code == code
    assert state == before
    assert action not in legal_actions(state, seat)
    return caught.value


def kinds(events: tuple[Event, ...]) -> list[str]:
    return [event.kind for event in events]


def other_hand(state: BluebellState, owner: int, viewer: int | None) -> object:
    players = RULES.view(state, viewer)["players"]
    assert isinstance(players, list)
    return players[owner]["hand"]


# ---------------------------------------------------------------------------------------------
# §10 worked scenarios.


def test_s1_golden_setup_seed_7() -> None:
    state = RULES.deal(3, {"first_player": None}, Random(7))
    assert state.start == state.active == 1
    assert state.hands == (("summer-2", "winter-7"), ("summer-4", "spring-6"), ("winter-3", "summer-3"))
    assert state.piles[0] == (
        "autumn-2", "autumn-6", "summer-5", "winter-1", "autumn-1", "winter-6", "autumn-3", "winter-5",
        "spring-1", "summer-1", "autumn-4", "winter-4", "summer-6", "spring-4", "autumn-5", "spring-3",
        "spring-2", "winter-2", "summer-7",
    )  # fmt: skip
    assert state.piles[1] == ("spring-5",)
    assert state.supply == (3, 3, 3) and state.autumn_tokens == (0, 0, 0) and state.stock == 0
    assert state.reunion_holder is None and state.stacks == ((), (), ())
    assert state.step is Step.ACTION and state.round == 1
    assert state.unseen == (18, 0)
    for viewer in (None, 0, 1, 2):
        piles = RULES.view(state, viewer)["piles"]
        assert piles == {
            "A": {"size": 19, "hidden": 18, "cards": ["summer-7"], "top": "summer-7"},
            "B": {"size": 1, "hidden": 0, "cards": ["spring-5"], "top": "spring-5"},
        }


def test_s2_first_placement_is_free_then_draw() -> None:
    state = table(active=0, hands={0: ["winter-2", "summer-4"]}, pile_b=["autumn-1"])
    error = refuse(state, 0, {"type": "place", "card_id": "winter-2", "return_pile": "A"}, "return_pile_not_allowed")
    assert error.message == "There is nothing to return."  # §4.8
    state = act(state, 0, {"type": "place", "card_id": "winter-2"}).state
    assert state.stacks[0] == ("winter-2",) and state.step is Step.DRAW
    assert state.piles[1] == ("autumn-1",), "nothing was returned"
    state = act(state, 0, {"type": "draw", "pile": "B"}, k=2).state
    assert state.hands[0] == ("summer-4", "autumn-1")
    assert state.known[0] == ("autumn-1",)
    assert other_hand(state, 0, 1) == ["autumn-1", None]
    assert state.piles[1] == ()
    assert (state.active, state.step) == (1, Step.ACTION)


def test_s3_spring_blocked_then_unblocked() -> None:
    state = table(
        active=0,
        hands={0: ["spring-5", "summer-1"], 1: ["summer-6", "winter-4"], 2: ["autumn-1", "autumn-2"]},
        stacks={0: ["winter-2"], 1: ["winter-3", "spring-3"], 2: ["winter-1"]},
        pile_a=["autumn-3"],
        pile_b=["winter-5"],
    )
    blocked = refuse(state, 0, {"type": "place", "card_id": "spring-5"}, "illegal_placement")
    assert isinstance(blocked, IllegalPlacement) and blocked.reason == "spring_blocked"
    assert blocked.message == "Another player's spring is showing; you cannot place a spring."
    wrong = refuse(state, 0, {"type": "place", "card_id": "summer-1"}, "illegal_placement")
    assert isinstance(wrong, IllegalPlacement) and wrong.reason == "wrong_predecessor"
    state = act(state, 0, {"type": "discard", "card_id": "summer-1", "pile": "A"}).state
    state = act(state, 1, {"type": "place", "card_id": "summer-6"}, k=2).state
    assert state.stacks[1] == ("winter-3", "spring-3", "summer-6")
    state = act(state, 1, {"type": "draw", "pile": "A"}, k=3).state
    state = act(state, 2, {"type": "discard", "card_id": "autumn-1", "pile": "B"}, k=4).state
    assert state.stacks[0] == ("winter-2",) and "spring-5" in state.hands[0]
    state = act(state, 0, {"type": "place", "card_id": "spring-5"}, k=5).state
    assert state.stacks[0] == ("winter-2", "spring-5")


def test_s4_summer_limit_then_autumn_takes_one_token() -> None:
    state = table(
        active=2,
        hands={2: ["summer-7", "autumn-4"]},
        stacks={2: ["spring-2", "summer-3", "summer-5"]},
        supply=(3, 3, 1),
        stock=2,
        reunion_holder=0,
    )
    limit = refuse(state, 2, {"type": "place", "card_id": "summer-7"}, "illegal_placement")
    assert isinstance(limit, IllegalPlacement) and limit.reason == "summer_limit"
    assert limit.message == "No more than two summers in a row."
    step = act(state, 2, {"type": "place", "card_id": "autumn-4"})
    state = step.state
    assert state.stacks[2][-1] == "autumn-4"
    assert (state.autumn_tokens[2], state.stock, state.supply[2]) == (1, 1, 1)
    assert Event("tokens_collected", {"seat": 2, "card": "autumn-4", "tokens": 1, "stock": 1}) in step.events


def test_s5_autumn_with_the_reunion_card_takes_the_whole_stock() -> None:
    state = table(
        active=0,
        hands={0: ["autumn-6", "spring-1"]},
        stacks={0: ["summer-2"]},
        supply=(3, 2, 1),
        stock=3,
        reunion_holder=0,
    )
    state = act(state, 0, {"type": "place", "card_id": "autumn-6"}).state
    assert (state.autumn_tokens[0], state.stock) == (3, 0)


def test_s6_winter_returns_the_stack_and_banks_the_tokens() -> None:
    state = table(
        active=0,
        hands={0: ["winter-5", "spring-6"]},
        stacks={0: ["winter-1", "spring-4", "summer-2", "summer-5", "autumn-6"]},
        pile_a=["summer-7"],
        pile_b=["spring-1", "spring-2", "spring-3", "autumn-2"],
        supply=(1, 3, 2),
        autumn_tokens=(3, 0, 0),
    )
    refuse(state, 0, {"type": "place", "card_id": "winter-5"}, "return_pile_required")
    step = act(state, 0, {"type": "place", "card_id": "winter-5", "return_pile": "B"})
    state = step.state
    assert state.piles[1] == (
        "spring-1", "spring-2", "spring-3", "autumn-2",
        "winter-1", "spring-4", "summer-2", "summer-5", "autumn-6",
    )  # fmt: skip
    assert (state.supply[0], state.autumn_tokens[0]) == (4, 0)
    assert state.stacks[0] == ("winter-5",) and state.step is Step.DRAW
    assert kinds(step.events) == ["placed", "stack_returned", "tokens_banked"]
    state = act(state, 0, {"type": "draw", "pile": "B"}, k=2).state
    assert state.hands[0] == ("spring-6", "autumn-6")
    assert other_hand(state, 0, 2) == ["autumn-6", None]
    assert state.piles[1][-1] == "summer-5"


def test_s7_matching_discard_costs_nothing() -> None:
    state = table(
        active=1,
        hands={1: ["summer-3", "winter-4"]},
        pile_a=["summer-6"],
        pile_b=["spring-1"],
        supply=(3, 2, 3),
        stock=1,
    )
    step = act(state, 1, {"type": "discard", "card_id": "summer-3", "pile": "A"})
    state = step.state
    assert state.piles[0][-1] == "summer-3"
    assert state.hands[1] == ("winter-4", "spring-1") and state.known[1] == ("spring-1",)
    assert (state.supply[1], state.stock) == (2, 1)
    assert (state.active, state.step) == (2, Step.ACTION)
    assert kinds(step.events) == ["discarded", "drew"]
    # The turn's public record names only what the turn did.
    assert RULES.view(state, None)["recent"] == [
        {"round": 1, "seat": 1, "discarded": "summer-3", "discard_pile": "A", "drew": "spring-1", "draw_pile": "B"}
    ]


def test_s8_mismatched_discard_pays_a_token() -> None:
    state = table(
        active=1,
        hands={1: ["winter-4", "spring-1"]},
        pile_a=["summer-3"],
        pile_b=["autumn-5"],
        supply=(3, 2, 3),
        autumn_tokens=(1, 0, 0),
    )
    step = act(state, 1, {"type": "discard", "card_id": "winter-4", "pile": "A"})
    state = step.state
    assert (state.supply[1], state.stock) == (1, 1)
    assert state.hands[1] == ("spring-1", "autumn-5")
    assert kinds(step.events) == ["discarded", "penalty_paid", "drew"]
    assert state.active == 2


def test_s9_round_end_winner_bluebell_and_next_round() -> None:
    state = table(
        active=2,
        hands={2: ["winter-6", "summer-1"]},
        pile_a=["spring-2"],
        supply=(2, 3, 0),
        autumn_tokens=(3, 0, 0),
        stock=1,
    )
    step = act(state, 2, {"type": "discard", "card_id": "winter-6", "pile": "A"}, k=1, seed=9)
    state = step.state
    assert kinds(step.events) == ["discarded", "round_ended"]
    assert (state.round_ender, state.round_winner, state.step) == (2, 1, Step.BLUEBELL_CHOICE)
    assert state.hands[2] == ("summer-1",), "the ender draws nothing"
    assert state.results[-1].supplies == (2, 3, 0)
    assert full_view(RULES, state, None)["awaiting"] == [2]
    error = refuse(state, 0, {"type": "give_bluebell", "card_id": "spring-2"}, "not_round_ender")
    assert error.message == "Only the player who ended the round chooses the Bluebell."
    step = act(state, 2, {"type": "give_bluebell", "card_id": "spring-2"}, k=2, seed=9)
    state = step.state
    assert state.bluebells[1] == (Bluebell("spring-2", chooser=2, round=1),)
    deck = [card for card in CARD_SETS[3] if card != "spring-2"]
    Random("9:2").shuffle(deck)  # the give_bluebell's own stream
    assert state.hands[2] == tuple(deck[0:2]) and state.hands[0] == tuple(deck[2:4])
    assert state.hands[1] == tuple(deck[4:6])
    assert state.piles == (tuple(deck[6:-1]), (deck[-1],))
    assert (len(state.piles[0]), len(state.piles[1])) == (18, 1)
    assert (state.round, state.start, state.active, state.step) == (2, 2, 2, Step.ACTION)
    assert state.supply == (3, 3, 3) and state.stock == 0 and state.autumn_tokens == (0, 0, 0)
    assert state.reunion_holder is None and state.stacks == ((), (), ())
    # Only the chooser learns which card it was.
    for viewer, card in ((2, "spring-2"), (1, None), (0, None), (None, None)):
        players = RULES.view(state, viewer)["players"]
        assert isinstance(players, list)
        assert players[1]["bluebells"] == [{"card": card, "chooser": 2, "round": 1}]
        assert players[1]["bluebell_count"] == 1
    given = [e for e in step.events if e.kind.startswith("bluebell")]
    assert given == [
        Event("bluebell_given", {"seat": 1, "chooser": 2, "count": 1}),
        Event("bluebell_chosen", {"seat": 1, "card": "spring-2"}, to=frozenset({2})),
    ]
    dealt = [e for e in step.events if e.kind == "dealt"]
    assert {e.to for e in dealt} == {frozenset({0}), frozenset({1}), frozenset({2})}


def test_s10_reunion_declaration() -> None:
    state = table(
        active=0,
        step=Step.DRAW,
        hands={0: ["winter-3"]},
        stacks={0: ["summer-2"]},
        pile_a=["winter-7"],
        pile_b=["spring-1"],
        reunion_holder=2,
    )
    refuse(state, 0, {"type": "draw", "pile": "B", "reunion": True}, "reunion_not_allowed")
    step = act(state, 0, {"type": "draw", "pile": "A", "reunion": True})
    declared = step.state
    assert declared.hands[0] == ("winter-3", "winter-7")
    assert declared.reunion_holder == 0
    assert other_hand(declared, 0, 1) == ["winter-3", "winter-7"]
    declaration = {"seat": 0, "cards": ["winter-3", "winter-7"], "previous_holder": 2}
    assert Event("reunion_declared", declaration) in step.events
    # Declining leaks nothing: the table sees the same as after a draw by an ineligible hand.
    declined = act(state, 0, {"type": "draw", "pile": "A"}).state
    assert declined.reunion_holder == 2 and declined.known[0] == ("winter-7",)
    assert other_hand(declined, 0, 1) == ["winter-7", None]
    ineligible = table(
        active=0,
        step=Step.DRAW,
        hands={0: ["spring-3"], 1: ["winter-3", "winter-4"]},
        stacks={0: ["summer-2"]},
        pile_a=["winter-7"],
        pile_b=["spring-1"],
        reunion_holder=2,
    )
    plain = act(ineligible, 0, {"type": "draw", "pile": "A"}).state
    for viewer in (None, 2):
        assert RULES.view(declined, viewer)["players"] == RULES.view(plain, viewer)["players"]
        assert RULES.view(declined, viewer)["recent"] == RULES.view(plain, viewer)["recent"]


# ---------------------------------------------------------------------------------------------
# Setup.


def test_setup_sizes_by_player_count() -> None:
    for seats, pile_a in ((2, 13), (3, 19), (4, 25)):
        state = RULES.deal(seats, {}, Random(seats))
        assert (len(state.piles[0]), len(state.piles[1])) == (pile_a, 1)
        assert all(len(hand) == 2 for hand in state.hands)
        dealt = [card for hand in state.hands for card in hand]
        assert sorted([*dealt, *state.piles[0], *state.piles[1]]) == sorted(CARD_SETS[seats])
        assert state.unseen == (pile_a - 1, 0)


def test_first_player_option_skips_the_draw() -> None:
    chosen = RULES.deal(3, {"first_player": 2}, Random(7))
    assert chosen.start == chosen.active == 2
    deck = list(CARD_SETS[3])
    Random(7).shuffle(deck)  # no randrange first: the shuffle is the only draw
    assert chosen.hands[2] == tuple(deck[0:2]) and chosen.hands[0] == tuple(deck[2:4])


def test_setup_refuses_other_seat_counts_and_bad_options() -> None:
    with pytest.raises(IllegalAction):
        RULES.deal(5, {}, Random(1))
    with pytest.raises(IllegalAction) as caught:
        RULES.deal(3, {"first_player": 3}, Random(1))
    assert caught.value.code == "invalid_option"
    assert RULES.parse_options({}, 3).values == {"first_player": None}
    with pytest.raises(IllegalAction):
        RULES.parse_options({"first_player": True}, 3)


def test_registered_with_its_options() -> None:
    assert RULES_BY_SLUG["bluebell"] is RULES
    assert RULES.seat_counts == frozenset({2, 3, 4})
    assert [option.to_json() for option in RULES.options] == [
        {"name": "first_player", "kind": "seat", "default": None, "choices": []}
    ]


# ---------------------------------------------------------------------------------------------
# §4.8 errors, each with the state unchanged, and the order of checks.


@pytest.mark.parametrize(
    "payload",
    [
        {"type": "pass"},
        {"card_id": "spring-1"},
        {"type": "place"},
        {"type": "place", "card_id": "spring-1", "pile": "A"},
        {"type": "place", "card_id": 3},
        {"type": "place", "card_id": "winter-1", "return_pile": 1},
        {"type": "discard", "card_id": "spring-1"},
        {"type": "discard", "card_id": "spring-1", "pile": "A", "reunion": 1},
        {"type": "discard", "card_id": "spring-1", "pile": "A", "reunion": None},
        {"type": "draw", "pile": True},
        {"type": "draw", "pile": "A", "reunion": "yes"},
        {"type": "give_bluebell", "card_id": None},
        {"type": "give_bluebell", "card_id": "spring-1", "reunion": False},
        {"type": 1},
    ],
)
def test_bad_shapes_are_invalid_actions(payload: dict[str, object]) -> None:
    with pytest.raises(IllegalAction) as caught:
        parse_action(payload)
    assert (caught.value.code, caught.value.message) == ("invalid_action", "That action is not understood.")


def test_parse_round_trips_every_action_and_fills_defaults() -> None:
    actions: list[BluebellAction] = [
        Place("winter-1", "A"), Place("spring-1"), Discard("summer-2", "B", True), Draw("A"), GiveBluebell("autumn-3"),
    ]  # fmt: skip
    for action in actions:
        assert parse_action(json.loads(json.dumps(action.to_json()))) == action
    assert parse_action({"type": "draw", "pile": "B"}) == Draw("B", False)
    assert parse_action({"type": "place", "card_id": "x"}) == Place("x", None)


def _over() -> BluebellState:
    state = table(active=1, bluebells={1: [("spring-1", 0), ("spring-2", 2)]})
    return replace(state, step=Step.GAME_OVER, winner=1)


def test_every_error_code_with_its_message() -> None:
    """Codes and English messages as the §4.8 error table gives them."""
    base = table(
        active=0,
        hands={0: ["spring-5", "winter-6"], 1: ["summer-1", "summer-2"]},
        stacks={0: ["autumn-1"], 1: ["winter-3", "spring-3"]},
        pile_a=["summer-3"],
        pile_b=["winter-2"],
        supply=(0, 3, 3),
        stock=3,
    )
    cases: list[tuple[BluebellState, int, dict[str, object], str, str]] = [
        (_over(), 1, {"type": "draw", "pile": "A"}, "game_over", "The game is over."),
        (base, 3, {"type": "draw", "pile": "A"}, "not_a_player", "You are not seated at this table."),
        (base, 1, {"type": "place", "card_id": "summer-1"}, "not_your_turn", "It is not your turn."),
        (base, 0, {"type": "draw", "pile": "A"}, "wrong_step", "You cannot do that now."),
        (base, 0, {"type": "give_bluebell", "card_id": "spring-5"}, "wrong_step", "You cannot do that now."),
        (base, 0, {"type": "place", "card_id": "summer-1"}, "card_not_in_hand", "That card is not in your hand."),
        (base, 0, {"type": "discard", "card_id": "summer-1", "pile": "A"}, "card_not_in_hand",
         "That card is not in your hand."),
        (base, 0, {"type": "place", "card_id": "spring-5"}, "illegal_placement",
         "That season cannot go on your current top card."),
        (base, 0, {"type": "place", "card_id": "winter-6"}, "return_pile_required",
         "Choose the pile to return your stack to."),
        (base, 0, {"type": "place", "card_id": "winter-6", "return_pile": "C"}, "invalid_pile", "Unknown pile."),
        (base, 0, {"type": "discard", "card_id": "winter-6", "pile": "C"}, "invalid_pile", "Unknown pile."),
        # The round would end (no token to pay), so there is no draw to declare with.
        (base, 0, {"type": "discard", "card_id": "spring-5", "pile": "A", "reunion": True}, "reunion_not_allowed",
         "You cannot declare a reunion now."),
    ]  # fmt: skip
    for state, seat, payload, code, message in cases:
        assert refuse(state, seat, payload, code).message == message, code


def test_draw_step_errors() -> None:
    state = table(
        active=0,
        step=Step.DRAW,
        hands={0: ["spring-1"]},
        stacks={0: ["winter-1"]},
        pile_a=["summer-1"],
        pile_b=[],
    )
    assert refuse(state, 0, {"type": "draw", "pile": "B"}, "pile_empty").message == "That pile is empty."
    refuse(state, 0, {"type": "draw", "pile": "a"}, "invalid_pile")
    refuse(state, 0, {"type": "place", "card_id": "spring-1"}, "wrong_step")
    refuse(state, 0, {"type": "discard", "card_id": "spring-1", "pile": "B"}, "wrong_step")
    refuse(state, 1, {"type": "draw", "pile": "A"}, "not_your_turn")
    assert legal_actions(state, 0) == [Draw("A")]


def test_must_discard_into_the_empty_space() -> None:
    state = table(active=0, hands={0: ["spring-1", "summer-1"]}, pile_a=["autumn-1"], pile_b=[])
    error = refuse(state, 0, {"type": "discard", "card_id": "spring-1", "pile": "A"}, "must_discard_to_empty_pile")
    assert error.message == "One pile is empty: discard into the empty space."
    step = act(state, 0, {"type": "discard", "card_id": "spring-1", "pile": "B"})
    # §4.5 step 3: never a penalty into the empty space, and the draw comes from the other pile.
    assert step.state.supply[0] == 3 and step.state.piles[1] == ("spring-1",)
    assert step.state.hands[0] == ("summer-1", "autumn-1")


def test_return_pile_not_allowed_beats_invalid_pile() -> None:
    state = table(active=0, hands={0: ["spring-1", "summer-1"]})
    refuse(state, 0, {"type": "place", "card_id": "summer-1", "return_pile": "C"}, "return_pile_not_allowed")


def test_winter_may_return_into_the_empty_space() -> None:
    state = table(
        active=0,
        hands={0: ["winter-1", "spring-1"]},
        stacks={0: ["summer-1", "autumn-1"]},
        pile_b=[],
    )
    state = act(state, 0, {"type": "place", "card_id": "winter-1", "return_pile": "B"}).state
    assert state.piles[1] == ("summer-1", "autumn-1")


def test_bluebell_choice_errors() -> None:
    state = table(
        active=2,
        hands={2: ["winter-6"]},
        supply=(2, 3, 0),
        autumn_tokens=(3, 0, 0),
        stock=1,
        bluebells={0: [("spring-1", 1)]},
        round_ender=2,
        round_winner=1,
    )
    state = replace(state, step=Step.BLUEBELL_CHOICE)
    refuse(state, 1, {"type": "give_bluebell", "card_id": "winter-6"}, "not_round_ender")
    refuse(state, 1, {"type": "draw", "pile": "A"}, "not_round_ender")
    refuse(state, 2, {"type": "place", "card_id": "winter-6"}, "wrong_step")
    # The reunion card, a Bluebell, no card at all, a card outside the 3-player set.
    for card in ("reunion", "spring-1", "spring-99", "summer-9"):
        assert refuse(state, 2, {"type": "give_bluebell", "card_id": card}, "card_not_in_play").message == (
            "That card cannot be chosen."
        )
    offered = {a.card_id for a in legal_actions(state, 2) if isinstance(a, GiveBluebell)}
    assert offered == set(CARD_SETS[3]) - {"spring-1"}


def test_reunion_not_allowed_cases() -> None:
    hands = {0: ["summer-1", "winter-1"]}
    state = table(active=0, hands=hands, pile_a=["winter-2"], pile_b=["summer-2"], reunion_holder=None)
    # Discarding to A draws summer-2 from B: summer + summer qualifies; winter + summer does not.
    act(state, 0, {"type": "discard", "card_id": "winter-1", "pile": "A", "reunion": True})
    refuse(state, 0, {"type": "discard", "card_id": "summer-1", "pile": "A", "reunion": True}, "reunion_not_allowed")
    # The holder may not declare again.
    holder = table(active=0, hands=hands, pile_a=["winter-2"], pile_b=["summer-2"], reunion_holder=0)
    refuse(holder, 0, {"type": "discard", "card_id": "winter-1", "pile": "A", "reunion": True}, "reunion_not_allowed")
    # A reunion check comes after must_discard_to_empty_pile.
    empty = table(active=0, hands=hands, pile_a=["summer-2"], pile_b=[])
    payload: dict[str, object] = {"type": "discard", "card_id": "winter-1", "pile": "A", "reunion": True}
    refuse(empty, 0, payload, "must_discard_to_empty_pile")


def test_check_order_turn_before_step_before_hand() -> None:
    state = table(active=0, hands={0: ["spring-1", "summer-1"]})
    refuse(state, 1, {"type": "draw", "pile": "Z"}, "not_your_turn")
    refuse(state, 0, {"type": "draw", "pile": "Z"}, "wrong_step")
    refuse(state, 0, {"type": "discard", "card_id": "autumn-9", "pile": "Z"}, "card_not_in_hand")
    refuse(_over(), 7, {"type": "draw", "pile": "A"}, "game_over")


def test_a_zero_token_player_may_end_the_round_with_a_tie() -> None:
    state = table(active=0, hands={0: ["spring-1", "summer-1"]}, pile_a=["winter-1"], supply=(0, 3, 3), stock=3)
    step = act(state, 0, {"type": "discard", "card_id": "spring-1", "pile": "A"}, k=4, seed=5)
    # §6: a tie for the most tokens gives no Bluebell; the ender starts the next round at once.
    assert kinds(step.events)[:3] == ["discarded", "round_ended", "round_started"]
    state = step.state
    assert (state.round, state.start, state.active, state.round_winner, state.round_ender) == (2, 0, 0, None, 0)
    deck = list(CARD_SETS[3])
    Random("5:4").shuffle(deck)
    assert state.hands[0] == tuple(deck[:2])
    # The piles were dealt again, so the round's result is what still shows the card that ended it.
    assert RULES.view(state, 1)["results"][-1] == {
        "round": 1,
        "ender": 0,
        "winner": None,
        "supplies": [0, 3, 3],
        "discarded": "spring-1",
        "pile": "A",
    }


def test_tokens_on_an_autumn_neither_pay_nor_count() -> None:
    state = table(
        active=1,
        hands={1: ["spring-1", "summer-1"]},
        stacks={1: ["summer-2", "autumn-1"]},
        pile_a=["winter-1"],
        supply=(2, 0, 1),
        autumn_tokens=(0, 6, 0),
    )
    step = act(state, 1, {"type": "discard", "card_id": "spring-1", "pile": "A"})
    assert step.state.round_ender == 1 and step.state.round_winner == 0
    assert step.state.step is Step.BLUEBELL_CHOICE


def test_second_bluebell_ends_the_game_and_reveals_all() -> None:
    state = table(
        active=2,
        hands={2: ["winter-6", "summer-1"]},
        pile_a=["spring-2"],
        supply=(3, 4, 0),
        stock=2,
        bluebells={0: [("autumn-6", 1)], 1: [("winter-7", 0)]},
    )
    state = act(state, 2, {"type": "discard", "card_id": "winter-6", "pile": "A"}).state
    assert state.round_winner == 1
    step = act(state, 2, {"type": "give_bluebell", "card_id": "summer-1"}, k=2)
    over = step.state
    assert over.step is Step.GAME_OVER and over.winner == 1
    result = RULES.outcome(over)
    assert result is not None
    assert result.to_json() == {"winners": [1], "result": "ranked", "reason": "two_bluebells", "scores": [1, 2, 0]}
    assert Event("game_ended", {"winner": 1, "bluebells": [["autumn-6"], ["winter-7", "summer-1"], []]}) in step.events
    spectator = full_view(RULES, over, None)
    assert spectator["phase"] == "game_over" and spectator["awaiting"] == [] and spectator["legal"] == []
    assert spectator["outcome"] == result.to_json() and spectator["winner"] == 1
    players = spectator["players"]
    assert isinstance(players, list)
    assert [b["card"] for b in players[1]["bluebells"]] == ["winter-7", "summer-1"]
    assert [b["card"] for b in players[0]["bluebells"]] == ["autumn-6"]
    assert "summer-1" not in over.hands[2]
    assert RULES.legal_actions(over, 1) == []


# ---------------------------------------------------------------------------------------------
# §5 visibility.


def test_views_show_own_hand_and_only_known_cards_of_others() -> None:
    state = table(active=0, hands={0: ["spring-1", "summer-1"], 1: ["autumn-1", "winter-1"]}, known={1: ["winter-1"]})
    mine = RULES.view(state, 0)
    assert mine["hand"] == [
        {"card": "spring-1", "known": False},
        {"card": "summer-1", "known": False},
    ]
    assert other_hand(state, 1, 0) == ["winter-1", None]
    assert other_hand(state, 1, None) == ["winter-1", None]
    assert other_hand(state, 0, 1) == [None, None]
    text = json.dumps(full_view(RULES, state, 0))
    assert "autumn-1" not in text
    assert RULES.view(state, None)["hand"] is None and full_view(RULES, state, None)["legal"] == []
    assert full_view(RULES, state, 1)["legal"] == []


def test_pile_bottoms_stay_hidden_until_exposed() -> None:
    state = RULES.deal(2, {}, Random(3))
    seen = RULES.view(state, 0)["piles"]
    assert isinstance(seen, dict)
    assert seen["A"]["hidden"] == 12 and seen["A"]["cards"] == [state.piles[0][-1]]
    hidden = state.piles[0][:12]
    text = json.dumps(full_view(RULES, state, None))
    assert not any(f'"{card}"' in text for card in hidden)
    # A draw exposes the card under the top, which then stays public.
    seat = state.active
    action = next(a for a in legal_actions(state, seat) if isinstance(a, Place))
    state = apply(state, seat, action, rng_for(3, 1)).state
    state = apply(state, seat, Draw("A"), rng_for(3, 2)).state
    assert state.unseen[0] == 11
    piles = RULES.view(state, None)["piles"]
    assert isinstance(piles, dict) and piles["A"]["cards"] == [state.piles[0][-1]]


def test_only_the_choosing_ender_sees_every_card_in_play() -> None:
    state = table(active=2, hands={2: ["winter-6", "summer-1"]}, pile_a=["spring-2"], supply=(2, 3, 0),
                  autumn_tokens=(3, 0, 0), stock=1)  # fmt: skip
    state = act(state, 2, {"type": "discard", "card_id": "winter-6", "pile": "A"}).state
    ender = RULES.view(state, 2)["in_play"]
    assert isinstance(ender, list) and len(ender) == 26
    assert {"card": "winter-6", "where": "pile", "seat": None, "pile": "A"} in ender
    assert {"card": state.hands[0][0], "where": "hand", "seat": 0, "pile": None} in ender
    for viewer in (None, 0, 1):
        assert RULES.view(state, viewer)["in_play"] is None
    for viewer in (None, 1):  # seat 0's dealt cards stay its own
        text = json.dumps(full_view(RULES, state, viewer))
        assert not any(f'"{card}"' in text for card in state.hands[0])


def test_views_are_plain_json_and_the_table_adds_the_envelope() -> None:
    state = RULES.deal(4, {}, Random(11))
    for viewer in (None, 0, 1, 2, 3):
        own = RULES.view(state, viewer)
        assert json.loads(json.dumps(own)) == own
        assert not ENVELOPE_KEYS & set(own), "the table adds phase, awaiting, legal, outcome and seat"
        shown = full_view(RULES, state, viewer)
        assert json.loads(json.dumps(shown)) == shown
        assert (shown["phase"], shown["seat"]) == ("action", viewer)
    shown = full_view(RULES, state, state.active)
    assert shown["legal"] == [a.to_json() for a in legal_actions(state, state.active)]
    assert shown["awaiting"] == [state.active]


def test_public_events_carry_no_hidden_card() -> None:
    state = table(active=0, step=Step.DRAW, hands={0: ["winter-3"]}, stacks={0: ["summer-2"]}, pile_a=["winter-7"])
    step = act(state, 0, {"type": "draw", "pile": "A"})
    assert all("winter-3" not in json.dumps(e.to_json()) for e in step.events if e.to is None)


def test_choices_say_what_each_hand_card_would_do_for_the_seat_due_to_act() -> None:
    state = table(
        active=0,
        hands={0: ["spring-5", "autumn-6"]},
        stacks={0: ["spring-4", "summer-2"], 1: ["winter-3", "spring-3"]},
        pile_a=["summer-3"],
        pile_b=["spring-1"],
        supply=(1, 3, 2),
        stock=3,
        reunion_holder=0,
    )
    choices = RULES.view(state, 0)["choices"]
    assert choices == {
        # §4.3: a spring follows only a winter, checked before P1's showing spring.
        "spring-5": {
            "blocked": {"reason": "wrong_predecessor", "seat": None},
            "collects": 0,
            "banks": 0,
            "discard": {
                "A": {"cost": "penalty", "draws": "spring-1"},  # §4.5: the forced draw is from the other pile
                "B": {"cost": "free", "draws": "summer-3"},
            },
        },
        # §4.3, §8.5: the reunion holder's autumn takes the whole stock.
        "autumn-6": {
            "blocked": None,
            "collects": 3,
            "banks": 0,
            "discard": {"A": {"cost": "penalty", "draws": "spring-1"}, "B": {"cost": "penalty", "draws": "summer-3"}},
        },
    }
    for viewer in (None, 1, 2):
        assert RULES.view(state, viewer)["choices"] is None
    # Only a spring on top blocks, and the view names whose (§4.3, §8.2).
    blocked = replace(state, stacks=((), state.stacks[1], state.stacks[2]))
    shown = RULES.view(blocked, 0)["choices"]
    assert isinstance(shown, dict)
    assert shown["spring-5"]["blocked"] == {"reason": "spring_blocked", "seat": 1}


def test_choices_show_a_round_ending_discard_a_bank_and_the_empty_space() -> None:
    state = table(
        active=0,
        hands={0: ["winter-5", "spring-6"]},
        stacks={0: ["summer-2", "autumn-6"]},
        pile_a=["summer-7"],
        pile_b=[],
        supply=(0, 3, 3),
        autumn_tokens=(3, 0, 0),
    )
    choices = RULES.view(state, 0)["choices"]
    assert choices == {
        "winter-5": {
            "blocked": None,
            "collects": 0,
            "banks": 3,  # §4.3: the winter moves the autumn's tokens to the supply
            "discard": {"A": None, "B": {"cost": "free", "draws": "summer-7"}},  # §4.5 step 2
        },
        "spring-6": {
            "blocked": {"reason": "wrong_predecessor", "seat": None},
            "collects": 0,
            "banks": 0,
            "discard": {"A": None, "B": {"cost": "free", "draws": "summer-7"}},
        },
    }
    full = table(
        active=0,
        hands={0: ["winter-5", "spring-6"]},
        stacks={0: ["summer-2", "autumn-6"]},
        pile_a=["summer-7"],
        pile_b=["autumn-1"],
        supply=(0, 3, 3),
        autumn_tokens=(3, 0, 0),
    )
    shown = RULES.view(full, 0)["choices"]
    assert isinstance(shown, dict)
    # §4.5 step 5: no token to pay, so the mismatched discard ends the round and draws nothing.
    assert shown["spring-6"]["discard"] == {
        "A": {"cost": "ends_round", "draws": None},
        "B": {"cost": "ends_round", "draws": None},
    }
    after = act(state, 0, {"type": "place", "card_id": "winter-5", "return_pile": "B"}).state
    assert RULES.view(after, 0)["choices"] is None, "the draw step has no choices"
