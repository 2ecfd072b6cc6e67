"""Why not, proved on random play: per game, at least 1,000 states reached by random playouts.

For every choice the page could offer each seat (`GameRules.choices`), the awaited seats and the
others alike (a page shows the cards it may not play now too):

- `why` says nothing exactly when the action is among `legal_actions`, and otherwise gives the code
  `apply` itself refuses the action with, with a rule section that is a heading of the game's rules;
- the answer, code, message and rule, is the same when everything hidden from that seat is re-dealt
  (as the redaction proofs do), and so are the choices themselves: a reason never tells a seat what it
  may not see.
"""

from collections import Counter
from random import Random
from typing import Any

import pytest

from app.engine import GameRules, IllegalAction, refusal_json, why
from app.games import RULES_BY_SLUG
from tests.engine.test_why import headings
from tests.games.playouts import sampled_states

STATES = 1000  # per game, at the least


def refusal_of(rules: GameRules[Any, Any], state: Any, seat: int, payload: dict[str, object]) -> str | None:
    """The code `apply` itself refuses the action with, asked directly (not through the engine's path)."""
    try:
        rules.apply(state, seat, rules.parse_action(payload), Random(0))
    except IllegalAction as refusal:
        return refusal.code
    return None


@pytest.mark.parametrize("rules", list(RULES_BY_SLUG.values()), ids=list(RULES_BY_SLUG))
def test_why_not_is_the_moves_own_refusal_and_hides_what_it_must(rules: GameRules[Any, Any]) -> None:
    sections = headings(rules.slug)
    seen: Counter[str] = Counter()
    states = 0
    for seats, state in sampled_states(rules):
        states += 1
        rng = Random(states)
        for seat in range(seats):  # the awaited seats, and the others: their pages show choices too
            legal = set(rules.legal_actions(state, seat))
            offered = rules.choices(state, seat)
            hidden = rules.redeal_hidden(state, seat, rng)
            assert rules.choices(hidden, seat) == offered, f"{rules.slug}: the choices of {seat} depend on hidden state"
            for action in offered:
                payload = action.to_json()
                answer = why(rules, state, seat, payload)
                where = f"{rules.slug} ({seats} seats, state {states}), seat {seat}: {payload}"
                assert (answer is None) == (action in legal), f"{where}: why says {answer and answer.code}"
                again = why(rules, hidden, seat, payload)
                if answer is None:
                    assert again is None, (
                        f"{where}: legal only while hidden cards lie as they do ({again and again.code})"
                    )
                    continue
                assert answer.code == refusal_of(rules, state, seat, payload), where
                assert answer.rule in sections, f"{where}: {answer.code} has no rule section ({answer.rule})"
                assert again is not None and refusal_json(again) == refusal_json(answer), (
                    f"{where}: {refusal_json(answer)} is {again and refusal_json(again)} once hidden cards are re-dealt"
                )
                seen[answer.code] += 1
        if states >= STATES:
            break
    assert states >= STATES
    assert seen, f"{rules.slug}: no choice was ever refused"
