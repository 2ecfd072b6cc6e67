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

from collections.abc import Iterable
from functools import cache, lru_cache
from itertools import chain, compress, repeat

from app.games.brownies.actions import Action, EndTurn, Produce, Trade, UseBrownie
from app.games.brownies.cards import (
    BROWNIE_INPUTS,
    CARDS,
    CLASS,
    GENERAL_STORE_VALUE,
    HAND_LIMIT,
    IS_BUILDING,
    MONEY_CHANGER_VALUE,
    PRIMARY_KINDS,
    RECIPES,
    RESOURCES,
    SECONDARY_KINDS,
    VALUE,
    CardClass,
    Form,
    Inputs,
)
from app.games.brownies.market import copies, market_kinds
from app.games.brownies.state import BrowniesState, Phase, Stack

Cards = tuple[str, ...]
Payment = tuple[Cards, int, int]  # cards, total value, value of the cheapest card
Workable = tuple[str, frozenset[str], Inputs, int | None]  # kind, its input kinds, inputs, hand growth

Row = tuple[int, Iterable[Stack]]  # the least value of the row's class of goods, and the row's goods

# Actions are immutable, so the ones without a payment are made once.
_PRODUCE = {kind: Produce(kind) for kind in CARDS}
_END_TURN = EndTurn()


def _workable(kind: str, inputs: Inputs, gains: int | None) -> Workable:
    """A table row: `gains` cards into the hand (None: no hand limit check) for `inputs`."""
    growth = None if gains is None else gains - len(inputs.paid)
    return kind, frozenset(needed for needed, _ in inputs.needs), inputs, growth


# The least value of a good of each class: a payment worth less skips that row of the market.
_CHEAPEST_RESOURCE, _CHEAPEST_PRIMARY, _CHEAPEST_SECONDARY = (
    min(VALUE[kind] for kind in kinds) for kinds in (RESOURCES, PRIMARY_KINDS, SECONDARY_KINDS)
)

# §4.4: every recipe, and the hand cards it adds (a building goes to the area).
_RECIPES = tuple(_workable(kind, recipe, kind not in IS_BUILDING) for kind, recipe in RECIPES.items())
# §4.6: the fixed-input brownies; Convert gains a good, Score only VP.
_FIXED_BROWNIES = tuple(
    _workable(kind, BROWNIE_INPUTS[kind], None if card.brownie.gain is None else 1)
    for kind, card in CARDS.items()
    if card.brownie is not None and card.brownie.form in (Form.CONVERT, Form.SCORE)
)


class Hand:
    """What the legal actions depend on in one hand, worked out once per distinct hand (`hand_facts`)."""

    __slots__ = ("cards", "kinds", "worth", "room", "makeable", "workable", "tight", "buys")

    def __init__(self, cards: tuple[str, ...]) -> None:
        counts: dict[str, int] = {}
        for kind in cards:
            counts[kind] = counts.get(kind, 0) + 1
        self.cards = cards
        self.kinds = tuple(counts)  # canonical order, as the hand is
        self.worth = sum(VALUE[kind] for kind in cards)
        self.room = HAND_LIMIT - len(cards) + 1  # goods one paid card can turn into (§4.5 step 8)
        self.makeable = _can_work(counts, len(cards), _RECIPES)  # were they in the market (§4.4 steps 3, 4)
        self.workable = _can_work(counts, len(cards), _FIXED_BROWNIES)
        self.tight = _tight_payments(counts)
        self.buys = _ManyForOne({needed: several for needed, pays in self.tight.items() if (several := _several(pays))})


class _ManyForOne(dict[str, tuple[Action, ...]]):
    """A hand's many-for-one trades by the market card they take, each list made on first use."""

    def __init__(self, several: dict[int, tuple[Cards, ...]]) -> None:
        super().__init__()
        self.several = several  # by the value to reach, the tight payments of 2+ cards

    def __missing__(self, target: str) -> tuple[Action, ...]:
        trades = self[target] = tuple(Trade(pay, (target,)) for pay in self.several.get(VALUE[target], ()))
        return trades


@lru_cache(maxsize=16384)
def hand_facts(cards: tuple[str, ...]) -> Hand:
    """The facts of a hand; hands recur often within and across games."""
    return Hand(cards)


def legal_actions(state: BrowniesState, seat: int) -> tuple[Action, ...]:
    """The seat's legal actions in canonical form; empty unless it is that seat's turn."""
    if state.phase is Phase.GAME_OVER or seat != state.active_seat:
        return ()
    hand = hand_facts(state.players[seat].hand)
    if state.main_action_done:
        return (*_brownies(state, hand), _END_TURN)
    produce = _produce(state, hand)
    actions = produce + _trades(state, hand) + _brownies(state, hand)
    if not (produce or _can_trade(state, hand)):
        actions.append(_END_TURN)
    return tuple(actions)


def has_main_action(state: BrowniesState) -> bool:
    """Whether the active seat could produce or trade now (§4.7's three conditions)."""
    hand = hand_facts(state.players[state.active_seat].hand)
    return not hand.makeable.isdisjoint(market_kinds(state)) or _can_trade(state, hand)


def has_cards(hand: tuple[str, ...], inputs: Inputs) -> bool:
    """Whether the hand holds a separate card for every icon (§4.4 step 3)."""
    return all(hand.count(kind) >= count for kind, count in inputs.needs)


def _holds(counts: dict[str, int], inputs: Inputs) -> bool:
    """`has_cards` for a hand already counted by kind."""
    return all(counts.get(kind, 0) >= count for kind, count in inputs.needs)


def _can_work(counts: dict[str, int], size: int, table: tuple[Workable, ...]) -> frozenset[str]:
    """The kinds of `table` whose inputs the hand holds and whose gains keep it within the limit."""
    held = frozenset(counts)
    return frozenset(
        kind
        for kind, needed, inputs, growth in table
        if needed <= held and _holds(counts, inputs) and (growth is None or size + growth <= HAND_LIMIT)
    )


def _tight_payments(counts: dict[str, int]) -> dict[int, tuple[Cards, ...]]:
    """By the value to reach, every payment from the hand in which each card is needed.

    A payment worth `value` whose cheapest card is worth `cheapest` is tight for each value
    from `value - cheapest + 1` to `value`.
    """
    found: dict[int, list[tuple[str, ...]]] = {}
    for cards, value, cheapest in _payments(counts):
        for needed in range(value - cheapest + 1, value + 1):
            found.setdefault(needed, []).append(cards)
    return {needed: tuple(pays) for needed, pays in found.items()}


def _payments(counts: dict[str, int]) -> list[Payment]:
    """Every non-empty sub-multiset of the hand with its value and its cheapest card's value.

    They come in the order of counting up the copies of each kind, the last kind fastest.
    """
    found: list[Payment] = [((), 0, max(VALUE.values()))]  # the empty payment; any card is cheaper
    for kind, count in counts.items():
        value = VALUE[kind]
        found = [
            (cards + (kind,) * n, worth + n * value, min(cheapest, value) if n else cheapest)
            for cards, worth, cheapest in found
            for n in range(count + 1)
        ]
    return found[1:]


def _several(pays: tuple[Cards, ...]) -> tuple[Cards, ...]:
    """The payments of two cards or more."""
    return tuple(cards for cards in pays if len(cards) > 1)


def _produce(state: BrowniesState, hand: Hand) -> list[Action]:
    return [_PRODUCE[kind] for kind in filter(hand.makeable.__contains__, market_kinds(state))]


def _can_trade(state: BrowniesState, hand: Hand) -> bool:
    # §4.7: if any available card is worth no more than the whole hand, a many-for-one trade exists.
    return bool(hand.cards) and any(VALUE[kind] <= hand.worth for kind in market_kinds(state))


def _goods(state: BrowniesState) -> tuple[Row, ...]:
    """The market's goods as (kind, copies), row by row in market order; each row can be read once."""
    return (
        (_CHEAPEST_RESOURCE, compress(zip(RESOURCES, state.piles, strict=True), state.piles)),  # the piles not empty
        (_CHEAPEST_PRIMARY, state.primary_row),
        (_CHEAPEST_SECONDARY, zip(state.secondary_row, repeat(1))),
    )


def _thrifty_takes(rows: tuple[Row, ...], budget: int, room: int) -> list[Cards]:
    """For one card worth `budget`, the thriftiest takes of one good: as many copies as fit, losing least."""
    best: list[Cards] = []
    least = budget
    for cheapest, row in rows:
        if cheapest > budget:
            continue
        for kind, count in row:
            value = VALUE[kind]
            if value > budget:
                continue
            most = min(count, budget // value, room)
            lost = budget - most * value
            if lost < least:
                best, least = [], lost
            if lost == least:
                best.append((kind,) * most)
    return best


def _trades(state: BrowniesState, hand: Hand) -> list[Action]:
    found: list[Action] = []
    takes: dict[int, list[Cards]] = {}  # by budget: kinds of one value share their takes
    for pay in hand.kinds:  # one-for-one and one-for-many: the goods, then each building paid for
        budget = VALUE[pay]
        if budget not in takes:
            buildings: list[Cards] = [(kind,) for kind in state.building_row if VALUE[kind] <= budget]
            takes[budget] = _thrifty_takes(_goods(state), budget, hand.room) + buildings
        found += [_one_for(pay, take) for take in takes[budget]]
    if hand.buys.several:  # many-for-one; paying 2+ cards never breaks the hand limit
        found += chain.from_iterable(map(hand.buys.__getitem__, market_kinds(state)))
    return found


@cache
def _one_for(pay: str, take: Cards) -> Action:
    """A one-card trade; there are few enough that each is made once."""
    return Trade((pay,), take)


def _brownies(state: BrowniesState, hand: Hand) -> list[Action]:
    found: list[Action] = []
    for building in state.players[state.active_seat].area:
        brownie = CARDS[building].brownie
        if brownie is None or building in state.brownies_used:
            continue
        match brownie.form:
            case Form.CONVERT:
                if building in hand.workable and brownie.gain is not None and copies(state, brownie.gain):
                    found.append(UseBrownie(building))
            case Form.SCORE:
                if building in hand.workable:
                    found.append(UseBrownie(building))
            case Form.MONEY_CHANGER:
                found += [UseBrownie(building, pay) for pay in hand.tight.get(MONEY_CHANGER_VALUE, ())]
            case Form.GENERAL_STORE:
                if state.primary_deck or state.primary_discard:
                    found += [UseBrownie(building, pay) for pay in hand.tight.get(GENERAL_STORE_VALUE, ())]
            case Form.BUILDER | Form.WHOLESALER:
                row = state.building_row if brownie.form is Form.BUILDER else state.secondary_row
                found += [
                    UseBrownie(building, pay, (target,)) for target in row for pay in hand.tight.get(VALUE[target], ())
                ]
            case Form.TRADING_POST:
                primaries = ((_CHEAPEST_PRIMARY, state.primary_row),)
                found += [
                    UseBrownie(building, (pay,), take)
                    for pay in hand.kinds
                    if CLASS[pay] is CardClass.PRIMARY
                    for take in _thrifty_takes(primaries, VALUE[pay], 1)
                ]
            case Form.MARKET:
                found += [
                    UseBrownie(building, (pay,), take)
                    for pay in hand.kinds
                    if CLASS[pay] is CardClass.SECONDARY
                    for take in _thrifty_takes(_goods(state), VALUE[pay], hand.room)
                ]
    return found
