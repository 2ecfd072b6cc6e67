"""Baroque: the spec's worked scenarios (§10), golden set-ups, every error code, redaction."""

import json
from collections.abc import Mapping, Sequence
from copy import deepcopy
from dataclasses import replace
from random import Random

import pytest

from app.engine import Commits, Event, IllegalAction, Seat, full_view, rng_for
from app.engine.envelope import ENVELOPE_KEYS
from app.games.baroque import RULES
from app.games.baroque.actions import BallChange, BallKeep, parse_action
from app.games.baroque.bot import choose
from app.games.baroque.cards import CARDS, HAND_SIZE, RANKS, sort_cards
from app.games.baroque.rules import apply, legal_actions
from app.games.baroque.state import BaroqueState, Phase

SEED = 1234
EMILY, JACK, ANNA, JOHN = 0, 1, 2, 3

# §10.3: the seed's example table, Emily dealing and leading.
SEED_EXAMPLE_HANDS = {
    EMILY: "black-05 green-02 green-03 green-04 green-05 green-07 yellow-01",
    JACK: "black-01 black-02 green-01 green-06 yellow-02 yellow-03 yellow-05",
    ANNA: "black-03 black-06 yellow-04 yellow-06 yellow-07 yellow-09 yellow-10",
    JOHN: "black-04 black-07 black-08 black-09 black-10 green-10 yellow-08",
}

# §4.3 names the error codes and their check order but gives no wording; the English text a sender
# receives for each is written out here, so that a wrong text in the rules' own table fails.
MESSAGE_OF = {
    "wrong_phase": "That action is not accepted in the current phase.",
    "not_your_turn": "It is not your turn.",
    "already_committed": "You have already committed your decision for this ball.",
    "invalid_rank_combination": "Take exactly one rank card, or rank-5 plus one of rank-1 to rank-4.",
    "card_not_in_hand": "That card is not in your hand.",
    "rank_unavailable": "That rank card has already been taken this round.",
    "must_follow_color": "You must follow the lead color.",
    "leader_change_mismatch": "The leader may change only to a card of the same color or number as their salon card.",
}


# --- helpers ----------------------------------------------------------------------------------


def cards(text: str) -> tuple[str, ...]:
    """The card ids of a space-separated list, in canonical order."""
    return sort_cards(text.split())


def table(
    hands: Mapping[Seat, str],
    *,
    dealer: Seat,
    leader: Seat,
    trick: int = 1,
    round: int = 1,
    first_dealer: Seat | None = None,
    ranks: Mapping[Seat, Sequence[str]] | None = None,
    tricks_won: Sequence[int] | None = None,
    scores: Sequence[int] | None = None,
) -> BaroqueState:
    """A table in the salon with these hands, every other card face up in the discard pile."""
    seats = len(hands)
    dealt = tuple(cards(hands[seat]) for seat in range(seats))
    taken = ranks if ranks is not None else {seat: [f"rank-{seat}"] for seat in range(seats)}
    rank_taken = tuple(tuple(taken[seat]) for seat in range(seats))
    in_use = {rank for chosen in rank_taken for rank in chosen}
    return BaroqueState(
        phase=Phase.SALON,
        seats=seats,
        first_dealer=dealer if first_dealer is None else first_dealer,
        round=round,
        dealer=dealer,
        trick_number=trick,
        leader=leader,
        current_seat=leader,
        hands=dealt,
        known_in_hand=((),) * seats,
        discard=sort_cards(card for card in CARDS if not any(card in hand for hand in dealt)),
        rank_available=(),
        rank_taken=rank_taken,
        rank_set_aside=tuple(rank for rank in RANKS if rank not in in_use),
        salon=(None,) * seats,
        decisions=Commits.open(seats, frozenset()),
        tricks_won=tuple(tricks_won) if tricks_won is not None else (0,) * seats,
        scores=tuple(scores) if scores is not None else (0,) * seats,
        tricks=(),
        rounds=(),
    )


def act(state: BaroqueState, seat: Seat, payload: Mapping[str, object], k: int = 1) -> BaroqueState:
    """The state after an accepted action given as wire JSON."""
    return RULES.apply(state, seat, RULES.parse_action(payload), rng_for(SEED, k)).state


def act_events(state: BaroqueState, seat: Seat, payload: Mapping[str, object]) -> tuple[BaroqueState, list[Event]]:
    step = RULES.apply(state, seat, RULES.parse_action(payload), rng_for(SEED, 1))
    return step.state, list(step.events)


def rejected(state: BaroqueState, seat: Seat, payload: Mapping[str, object], code: str) -> None:
    """Asserts the action is refused with `code` and its message, and the state is untouched."""
    before = deepcopy(state)
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(state, seat, RULES.parse_action(payload), rng_for(SEED, 1))
    assert refused.value.code == code
    assert refused.value.message == MESSAGE_OF[code]
    assert state == before


def salon(card: str) -> dict[str, object]:
    return {"type": "play_salon", "card": card}


def change(card: str) -> dict[str, object]:
    return {"type": "ball_change", "card": card}


KEEP: dict[str, object] = {"type": "ball_keep"}


def take(*ranks: str) -> dict[str, object]:
    return {"type": "take_rank", "ranks": list(ranks)}


def seen_by(events: Sequence[Event], seat: Seat | None) -> list[dict[str, object]]:
    return [event.to_json() for event in events if event.visible_to(seat)]


def seed_example_salon() -> BaroqueState:
    """§10.3's end state: the four salon cards down, the ball open."""
    state = table(SEED_EXAMPLE_HANDS, dealer=EMILY, leader=EMILY)
    for seat, card in ((EMILY, "green-05"), (JACK, "green-01"), (ANNA, "yellow-04"), (JOHN, "green-10")):
        state = act(state, seat, salon(card))
    return state


def seed_example_ball() -> BaroqueState:
    """§10.4's end state: Emily and Anna changed to black, Anna won trick 1."""
    state = seed_example_salon()
    for seat, payload in ((JOHN, KEEP), (EMILY, change("black-05")), (ANNA, change("black-06")), (JACK, KEEP)):
        state = act(state, seat, payload)
    return state


def deal_of(deck_rng: Random, seats: int, dealer: Seat) -> tuple[list[tuple[str, ...]], tuple[str, ...]]:
    """The hands and face-up leftovers §3.2 prescribes for this shuffle stream."""
    deck = list(CARDS)
    deck_rng.shuffle(deck)
    size = HAND_SIZE[seats]
    hands: list[list[str]] = [[] for _ in range(seats)]
    for i in range(seats * size):
        hands[(dealer + i) % seats].append(deck[i])
    return [sort_cards(hand) for hand in hands], sort_cards(deck[seats * size :])


def play_first_legal(state: BaroqueState, first_k: int, until_round: int, seed: int = SEED) -> tuple[BaroqueState, int]:
    """Plays each awaited seat's first legal action until round `until_round` starts; returns the last k."""
    k = first_k
    while state.round < until_round:
        seat = min(RULES.awaiting(state))
        state = RULES.apply(state, seat, RULES.legal_actions(state, seat)[0], rng_for(seed, k)).state
        k += 1
    return state, k - 1


# --- §10.1 the deal, and the golden set-ups ---------------------------------------------------


def test_10_1_deal_with_a_fixed_first_dealer() -> None:
    state = RULES.deal(3, {"first_dealer": 1}, Random(7))
    assert state.hands[0] == cards(
        "black-07 green-04 green-06 green-08 green-09 yellow-01 yellow-03 yellow-04 yellow-09"
    )
    assert state.hands[1] == cards(
        "black-03 black-09 black-10 green-02 green-07 yellow-02 yellow-05 yellow-07 yellow-10"
    )
    assert state.hands[2] == cards("black-01 black-02 black-04 black-06 black-08 green-05 green-10 yellow-06 yellow-08")
    assert state.discard == cards("black-05 green-01 green-03")
    assert (state.phase, state.current_seat, state.dealer) == (Phase.BIDDING, 1, 1)
    assert state.rank_available == RANKS
    assert state.scores == (0, 0, 0)
    for seat in range(3):
        seen = RULES.view(state, seat)
        assert seen["hand"] == list(state.hands[seat])
        assert seen["hand_sizes"] == [9, 9, 9]
        assert seen["discard"] == ["black-05", "green-01", "green-03"]


def test_10_1_round_2_is_shuffled_with_the_stream_of_action_54() -> None:
    # Whatever is played, action 54 ends round 1 and its stream Random("7:54") shuffles round 2.
    state, last_k = play_first_legal(RULES.deal(3, {"first_dealer": 1}, Random(7)), 1, until_round=2, seed=7)
    assert last_k == 54
    assert (state.round, state.dealer, state.phase, state.current_seat) == (2, 2, Phase.BIDDING, 2)
    assert state.hands[0] == cards("black-04 black-05 black-09 green-01 green-02 green-03 green-08 yellow-05 yellow-07")
    assert state.hands[1] == cards(
        "black-03 black-06 black-07 black-08 green-04 yellow-01 yellow-06 yellow-08 yellow-09"
    )
    assert state.hands[2] == cards("black-01 black-02 black-10 green-05 green-06 green-07 green-09 green-10 yellow-04")
    assert state.discard == cards("yellow-02 yellow-03 yellow-10")


def test_the_first_dealer_is_drawn_before_the_shuffle_when_not_fixed() -> None:
    for seed, seats in ((7, 3), (99, 4), (2024, 3)):
        rng = Random(seed)
        first_dealer = rng.randrange(seats)
        hands, leftovers = deal_of(rng, seats, first_dealer)
        state = RULES.deal(seats, {}, Random(seed))
        assert (state.first_dealer, state.dealer, state.current_seat) == (first_dealer,) * 3
        assert list(state.hands) == hands
        assert state.discard == leftovers


@pytest.mark.parametrize(("seats", "round_starts"), [(3, (54, 108)), (4, (56, 112, 168))])
def test_each_later_round_is_shuffled_with_the_stream_of_the_action_that_ended_the_last(
    seats: int, round_starts: tuple[int, ...]
) -> None:
    state, k = RULES.deal(seats, {"first_dealer": 0}, Random(SEED)), 0
    for number, expected_k in enumerate(round_starts, start=2):
        state, k = play_first_legal(state, k + 1, until_round=number)
        assert k == expected_k
        dealer = (number - 1) % seats
        hands, leftovers = deal_of(rng_for(SEED, k), seats, dealer)
        assert (state.dealer, list(state.hands), state.discard) == (dealer, hands, leftovers)


def test_setup_refuses_other_seat_counts_and_bad_first_dealers() -> None:
    for seats in (2, 5):
        with pytest.raises(IllegalAction):
            RULES.deal(seats, {}, Random(1))
    for bad in (3, -1, True, "1"):
        with pytest.raises(IllegalAction):
            RULES.deal(3, {"first_dealer": bad}, Random(1))
    assert RULES.parse_options({"first_dealer": 2}, 3).values == {"first_dealer": 2}
    assert RULES.parse_options({}, 4).values == {"first_dealer": None}


# --- §10.2 bidding ----------------------------------------------------------------------------


def test_10_2_bidding_with_conflicts() -> None:
    state = RULES.deal(4, {"first_dealer": 2}, Random(SEED))
    state = act(state, 2, take("rank-3"))
    assert state.bid(2) == 3
    state = act(state, 3, take("rank-5", "rank-2"))
    assert state.bid(3) == 7
    rejected(state, 1, take("rank-0"), "not_your_turn")
    rejected(state, 0, take("rank-3"), "rank_unavailable")
    rejected(state, 0, take("rank-1", "rank-4"), "invalid_rank_combination")
    state = act(state, 0, take("rank-0"))
    assert state.bid(0) == 0
    state = act(state, 1, take("rank-1"))
    assert state.bid(1) == 1
    assert state.rank_set_aside == ("rank-4",)
    assert state.rank_available == ()
    assert (state.phase, state.trick_number, state.leader, state.current_seat) == (Phase.SALON, 1, 2, 2)
    assert RULES.view(state, None)["bids"] == [0, 1, 3, 7]


# --- §10.3 – §10.5 the seed's example ---------------------------------------------------------


def test_10_3_salon_following() -> None:
    state = table(SEED_EXAMPLE_HANDS, dealer=EMILY, leader=EMILY)
    rejected(state, ANNA, salon("yellow-04"), "not_your_turn")
    rejected(state, EMILY, salon("yellow-05"), "card_not_in_hand")
    state = act(state, EMILY, salon("green-05"))
    assert RULES.view(state, None)["lead_color"] == "green"
    rejected(state, JACK, salon("black-01"), "must_follow_color")
    state = act(state, JACK, salon("green-01"))
    state = act(state, ANNA, salon("yellow-04"))
    rejected(state, JOHN, salon("black-10"), "must_follow_color")
    state = act(state, JOHN, salon("green-10"))
    assert state.phase is Phase.BALL
    assert [len(hand) for hand in state.hands] == [6, 6, 6, 6]
    assert state.salon == ("green-05", "green-01", "yellow-04", "green-10")
    assert RULES.awaiting(state) == frozenset({0, 1, 2, 3})
    assert RULES.view(state, None)["void"] == [False, False, True, False]


def test_10_4_ball_and_resolution() -> None:
    state = seed_example_salon()
    for seat, payload in ((JOHN, KEEP), (EMILY, change("black-05")), (ANNA, change("black-06"))):
        state, events = act_events(state, seat, payload)
        assert state.phase is Phase.BALL
        for other in range(4):
            if other != seat:
                assert seen_by(events, other) == [{"kind": "ball_committed", "seat": seat}]
    # Jack could change only to green-06; John could not change at all.
    assert legal_actions(state, JACK) == (BallKeep(), BallChange("green-06"))
    state, events = act_events(state, JACK, KEEP)
    reveal = [event for event in events if event.kind == "ball_revealed"]
    assert [event.to is None for event in reveal] == [True]
    assert reveal[0].data["outcomes"] == [
        {"seat": 0, "outcome": "changed", "returned": "green-05", "new": "black-05"},
        {"seat": 1, "outcome": "kept"},
        {"seat": 2, "outcome": "changed", "returned": "yellow-04", "new": "black-06"},
        {"seat": 3, "outcome": "kept"},
    ]
    assert state.tricks[-1].final == ("black-05", "green-01", "black-06", "green-10")
    assert state.tricks[-1].winner == ANNA
    assert state.scores == (0, 0, 1, 0)
    assert state.tricks_won == (0, 0, 1, 0)
    assert state.discard == cards("black-05 black-06 green-01 green-08 green-09 green-10")
    assert state.hands[EMILY] == cards("green-02 green-03 green-04 green-05 green-07 yellow-01")
    assert state.hands[JACK] == cards("black-01 black-02 green-06 yellow-02 yellow-03 yellow-05")
    assert state.hands[ANNA] == cards("black-03 yellow-04 yellow-06 yellow-07 yellow-09 yellow-10")
    assert state.hands[JOHN] == cards("black-04 black-07 black-08 black-09 black-10 yellow-08")
    for viewer in (None, EMILY, JACK, ANNA, JOHN):
        seen = RULES.view(state, viewer)
        assert seen["known_in_hand"] == [["green-05"], [], ["yellow-04"], []]
        assert seen["hand_sizes"] == [6, 6, 6, 6]
    assert (state.phase, state.trick_number, state.leader, state.current_seat) == (Phase.SALON, 2, ANNA, ANNA)


def test_10_5_illegal_and_legal_ball_changes() -> None:
    state = seed_example_salon()
    rejected(state, EMILY, change("yellow-01"), "leader_change_mismatch")
    rejected(state, EMILY, change("black-02"), "card_not_in_hand")
    rejected(state, JACK, change("black-01"), "must_follow_color")
    rejected(state, JOHN, change("black-10"), "must_follow_color")
    for seat, payload in ((JACK, change("green-06")), (EMILY, change("green-02")), (ANNA, change("yellow-10"))):
        state = act(state, seat, payload)
    state, events = act_events(state, JOHN, KEEP)
    assert state.tricks[-1].final == ("green-02", "green-06", "yellow-10", "green-10")
    assert state.tricks[-1].winner == JOHN
    won = [event.data for event in events if event.kind == "trick_won"]
    assert won == [
        {
            "round": 1,
            "trick": 1,
            "winner": JOHN,
            "final": ["green-02", "green-06", "yellow-10", "green-10"],
            "winning_color": "green",
        }
    ]


# --- §10.6 the leader switches color by number ------------------------------------------------


def color_switch_ball() -> BaroqueState:
    hands = {
        0: "black-02 green-03 green-05 yellow-01 yellow-05",
        1: "black-03 green-08 green-09 yellow-02 yellow-03",
        2: "black-04 black-05 yellow-04 yellow-06 yellow-07",
    }
    state = table(hands, dealer=0, leader=0, trick=5)
    rejected(state, 1, salon("green-05"), "not_your_turn")
    state = act(state, 0, salon("green-05"))
    rejected(state, 1, salon("yellow-02"), "must_follow_color")
    state = act(state, 1, salon("green-08"))
    state = act(state, 2, salon("yellow-04"))
    assert state.phase is Phase.BALL
    return state


@pytest.mark.parametrize(
    ("decisions", "finals", "winner"),
    [
        ((change("yellow-05"), KEEP, KEEP), ("yellow-05", "green-08", "yellow-04"), 0),
        ((change("yellow-05"), KEEP, change("yellow-07")), ("yellow-05", "green-08", "yellow-07"), 2),
        ((KEEP, KEEP, KEEP), ("green-05", "green-08", "yellow-04"), 1),
    ],
    ids=["A-leader-wins-in-new-color", "B-void-seat-follows-new-color", "C-all-keep"],
)
def test_10_6_the_winning_color_is_the_leaders_final_color(
    decisions: tuple[dict[str, object], ...], finals: tuple[str, ...], winner: Seat
) -> None:
    state = color_switch_ball()
    for seat, payload in enumerate(decisions):
        state = act(state, seat, payload)
    assert state.tricks[-1].final == finals
    assert state.tricks[-1].winner == winner
    assert state.leader == winner
    assert state.trick_number == 6


# --- §10.7 redaction while the ball is pending ------------------------------------------------


def test_10_7_redaction_while_the_ball_is_pending() -> None:
    state = seed_example_salon()
    state, first = act_events(state, EMILY, change("black-05"))
    state, second = act_events(state, JACK, KEEP)
    assert [e for e in seen_by(first, EMILY) if e["kind"] == "ball_decided"] == [
        {"kind": "ball_decided", "seat": EMILY, "choice": "change", "card": "black-05"}
    ]
    assert [e for e in seen_by(second, JACK) if e["kind"] == "ball_decided"] == [
        {"kind": "ball_decided", "seat": JACK, "choice": "keep"}
    ]
    assert seen_by(first, JACK) == [{"kind": "ball_committed", "seat": EMILY}]
    assert seen_by(second, EMILY) == [{"kind": "ball_committed", "seat": JACK}]
    for other in (ANNA, JOHN, None):
        received = seen_by(first, other) + seen_by(second, other)
        assert received == [{"kind": "ball_committed", "seat": EMILY}, {"kind": "ball_committed", "seat": JACK}]
        seen = full_view(RULES, state, other)
        assert seen["committed"] == [True, True, False, False]
        assert seen["hand_sizes"] == [6, 6, 6, 6]
        assert seen["salon"] == ["green-05", "green-01", "yellow-04", "green-10"]
        public = {key: value for key, value in seen.items() if key != "legal"}
        text = json.dumps(public) + json.dumps(received)
        assert "black-05" not in text
        assert "keep" not in text
    assert RULES.view(state, JACK)["my_decision"] == {"choice": "keep"}
    assert RULES.view(state, EMILY)["my_decision"] == {"choice": "change", "card": "black-05"}
    assert RULES.view(state, JACK)["committed"] == RULES.view(state, EMILY)["committed"] == [True, True, False, False]
    # The opposite decisions leave Anna's and John's data identical (§5.2 R1, R2).
    swapped = seed_example_salon()
    swapped, swapped_first = act_events(swapped, EMILY, KEEP)
    swapped, swapped_second = act_events(swapped, JACK, change("green-06"))
    for other in (ANNA, JOHN, None):
        assert full_view(RULES, swapped, other) == full_view(RULES, state, other)
        assert seen_by(swapped_first + swapped_second, other) == seen_by(first + second, other)
    state = act(state, ANNA, change("black-06"))
    state = act(state, JOHN, KEEP)
    assert state == seed_example_ball()


# --- §10.8 the last trick and round end -------------------------------------------------------


def test_10_8_last_trick_has_no_ball_and_the_round_ends() -> None:
    state = table(
        {0: "green-04", 1: "yellow-09", 2: "green-02"},
        dealer=0,
        leader=1,
        trick=9,
        ranks={0: ["rank-2"], 1: ["rank-1", "rank-5"], 2: ["rank-0"]},
        tricks_won=(2, 6, 0),
        scores=(2, 6, 0),
    )
    state = act(state, 1, salon("yellow-09"))
    state = act(state, 2, salon("green-02"))
    k = 19
    step = RULES.apply(state, 0, parse_action(salon("green-04")), rng_for(SEED, k))
    state = step.state
    kinds = [event.kind for event in step.events]
    assert "ball_opened" not in kinds
    assert kinds == ["salon_played", "trick_won", "round_scored", "round_started"]
    assert state.tricks[-1].winner == 1
    assert state.tricks[-1].changed is None
    summary = state.rounds[-1]
    assert (summary.bids, summary.tricks_won, summary.bonuses) == ((2, 6, 0), (2, 7, 0), (2, 0, 2))
    assert state.scores == summary.scores == (4, 7, 2)
    hands, leftovers = deal_of(rng_for(SEED, k), 3, 1)
    assert (state.round, state.dealer, state.phase, state.current_seat) == (2, 1, Phase.BIDDING, 1)
    assert (list(state.hands), state.discard) == (hands, leftovers)
    assert state.rank_available == RANKS
    assert state.tricks_won == (0, 0, 0)
    seen = RULES.view(state, None)
    assert seen["round_summaries"] == [
        {"round": 1, "dealer": 0, "bids": [2, 6, 0], "tricks_won": [2, 7, 0], "bonuses": [2, 0, 2], "scores": [4, 7, 2]}
    ]
    assert seen["last_trick"] == {
        "round": 1,
        "number": 9,
        "leader": 1,
        "salon": ["green-04", "yellow-09", "green-02"],
        "ball": None,
        "final": ["green-04", "yellow-09", "green-02"],
        "winner": 1,
        "lead_color": "yellow",
        "void": [True, False, True],  # neither S2 nor S0 held yellow
        "winning_color": "yellow",
        "by_trump": False,
    }
    assert seen["tricks"] == []


# --- §10.9 a returned card and the next trick -------------------------------------------------


def test_10_9_a_returned_card_is_a_normal_hand_card() -> None:
    state = seed_example_ball()
    state = act(state, ANNA, salon("yellow-04"))
    assert RULES.view(state, None)["known_in_hand"] == [["green-05"], [], [], []]
    rejected(state, JOHN, salon("black-10"), "must_follow_color")
    state = act(state, JOHN, salon("yellow-08"))
    state = act(state, EMILY, salon("yellow-01"))
    state = act(state, JACK, salon("yellow-05"))
    assert state.phase is Phase.BALL
    rejected(state, ANNA, change("black-03"), "leader_change_mismatch")
    assert legal_actions(state, JOHN) == (BallKeep(),)
    assert legal_actions(state, EMILY) == (BallKeep(),)
    assert legal_actions(state, JACK) == (BallKeep(), BallChange("yellow-02"), BallChange("yellow-03"))
    for seat, payload in ((ANNA, change("yellow-10")), (JOHN, KEEP), (EMILY, KEEP), (JACK, KEEP)):
        state = act(state, seat, payload)
    assert state.tricks[-1].final == ("yellow-01", "yellow-05", "yellow-10", "yellow-08")
    assert state.tricks[-1].winner == ANNA
    assert state.scores[ANNA] == 2
    assert state.hands[ANNA] == cards("black-03 yellow-04 yellow-06 yellow-07 yellow-09")
    assert RULES.view(state, None)["known_in_hand"] == [["green-05"], [], ["yellow-04"], []]
    assert (state.leader, state.current_seat, state.trick_number) == (ANNA, ANNA, 3)


# --- §10.10 dealer rotation and the end of the game -------------------------------------------


def test_10_10_the_game_ends_after_round_n_with_bonuses() -> None:
    state = table(
        {0: "green-01", 1: "yellow-01", 2: "black-10"},
        dealer=0,
        first_dealer=1,
        round=3,
        leader=2,
        trick=9,
        ranks={0: ["rank-3"], 1: ["rank-4"], 2: ["rank-2"]},
        tricks_won=(3, 2, 3),
        scores=(14, 12, 12),
    )
    for seat, card in ((2, "black-10"), (0, "green-01"), (1, "yellow-01")):
        state, events = act_events(state, seat, salon(card))
    assert state.tricks_won == (3, 2, 4)
    assert state.rounds[-1].bonuses == (2, 0, 0)
    assert state.scores == (16, 12, 13)
    assert state.phase is Phase.GAME_OVER
    result = RULES.outcome(state)
    assert result is not None and result.to_json() == {
        "winners": [0],
        "result": "ranked",
        "reason": "all_rounds_played",
        "scores": [16, 12, 13],
    }
    assert events[-1].to_json() == {"kind": "game_ended", "winners": [0], "scores": [16, 12, 13]}
    assert RULES.awaiting(state) == frozenset()
    assert all(full_view(RULES, state, seat)["legal"] == [] for seat in (0, 1, 2))
    assert full_view(RULES, state, 1)["outcome"] == result.to_json()
    rejected(state, 1, take("rank-1"), "wrong_phase")
    rejected(state, 2, salon("black-10"), "wrong_phase")


def test_dealers_rotate_so_everyone_deals_once() -> None:
    state, k = RULES.deal(3, {"first_dealer": 1}, Random(SEED)), 0
    dealers = [state.dealer]
    for number in (2, 3):
        state, k = play_first_legal(state, k + 1, until_round=number)
        dealers.append(state.dealer)
    assert dealers == [1, 2, 0]


def test_a_shared_top_score_gives_co_winners() -> None:
    state = table(
        {0: "green-01", 1: "yellow-01", 2: "black-10"},
        dealer=2,
        round=3,
        leader=2,
        trick=9,
        ranks={0: ["rank-0"], 1: ["rank-1"], 2: ["rank-5", "rank-4"]},
        tricks_won=(0, 1, 3),
        scores=(10, 10, 5),
    )
    for seat, card in ((2, "black-10"), (0, "green-01"), (1, "yellow-01")):
        state = act(state, seat, salon(card))
    assert state.scores == (12, 12, 6)
    result = RULES.outcome(state)
    assert result is not None and result.winners == frozenset({0, 1})


# --- every error code, in the spec's check order ----------------------------------------------


@pytest.mark.parametrize(
    "payload",
    [
        {},
        {"type": "pass"},
        {"type": 3},
        {"type": "take_rank"},
        {"type": "take_rank", "ranks": "rank-1"},
        {"type": "take_rank", "ranks": [1]},
        {"type": "take_rank", "ranks": ["rank-1"], "card": "green-01"},
        {"type": "play_salon"},
        {"type": "play_salon", "card": 5},
        {"type": "play_salon", "card": True},
        {"type": "play_salon", "card": None},
        {"type": "play_salon", "card": ["green-01"]},
        {"type": "ball_keep", "card": "green-01"},
        {"type": "ball_change", "ranks": ["rank-1"]},
    ],
)
def test_bad_shapes_are_invalid_actions(payload: dict[str, object]) -> None:
    with pytest.raises(IllegalAction) as refused:
        RULES.parse_action(payload)
    assert refused.value.code == "invalid_action"


def test_well_formed_unknown_ids_are_not_shape_errors() -> None:
    state = RULES.deal(3, {"first_dealer": 0}, Random(SEED))
    rejected(state, 0, take("rank-6"), "invalid_rank_combination")
    state = table(SEED_EXAMPLE_HANDS, dealer=EMILY, leader=EMILY)
    rejected(state, EMILY, salon("purple-11"), "card_not_in_hand")


@pytest.mark.parametrize(
    "ranks",
    [
        (),
        ("rank-1", "rank-2", "rank-5"),
        ("rank-2", "rank-2"),
        ("rank-5", "rank-5"),
        ("rank-5", "rank-0"),
        ("rank-1", "rank-4"),
    ],
)
def test_invalid_rank_combinations(ranks: tuple[str, ...]) -> None:
    state = RULES.deal(3, {"first_dealer": 0}, Random(SEED))
    rejected(state, 0, take(*ranks), "invalid_rank_combination")


def test_rank_checks_come_in_the_specs_order() -> None:
    state = act(RULES.deal(3, {"first_dealer": 0}, Random(SEED)), 0, take("rank-5", "rank-3"))
    rejected(state, 2, take("rank-3", "rank-3"), "not_your_turn")  # turn before shape
    rejected(state, 1, take("rank-3", "rank-3"), "invalid_rank_combination")  # shape before availability
    rejected(state, 1, take("rank-5", "rank-1"), "rank_unavailable")
    rejected(state, 1, salon(state.hands[1][0]), "wrong_phase")
    rejected(state, 1, KEEP, "wrong_phase")
    state = act(state, 1, take("rank-4"))
    assert state.bid(1) == 4


def test_salon_and_ball_checks_come_in_the_specs_order() -> None:
    state = table(SEED_EXAMPLE_HANDS, dealer=EMILY, leader=EMILY)
    rejected(state, JACK, salon("purple-11"), "not_your_turn")
    rejected(state, EMILY, take("rank-1"), "wrong_phase")
    rejected(state, EMILY, change("green-02"), "wrong_phase")
    state = act(state, EMILY, salon("green-05"))
    rejected(state, JACK, salon("green-05"), "card_not_in_hand")  # on the table
    rejected(state, JACK, salon("green-08"), "card_not_in_hand")  # in the discard pile
    rejected(state, JACK, salon("black-03"), "card_not_in_hand")  # in Anna's hand
    state = seed_example_salon()
    rejected(state, EMILY, salon("green-02"), "wrong_phase")
    rejected(state, EMILY, change("green-05"), "card_not_in_hand")  # her own salon card
    state = act(state, JACK, KEEP)
    rejected(state, JACK, KEEP, "already_committed")
    rejected(state, JACK, change("purple-11"), "already_committed")  # commit before payload
    rejected(state, JACK, change("green-06"), "already_committed")  # final once made (§9 G3)


def test_no_seat_is_ever_committed_automatically() -> None:
    # §4.6, §5.2 R3: John may only keep, yet the ball waits for him.
    state = seed_example_salon()
    assert legal_actions(state, JOHN) == (BallKeep(),)
    for seat in (EMILY, JACK, ANNA):
        state = act(state, seat, KEEP)
    assert state.phase is Phase.BALL
    assert RULES.awaiting(state) == frozenset({JOHN})


# --- visibility -------------------------------------------------------------------------------


def test_views_show_other_hands_only_as_counts_and_known_cards() -> None:
    state = seed_example_ball()
    spectator = full_view(RULES, state, None)
    assert spectator["hand"] is None and spectator["legal"] == [] and spectator["seat"] is None
    assert spectator["must_follow"] is None
    text = json.dumps(spectator)
    for seat in range(4):
        secret = [card for card in state.hands[seat] if card not in state.known_in_hand[seat]]
        assert not any(card in text for card in secret)
        own = full_view(RULES, state, seat)
        assert own["hand"] == list(state.hands[seat])
        others = json.dumps({key: value for key, value in own.items() if key not in ("hand", "legal")})
        for other in range(4):
            hidden = [card for card in state.hands[other] if card not in state.known_in_hand[other]]
            assert other == seat or not any(card in others for card in hidden)
    # A spectator sees of every seat exactly what the other players see (§5.3).
    private = {"hand", "legal", "seat", "my_decision", "must_follow"}
    anna = {key: value for key, value in full_view(RULES, state, ANNA).items() if key not in private}
    assert anna == {key: value for key, value in spectator.items() if key not in private}


def test_a_kept_card_is_never_revealed() -> None:
    state = seed_example_ball()
    trick = RULES.view(state, None)["last_trick"]
    assert isinstance(trick, dict)
    assert trick["ball"] == [
        {"seat": 0, "outcome": "changed", "returned": "green-05", "new": "black-05"},
        {"seat": 1, "outcome": "kept"},
        {"seat": 2, "outcome": "changed", "returned": "yellow-04", "new": "black-06"},
        {"seat": 3, "outcome": "kept"},
    ]


def test_the_view_tells_each_seat_whether_it_must_follow() -> None:
    # §4.5: in the salon a non-leader holding the lead color must play it; a void seat may play anything.
    state = table(SEED_EXAMPLE_HANDS, dealer=EMILY, leader=EMILY)
    assert [RULES.view(state, seat)["must_follow"] for seat in (None, EMILY, JACK)] == [None, None, None]  # no lead yet
    state = act(state, EMILY, salon("green-05"))
    assert [RULES.view(state, seat)["must_follow"] for seat in (None, EMILY, JACK, ANNA, JOHN)] == [
        None,
        None,  # the leader is bound to nothing
        True,
        False,  # no green in Anna's hand
        True,
    ]
    state = act(state, JACK, salon("green-01"))
    assert RULES.view(state, JACK)["must_follow"] is None  # played: nothing left to decide in this salon
    # §4.6, §8 A2: at the ball the hand plus the seat's own salon card decide; John stays bound to green
    # by his salon card green-10 though his hand holds no green, so he may only keep.
    state = seed_example_salon()
    assert [RULES.view(state, seat)["must_follow"] for seat in (EMILY, JACK, ANNA, JOHN)] == [None, True, False, True]
    assert full_view(RULES, state, JOHN)["legal"] == [KEEP]
    # What the view says agrees with what the rules accept.
    assert full_view(RULES, state, JACK)["legal"] == [KEEP, change("green-06")]


def test_a_completed_trick_carries_the_rules_reading_of_it() -> None:
    # §10.4: black was played, so black (trump) decides; Anna could not follow green.
    trick = RULES.view(seed_example_ball(), None)["last_trick"]
    assert isinstance(trick, dict)
    assert (trick["lead_color"], trick["winning_color"], trick["by_trump"]) == ("green", "black", True)
    assert trick["void"] == [False, False, True, False]
    # §10.6 A: no black, so the leader's final color wins, though the lead color was green (§8 A3).
    state = color_switch_ball()
    for seat, payload in enumerate((change("yellow-05"), KEEP, KEEP)):
        state = act(state, seat, payload)
    trick = RULES.view(state, None)["last_trick"]
    assert isinstance(trick, dict)
    assert (trick["winner"], trick["lead_color"], trick["winning_color"], trick["by_trump"]) == (
        0,
        "green",
        "yellow",
        False,
    )
    assert trick["void"] == [False, False, True]


@pytest.mark.parametrize("seats", [3, 4])
def test_bots_play_a_whole_game_from_the_full_view(seats: int) -> None:
    state, k = RULES.deal(seats, {}, Random(SEED)), 0
    while RULES.outcome(state) is None:
        seat = min(RULES.awaiting(state))
        action = choose(full_view(RULES, state, seat), Random(k)).action
        k += 1
        state = RULES.apply(state, seat, RULES.parse_action(action), rng_for(SEED, k)).state
    assert k == seats * 2 * HAND_SIZE[seats] * seats  # §3.1 step 3: 2·H·N actions a round, N rounds


def test_views_are_json_and_the_table_adds_the_common_keys() -> None:
    state = seed_example_salon()
    for seat in (None, 0, 1, 2, 3):
        own = RULES.view(state, seat)
        assert json.loads(json.dumps(own)) == own
        assert not ENVELOPE_KEYS & set(own)  # the game's own fields only
        seen = full_view(RULES, state, seat)
        assert seen["phase"] == "ball" and seen["awaiting"] == [0, 1, 2, 3] and seen["outcome"] is None
        assert seen["seat"] == seat
    # Anna was void in green, so she may change to any card in hand (§8 A2).
    changes = [change(card) for card in cards("black-03 black-06 yellow-06 yellow-07 yellow-09 yellow-10")]
    assert full_view(RULES, state, ANNA)["legal"] == [KEEP, *changes]


def test_legal_actions_are_offered_only_to_the_seat_due() -> None:
    state = RULES.deal(4, {"first_dealer": 2}, Random(SEED))
    assert full_view(RULES, state, 1)["legal"] == []
    offered = full_view(RULES, state, 2)["legal"]
    singles = [take(rank) for rank in RANKS]
    pairs = [take(rank, "rank-5") for rank in ("rank-1", "rank-2", "rank-3", "rank-4")]
    assert offered == singles + pairs
    for action in [*singles, *pairs]:
        accepted = apply(state, 2, RULES.parse_action(action), rng_for(SEED, 1)).state
        assert accepted.bid(2) in range(10)


# --- hidden decisions -------------------------------------------------------------------------


def test_replaced_hidden_decisions_change_the_state_but_not_others_views() -> None:
    ball = act(seed_example_salon(), EMILY, change("black-05"))
    kept = replace(ball, decisions=ball.decisions.commit(JACK, BallKeep()))
    other = replace(ball, decisions=ball.decisions.commit(JACK, BallChange("green-06")))
    assert kept != other
    for viewer in (EMILY, ANNA, JOHN, None):
        assert full_view(RULES, kept, viewer) == full_view(RULES, other, viewer)
    assert RULES.view(kept, JACK) != RULES.view(other, JACK)
