"""The legal actions of a seat, listed in canonical form (§4.5: trades may be grouped for the UI).

Every action listed here is accepted by `apply`, and `apply` accepts every other legal form too.
Produce, end_turn and the param-less brownie actions are listed in full. Trades and value
payments could run to thousands, so they are listed in the form that wastes least:

- a payment of several cards (a many-for-one trade, Builder, Wholesaler, General Store, Money
  Changer) only if every paid card is needed to reach the value;
- a one-card payment (a one-for-one or one-for-many trade, Trading Post, Market) takes either
  one building it pays for, or as many copies of one good as fit (one for Trading Post), of the
  goods that lose the least value.

So some trade is listed whenever any trade is legal, and no listed trade for goods throws value
away that another listed trade with the same payment would keep.
"""

from functools import lru_cache
from itertools import product

from app.games.brownies.actions import Action, EndTurn, Produce, Trade, UseBrownie
from app.games.brownies.cards import (
    BROWNIE_INPUTS,
    CARDS,
    CLASS,
    GENERAL_STORE_VALUE,
    HAND_LIMIT,
    IS_BUILDING,
    MONEY_CHANGER_VALUE,
    RECIPES,
    VALUE,
    CardClass,
    Form,
    Inputs,
)
from app.games.brownies.market import available
from app.games.brownies.state import BrowniesState, Phase

Payment = tuple[tuple[str, ...], int, int]  # cards, total value, value of the cheapest card


def legal_actions(state: BrowniesState, seat: int) -> tuple[Action, ...]:
    """The seat's legal actions in canonical form; empty unless it is that seat's turn."""
    if state.phase is Phase.GAME_OVER or seat != state.active_seat:
        return ()
    hand = state.players[seat].hand
    market = available(state)
    produce = _produce(hand, market)
    actions: list[Action] = []
    if not state.main_action_done:
        actions += produce
        actions += _trades(hand, market)
    actions += _brownies(state, hand, market)
    if state.main_action_done or not (produce or _can_trade(hand, market)):
        actions.append(EndTurn())
    return tuple(actions)


def has_main_action(state: BrowniesState) -> bool:
    """Whether the active seat could produce or trade now (§4.7's three conditions)."""
    hand = state.players[state.active_seat].hand
    market = available(state)
    return bool(_produce(hand, market)) or _can_trade(hand, market)


def has_cards(hand: tuple[str, ...], inputs: Inputs) -> bool:
    """Whether the hand holds a separate card for every icon (§4.4 step 3)."""
    return all(hand.count(kind) >= count for kind, count in inputs.needs)


def _produce(hand: tuple[str, ...], market: dict[str, int]) -> list[Action]:
    makeable = _makeable(hand)
    return [Produce(kind) for kind in market if kind in makeable]


@lru_cache(maxsize=4096)
def _makeable(hand: tuple[str, ...]) -> frozenset[str]:
    """The kinds this hand could produce if they were in the market (§4.4 steps 3 and 4)."""
    return frozenset(
        kind
        for kind, recipe in RECIPES.items()
        if has_cards(hand, recipe) and len(hand) - len(recipe.paid) + (kind not in IS_BUILDING) <= HAND_LIMIT
    )


def _can_trade(hand: tuple[str, ...], market: dict[str, int]) -> bool:
    # §4.7: if any available card is worth no more than the whole hand, a many-for-one trade exists.
    worth = sum(VALUE[kind] for kind in hand)
    return bool(hand) and any(VALUE[kind] <= worth for kind in market)


@lru_cache(maxsize=4096)
def _payments(hand: tuple[str, ...]) -> tuple[Payment, ...]:
    """Every non-empty sub-multiset of the hand with its value and its cheapest card's value."""
    groups: dict[str, int] = {}
    for kind in hand:
        groups[kind] = groups.get(kind, 0) + 1
    found: list[Payment] = []
    for counts in product(*(range(count + 1) for count in groups.values())):
        cards = tuple(kind for kind, n in zip(groups, counts, strict=True) for _ in range(n))
        if cards:
            found.append((cards, sum(VALUE[kind] for kind in cards), min(VALUE[kind] for kind in cards)))
    return tuple(found)


@lru_cache(maxsize=8192)
def _tight(hand: tuple[str, ...], needed: int, several: bool = False) -> tuple[tuple[str, ...], ...]:
    """The payments worth at least `needed` in which every card is needed; only 2+ cards if `several`."""
    return tuple(
        cards
        for cards, value, cheapest in _payments(hand)
        if value >= needed > value - cheapest and not (several and len(cards) == 1)
    )


def _thrifty_takes(market: dict[str, int], budget: int, room: int, buildings: bool) -> list[tuple[str, ...]]:
    """For one card worth `budget`: each building it pays for, and the thriftiest takes of one good."""
    affordable = [kind for kind in market if VALUE[kind] <= budget]
    best: list[tuple[str, ...]] = []
    least = budget
    for kind in affordable:
        if kind in IS_BUILDING:
            continue
        most = min(market[kind], budget // VALUE[kind], room)
        lost = budget - most * VALUE[kind]
        if lost < least:
            best, least = [], lost
        if lost == least:
            best.append((kind,) * most)
    if buildings:
        best += [(kind,) for kind in affordable if kind in IS_BUILDING]
    return best


def _trades(hand: tuple[str, ...], market: dict[str, int]) -> list[Action]:
    found: list[Action] = []
    room = HAND_LIMIT - len(hand) + 1  # goods one paid card can turn into (§4.5 step 8)
    for pay in dict.fromkeys(hand):  # one-for-one and one-for-many
        found += [Trade((pay,), take) for take in _thrifty_takes(market, VALUE[pay], room, True)]
    for target in market:  # many-for-one; paying 2+ cards never breaks the hand limit
        found += [Trade(pay, (target,)) for pay in _tight(hand, VALUE[target], several=True)]
    return found


def _brownies(state: BrowniesState, hand: tuple[str, ...], market: dict[str, int]) -> list[Action]:
    found: list[Action] = []
    for building in state.players[state.active_seat].area:
        brownie = CARDS[building].brownie
        if brownie is None or building in state.brownies_used:
            continue
        match brownie.form:
            case Form.CONVERT:
                inputs = BROWNIE_INPUTS[building]
                fits = len(hand) - len(inputs.paid) + 1 <= HAND_LIMIT
                if brownie.gain in market and has_cards(hand, inputs) and fits:
                    found.append(UseBrownie(building))
            case Form.SCORE:
                if has_cards(hand, BROWNIE_INPUTS[building]):
                    found.append(UseBrownie(building))
            case Form.MONEY_CHANGER:
                found += [UseBrownie(building, pay) for pay in _tight(hand, MONEY_CHANGER_VALUE)]
            case Form.GENERAL_STORE:
                if state.primary_deck or state.primary_discard:
                    found += [UseBrownie(building, pay) for pay in _tight(hand, GENERAL_STORE_VALUE)]
            case Form.BUILDER | Form.WHOLESALER:
                row = state.building_row if brownie.form is Form.BUILDER else state.secondary_row
                for target in row:
                    found += [UseBrownie(building, pay, (target,)) for pay in _tight(hand, VALUE[target])]
            case Form.TRADING_POST:
                primaries = dict(state.primary_row)
                found += [
                    UseBrownie(building, (pay,), take)
                    for pay in dict.fromkeys(hand)
                    if CLASS[pay] is CardClass.PRIMARY
                    for take in _thrifty_takes(primaries, VALUE[pay], 1, False)
                ]
            case Form.MARKET:
                room = HAND_LIMIT - len(hand) + 1
                found += [
                    UseBrownie(building, (pay,), take)
                    for pay in dict.fromkeys(hand)
                    if CLASS[pay] is CardClass.SECONDARY
                    for take in _thrifty_takes(market, VALUE[pay], room, False)
                ]
    return found
