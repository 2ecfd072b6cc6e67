"""The components as plain data: 30 Baroque cards, 6 rank cards, hand sizes."""

from collections.abc import Iterable
from enum import StrEnum


class Color(StrEnum):
    """A card's color, in the display order of the rules (§9 G8)."""

    BLACK = "black"  # Rococo, the permanent trump
    GREEN = "green"
    YELLOW = "yellow"


TRUMP = Color.BLACK
NUMBERS = range(1, 11)

# Canonical order (§2.1): the input list of every shuffle and the order of every sorted display.
CARDS: tuple[str, ...] = tuple(f"{color}-{number:02d}" for color in Color for number in NUMBERS)
COLOR: dict[str, Color] = {card: Color(card.split("-")[0]) for card in CARDS}
NUMBER: dict[str, int] = {card: int(card.split("-")[1]) for card in CARDS}
ORDER: dict[str, int] = {card: index for index, card in enumerate(CARDS)}

RANKS: tuple[str, ...] = tuple(f"rank-{value}" for value in range(6))
RANK_VALUE: dict[str, int] = {rank: int(rank.split("-")[1]) for rank in RANKS}
HIGH_RANK = "rank-5"  # §4.4: a bid of 6..9 is rank-5 plus one of rank-1..rank-4
PAIRABLE_RANKS: tuple[str, ...] = ("rank-1", "rank-2", "rank-3", "rank-4")

# §1: H, the hand size and the number of tricks per round; also the number of rounds is N.
HAND_SIZE: dict[int, int] = {3: 9, 4: 7}


def sort_cards(cards: Iterable[str]) -> tuple[str, ...]:
    """The cards in canonical order: black, green, yellow, ascending numbers."""
    return tuple(sorted(cards, key=ORDER.__getitem__))


def sort_ranks(ranks: Iterable[str]) -> tuple[str, ...]:
    """The rank ids in ascending value."""
    return tuple(sorted(ranks, key=RANK_VALUE.__getitem__))
