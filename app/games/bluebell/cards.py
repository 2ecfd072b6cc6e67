"""The components as plain data: seasons, card ids, the per-count card sets (§2)."""

from enum import StrEnum


class Season(StrEnum):
    """The four seasons of the fairy cards, in the order of the cycle (§2.2)."""

    SPRING = "spring"
    SUMMER = "summer"
    AUTUMN = "autumn"
    WINTER = "winter"


REUNION = "reunion"  # the reunion card (§2.3): never dealt, shuffled, drawn or chosen
TOKENS_PER_SEAT = 3  # §2.4
PILES = ("A", "B")  # the two central piles (§2.5)

# §2.2: how many of each season take part, by player count.
_COUNTS: dict[int, dict[Season, int]] = {
    2: {Season.SPRING: 4, Season.SUMMER: 5, Season.AUTUMN: 4, Season.WINTER: 5},
    3: {Season.SPRING: 6, Season.SUMMER: 7, Season.AUTUMN: 6, Season.WINTER: 7},
    4: {Season.SPRING: 8, Season.SUMMER: 9, Season.AUTUMN: 8, Season.WINTER: 9},
}

# [house data] §2.2: always the lowest numbers, so the canonical order is a plain prefix per season.
CARD_SETS: dict[int, tuple[str, ...]] = {
    seats: tuple(f"{season.value}-{number}" for season in Season for number in range(1, counts[season] + 1))
    for seats, counts in _COUNTS.items()
}

# §4.3: the seasons each season may be placed on (an empty stack takes any season).
PREDECESSORS: dict[Season, frozenset[Season]] = {
    Season.SPRING: frozenset({Season.WINTER}),
    Season.SUMMER: frozenset({Season.SPRING, Season.SUMMER}),
    Season.AUTUMN: frozenset({Season.SUMMER}),
    Season.WINTER: frozenset({Season.AUTUMN}),
}

SEASON_OF: dict[str, Season] = {card: Season(card.split("-")[0]) for card in CARD_SETS[4]}


def canonical_deck(seats: int, bluebells: frozenset[str]) -> list[str]:
    """The player-count set in canonical order minus the cards held as Bluebells (§3 step 1)."""
    return [card for card in CARD_SETS[seats] if card not in bluebells]
