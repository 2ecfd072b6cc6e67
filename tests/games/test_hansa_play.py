"""Queen of Hansa's own checks of whole games: the exact number of actions, the opening draft, and the bot
(the properties every game keeps with its default options are proved in test_properties.py)."""

from collections import Counter
from random import Random

import pytest

from app.engine import full_view, rng_for
from app.engine.playout import random_playout
from app.games.hansa import RULES
from app.games.hansa.bot import choose
from app.games.hansa.cards import CARD_IDS, TURNS_PER_ROUND
from app.games.hansa.state import HansaState
from tests.games.test_hansa import table

INVENTORY = Counter(
    {**{f"card:{card}": 1 for card in CARD_IDS}, **{f"cube:{c}": 10 for c in ("LON", "BRU", "BER", "NOV")}}
)


def actions_per_game(seats: int, draft: bool) -> int:
    """Every seat plays T turns in each of 3 rounds, plus one keep each in the draft (§4.2, §7)."""
    return 3 * seats * TURNS_PER_ROUND[seats] + (seats if draft else 0)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_random_games_take_exactly_the_turns_the_rules_give(seats: int) -> None:
    for seed in range(8):
        final, actions = random_playout(RULES, seats, seed)
        assert RULES.outcome(final) is not None
        assert actions == actions_per_game(seats, draft=False)


def play_out(seats: int, seed: int, draft: bool, bots: frozenset[int], check: bool) -> tuple[HansaState, int]:
    """A whole game: bots at `bots`, random choices elsewhere; the contract checked if `check`."""
    state = RULES.deal(seats, {"opening_draft": draft}, Random(seed))
    assert RULES.inventory(state) == INVENTORY
    chooser = Random(seed)
    log: list[tuple[int, dict[str, object]]] = []
    while RULES.outcome(state) is None:
        seat = chooser.choice(sorted(RULES.awaiting(state)))
        if seat in bots:
            view = full_view(RULES, state, seat)
            wire = choose(view, Random(f"{seed}:{len(log)}")).action
            assert wire in view["legal"]  # type: ignore[operator]
        else:
            wire = chooser.choice(RULES.legal_actions(state, seat)).to_json()
        log.append((seat, wire))
        state = RULES.apply(state, seat, RULES.parse_action(wire), rng_for(seed, len(log))).state
        if check:
            assert RULES.inventory(state) == INVENTORY
            for viewer in (None, *range(seats)):
                view = RULES.view(state, viewer)
                assert RULES.view(RULES.redeal_hidden(state, viewer, Random(len(log))), viewer) == view
    assert len(log) == actions_per_game(seats, draft)
    replayed = RULES.deal(seats, {"opening_draft": draft}, Random(seed))
    for k, (seat, wire) in enumerate(log, start=1):
        replayed = RULES.apply(replayed, seat, RULES.parse_action(wire), rng_for(seed, k)).state
    assert replayed == state
    return state, len(log)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_draft_games_keep_every_proof(seats: int) -> None:
    for seed in range(4):
        play_out(seats, seed, draft=True, bots=frozenset(), check=True)


@pytest.mark.slow  # a dozen whole games per player count
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_bots_play_complete_games_to_a_sane_end(seats: int) -> None:
    wins: Counter[int] = Counter()
    games = 12
    for seed in range(games):
        state, _ = play_out(seats, seed, draft=seed % 3 == 0, bots=frozenset(range(seats)), check=seed < 2)
        outcome = RULES.outcome(state)
        assert outcome is not None and outcome.scores is not None
        assert all(score > 0 for score in outcome.scores)
        assert outcome.winners and all(outcome.scores[w] == max(outcome.scores) for w in outcome.winners)
        assert sum(1 for s in outcome.scores if s == max(outcome.scores)) >= len(outcome.winners)
        wins.update(outcome.winners)
    # Nobody wins everything in a field of equal bots: the game is not decided by the seat.
    assert max(wins.values()) < games


@pytest.mark.slow  # a dozen whole games
def test_bots_play_better_than_chance() -> None:
    won = 0
    for seed in range(12):
        seats = 2 + seed % 3
        state, _ = play_out(seats, 100 + seed, draft=False, bots=frozenset({seed % seats}), check=False)
        outcome = RULES.outcome(state)
        assert outcome is not None
        won += seed % seats in outcome.winners
    assert won >= 10  # random seats win 1 in 2 to 4 games by chance


def test_the_bot_keeps_its_strongest_pair_in_the_draft() -> None:
    hand = ["LON-01", "LON-09", "BRU-02", "NOV-01"]  # powers 1, 3, 3, 1
    legal = [{"type": "keep", "cards": [a, b]} for i, a in enumerate(hand) for b in hand[i + 1 :]]
    view: dict[str, object] = {"phase": "opening_draft", "legal": legal}
    assert choose(view, Random(0)).action == {"type": "keep", "cards": ["LON-09", "BRU-02"]}


def test_the_bot_takes_the_first_place_a_card_wins() -> None:
    # The round's last turn: LON-08 face up makes seat 0 first in London (25 at position 7).
    state = table(
        2, current=0, turns_taken=11, prosperity={"LON": 7}, hands={0: ["LON-08", "NOV-01"]}, up={1: ["LON-05"]}
    )
    wire = choose(full_view(RULES, state, 0), Random(0)).action
    assert (wire["card"], wire["face"]) == ("LON-08", "up")
