"""For the property suites: hidden information re-dealt, and the components no action may change."""

from collections import Counter
from dataclasses import replace
from random import Random

from app.engine import Seat
from app.games.bluebell.cards import REUNION
from app.games.bluebell.state import BluebellState, Step


def redeal_hidden(state: BluebellState, viewer: Seat | None, rng: Random) -> BluebellState:
    """A state in which every card `viewer` cannot see (§5) is dealt anew; its view stays the same.

    Hidden are: other seats' unknown hand cards, the never-exposed bottoms of the piles, and the
    Bluebells others chose (until GAME_OVER). The round ender choosing a Bluebell sees every
    card in play, so for it only the Bluebells others chose remain hidden.
    """
    seat = viewer if viewer is not None and 0 <= viewer < state.seats else None
    sees_all_in_play = state.step is Step.BLUEBELL_CHOICE and seat == state.round_ender
    hands = [list(hand) for hand in state.hands]
    piles = [list(pile) for pile in state.piles]
    bluebells = [list(held) for held in state.bluebells]
    slots: list[tuple[list[str], int]] = []  # (the list a hidden card lies in, its index)
    if not sees_all_in_play:
        for other, hand in enumerate(hands):
            if other != seat:
                known = state.known[other]
                slots.extend((hand, i) for i, card in enumerate(hand) if card not in known)
        for pile, unseen in zip(piles, state.unseen, strict=True):
            slots.extend((pile, i) for i in range(unseen))
    cards = [where[i] for where, i in slots]
    hidden_bluebells = [
        (held, i)
        for held in bluebells
        for i, b in enumerate(held)
        if state.step is not Step.GAME_OVER and b.chooser != seat
    ]
    cards.extend(held[i].card for held, i in hidden_bluebells)
    rng.shuffle(cards)
    for (where, i), card in zip(slots, cards, strict=False):  # the rest go to the bluebells
        where[i] = card
    for (held, i), card in zip(hidden_bluebells, cards[len(slots) :], strict=True):
        held[i] = replace(held[i], card=card)
    return replace(
        state,
        hands=tuple(tuple(hand) for hand in hands),
        piles=tuple(tuple(pile) for pile in piles),
        bluebells=tuple(tuple(held) for held in bluebells),
    )


def inventory(state: BluebellState) -> Counter[str]:
    """Every card by id wherever it lies, the reunion card, and the tokens (§2.4: always 3 per seat)."""
    found: Counter[str] = Counter()
    for places in (state.hands, state.stacks, state.piles):
        for cards in places:
            found.update(cards)
    found.update(b.card for held in state.bluebells for b in held)
    holder = state.reunion_holder
    found[REUNION] = 1 if holder is None or 0 <= holder < state.seats else 0  # centre or one holder
    found["token"] = sum(state.supply) + sum(state.autumn_tokens) + state.stock
    return found
