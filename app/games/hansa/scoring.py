"""Round settlement (§6.1) and final scoring (§6.2): pure arithmetic on a table's public records."""

from collections import Counter
from collections.abc import Sequence

from app.games.hansa.cards import (
    CARDS,
    CITIES,
    CITY_OF,
    CUBE_SET,
    FIRST_INCOME,
    PERSON_SET,
    POWER,
    SAME_PERSON_BONUS,
    SECOND_MULTIPLIER,
    THIRD_MULTIPLIER,
)
from app.games.hansa.state import CityResult, FinalScoring, Player, Settlement


def competition_ranks(values: Sequence[int]) -> tuple[int | None, ...]:
    """Rank 1 + the number strictly ahead; None for a value below 1, which is never ranked (§8.8)."""
    return tuple(None if v < 1 else 1 + sum(1 for other in values if other > v) for v in values)


def city_powers(player: Player) -> list[int]:
    """Face-up card power plus own-colour cubes, by city (§6.1 step 2, §8.6, §8.7)."""
    powers = list(player.screen)
    for card in player.tableau_up:
        powers[CITY_OF[card]] += POWER[card]
    return powers


def city_payout(position: int, rank: int | None, power: int) -> int:
    """What one rank earns at a track position (§6.1 step 4): fixed 1st, power × multiplier below."""
    if rank == 1:
        return FIRST_INCOME[position]
    if rank == 2:
        return power * SECOND_MULTIPLIER[position]
    if rank == 3:
        return power * THIRD_MULTIPLIER[position]
    return 0  # rank 4 or lower, or unranked


def standings(players: Sequence[Player], prosperity: Sequence[int]) -> tuple[CityResult, ...]:
    """Each city's powers, ranks and payouts were the round settled now (§6.1 steps 2-4)."""
    by_seat = [city_powers(player) for player in players]
    cities = []
    for c, city in enumerate(CITIES):
        powers = tuple(powers[c] for powers in by_seat)
        ranks = competition_ranks(powers)
        payouts = tuple(city_payout(prosperity[c], rank, power) for rank, power in zip(ranks, powers, strict=True))
        cities.append(CityResult(city, prosperity[c], powers, ranks, payouts))
    return tuple(cities)


def settle(round_: int, players: Sequence[Player], prosperity: Sequence[int]) -> Settlement:
    """The settlement of a round at the markers' current positions (§6.1, §8.14)."""
    cities = standings(players, prosperity)
    # §6.1 step 5 [interpretation §8.9]: a lookup by the number of colours, not a sum of steps.
    cube_payouts = tuple(CUBE_SET[sum(1 for n in player.screen if n)] for player in players)
    incomes = tuple(sum(city.payouts[seat] for city in cities) + cube_payouts[seat] for seat in range(len(players)))
    totals = tuple(player.score + income for player, income in zip(players, incomes, strict=True))
    return Settlement(round_, tuple(p.screen for p in players), cities, cube_payouts, incomes, totals)


def lubeck_power(player: Player) -> int:
    """The sum of the powers of every face-down card, city irrelevant (§6.2 step 2)."""
    return sum(POWER[card] for card in player.tableau_down)


def person_score(cards: Sequence[str]) -> tuple[int, int, int]:
    """(distinct persons, set value, same-person bonus) of every card a player holds (§6.2 step 3)."""
    counts = Counter(person for person in (CARDS[card].person for card in cards) if person is not None)
    # §8.10 [interpretation]: +10 for exactly 3 cards of a person, +20 (instead) for all 4.
    bonus = sum(SAME_PERSON_BONUS.get(n, 0) for n in counts.values())
    return len(counts), PERSON_SET[len(counts)], bonus


def final_scoring(players: Sequence[Player], prosperity: Sequence[int]) -> FinalScoring:
    """Lübeck, persons, totals, standings and winners after round 3's settlement (§6.2)."""
    powers = tuple(lubeck_power(player) for player in players)
    ranks = competition_ranks(powers)
    values = tuple(sorted((FIRST_INCOME[position] for position in prosperity), reverse=True))
    lubeck = tuple(0 if rank is None or rank > len(values) else values[rank - 1] for rank in ranks)
    # §8.11 [interpretation]: every card held counts: face up, face down and in hand.
    persons = [person_score(p.tableau_up + p.tableau_down + p.hand) for p in players]
    totals = tuple(
        player.score + lubeck[seat] + persons[seat][1] + persons[seat][2] for seat, player in enumerate(players)
    )
    # §6.2 step 4: by total, then Lübeck power; equal on both share the place and the victory.
    keys = list(zip(totals, powers, strict=True))
    places = tuple(1 + sum(1 for other in keys if other > key) for key in keys)
    return FinalScoring(
        lubeck_powers=powers,
        lubeck_ranks=ranks,
        lubeck_values=values,
        lubeck_payouts=lubeck,
        person_kinds=tuple(kinds for kinds, _, _ in persons),
        person_sets=tuple(value for _, value, _ in persons),
        person_bonuses=tuple(bonus for _, _, bonus in persons),
        totals=totals,
        places=places,
        winners=tuple(seat for seat, place in enumerate(places) if place == 1),
    )
