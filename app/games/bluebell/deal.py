"""Round setup (§3): the one place where cards are shuffled and dealt."""

from random import Random

from app.engine import Seat
from app.games.bluebell.cards import TOKENS_PER_SEAT, canonical_deck
from app.games.bluebell.state import Bluebell, BluebellState, RoundResult, Step


def deal_round(
    seats: int,
    round_number: int,
    start: Seat,
    rng: Random,
    *,
    bluebells: tuple[tuple[Bluebell, ...], ...] | None = None,
    round_ender: Seat | None = None,
    round_winner: Seat | None = None,
    results: tuple[RoundResult, ...] = (),
) -> BluebellState:
    """A fresh round: everything but the Bluebells collected, shuffled once with `rng` and dealt."""
    held = bluebells if bluebells is not None else ((),) * seats
    cards = canonical_deck(seats, frozenset(b.card for given in held for b in given))
    rng.shuffle(cards)  # §3 round setup step 1: the stream's only draw
    hands: list[tuple[str, ...]] = [()] * seats
    for k in range(seats):  # step 2: the start player first, clockwise
        hands[(start + k) % seats] = (cards[2 * k], cards[2 * k + 1])
    rest = cards[2 * seats :]
    return BluebellState(
        seats=seats,
        round=round_number,
        step=Step.ACTION,
        active=start,
        start=start,
        round_ender=round_ender,
        round_winner=round_winner,
        hands=tuple(hands),
        known=((),) * seats,  # dealt cards start unknown (§5)
        stacks=((),) * seats,
        # Step 5: the rest face up as pile A, its top card moved beside it as pile B.
        piles=(tuple(rest[:-1]), (rest[-1],)),
        unseen=(len(rest) - 2, 0),  # §5: all of A but its top has never been face up
        supply=(TOKENS_PER_SEAT,) * seats,
        autumn_tokens=(0,) * seats,
        stock=0,
        reunion_holder=None,
        bluebells=held,
        winner=None,
        recent=(),  # the turn records describe the round in play; `results` keeps the past ones
        results=results,
    )
