"""Bluebell's own checks of whole games: no hidden card id in any view, one seat awaited at a time, known
event kinds, and the bot (the properties every game keeps are proved in test_properties.py)."""

import json
from collections import Counter
from random import Random

import pytest

from app.engine import full_view, rng_for
from app.games.bluebell import RULES
from app.games.bluebell.actions import parse_action
from app.games.bluebell.bot import choose
from app.games.bluebell.state import BluebellState, Step

MAX_ACTIONS = 20_000
EVENT_KINDS = {
    "placed", "tokens_collected", "stack_returned", "tokens_banked", "discarded", "penalty_paid", "drew",
    "reunion_declared", "round_ended", "round_started", "dealt", "bluebell_given", "bluebell_chosen", "game_ended",
}  # fmt: skip


def hidden_from(state: BluebellState, viewer: int | None) -> set[str]:
    """Card ids §5 hides from `viewer`: others' unknown hand cards, unseen pile bottoms, others' Bluebells."""
    if state.step is Step.BLUEBELL_CHOICE and viewer == state.round_ender:
        hidden: set[str] = set()
    else:
        hidden = {
            card
            for seat, hand in enumerate(state.hands)
            if seat != viewer
            for card in hand
            if card not in state.known[seat]
        }
        hidden |= {card for pile, unseen in zip(state.piles, state.unseen, strict=True) for card in pile[:unseen]}
    if state.step is not Step.GAME_OVER:
        hidden |= {b.card for held in state.bluebells for b in held if b.chooser != viewer}
    return hidden


def playout(seed: int, seats: int) -> BluebellState:
    """A random game with Bluebell's own per-step checks; returns the final state."""
    rng = Random(seed)
    state = RULES.deal(seats, {}, Random(seed))
    inventory = RULES.inventory(state)
    assert inventory["token"] == 3 * seats and inventory["reunion"] == 1
    for k in range(1, MAX_ACTIONS):
        if RULES.outcome(state) is not None:
            assert not RULES.awaiting(state)
            return state
        for viewer in [None, *range(seats)]:
            shown = RULES.view(state, viewer)
            # Past rounds' results name the discard that ended each: history, not where that card is now.
            present = json.dumps({key: value for key, value in shown.items() if key != "results"})
            assert not any(f'"{card}"' in present for card in hidden_from(state, viewer)), (seed, k, viewer)
        (seat,) = RULES.awaiting(state)
        legal = RULES.legal_actions(state, seat)
        assert legal and all(RULES.legal_actions(state, s) == [] for s in range(seats) if s != seat)
        step = RULES.apply(state, seat, rng.choice(legal), rng_for(seed, k))
        state = step.state
        for event in step.events:
            json.dumps(event.to_json())
            assert event.kind in EVENT_KINDS, event.kind
    raise AssertionError(f"seed {seed}: no outcome after {MAX_ACTIONS} actions")


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("seeds", [range(3), pytest.param(range(3, 25), marks=pytest.mark.slow)], ids=["few", "many"])
def test_random_playouts_keep_bluebells_own_properties(seats: int, seeds: range) -> None:
    for seed in seeds:
        final = playout(seed * 7 + seats, seats)
        assert final.winner is not None and len(final.bluebells[final.winner]) == 2


def test_redeal_changes_what_is_hidden() -> None:
    state = RULES.deal(4, {}, Random(1))
    other = RULES.redeal_hidden(state, 0, Random(2))
    assert other != state and other.hands[0] == state.hands[0]
    assert other.piles[0][-1] == state.piles[0][-1] and other.piles[1] == state.piles[1]
    assert RULES.inventory(other) == RULES.inventory(state)


def play_bots(seed: int, seats: int, bots: set[int]) -> tuple[int, int]:
    """A game where `bots` play by the heuristic and the others at random: (winner, actions)."""
    rng = Random(seed)
    state = RULES.deal(seats, {}, Random(seed))
    for k in range(1, MAX_ACTIONS):
        if state.winner is not None:
            return state.winner, k - 1
        (seat,) = RULES.awaiting(state)
        if seat in bots:
            shown = full_view(RULES, state, seat)
            payload = choose(shown, rng).action
            assert payload in shown["legal"]  # type: ignore[operator]
            action = parse_action(payload)
        else:
            action = rng.choice(RULES.legal_actions(state, seat))
        state = RULES.apply(state, seat, action, rng_for(seed, k)).state
    raise AssertionError(f"seed {seed}: bots found no end in {MAX_ACTIONS} actions")


@pytest.mark.slow  # dozens of whole games per player count
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_bots_only_games_end_with_every_seat_winning_sometimes(seats: int) -> None:
    wins: Counter[int] = Counter()
    games = 30
    for seed in range(games):
        winner, actions = play_bots(seed, seats, set(range(seats)))
        wins[winner] += 1
        assert actions < 5_000
    assert set(wins) == set(range(seats)), wins
    assert max(wins.values()) <= games * 0.6, wins


@pytest.mark.slow  # dozens of whole games per player count
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_bot_beats_random_players(seats: int) -> None:
    games = 60
    won = sum(play_bots(seed, seats, {seed % seats})[0] == seed % seats for seed in range(games))
    assert won >= games * 0.8, f"the bot won {won} of {games}"
