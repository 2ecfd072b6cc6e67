"""Queen of Hansa: golden setup, every worked scenario of the spec (§10), every error code."""

import copy
import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

import pytest

from app.engine import Commits, IllegalAction, Transition, full_view, rng_for
from app.games.hansa import RULES
from app.games.hansa.actions import Adjust, HansaAction, Keep, Play, Take
from app.games.hansa.cards import CARD_IDS, CARDS, SPACE_CAPACITY, City, sort_cards
from app.games.hansa.scoring import final_scoring, person_score, settle
from app.games.hansa.state import HansaState, Phase, Player, Slot

SEED = 2017
ORDER = ("LON", "BRU", "BER", "NOV")
# §2.2, read independently of cards.py: the cube-icon cards.
ICONS = {f"{c}-{n:02d}" for c in ORDER for n in (12, 13, 14, 15)} | {
    "LON-01",
    "LON-02",
    "BRU-03",
    "BRU-04",
    "BER-05",
    "BER-06",
    "NOV-07",
    "NOV-08",
}


def slot(text: str) -> Slot:
    """`NOV-12+BER` is card NOV-12 carrying a BER cube (§10 notation)."""
    card, _, cube = text.partition("+")
    return Slot(card, City(cube) if cube else None)


def by_city(values: Mapping[str, int]) -> tuple[int, ...]:
    return tuple(values.get(city, 0) for city in ORDER)


def table(
    seats: int = 4,
    *,
    round: int = 1,
    first_player: int = 0,
    current: int = 0,
    turns_taken: int = 0,
    prosperity: Mapping[str, int] | None = None,
    triggered: Mapping[str, int] | None = None,
    board: Mapping[str, Sequence[str]] | None = None,
    hands: Mapping[int, Sequence[str]] | None = None,
    known: Mapping[int, Sequence[str]] | None = None,
    unplaced: Mapping[int, Sequence[str]] | None = None,
    up: Mapping[int, Sequence[str]] | None = None,
    down: Mapping[int, Sequence[str]] | None = None,
    screens: Mapping[int, Mapping[str, int]] | None = None,
    scores: Sequence[int] | None = None,
    deck_top: Sequence[str] = (),
    deck_size: int | None = None,
) -> HansaState:
    """A mid-game table with the listed facts; every other card is placed honestly.

    Unlisted spaces are filled to capacity (cube-icon cards carrying a cube of their own city),
    unlisted hands get two unknown cards, and the deck holds `deck_top` then the rest, in
    canonical order; if `deck_size` is given the surplus lies face up in front of the seats.
    """
    board, hands, known = board or {}, hands or {}, known or {}
    tableau = {seat: list(cards) for seat, cards in (up or {}).items()}
    down, unplaced, screens = down or {}, unplaced or {}, screens or {}
    listed = set(deck_top)
    for cards in [*board.values(), *hands.values(), *tableau.values(), *down.values()]:
        listed |= {slot(card).card for card in cards}
    pool = [card for card in CARD_IDS if card not in listed]
    rows: list[tuple[Slot, ...]] = []
    for city in ORDER:
        if city in board:
            rows.append(tuple(slot(text) for text in board[city]))
            continue
        fill, pool = pool[: SPACE_CAPACITY[seats]], pool[SPACE_CAPACITY[seats] :]
        rows.append(tuple(Slot(card, CARDS[card].city if card in ICONS else None) for card in fill))
    full_hands: list[tuple[str, ...]] = []
    for seat in range(seats):
        if seat in hands:
            full_hands.append(sort_cards(hands[seat]))
        else:
            full_hands.append(sort_cards(pool[:2]))
            pool = pool[2:]
    if deck_size is not None:
        surplus, pool = pool[: len(pool) + len(deck_top) - deck_size], pool[len(pool) + len(deck_top) - deck_size :]
        for i, card in enumerate(surplus):
            tableau.setdefault(i % seats, []).append(card)
    cubes = [10] * 4
    for row in rows:
        for entry in row:
            if entry.cube is not None:
                cubes[ORDER.index(entry.cube)] -= 1
    players = []
    for seat in range(seats):
        screen = by_city(screens.get(seat, {}))
        cubes = [n - held for n, held in zip(cubes, screen, strict=True)]
        players.append(
            Player(
                hand=full_hands[seat],
                known=sort_cards(known.get(seat, ())),
                unplaced=sort_cards(unplaced.get(seat, ())),
                tableau_up=tuple(tableau.get(seat, ())),
                tableau_down=tuple(down.get(seat, ())),
                down_turns=tuple((1, 1) for _ in down.get(seat, ())),
                screen=screen,
                score=0 if scores is None else scores[seat],
            )
        )
    assert min(cubes) >= 0
    marks = triggered or {}
    return HansaState(
        seats=seats,
        opening_draft=False,
        phase=Phase.TURNS,
        round=round,
        first_player=first_player,
        round_first_player=(first_player + round - 1) % seats,
        current_player=current,
        turns_taken=turns_taken,
        prosperity=by_city(prosperity) if prosperity is not None else (1, 1, 1, 1),
        triggers_this_round=len(marks),
        triggered=by_city(marks),
        board=tuple(rows),
        deck=tuple(deck_top) + tuple(pool),
        bag=tuple(cubes),
        players=tuple(players),
        kept=Commits.open(seats, frozenset()),
        last_turn=None,
        settlements=(),
        final=None,
    )


def play(
    card: str, face: str = "up", take: tuple[str, int] | None = None, adjust: tuple[str, int] | None = None
) -> Play:
    return Play(card, face, None if adjust is None else Adjust(*adjust), None if take is None else Take(*take))


def step(state: HansaState, seat: int, action: HansaAction, k: int = 1) -> Transition[HansaState]:
    return RULES.apply(state, seat, action, rng_for(SEED, k))


def row(state: HansaState, city: str) -> list[str]:
    """A space in §10 notation."""
    return [s.card + (f"+{s.cube}" if s.cube else "") for s in state.board[ORDER.index(city)]]


def seen(state: HansaState, viewer: int | None, seat: int) -> dict[str, object]:
    """What `viewer` sees of `seat`."""
    entries = RULES.view(state, viewer)["players"]
    assert isinstance(entries, list)
    entry = entries[seat]
    assert isinstance(entry, dict)
    return {str(key): value for key, value in entry.items()}


def events(transition: Transition[HansaState], public: bool = True) -> list[tuple[str, dict[str, object]]]:
    return [(e.kind, dict(e.data)) for e in transition.events if (e.to is None) == public]


def rejects(state: HansaState, seat: int, action: HansaAction, code: str) -> None:
    """The action fails with `code` and the state is the same, down to every nested value."""
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as caught:
        step(state, seat, action)
    assert caught.value.code == code
    assert state == before


# --- §3 setup --------------------------------------------------------------------------------


def reference_setup(seats: int, seed: int) -> tuple[int, dict[int, list[str]], dict[str, list[str]], list[str]]:
    """§3 done by hand: first player, deal, then the refill with its cube draws."""
    rng = random.Random(seed)
    first = rng.randrange(seats)
    deck = [f"{city}-{n:02d}" for city in ORDER for n in range(1, 16)]
    rng.shuffle(deck)
    hands: dict[int, list[str]] = {seat: [] for seat in range(seats)}
    for _ in range(2):
        for offset in range(seats):
            hands[(first + offset) % seats].append(deck.pop(0))
    bag = [colour for colour in ORDER for _ in range(10)]
    board: dict[str, list[str]] = {}
    for city in ORDER:
        board[city] = []
        for _ in range(4 if seats == 2 else 5):
            card = deck.pop(0)
            board[city].append(f"{card}+{bag.pop(rng.randrange(len(bag)))}" if card in ICONS else card)
    return first, hands, board, deck


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("seed", [0, 1, 42, SEED, 987654321])
def test_setup_draws_in_the_specified_order(seats: int, seed: int) -> None:
    first, hands, board, deck = reference_setup(seats, seed)
    state = RULES.deal(seats, {"opening_draft": False}, random.Random(seed))
    assert state.first_player == first
    assert [list(p.hand) for p in state.players] == [sorted(hands[s], key=CARD_IDS.index) for s in range(seats)]
    assert {city: row(state, city) for city in ORDER} == board
    assert list(state.deck) == deck


def test_golden_setup_seed_2017_four_players() -> None:
    # A snapshot: any change here changes every table already played from a seed.
    state = RULES.deal(4, {}, random.Random(SEED))
    assert state.first_player == 1
    assert [list(p.hand) for p in state.players] == [
        ["BER-11", "BER-15"],
        ["BER-06", "NOV-13"],
        ["LON-11", "BER-07"],
        ["LON-07", "BRU-08"],
    ]
    assert {city: row(state, city) for city in ORDER} == {
        "LON": ["BRU-09", "NOV-15+BER", "NOV-10", "BER-12+BER", "BRU-05"],
        "BRU": ["BER-01", "LON-02+BER", "NOV-08+BRU", "LON-03", "BER-02"],
        "BER": ["LON-12+LON", "NOV-12+NOV", "BRU-02", "NOV-09", "NOV-14+LON"],
        "NOV": ["NOV-04", "BER-08", "NOV-01", "LON-04", "BRU-04+BER"],
    }
    assert state.deck[:3] == ("BRU-12", "BRU-13", "NOV-05")


@pytest.mark.parametrize(("seats", "space", "deck"), [(4, 5, 32), (3, 5, 34), (2, 4, 40)])
def test_s1_setup_counts(seats: int, space: int, deck: int) -> None:
    for seed in range(20):
        state = RULES.deal(seats, {}, random.Random(seed))
        assert all(len(p.hand) == 2 for p in state.players)
        assert all(len(s) == space for s in state.board)
        assert len(state.deck) == deck
        on_board = [entry for s in state.board for entry in s]
        assert all((entry.cube is not None) == CARDS[entry.card].cube_icon for entry in on_board)
        assert sum(state.bag) == 40 - sum(1 for entry in on_board if entry.cube is not None)
        assert state.prosperity == (1, 1, 1, 1)
        assert state.triggers_this_round == 0
        assert all(p.score == 0 for p in state.players)
        assert state.current_player == state.round_first_player == state.first_player
        assert state.phase is Phase.TURNS and state.round == 1


# --- §10 scenarios -----------------------------------------------------------------------------

S2_LON = ["BER-03", "NOV-12+BER", "LON-09", "BRU-01", "LON-14+NOV"]


def s2_state() -> HansaState:
    return table(4, current=0, hands={0: ["LON-08", "BRU-12"]}, board={"LON": S2_LON})


def test_s2_face_up_play() -> None:
    state = s2_state()
    done = step(state, 0, play("LON-08", "up", ("LON", 1)))
    p1 = done.state.players[0]
    assert p1.tableau_up == ("LON-08",)
    assert set(p1.hand) == {"BRU-12", "NOV-12"}
    assert p1.screen == by_city({"BER": 1})
    assert row(done.state, "LON") == ["BER-03", "LON-09", "BRU-01", "LON-14+NOV"]
    assert done.state.triggers_this_round == 0 and done.state.prosperity == state.prosperity
    assert seen(done.state, None, 0)["power"] == {"LON": 3, "BRU": 0, "BER": 1, "NOV": 0}
    assert done.state.current_player == 1
    assert events(done) == [
        ("card_played_face_up", {"seat": 0, "card": "LON-08"}),
        ("card_taken", {"seat": 0, "space": "LON", "slot": 1, "card": "NOV-12", "cube": "BER"}),
    ]
    assert events(done, public=False) == []


@pytest.mark.parametrize(
    ("seat", "action", "code"),
    [
        (0, play("BRU-12", "up", ("LON", 0)), "wrong_space"),  # (a): the BRU space has cards
        (0, play("LON-08", "up", ("LON", 2)), "bad_slot"),  # (b)
        (1, play("LON-08", "up", ("LON", 1)), "not_your_turn"),  # (c)
        (0, play("LON-08", "down", ("LON", 0)), "adjust_required"),  # (d)
    ],
)
def test_s3_rejected_face_up_plays(seat: int, action: Play, code: str) -> None:
    rejects(s2_state(), seat, action, code)


def s4_state() -> HansaState:
    return table(
        4,
        round=2,
        first_player=0,
        current=1,
        triggered={"BER": 1},
        prosperity={"LON": 4, "BRU": 3, "BER": 5, "NOV": 2},
        hands={1: ["NOV-03", "BER-09"]},
        board={"NOV": ["LON-02+LON", "BER-12+BRU", "NOV-10"]},
    )


def test_s4_face_down_play_that_also_triggers() -> None:
    done = step(s4_state(), 1, play("BER-09", "down", ("NOV", 0), adjust=("BRU", 1)))
    p2 = done.state.players[1]
    assert p2.tableau_down == ("BER-09",)
    assert set(p2.hand) == {"NOV-03", "LON-02"}
    assert p2.screen == by_city({"LON": 1})
    assert row(done.state, "NOV") == ["BER-12+BRU", "NOV-10"]
    assert done.state.prosperity == (4, 4, 5, 3)  # BRU 3 → 4 by hand, NOV 2 → 3 by trigger #2
    assert done.state.triggers_this_round == 2
    own = seen(done.state, 1, 1)
    assert own["lubeck_power"] == 3 and own["tableau_down"] == ["BER-09"]
    assert own["power"] == {"LON": 1, "BRU": 0, "BER": 0, "NOV": 0}  # the LON cube; Bergen is unaffected
    other = seen(done.state, 0, 1)
    assert other["down_count"] == 1 and other["tableau_down"] is None and other["lubeck_power"] is None
    assert events(done) == [
        ("card_played_face_down", {"seat": 1}),
        ("prosperity_adjusted", {"seat": 1, "city": "BRU", "delta": 1, "position": 4}),
        ("card_taken", {"seat": 1, "space": "NOV", "slot": 0, "card": "LON-02", "cube": "LON"}),
        ("prosperity_triggered", {"city": "NOV", "ordinal": 2, "delta": 1, "position": 3}),
    ]
    private = [e for e in done.events if e.to is not None]
    assert [(e.kind, dict(e.data), e.to) for e in private] == [
        ("card_played_face_down", {"seat": 1, "card": "BER-09"}, frozenset({1})),
    ]


def test_s5_trigger_order_clamping_and_no_second_trigger() -> None:
    state = table(
        4,
        round=3,
        first_player=2,
        current=0,
        prosperity={"LON": 6, "BRU": 0, "BER": 3, "NOV": 9},
        hands={0: ["BRU-09", "BER-09"], 1: ["LON-09", "LON-10"], 2: ["BRU-10", "BRU-11"], 3: ["NOV-09", "NOV-10"]},
        board={
            "LON": ["LON-01+LON", "LON-02", "LON-03"],
            "BRU": ["BRU-01", "BRU-02", "BRU-03+BRU"],
            "BER": ["BER-01", "BER-02", "BER-03"],
            "NOV": ["NOV-01", "NOV-02", "NOV-03"],
        },
    )
    turns = [
        (0, "BRU-09", "BRU"),
        (1, "LON-09", "LON"),
        (2, "BRU-10", "BRU"),
        (3, "NOV-09", "NOV"),
        (0, "BER-09", "BER"),
    ]
    triggers = []
    for k, (seat, card, space) in enumerate(turns, start=1):
        done = step(state, seat, play(card, "up", (space, 0)), k)
        triggers += [dict(e.data) for e in done.events if e.kind == "prosperity_triggered"]
        state = done.state
    assert triggers == [
        {"city": "BRU", "ordinal": 1, "delta": -1, "position": 0},  # the clamp loses the step
        {"city": "LON", "ordinal": 2, "delta": 1, "position": 7},
        {"city": "NOV", "ordinal": 3, "delta": 2, "position": 11},
        {"city": "BER", "ordinal": 4, "delta": 3, "position": 6},
    ]
    assert len(state.board[1]) == 1  # BRU fell to 1 with no second trigger
    assert state.prosperity == (7, 0, 6, 11)
    assert state.triggers_this_round == 4


def test_s6_own_space_empty_take_from_anywhere() -> None:
    state = table(
        4,
        current=3,
        hands={3: ["BER-07", "LON-05"]},
        board={"BER": [], "LON": ["NOV-11", "BRU-14+LON", "BER-02", "LON-15+BRU"]},
    )
    assert play("BER-07", "up", ("LON", 1)) in RULES.legal_actions(state, 3)
    done = step(state, 3, play("BER-07", "up", ("LON", 1)))
    p4 = done.state.players[3]
    assert p4.tableau_up[-1] == "BER-07"
    assert set(p4.hand) == {"LON-05", "BRU-14"}
    assert p4.screen == by_city({"LON": 1})
    assert row(done.state, "LON") == ["NOV-11", "BER-02", "LON-15+BRU"]
    assert done.state.triggers_this_round == 0


# Face-up cards giving exactly the §10 S7 powers per city.
S7_UP = {
    0: ["LON-08", "LON-09", "LON-05", "BRU-09", "BRU-03", "NOV-03"],  # LON 8, BRU 4, NOV 2
    1: ["LON-10", "LON-11", "LON-06", "LON-01", "BRU-10", "NOV-09", "NOV-04"],  # LON 9, BRU 3, NOV 5
    2: ["LON-07", "LON-12", "BRU-11", "NOV-05", "NOV-12"],  # LON 4, BRU 3, NOV 4
    3: ["LON-02", "NOV-10"],  # LON 1, NOV 3
}
S7_SCREENS = {0: {"LON": 1, "BRU": 1}, 1: {"BER": 1, "NOV": 2}, 3: {"LON": 1, "NOV": 1}}


def test_s7_full_round_settlement_with_ties() -> None:
    # The round's 16th turn: P4 turns a card face down and moves Bergen from 1 to 0.
    state = table(
        4,
        current=3,
        turns_taken=15,
        prosperity={"LON": 7, "BRU": 3, "BER": 1, "NOV": 5},
        hands={3: ["BER-11", "BER-10"]},
        board={"BER": ["BER-09", "BER-15+BER", "BER-14+BER", "BER-13+BER", "BER-12+BER"]},
        up=S7_UP,
        screens=S7_SCREENS,
    )
    bag = sum(state.bag)
    done = step(state, 3, play("BER-11", "down", ("BER", 0), adjust=("BER", -1)))
    settled = [dict(e.data) for e in done.events if e.kind == "round_settled"]
    assert len(settled) == 1
    cities = {entry["city"]: entry for entry in settled[0]["cities"]}  # type: ignore[attr-defined]
    assert cities["LON"] == {
        "city": "LON",
        "position": 7,
        "powers": [9, 9, 4, 2],
        "ranks": [1, 1, 3, 4],
        "payouts": [25, 25, 8, 0],
    }
    assert cities["BRU"] == {
        "city": "BRU",
        "position": 3,
        "powers": [5, 3, 3, 0],
        "ranks": [1, 2, 2, None],
        "payouts": [10, 6, 6, 0],
    }
    assert cities["BER"] == {
        "city": "BER",
        "position": 0,
        "powers": [0, 1, 0, 0],
        "ranks": [None, 1, None, None],
        "payouts": [0, 2, 0, 0],
    }
    assert cities["NOV"] == {
        "city": "NOV",
        "position": 5,
        "powers": [2, 7, 4, 4],
        "ranks": [4, 1, 2, 2],
        "payouts": [0, 16, 8, 8],
    }
    assert settled[0]["cube_payouts"] == [6, 6, 0, 6]
    assert settled[0]["incomes"] == [41, 55, 22, 14]
    assert [p.score for p in done.state.players] == [41, 55, 22, 14]
    # All 7 screened cubes went back to the bag before round 2's refill drew from it.
    assert all(p.screen == (0, 0, 0, 0) for p in done.state.players)
    returned = [dict(e.data) for e in done.events if e.kind == "cubes_returned"]
    assert returned == [{"cubes": {"LON": 2, "BRU": 1, "BER": 1, "NOV": 3}}]
    drawn = sum(1 for space in done.state.board for entry in space if entry.cube) - sum(
        1 for space in state.board for entry in space if entry.cube
    )
    assert sum(done.state.bag) == bag + 7 - drawn


def finishing_table(seats: int = 4, first_player: int = 0, **facts: Any) -> HansaState:
    """A table at round 3's last turn, its last seat to act (the round starts at first + 2)."""
    turns = seats * {2: 6, 3: 5, 4: 4}[seats]
    last = (first_player + 2 + turns - 1) % seats
    return table(
        seats,
        round=3,
        first_player=first_player,
        current=last,
        turns_taken=turns - 1,
        **facts,
    )


def test_s8_lubeck_contribution_with_a_tie() -> None:
    state = finishing_table(
        4,
        prosperity={"LON": 9, "BRU": 4, "BER": 7, "NOV": 2},
        down={0: ["LON-09", "BRU-09", "NOV-01"], 1: ["BER-09", "BER-10", "BER-08"], 2: ["NOV-09"], 3: ["NOV-03"]},
        hands={1: ["LON-11", "BRU-12"]},
        board={"LON": ["LON-13+LON", "LON-14+LON", "LON-15+LON", "BRU-15+LON", "BER-15+LON"]},
    )
    done = step(state, 1, play("LON-11", "up", ("LON", 0)))
    final = done.state.final
    assert final is not None
    assert final.lubeck_powers == (7, 7, 3, 2)
    assert final.lubeck_values == (30, 25, 13, 8)
    assert final.lubeck_ranks == (1, 1, 3, 4)
    assert final.lubeck_payouts == (30, 30, 13, 8)
    assert done.state.phase is Phase.GAME_OVER and done.state.current_player is None
    assert RULES.awaiting(done.state) == frozenset()


def test_s9_persons_with_three_of_a_kind() -> None:
    state = finishing_table(
        4,
        first_player=3,  # round 3 starts with seat 1, so seat 0 plays its 16th turn
        up={0: ["LON-01", "BRU-01"]},
        down={0: ["BER-01", "BRU-07"]},
        hands={0: ["NOV-05", "BER-08"]},
        board={"NOV": ["LON-12+BRU", "NOV-12+NOV", "NOV-13+NOV", "NOV-14+NOV", "NOV-15+NOV"]},
    )
    assert state.current_player == 0
    done = step(state, 0, play("NOV-05", "up", ("NOV", 0)))
    p1 = done.state.players[0]
    assert p1.tableau_up == ("LON-01", "BRU-01", "NOV-05")
    assert set(p1.tableau_down) == {"BER-01", "BRU-07"}
    assert set(p1.hand) == {"BER-08", "LON-12"}
    assert person_score(p1.tableau_up + p1.tableau_down + p1.hand) == (4, 10, 10)
    final = done.state.final
    assert final is not None
    # A, E, G, H: 4 kinds → 10; person A three times → +10; 20 in all.
    assert (final.person_kinds[0], final.person_sets[0], final.person_bonuses[0]) == (4, 10, 10)


def test_s10_round_transition() -> None:
    # Round 1's 16th turn (first player P1, so P4 plays it) leaves the board as in §10 S10.
    state = table(
        4,
        current=3,
        turns_taken=15,
        hands={3: ["LON-09", "NOV-11"]},
        board={"LON": ["LON-10", "BRU-13+LON"], "BRU": [], "BER": ["NOV-02", "LON-11"], "NOV": ["BER-14+NOV"]},
        screens={0: {"LON": 1}, 2: {"BRU": 2, "NOV": 1}},
        deck_size=32,
    )
    assert len(state.deck) == 32
    top16 = list(state.deck[:16])
    done = step(state, 3, play("LON-09", "up", ("LON", 0)), k=16)
    after = done.state
    assert all(p.screen == (0, 0, 0, 0) for p in after.players)
    assert (after.round, after.round_first_player, after.current_player) == (2, 1, 1)
    assert after.triggers_this_round == 0 and after.triggered == (0, 0, 0, 0)
    assert after.prosperity == state.prosperity
    cards = {city: [entry.card for entry in after.board[i]] for i, city in enumerate(ORDER)}
    assert cards == {
        "LON": ["BRU-13", *top16[0:4]],
        "BRU": top16[4:9],
        "BER": ["NOV-02", "LON-11", *top16[9:12]],
        "NOV": ["BER-14", *top16[12:16]],
    }
    assert after.board[0][0].cube == "LON" and after.board[3][0].cube == "NOV"  # leftover cubes stay
    # Each cube-icon card among d1…d16 got one cube, drawn in placement order from the refilled bag.
    rng = rng_for(SEED, 16)
    bag = [colour for colour in ORDER for _ in range(10)]  # the screens are back: only 2 cubes are out
    bag.remove("LON")
    bag.remove("NOV")
    leftovers = (1, 0, 2, 1)
    placed = [entry for i, space in enumerate(after.board) for entry in space[leftovers[i] :]]
    assert [entry.card for entry in placed] == top16
    for entry in placed:
        expected = bag.pop(rng.randrange(len(bag))) if entry.card in ICONS else None
        assert entry.cube == expected
    assert len(after.deck) == 16
    started = [dict(e.data) for e in done.events if e.kind == "round_started"]
    assert started and started[0]["round"] == 2 and started[0]["first_player"] == 1 and started[0]["deck_count"] == 16


def test_s11_four_colours_of_cubes() -> None:
    state = table(4, screens={1: {"LON": 2, "BRU": 1, "BER": 1, "NOV": 1}}, up={1: ["BRU-09", "NOV-01"]})
    power = seen(state, None, 1)["power"]
    assert power == {"LON": 2, "BRU": 3 + 1, "BER": 1, "NOV": 1 + 1}
    assert settle(1, state.players, state.prosperity).cube_payouts[1] == 20  # a lookup, not 2+6+12+20


def test_s12_final_tie_break() -> None:
    state = table(
        3,
        round=3,
        hands={0: ["LON-09", "LON-10"], 1: ["LON-11", "LON-12"], 2: ["LON-13", "LON-14"]},
        down={0: ["BER-09", "BER-10", "BER-11"], 2: ["NOV-09", "NOV-10"]},  # Lübeck power 9 and 6
        scores=[147, 131, 147],
    )
    final = final_scoring(state.players, state.prosperity)  # V = [5, 5, 5, 5]: both get 5
    assert final.totals == (152, 131, 152)
    assert final.winners == (0,)
    assert final.places == (1, 3, 2)
    outcome = RULES.outcome(replace(state, final=final, phase=Phase.GAME_OVER))
    assert outcome is not None
    assert outcome.winners == frozenset({0}) and outcome.reason == "lubeck_tiebreak"
    assert outcome.scores == (152, 131, 152) and outcome.result == "ranked"


def test_shared_victory_when_equal_on_total_and_lubeck() -> None:
    state = table(
        3,
        round=3,
        hands={0: ["LON-09", "LON-10"], 1: ["LON-11", "LON-12"], 2: ["LON-13", "LON-14"]},
        scores=[100, 100, 90],
    )
    final = final_scoring(state.players, state.prosperity)
    assert final.winners == (0, 1) and final.places == (1, 1, 3)


def s13_state() -> HansaState:
    return table(
        3,
        first_player=2,
        current=2,
        prosperity={"NOV": 4},
        hands={2: ["NOV-04", "LON-11"]},
        known={2: ["LON-11"]},
        screens={2: {"BRU": 1}},
        board={"BER": ["BER-05+BRU", "NOV-09", "BRU-11", "LON-06"]},
    )


def test_s13_known_hand_cards_and_unplaced_in_views() -> None:
    state = s13_state()
    move = play("NOV-04", "down", ("BER", 0), adjust=("NOV", 1))
    done = step(state, 2, move)
    other = step(state, 2, play("LON-11", "down", ("BER", 0), adjust=("NOV", 1)))
    for viewer in (0, 1, None):
        p3 = seen(done.state, viewer, 2)
        assert p3["known_hand"] == ["BER-05"] and p3["unknown_count"] == 1 and p3["hand"] is None
        assert p3["down_count"] == 1 and p3["unplaced"] == ["LON-11"]
        assert p3["screen"] == {"LON": 0, "BRU": 2, "BER": 0, "NOV": 0}
        # Identical had P3 played LON-11 face down instead.
        assert full_view(RULES, done.state, viewer) == full_view(RULES, other.state, viewer)
    own = seen(done.state, 2, 2)
    assert own["hand"] == ["LON-11", "BER-05"] and own["tableau_down"] == ["NOV-04"]
    # The other two play, then P3 plays LON-11 face up.
    state = done.state
    for k, seat in enumerate((0, 1), start=2):
        state = step(state, seat, RULES.legal_actions(state, seat)[0], k).state
    x = state.board[0][0].card
    state = step(state, 2, play("LON-11", "up", ("LON", 0)), 4).state
    for viewer in (0, 1, 2, None):
        p3 = seen(state, viewer, 2)
        assert p3["tableau_up"] == ["LON-11"] and p3["unplaced"] == []
        assert p3["known_hand"] == list(sort_cards(["BER-05", x])) and p3["unknown_count"] == 0


# --- error codes (§4.4 validation table, §7) --------------------------------------------------


def test_the_first_failing_check_is_reported() -> None:
    state = s2_state()
    rejects(state, 1, play("NOV-01", "sideways"), "not_your_turn")
    rejects(state, 0, play("NOV-01", "sideways", adjust=("HAM", 5)), "card_not_in_hand")
    rejects(state, 0, play("LON-08", "sideways", adjust=("HAM", 5)), "bad_face")
    rejects(state, 0, play("LON-08", "down", ("HAM", 9), adjust=("HAM", 5)), "unknown_city")
    rejects(state, 0, play("LON-08", "down", ("HAM", 9), adjust=("LON", 5)), "bad_delta")
    rejects(state, 0, play("LON-08", "down", None, adjust=("LON", 1)), "take_required")
    rejects(state, 0, play("LON-08", "up", ("BRU", 7)), "wrong_space")
    rejects(state, 0, play("LON-08", "up", ("LON", 7)), "bad_slot")


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (play("NOV-01", "up", ("NOV", 0)), "card_not_in_hand"),
        (play("LON-08", "sideways", ("LON", 0)), "bad_face"),
        (play("LON-08", "UP", ("LON", 0)), "bad_face"),
        (play("LON-08", "up", ("LON", 0), adjust=("LON", 1)), "adjust_not_allowed"),
        (play("LON-08", "down", ("LON", 0)), "adjust_required"),
        (play("LON-08", "down", ("LON", 0), adjust=("HAM", 1)), "unknown_city"),
        (play("LON-08", "down", ("LON", 0), adjust=("LON", 2)), "bad_delta"),
        (play("LON-08", "down", ("LON", 0), adjust=("LON", 0)), "bad_delta"),
        (play("LON-08", "down", ("LON", 0), adjust=("NOV", 1)), "prosperity_out_of_range"),
        (play("LON-08", "down", ("BRU", 0), adjust=("BRU", -1)), "prosperity_out_of_range"),
        (play("LON-08", "up"), "take_required"),
        (play("LON-08", "down", None, adjust=("LON", 1)), "take_required"),
        (play("LON-08", "up", ("lon", 0)), "unknown_city"),
        (play("BRU-12", "up", ("LON", 0)), "wrong_space"),
        (play("LON-08", "down", ("BER", 0), adjust=("LON", 1)), "empty_space"),
        (play("LON-08", "up", ("LON", 2)), "bad_slot"),
        (play("LON-08", "up", ("LON", -1)), "bad_slot"),
        (play("BRU-12", "down", ("NOV", 1), adjust=("LON", 1)), "slot_empty"),
        (Keep(("LON-08", "BRU-12")), "wrong_phase"),
    ],
)
def test_every_play_error_code(action: HansaAction, code: str) -> None:
    state = table(
        4,
        prosperity={"BRU": 0, "NOV": 11},
        hands={0: ["LON-08", "BRU-12"]},
        board={"LON": S2_LON, "BER": [], "NOV": ["NOV-13+NOV"]},
    )
    rejects(state, 0, action, code)


def test_empty_board_takes_nothing() -> None:
    empty: dict[str, list[str]] = {city: [] for city in ORDER}
    state = table(4, hands={0: ["LON-08", "BRU-12"]}, board=empty)
    rejects(state, 0, play("LON-08", "up", ("LON", 0)), "no_cards_to_take")
    legal = RULES.legal_actions(state, 0)
    assert legal and all(a.take is None for a in legal if isinstance(a, Play))
    done = step(state, 0, play("LON-08", "up"))
    assert done.state.players[0].hand == ("BRU-12",)  # §4.4: the turn ends with one card
    assert [e.kind for e in done.events] == ["card_played_face_up"]


def test_face_up_into_an_empty_own_space_is_empty_space() -> None:
    state = table(4, hands={0: ["BER-07", "LON-05"]}, board={"BER": []})
    rejects(state, 0, play("BER-07", "up", ("BER", 0)), "empty_space")


def test_game_over_comes_first() -> None:
    state = finishing_table(4, hands={1: ["LON-11", "BRU-12"]})
    over = step(state, 1, play("LON-11", "up", ("LON", 0))).state
    assert over.phase is Phase.GAME_OVER
    rejects(over, 1, play("BRU-12", "up", ("BRU", 0)), "game_over")
    rejects(over, 0, play("nonsense", "x"), "game_over")
    rejects(over, 0, Keep(()), "game_over")
    assert all(RULES.legal_actions(over, seat) == [] for seat in range(4))


@pytest.mark.parametrize(
    "payload",
    [
        [],
        "play",
        {},
        {"type": "pass"},
        {"type": None},
        {"type": "play", "card": "LON-08", "face": "up", "take": {"space": "LON", "slot": 0}, "extra": 1},
        {"type": "play", "face": "up", "take": {"space": "LON", "slot": 0}},
        {"type": "play", "card": None, "face": "up", "take": {"space": "LON", "slot": 0}},
        {"type": "play", "card": 8, "face": "up", "take": {"space": "LON", "slot": 0}},
        {"type": "play", "card": "LON-08", "take": {"space": "LON", "slot": 0}},
        {"type": "play", "card": "LON-08", "face": True, "take": {"space": "LON", "slot": 0}},
        {"type": "play", "card": "LON-08", "face": "down", "adjust": {"city": "LON"}, "take": None},
        {"type": "play", "card": "LON-08", "face": "down", "adjust": {"city": "LON", "delta": True}},
        {"type": "play", "card": "LON-08", "face": "down", "adjust": {"city": "LON", "delta": 1.0}},
        {"type": "play", "card": "LON-08", "face": "down", "adjust": {"city": 0, "delta": 1}},
        {"type": "play", "card": "LON-08", "face": "down", "adjust": "LON+1"},
        {"type": "play", "card": "LON-08", "face": "down", "adjust": {"city": "LON", "delta": 1, "why": 0}},
        {"type": "play", "card": "LON-08", "face": "up", "take": {"space": "LON", "slot": True}},
        {"type": "play", "card": "LON-08", "face": "up", "take": {"space": "LON", "slot": "0"}},
        {"type": "play", "card": "LON-08", "face": "up", "take": {"space": "LON"}},
        {"type": "play", "card": "LON-08", "face": "up", "take": [0, 1]},
        {"type": "keep"},
        {"type": "keep", "cards": "LON-08"},
        {"type": "keep", "cards": ["LON-08", 12]},
        {"type": "keep", "cards": ["LON-08", "BRU-12"], "card": "LON-08"},
    ],
)
def test_bad_shapes_are_invalid_actions(payload: object) -> None:
    with pytest.raises(IllegalAction) as caught:
        RULES.parse_action(payload)  # type: ignore[arg-type]
    assert caught.value.code == "invalid_action"


def test_absent_and_null_keys_mean_the_same_and_wire_forms_round_trip() -> None:
    bare = RULES.parse_action({"type": "play", "card": "LON-08", "face": "up"})
    nulls = RULES.parse_action({"type": "play", "card": "LON-08", "face": "up", "adjust": None, "take": None})
    assert bare == nulls == play("LON-08")
    for action in RULES.legal_actions(s2_state(), 0):
        assert RULES.parse_action(action.to_json()) == action
    # Semantic values pass the parser and are left to the validation table.
    odd = RULES.parse_action({"type": "play", "card": "X", "face": "sideways", "take": {"space": "HAM", "slot": 9}})
    assert odd == play("X", "sideways", ("HAM", 9))


def test_legal_actions_follow_the_rules() -> None:
    state = s2_state()
    legal = RULES.legal_actions(state, 0)
    ups = [a for a in legal if isinstance(a, Play) and a.face == "up"]
    downs = [a for a in legal if isinstance(a, Play) and a.face == "down"]
    # Face up: the own space only, slots 0 and 1. Face down: 8 adjustments (all markers at 1) × 8 takes.
    assert {(a.card, a.take) for a in ups} == {
        ("LON-08", Take("LON", 0)),
        ("LON-08", Take("LON", 1)),
        ("BRU-12", Take("BRU", 0)),
        ("BRU-12", Take("BRU", 1)),
    }
    assert len(downs) == 2 * 8 * 8
    assert all(RULES.legal_actions(state, seat) == [] for seat in (1, 2, 3))
    for action in legal[::7]:
        step(state, 0, action)  # every offered action is accepted
