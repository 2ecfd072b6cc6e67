"""Baroque's own checks of whole games: the exact number of actions, public events naming no hidden card,
and the bot (the properties every game keeps are proved in test_properties.py)."""

import json
from collections import Counter
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.engine import Event, full_view, rng_for
from app.games.baroque import RULES
from app.games.baroque.bot import choose
from app.games.baroque.cards import CARDS, HAND_SIZE
from app.games.baroque.state import BaroqueState

# Every round takes exactly 2·H·N accepted actions (§3.1 step 3), N rounds in all.
MAX_STEPS = {seats: seats * 2 * HAND_SIZE[seats] * seats for seats in HAND_SIZE}


def public_cards(events: tuple[Event, ...]) -> set[str]:
    """Every card id named in the events the whole table receives."""
    text = json.dumps([event.to_json() for event in events if event.to is None])
    return {card for card in CARDS if card in text}


def hidden_cards(state: BaroqueState) -> set[str]:
    """The cards in hands that nobody but their holder may see."""
    return {
        card for hand, known in zip(state.hands, state.known_in_hand, strict=True) for card in hand if card not in known
    }


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), seats=st.sampled_from([3, 4]), data=st.data())
def test_random_playouts_take_exactly_the_actions_the_rules_require(seed: int, seats: int, data: st.DataObject) -> None:
    state = RULES.deal(seats, {}, Random(seed))
    inventory = RULES.inventory(state)
    assert inventory == Counter({**{f"card:{card}": 1 for card in CARDS}, **{f"rank:rank-{v}": 1 for v in range(6)}})
    for k in range(1, MAX_STEPS[seats] + 1):
        seat = data.draw(st.sampled_from(sorted(RULES.awaiting(state))))
        action = data.draw(st.sampled_from(list(RULES.legal_actions(state, seat)))).to_json()
        step = RULES.apply(state, seat, RULES.parse_action(action), rng_for(seed, k))
        same_round = step.state.round == state.round  # a new deal reuses every card
        state = step.state
        assert not same_round or not public_cards(step.events) & hidden_cards(state)
        if RULES.outcome(state) is not None:
            break
    assert RULES.outcome(state) is not None
    assert k == MAX_STEPS[seats]  # no more, no fewer actions than the rules require


def test_redeal_hidden_really_moves_hidden_cards() -> None:
    state = RULES.deal(4, {"first_dealer": 0}, Random(5))
    moved = RULES.redeal_hidden(state, 0, Random(1))
    assert moved.hands[0] == state.hands[0]
    assert moved.hands[1:] != state.hands[1:]
    assert RULES.inventory(moved) == RULES.inventory(state)


def bot_game(seed: int, seats: int, bots: set[int]) -> BaroqueState:
    """A complete game in which `bots` play by the heuristic and the other seats at random."""
    rng = Random(seed)
    state = RULES.deal(seats, {}, Random(seed))
    for k in range(1, MAX_STEPS[seats] + 1):
        seat = rng.choice(sorted(RULES.awaiting(state)))
        if seat in bots:
            seen = full_view(RULES, state, seat)
            payload = choose(seen, rng).action
            offered = seen["legal"]
            assert isinstance(offered, list) and payload in offered
            action = RULES.parse_action(payload)
        else:
            action = rng.choice(list(RULES.legal_actions(state, seat)))
        state = RULES.apply(state, seat, action, rng_for(seed, k)).state
    assert RULES.outcome(state) is not None
    return state


@pytest.mark.slow  # dozens of whole games per player count
def test_bots_only_games_reach_a_sane_end() -> None:
    for seats in (3, 4):
        for seed in range(40):
            state = bot_game(seed, seats, set(range(seats)))
            result = RULES.outcome(state)
            assert result is not None and result.winners
            tricks = seats * HAND_SIZE[seats]  # one point per trick, then +2 per exact bid
            bonuses = sum(sum(summary.bonuses) for summary in state.rounds)
            assert sum(state.scores) == tricks + bonuses
            assert len(state.rounds) == seats


@pytest.mark.slow  # hundreds of whole games
def test_a_bot_beats_random_players() -> None:
    games = 150
    for seats in (3, 4):
        wins = 0
        for seed in range(games):
            result = RULES.outcome(bot_game(seed, seats, {0}))
            assert result is not None
            wins += 0 in result.winners
        assert wins / games > 1.4 / seats  # random play would win about 1/N of the games
