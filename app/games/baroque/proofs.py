"""Proof helpers for the property suites: hidden information re-dealt, and the conserved inventory."""

from collections import Counter
from dataclasses import replace
from random import Random

from app.engine import Commits, Seat
from app.games.baroque.actions import BallDecision
from app.games.baroque.cards import sort_cards
from app.games.baroque.rules import ball_choices
from app.games.baroque.state import BaroqueState, Phase


def redeal_hidden(state: BaroqueState, viewer: Seat | None, rng: Random) -> BaroqueState:
    """The state with other seats' unknown hand cards re-dealt and their sealed ball decisions redrawn.

    What `viewer` sees stays put: its own hand and decision, hand counts, cards known in hands
    (§5.3), the table, the discard pile, ranks, scores, history and who has committed.
    """
    others = [seat for seat in range(state.seats) if seat != viewer]
    unknown = {seat: [card for card in state.hands[seat] if card not in state.known_in_hand[seat]] for seat in others}
    pool = [card for seat in others for card in unknown[seat]]
    rng.shuffle(pool)
    hands = list(state.hands)
    for seat in others:
        dealt, pool = pool[: len(unknown[seat])], pool[len(unknown[seat]) :]
        hands[seat] = sort_cards((*state.known_in_hand[seat], *dealt))
    redealt = replace(state, hands=tuple(hands))
    if state.phase is not Phase.BALL:
        return redealt
    # A sealed decision is hidden too: redraw each other committed seat's among its legal ones.
    choices: list[BallDecision | None] = list(state.decisions.choices)
    for seat in others:
        if choices[seat] is not None:
            choices[seat] = rng.choice(ball_choices(redealt, seat))
    return replace(redealt, decisions=Commits(expected=state.decisions.expected, choices=tuple(choices)))


def inventory(state: BaroqueState) -> Counter[str]:
    """Every Baroque card wherever it lies (hand, table, discard) and every rank card, by id."""
    counts: Counter[str] = Counter()
    for hand in state.hands:
        counts.update(f"card:{card}" for card in hand)
    counts.update(f"card:{card}" for card in state.salon if card is not None)
    counts.update(f"card:{card}" for card in state.discard)
    for taken in state.rank_taken:
        counts.update(f"rank:{rank}" for rank in taken)
    counts.update(f"rank:{rank}" for rank in (*state.rank_available, *state.rank_set_aside))
    return counts
