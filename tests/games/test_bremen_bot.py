"""Bremen bots and whole games: bots play from views only, games end sanely and replay exactly."""

import random
from collections import Counter

from app.engine import rng_for
from app.games.bremen import RULES
from app.games.bremen.bot import choose
from app.games.bremen.state import BremenState, Phase


def bot_game(seed: int, hard_mode: bool = False) -> tuple[BremenState, list[tuple[int, dict[str, object]]]]:
    """A whole game in which every awaited seat's bot acts in turn, and the log of its actions."""
    state = RULES.setup(4, {"hard_mode": hard_mode}, random.Random(seed))
    brains = random.Random(seed)
    log: list[tuple[int, dict[str, object]]] = []
    while RULES.outcome(state) is None:
        seat = min(RULES.awaiting(state))
        seen = RULES.view(state, seat)
        action = choose(seen, brains)
        assert action in seen["legal"]  # type: ignore[operator]
        log.append((seat, action))
        state = RULES.apply(state, seat, RULES.parse_action(action), rng_for(seed, len(log))).state
    return state, log


def random_game(seed: int) -> BremenState:
    state = RULES.setup(4, {}, random.Random(seed))
    chooser = random.Random(seed)
    while RULES.outcome(state) is None:
        seat = chooser.choice(sorted(RULES.awaiting(state)))
        state = RULES.apply(state, seat, chooser.choice(RULES.legal_actions(state, seat)), random.Random(0)).state
    return state


def test_bots_play_complete_games_to_a_sane_end() -> None:
    results = Counter[str]()
    for seed in range(200):
        state, log = bot_game(seed, hard_mode=seed % 4 == 0)
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
        results[outcome.result if outcome.reason is None else outcome.reason] += 1
    assert results["win"] > 0, results


def test_bots_play_better_than_chance() -> None:
    # Toward winning: bots succeed in more ensembles, and reach further, than random players.
    def successes(state: BremenState) -> int:
        return sum(e.success for e in state.history)

    bots = sum(successes(bot_game(seed)[0]) for seed in range(100))
    chance = sum(successes(random_game(seed)) for seed in range(100))
    assert bots > 1.5 * chance, (bots, chance)


def test_the_bot_declares_near_its_home_pitch() -> None:
    # A rooster leader with a spread hand declares low, a donkey leader high.
    for animal, low in (("rooster", True), ("donkey", False)):
        seats = [{"seat": s, "animal": a} for s, a in enumerate(("rooster", "cat", "dog", "donkey"))]
        me = next(s["seat"] for s in seats if s["animal"] == animal)
        cards = ["n01-1", "n02-1", "n08-1", "n14-1", "n15-1"]
        view: dict[str, object] = {
            "seat": me,
            "seats": seats,
            "declared": None,
            "legal": [{"type": "declare", "card_id": c} for c in cards],
        }
        value = int(str(choose(view, random.Random(0))["card_id"])[1:3])
        assert (value <= 2) if low else (value >= 14)


def test_replay_from_seed_and_actions_is_identical() -> None:
    for seed in (3, 11):
        state, log = bot_game(seed)
        again = RULES.setup(4, {}, random.Random(seed))
        for k, (seat, action) in enumerate(log, start=1):
            again = RULES.apply(again, seat, RULES.parse_action(action), rng_for(seed, k)).state
        assert again == state and RULES.dump(again) == RULES.dump(state)
