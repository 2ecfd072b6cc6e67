"""Queen of Hansa: what each seat may see (§5), the events it is told, and the §7 opening draft."""

import json
import random
from collections.abc import Iterable

import pytest

from app.engine import Event, full_view, rng_for
from app.engine.envelope import ENVELOPE_KEYS
from app.games.hansa import RULES
from app.games.hansa.actions import Keep
from app.games.hansa.cards import CARD_IDS, CARDS, sort_cards
from app.games.hansa.state import HansaState, Phase
from tests.games.test_hansa import (
    ICONS,
    ORDER,
    SEED,
    play,
    rejects,
    s2_state,
    s4_state,
    s13_state,
    seen,
    step,
    table,
)

# §5 and §7: the events named by the spec (game_started and hand_dealt belong to setup, which has none).
SPEC_EVENTS = {
    "round_started",
    "card_played_face_up",
    "card_played_face_down",
    "prosperity_adjusted",
    "card_taken",
    "prosperity_triggered",
    "round_settled",
    "cubes_returned",
    "game_over",
    "draft_chosen",
}


def shown(view: dict[str, object]) -> str:
    """The view as text: it names cards by id only, the printed faces ride in RULES.catalog."""
    return json.dumps(view)


def named(text: str, cards: Iterable[str]) -> set[str]:
    return {card for card in cards if f'"{card}"' in text}


def players_of(view: dict[str, object]) -> list[dict[str, object]]:
    """The per-seat entries of a view."""
    entries = view["players"]
    assert isinstance(entries, list)
    return [entry for entry in entries if isinstance(entry, dict)]


def random_until(state: HansaState, seed: int, stop: int) -> HansaState:
    chooser = random.Random(seed)
    for k in range(1, stop + 1):
        if RULES.outcome(state) is not None:
            break
        seat = chooser.choice(sorted(RULES.awaiting(state)))
        state = RULES.apply(state, seat, chooser.choice(RULES.legal_actions(state, seat)), rng_for(seed, k)).state
    return state


# --- the shape every view has -------------------------------------------------------------------


@pytest.mark.parametrize("stop", [0, 7, 30, 500])
def test_views_are_json_ready_and_the_table_adds_the_envelope(stop: int) -> None:
    state = random_until(RULES.deal(3, {}, random.Random(stop)), stop, stop)
    for viewer in (None, 0, 1, 2):
        own = RULES.view(state, viewer)
        assert not set(own) & ENVELOPE_KEYS  # phase, awaiting, legal, outcome and seat are the table's
        assert json.loads(json.dumps(own)) == own
        view = full_view(RULES, state, viewer)
        assert view["phase"] == state.phase.value and view["seat"] == viewer
        assert view["awaiting"] == sorted(RULES.awaiting(state))
        if viewer is None or viewer not in RULES.awaiting(state):
            assert view["legal"] == []
        else:
            assert view["legal"] == [a.to_json() for a in RULES.legal_actions(state, viewer)]
        outcome = RULES.outcome(state)
        assert view["outcome"] == (None if outcome is None else outcome.to_json())


def test_the_table_page_has_what_it_draws() -> None:
    view = full_view(RULES, s2_state(), 0)
    assert view["phase"] == "turns" and view["current_player"] == 0 and view["seat"] == 0
    assert view["prosperity"] == {"LON": 1, "BRU": 1, "BER": 1, "NOV": 1}
    assert view["board"]["LON"][1] == {"card": "NOV-12", "cube": "BER"}  # type: ignore[index]
    assert view["deck_count"] == 60 - 8 - 20
    assert view["next_trigger_delta"] == -1
    assert seen(s2_state(), 0, 0)["hand"] == ["LON-08", "BRU-12"]


def test_printed_data_rides_in_the_catalog_not_in_views() -> None:
    catalog = RULES.catalog
    assert catalog is not None
    # §2.3: position 7 pays 25 to 1st, power × 3 to 2nd, power × 2 to 3rd.
    assert catalog["track"][7] == {"position": 7, "first": 25, "second": 3, "third": 2}  # type: ignore[index]
    assert len(catalog["track"]) == 12  # type: ignore[arg-type]
    # §2.2: LON-08 is power 3, person H, no cube icon; LON-12 is power 2 with a cube icon.
    assert catalog["cards"]["LON-08"] == {"city": "LON", "power": 3, "cube_icon": False, "person": "H"}  # type: ignore[index]
    assert catalog["cards"]["LON-12"] == {"city": "LON", "power": 2, "cube_icon": True, "person": None}  # type: ignore[index]
    assert len(catalog["cards"]) == 60  # type: ignore[arg-type]
    # §2.5
    assert catalog["tables"] == {
        "cube_set": [0, 2, 6, 12, 20],
        "person_set": [0, 1, 3, 6, 10, 15, 22, 30, 40],
        "same_person_bonus": {"3": 10, "4": 20},
        "trigger_deltas": [-1, 1, 2, 3],
    }
    assert catalog["cities"] == list(ORDER) and catalog["rounds"] == 3
    assert json.loads(json.dumps(catalog)) == catalog
    view = RULES.view(s2_state(), 0)
    assert not set(view) & {"cards", "track", "tables", "cities", "rounds"}


def test_views_carry_the_standings_were_the_round_settled_now() -> None:
    # §10 S2 after the face-up play: seat 0 has LON power 3 (LON-08) and a BER cube (power 1 in BER).
    state = step(s2_state(), 0, play("LON-08", "up", ("LON", 1))).state
    mine = table(
        4,
        prosperity={"LON": 7},
        up={0: ["LON-09"], 1: ["LON-10"], 2: ["LON-01"]},  # LON powers 3, 3, 1, 0
        hands={0: ["BRU-12", "NOV-12"]},
    )
    for viewer in (None, 0, 1):
        standings = RULES.view(state, viewer)["standings"]
        assert standings["LON"] == {"ranks": [1, None, None, None], "payouts": [5, 0, 0, 0]}  # type: ignore[index]
        assert standings["BER"] == {"ranks": [1, None, None, None], "payouts": [5, 0, 0, 0]}  # type: ignore[index]
        assert standings["NOV"] == {"ranks": [None] * 4, "payouts": [0] * 4}  # type: ignore[index]
        # §6.1.3-4: ties share rank 1 and each get 25 at position 7; rank 3 gets power 1 × 2.
        lon = RULES.view(mine, viewer)["standings"]["LON"]  # type: ignore[index]
        assert lon == {"ranks": [1, 1, 3, None], "payouts": [25, 25, 2, 0]}


def test_views_carry_the_turns_each_seat_has_left_this_round() -> None:
    # 3 players, 5 turns each; the round starts with seat 2 and 4 turns are taken (seats 2, 0, 1, 2).
    state = table(3, first_player=2, current=0, turns_taken=4)
    assert [entry["turns_left"] for entry in players_of(RULES.view(state, None))] == [5 - 1, 5 - 1, 5 - 2]
    fresh = table(2, current=0)
    assert [entry["turns_left"] for entry in players_of(RULES.view(fresh, 1))] == [6, 6]
    last = table(2, current=1, turns_taken=11)  # seat 1 plays the round's 12th turn
    assert [entry["turns_left"] for entry in players_of(RULES.view(last, 0))] == [0, 1]
    over = random_until(RULES.deal(2, {}, random.Random(4)), 4, 500)
    assert over.phase is Phase.GAME_OVER
    assert [entry["turns_left"] for entry in players_of(RULES.view(over, 0))] == [0, 0]
    draft = RULES.deal(3, {"opening_draft": True}, random.Random(2))
    assert [entry["turns_left"] for entry in players_of(RULES.view(draft, 0))] == [5, 5, 5]


# --- redaction ----------------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_dealt_cards_and_the_deck_never_reach_another_seat(seats: int) -> None:
    state = RULES.deal(seats, {}, random.Random(5))
    for viewer in (None, *range(seats)):
        text = shown(RULES.view(state, viewer))
        for seat, player in enumerate(state.players):
            assert bool(named(text, player.hand)) == (seat == viewer)
        assert not named(text, state.deck)


@pytest.mark.parametrize("seats", [2, 3])
def test_undrawn_cards_stay_secret_after_the_game(seats: int) -> None:
    state = random_until(RULES.deal(seats, {}, random.Random(11)), 11, 500)
    assert state.phase is Phase.GAME_OVER and len(state.deck) == {2: 16, 3: 4}[seats]
    for viewer in (None, *range(seats)):
        assert not named(shown(RULES.view(state, viewer)), state.deck)


def test_face_down_identities_hide_until_game_over_then_everything_shows() -> None:
    state = random_until(RULES.deal(4, {}, random.Random(3)), 3, 500)
    assert state.phase is Phase.GAME_OVER
    for viewer in (None, 0, 1, 2, 3):
        for seat, entry in enumerate(players_of(RULES.view(state, viewer))):
            assert entry["hand"] == list(state.players[seat].hand)
            assert entry["tableau_down"] == list(state.players[seat].tableau_down)
            assert entry["lubeck_power"] == sum(CARDS[c].power for c in state.players[seat].tableau_down)


def test_the_public_face_down_line_is_the_same_whichever_card_went_down() -> None:
    state = s13_state()
    one = step(state, 2, play("NOV-04", "down", ("BER", 0), adjust=("NOV", 1)))
    two = step(state, 2, play("LON-11", "down", ("BER", 0), adjust=("NOV", 1)))
    public = [[(e.kind, dict(e.data)) for e in t.events if e.to is None] for t in (one, two)]
    assert public[0] == public[1]
    private = [[(e.kind, dict(e.data), e.to) for e in t.events if e.to is not None] for t in (one, two)]
    assert private == [
        [("card_played_face_down", {"seat": 2, "card": "NOV-04"}, frozenset({2}))],
        [("card_played_face_down", {"seat": 2, "card": "LON-11"}, frozenset({2}))],
    ]


def test_lubeck_power_and_face_down_cards_are_the_owners_alone() -> None:
    done = step(s4_state(), 1, play("BER-09", "down", ("NOV", 0), adjust=("BRU", 1))).state
    for viewer in (None, 0, 2, 3):
        text = shown(RULES.view(done, viewer))
        assert '"BER-09"' not in text
        assert seen(done, viewer, 1)["lubeck_power"] is None
    assert seen(done, 1, 1)["down_played"] == [{"round": 2, "turn": 1}]
    last = RULES.view(done, None)["last_turn"]
    assert last == {
        "seat": 1,
        "round": 2,
        "turn": 1,
        "face": "down",
        "card": None,
        "adjust": {"city": "BRU", "delta": 1, "position": 4},
        "take": {"space": "NOV", "slot": 0, "card": "LON-02", "cube": "LON"},
        "trigger": {"city": "NOV", "ordinal": 2, "delta": 1, "position": 3},
    }


def test_redeal_keeps_every_view_and_moves_hidden_cards() -> None:
    state = step(s13_state(), 2, play("NOV-04", "down", ("BER", 0), adjust=("NOV", 1))).state
    moved = False
    for n in range(20):
        for viewer in (None, 0, 1, 2):
            redealt = RULES.redeal_hidden(state, viewer, random.Random(n))
            assert full_view(RULES, redealt, viewer) == full_view(RULES, state, viewer)
            assert RULES.inventory(redealt) == RULES.inventory(state)
            # Whatever moved, LON-11 stays "in hand or face down" for P3.
            p3 = redealt.players[2]
            assert "LON-11" in p3.hand + p3.tableau_down
            moved |= redealt.players[2].tableau_down != ("NOV-04",)
    assert moved  # the re-deal really does hide something
    own = RULES.redeal_hidden(state, 2, random.Random(1))
    assert own.players[2] == state.players[2]


def test_events_are_past_tense_and_round_settled_matches_the_view() -> None:
    state = RULES.deal(2, {}, random.Random(8))
    chooser = random.Random(8)
    told: list[Event] = []
    for k in range(1, 200):
        if RULES.outcome(state) is not None:
            break
        seat = chooser.choice(sorted(RULES.awaiting(state)))
        done = RULES.apply(state, seat, chooser.choice(RULES.legal_actions(state, seat)), rng_for(8, k))
        told += done.events
        state = done.state
    kinds = {event.kind for event in told}
    assert kinds >= {
        "card_played_face_up",
        "card_taken",
        "round_settled",
        "cubes_returned",
        "round_started",
        "game_over",
    }
    assert kinds <= SPEC_EVENTS
    settled = [dict(e.data) for e in told if e.kind == "round_settled"]
    assert settled == RULES.view(state, None)["settlements"]
    over = [dict(e.data) for e in told if e.kind == "game_over"]
    assert len(over) == 1 and over[0]["totals"] == [p.score for p in state.players]
    assert over[0]["hands"] == [list(p.hand) for p in state.players]
    for event in told:
        json.dumps(event.to_json())


# --- §7 opening draft -------------------------------------------------------------------------


SEED_OF_DRAFT = 6


def draft_table(seats: int = 4) -> HansaState:
    return RULES.deal(seats, {"opening_draft": True}, random.Random(SEED_OF_DRAFT))


def test_draft_setup_deals_four_and_waits_for_everyone() -> None:
    rng = random.Random(SEED_OF_DRAFT)
    first = rng.randrange(4)
    deck = list(CARD_IDS)
    rng.shuffle(deck)
    state = draft_table()
    assert state.phase is Phase.OPENING_DRAFT and state.current_player is None and state.first_player == first
    for seat in range(4):
        dealt = [deck[(seat - first) % 4 + 4 * n] for n in range(4)]
        assert state.players[seat].hand == sort_cards(dealt)
    assert all(len(space) == 0 for space in state.board) and len(state.deck) == 44
    assert RULES.awaiting(state) == frozenset(range(4))
    assert all(len(RULES.legal_actions(state, seat)) == 6 for seat in range(4))
    rejects(state, 0, play(state.players[0].hand[0], "up", ("LON", 0)), "not_your_turn")


def test_draft_choices_are_sealed_then_round_one_starts() -> None:
    state = draft_table()
    hands = [p.hand for p in state.players]
    keeps = {0: (hands[0][0], hands[0][3]), 1: (hands[1][2], hands[1][1]), 2: hands[2][:2], 3: hands[3][1:3]}
    for k, seat in enumerate((2, 0, 3), start=1):
        done = step(state, seat, Keep(keeps[seat]), k)
        assert [(e.kind, dict(e.data), e.to) for e in done.events] == [("draft_chosen", {"seat": seat}, None)]
        state = done.state
    rejects(state, 0, Keep(keeps[0]), "already_chosen")
    for viewer in (None, 1):
        view = RULES.view(state, viewer)
        assert [p["draft_chosen"] for p in players_of(view)] == [True, False, True, True]
        assert view["my_keep"] is None
        assert not named(shown(view), [card for seat in (0, 2, 3) for card in hands[seat]])
    assert RULES.view(state, 0)["my_keep"] == sorted(keeps[0], key=CARD_IDS.index)
    assert RULES.awaiting(state) == frozenset({1})
    before = list(state.deck)
    done = step(state, 1, Keep(keeps[1]), 4)
    after = done.state
    # §7: the others go to the bottom, seat 0 first, canonical pairs; the whole deck is shuffled
    # with the last keep's stream, which then draws round 1's cubes.
    returned = [card for seat in range(4) for card in hands[seat] if card not in keeps[seat]]
    rng = rng_for(SEED, 4)  # the stream `step` gives the 4th action
    deck = before + returned
    rng.shuffle(deck)
    bag = [colour for colour in ORDER for _ in range(10)]
    placed = [entry for space in after.board for entry in space]
    assert [entry.card for entry in placed] == deck[:20]
    for entry in placed:
        assert entry.cube == (bag.pop(rng.randrange(len(bag))) if entry.card in ICONS else None)
    assert list(after.deck) == deck[20:] and len(after.deck) == 32
    assert after.phase is Phase.TURNS and after.current_player == after.first_player
    assert [p.hand for p in after.players] == [sort_cards(keeps[seat]) for seat in range(4)]
    assert all(p.known == () for p in after.players)  # kept cards are unknown hand cards
    assert [e.kind for e in done.events] == ["draft_chosen", "round_started"]
    text = json.dumps([e.to_json() for e in done.events])
    assert named(text, returned) <= {entry.card for entry in placed}  # returned cards show only on the board
    rejects(after, 0, Keep(after.players[0].hand), "wrong_phase")


@pytest.mark.parametrize("kind", ["none", "one", "twice", "three", "foreign"])
def test_bad_keeps(kind: str) -> None:
    state = draft_table()
    hand = state.players[0].hand
    foreign = next(card for card in CARD_IDS if card not in hand)
    cards = {
        "none": (),
        "one": hand[:1],
        "twice": (hand[0], hand[0]),
        "three": hand[:3],
        "foreign": (hand[0], foreign),
    }[kind]
    rejects(state, 0, Keep(cards), "bad_keep")


def test_views_say_which_takes_would_trigger() -> None:
    # §10 S4: Bergen triggered first this round; a take from Novgorod's 3 cards is trigger #2, +1.
    state = s4_state()
    assert RULES.view(state, None)["take_triggers"] == {"LON": None, "BRU": None, "BER": None, "NOV": 1}
    done = step(state, 1, play("BER-09", "down", ("NOV", 0), adjust=("BRU", 1))).state
    assert RULES.view(done, 2)["take_triggers"] == {"LON": None, "BRU": None, "BER": None, "NOV": None}
    # Every space at 3 cards and none triggered: any take would be trigger #1, −1.
    three = table(4, board={city: [f"{city}-0{n}" for n in (1, 2, 3)] for city in ORDER})
    assert RULES.view(three, 0)["take_triggers"] == dict.fromkeys(ORDER, -1)
    assert RULES.view(draft_table(), 0)["take_triggers"] == dict.fromkeys(ORDER, None)
