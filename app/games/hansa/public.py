"""JSON forms of the public records, shared by events and views (§5: all of them are public)."""

from collections.abc import Sequence

from app.games.hansa.cards import CITIES
from app.games.hansa.state import FinalScoring, Settlement, Slot

CITY_IDS = tuple(city.value for city in CITIES)  # read once: an Enum's `.value` is a slow property


def by_city(counts: Sequence[int]) -> dict[str, int]:
    """Per-city counts keyed by city id."""
    return dict(zip(CITY_IDS, counts, strict=True))


def slot_json(slot: Slot) -> dict[str, object]:
    """A board entry: the card and the colour of its cube, or None."""
    return {"card": slot.card, "cube": None if slot.cube is None else slot.cube.value}


def board_json(board: Sequence[Sequence[Slot]]) -> dict[str, list[dict[str, object]]]:
    """Every space, slot 0 first, keyed by city id."""
    return {city.value: [slot_json(slot) for slot in space] for city, space in zip(CITIES, board, strict=True)}


def settlement_json(settlement: Settlement) -> dict[str, object]:
    """A round's settlement: screens, each city's powers, ranks and payouts, cube payouts, totals."""
    return {
        "round": settlement.round,
        "screens": [by_city(screen) for screen in settlement.screens],
        "cities": [
            {
                "city": result.city.value,
                "position": result.position,
                "powers": list(result.powers),
                "ranks": list(result.ranks),
                "payouts": list(result.payouts),
            }
            for result in settlement.cities
        ],
        "cube_payouts": list(settlement.cube_payouts),
        "incomes": list(settlement.incomes),
        "totals": list(settlement.totals),
    }


def final_json(final: FinalScoring) -> dict[str, object]:
    """The final breakdown: Lübeck ranks and payouts, person scores, totals, places, winners."""
    return {
        "lubeck_powers": list(final.lubeck_powers),
        "lubeck_ranks": list(final.lubeck_ranks),
        "lubeck_values": list(final.lubeck_values),
        "lubeck_payouts": list(final.lubeck_payouts),
        "person_kinds": list(final.person_kinds),
        "person_sets": list(final.person_sets),
        "person_bonuses": list(final.person_bonuses),
        "totals": list(final.totals),
        "places": list(final.places),
        "winners": list(final.winners),
    }
