"""The components as plain data: 4 player cards (animals) and the number deck (§2)."""

from collections.abc import Iterable
from enum import StrEnum


class Animal(StrEnum):
    """A player card's animal, in pitch order: an ensemble must rise from ROOSTER to DONKEY (§2.2)."""

    ROOSTER = "rooster"
    CAT = "cat"
    DOG = "dog"
    DONKEY = "donkey"


# §2.2: pitch rank 0..3; the ensemble succeeds iff the values rise in this order.
PITCH: tuple[Animal, ...] = (Animal.ROOSTER, Animal.CAT, Animal.DOG, Animal.DONKEY)
RANK: dict[Animal, int] = {animal: rank for rank, animal in enumerate(PITCH)}
PLAYER_CARD: dict[Animal, str] = {animal: f"pc-{animal}" for animal in PITCH}

# §2.3 [house data]: the source never lists the deck; one replaceable constant.
VALUES = range(1, 16)
COPIES = 4

# Canonical order (§2.3): by value, then copy; the input of the setup shuffle and of every display.
DECK: tuple[str, ...] = tuple(f"n{value:02d}-{copy}" for value in VALUES for copy in range(1, COPIES + 1))
VALUE: dict[str, int] = {card: int(card[1:3]) for card in DECK}
ORDER: dict[str, int] = {card: index for index, card in enumerate(DECK)}

SEATS = 4  # §1: exactly four players
HAND_SIZE = 10  # §3 step 2
ROUNDS = 10  # §4.1
MAX_FAILURES = 3  # §1: the third failed ensemble loses


def sort_cards(cards: Iterable[str]) -> tuple[str, ...]:
    """The cards in canonical order (ascending value, then copy)."""
    return tuple(sorted(cards, key=ORDER.__getitem__))
