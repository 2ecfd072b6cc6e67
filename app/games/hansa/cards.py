"""The components of Queen of Hansa as plain data (§2): cities, the 60 cards, tracks, constants."""

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum


class City(StrEnum):
    """The four Hanseatic cities; also the board spaces and the cube colours (§2.1)."""

    LON = "LON"
    BRU = "BRU"
    BER = "BER"
    NOV = "NOV"


CITIES: tuple[City, ...] = tuple(City)  # canonical order (§2.1); state tuples are indexed by it
CITY_INDEX: dict[str, int] = {city.value: i for i, city in enumerate(CITIES)}
PERSONS: tuple[str, ...] = ("A", "B", "C", "D", "E", "F", "G", "H")


@dataclass(frozen=True, slots=True)
class Card:
    """One card of §2.2 [house data]: its city, power, cube icon and person icon."""

    id: str
    city: City
    power: int
    cube_icon: bool
    person: str | None


# §2.2 [house data]: (power, cube icon) of cards 01-08 per city; persons A-H in that order.
_PERSON_CARDS: dict[City, tuple[tuple[int, bool], ...]] = {
    City.LON: ((1, True), (1, True), (1, False), (1, False), (2, False), (2, False), (2, False), (3, False)),
    City.BRU: ((2, False), (3, False), (1, True), (1, True), (1, False), (1, False), (2, False), (2, False)),
    City.BER: ((2, False), (2, False), (2, False), (3, False), (1, True), (1, True), (1, False), (1, False)),
    City.NOV: ((1, False), (1, False), (2, False), (2, False), (2, False), (3, False), (1, True), (1, True)),
}


def _city_cards(city: City) -> list[Card]:
    cards = [
        Card(f"{city}-{n + 1:02d}", city, power, icon, PERSONS[n])
        for n, (power, icon) in enumerate(_PERSON_CARDS[city])
    ]
    cards += [Card(f"{city}-{n:02d}", city, 3, False, None) for n in (9, 10, 11)]  # plain power 3
    cards += [Card(f"{city}-{n:02d}", city, 2, True, None) for n in (12, 13, 14, 15)]  # power 2, cube
    return cards


CARD_LIST: tuple[Card, ...] = tuple(card for city in CITIES for card in _city_cards(city))
CARD_IDS: tuple[str, ...] = tuple(card.id for card in CARD_LIST)  # canonical order (§3 step 4)
CARDS: dict[str, Card] = {card.id: card for card in CARD_LIST}
CARD_ORDER: dict[str, int] = {card_id: i for i, card_id in enumerate(CARD_IDS)}
POWER: dict[str, int] = {card.id: card.power for card in CARD_LIST}
CITY_OF: dict[str, int] = {card.id: CITY_INDEX[card.city] for card in CARD_LIST}  # by city index


def sort_cards(cards: Iterable[str]) -> tuple[str, ...]:
    """The cards in canonical order (§5: views list ids in canonical order)."""
    return tuple(sorted(cards, key=CARD_ORDER.__getitem__))


# §2.3 [house data]: the prosperity track, positions 0-11.
FIRST_INCOME: tuple[int, ...] = (2, 5, 8, 10, 13, 16, 18, 25, 28, 30, 36, 42)
SECOND_MULTIPLIER: tuple[int, ...] = (1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4)
THIRD_MULTIPLIER: tuple[int, ...] = (1, 1, 1, 1, 1, 1, 2, 2, 2, 3, 3, 3)
TRACK_END = len(FIRST_INCOME) - 1
START_POSITION = 1

# §2.4 [house data]
CUBES_PER_COLOUR = 10

# §2.5
ROUNDS = 3
HAND_SIZE = 2
DRAFT_HAND_SIZE = 4  # §7
TAKE_SLOTS = 2  # only slot 0 or 1 may be taken (§4.4)
TURNS_PER_ROUND: dict[int, int] = {2: 6, 3: 5, 4: 4}
SPACE_CAPACITY: dict[int, int] = {2: 4, 3: 5, 4: 5}
TRIGGER_DELTAS: tuple[int, ...] = (-1, 1, 2, 3)
CUBE_SET: tuple[int, ...] = (0, 2, 6, 12, 20)
PERSON_SET: tuple[int, ...] = (0, 1, 3, 6, 10, 15, 22, 30, 40)
SAME_PERSON_BONUS: dict[int, int] = {3: 10, 4: 20}
