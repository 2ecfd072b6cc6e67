"""Bremen bots and whole games: bots play from views only, games end sanely and replay exactly."""

import random
from collections import Counter

from app.engine import full_view, rng_for
from app.games.bremen import RULES
from app.games.bremen.bot import choose
from app.games.bremen.state import BremenState, Phase
from tests.games.test_bremen import rows, table


def action(view: dict[str, object]) -> dict[str, object] | None:
    """The bot's move in this view (deterministic here: no ties to break)."""
    choice = choose(view, random.Random(0))
    return None if choice is None else choice.action


def bot_game(seed: int, hard_mode: bool = False) -> tuple[BremenState, list[tuple[int, dict[str, object]]]]:
    """A whole game in which every awaited seat's bot acts in turn, and the log of its actions."""
    state = RULES.deal(4, {"hard_mode": hard_mode}, random.Random(seed))
    brains = random.Random(seed)
    log: list[tuple[int, dict[str, object]]] = []
    while RULES.outcome(state) is None:
        # The first awaited seat whose bot wants to act (a seat that has passed only waits).
        moves = ((s, choose(full_view(RULES, state, s), brains)) for s in sorted(RULES.awaiting(state)))
        seat, action = next((s, c.action) for s, c in moves if c is not None)
        assert action in rows(full_view(RULES, state, seat), "legal")
        log.append((seat, action))
        state = RULES.apply(state, seat, RULES.parse_action(action), rng_for(seed, len(log))).state
    return state, log


def random_game(seed: int) -> BremenState:
    state = RULES.deal(4, {}, random.Random(seed))
    chooser = random.Random(seed)
    while RULES.outcome(state) is None:
        seat = chooser.choice(sorted(RULES.awaiting(state)))
        state = RULES.apply(state, seat, chooser.choice(RULES.legal_actions(state, seat)), random.Random(0)).state
    return state


def test_bots_play_complete_games_to_a_sane_end() -> None:
    results = Counter[str]()
    for seed in range(200):
        hard_mode = seed % 4 == 0
        state, log = bot_game(seed, hard_mode=hard_mode)
        outcome = RULES.outcome(state)
        assert outcome is not None and state.phase is Phase.GAME_OVER
        assert len(log) <= 10 * 4 + 9 * 8  # plays, plus at most a pass and a signal per seat per tuning
        assert state.history[-1].round == state.round
        if outcome.result == "win":
            assert state.round == 10 and state.failures <= 2 and state.history[-1].success
            assert outcome.winners == {0, 1, 2, 3}
        else:
            assert state.failures == 3 or (state.round == 10 and not state.history[-1].success)
            assert outcome.winners == frozenset()
        results[f"{'hard' if hard_mode else 'normal'} {outcome.reason or outcome.result}"] += 1
    # Random players won none of ten thousand games; these bots win about a quarter in normal mode.
    assert results["normal win"] >= 0.15 * 150, results
    assert results["hard win"] > 0, results


def test_bots_play_better_than_chance() -> None:
    # Toward winning: bots succeed in more ensembles, and reach further, than random players.
    def successes(state: BremenState) -> int:
        return sum(e.success for e in state.history)

    bots = sum(successes(bot_game(seed)[0]) for seed in range(100))
    chance = sum(successes(random_game(seed)) for seed in range(100))
    assert bots > 1.5 * chance, (bots, chance)


def test_the_bot_declares_toward_its_end_of_the_scale_and_keeps_its_home_card() -> None:
    # Seat 1 is the rooster, seat 2 the donkey (§10 fixture); home pitches 2 and 14.
    cards = ["n01-1", "n02-1", "n08-1", "n14-1", "n15-1"]
    rooster = table(round=6, leader=1, hands={1: cards})
    assert action(full_view(RULES, rooster, 1)) == {"type": "declare", "card_id": "n01-1"}
    donkey = table(round=6, leader=2, hands={2: cards})
    assert action(full_view(RULES, donkey, 2)) == {"type": "declare", "card_id": "n15-1"}
    keeper = table(round=6, leader=2, hands={2: ["n01-1", "n02-1", "n08-1", "n09-1", "n14-1"]})
    assert action(full_view(RULES, keeper, 2)) == {"type": "declare", "card_id": "n09-1"}


def test_the_bot_plays_on_the_right_side_of_the_declaration() -> None:
    # Leader: the cat (seat 3) declares 8; the dog (seat 0) sits directly above, the donkey on top.
    state = table(
        round=4, leader=3, hands={3: ["n08-1"], 0: ["n03-1", "n05-1", "n10-1", "n12-1", "n13-1", "n14-4", "n15-4"]}
    )
    state = RULES.apply(state, 3, RULES.parse_action({"type": "declare", "card_id": "n08-1"}), random.Random(0)).state
    # The dog must beat 8 and leave room for the donkey above: its lowest spare card above 8.
    assert action(full_view(RULES, state, 0)) == {"type": "play", "card_id": "n12-1"}


def test_replay_from_seed_and_actions_is_identical() -> None:
    for seed in (3, 11):
        state, log = bot_game(seed)
        again = RULES.deal(4, {}, random.Random(seed))
        for k, (seat, action) in enumerate(log, start=1):
            again = RULES.apply(again, seat, RULES.parse_action(action), rng_for(seed, k)).state
        assert again == state
