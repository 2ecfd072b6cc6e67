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

Cards = tuple[str, ...]
Payment = tuple[Cards, int, int]  # cards, total value, value of the cheapest card
Workable = tuple[str, frozenset[str], Inputs, int | None]  # kind, its input kinds, inputs, hand growth

# Actions are immutable, so the ones without a payment are made once.
_PRODUCE = {kind: Produce(kind) for kind in CARDS}
_END_TURN = EndTurn()


def _workable(kind: str, inputs: Inputs, gains: int | None) -> Workable:
    """A table row: `gains` cards into the hand (None: no hand limit check) for `inputs`."""
    growth = None if gains is None else gains - len(inputs.paid)
    return kind, frozenset(needed for needed, _ in inputs.needs), inputs, growth


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

    __slots__ = ("cards", "kinds", "worth", "room", "makeable", "workable", "tight", "several")

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
        self.several = {needed: several for needed, pays in self.tight.items() if (several := _several(pays))}


@lru_cache(maxsize=16384)
def hand_facts(cards: tuple[str, ...]) -> Hand:
    """The facts of a hand; hands recur often within and across games."""
    return Hand(cards)


def legal_actions(state: BrowniesState, seat: int) -> tuple[Action, ...]:
    """The seat's legal actions in canonical form; empty unless it is that seat's turn."""
    if state.phase is Phase.GAME_OVER or seat != state.active_seat:
        return ()
    hand = hand_facts(state.players[seat].hand)
    market = available(state)
    if state.main_action_done:
        return (*_brownies(state, hand, market), _END_TURN)
    produce = _produce(hand, market)
    actions = produce + _trades(hand, market) + _brownies(state, hand, market)
    if not (produce or _can_trade(hand, market)):
        actions.append(_END_TURN)
    return tuple(actions)


def has_main_action(state: BrowniesState) -> bool:
    """Whether the active seat could produce or trade now (§4.7's three conditions)."""
    hand = hand_facts(state.players[state.active_seat].hand)
    market = available(state)
    return not hand.makeable.isdisjoint(market) or _can_trade(hand, market)


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


def _produce(hand: Hand, market: dict[str, int]) -> list[Action]:
    return [_PRODUCE[kind] for kind in market if kind in hand.makeable]


def _can_trade(hand: Hand, market: dict[str, int]) -> bool:
    # §4.7: if any available card is worth no more than the whole hand, a many-for-one trade exists.
    return bool(hand.cards) and any(VALUE[kind] <= hand.worth for kind in market)


def _thrifty_takes(market: dict[str, int], budget: int, room: int, buildings: bool) -> list[tuple[str, ...]]:
    """For one card worth `budget`: each building it pays for, and the thriftiest takes of one good."""
    best: list[tuple[str, ...]] = []
    least = budget
    for kind, count in market.items():
        value = VALUE[kind]
        if value > budget or kind in IS_BUILDING:
            continue
        most = min(count, budget // value, room)
        lost = budget - most * value
        if lost < least:
            best, least = [], lost
        if lost == least:
            best.append((kind,) * most)
    if buildings:
        best += [(kind,) for kind in market if kind in IS_BUILDING and VALUE[kind] <= budget]
    return best


def _trades(hand: Hand, market: dict[str, int]) -> list[Action]:
    found: list[Action] = []
    takes: dict[int, list[tuple[str, ...]]] = {}  # by budget: kinds of one value share their takes
    for pay in hand.kinds:  # one-for-one and one-for-many
        budget = VALUE[pay]
        if budget not in takes:
            takes[budget] = _thrifty_takes(market, budget, hand.room, True)
        found += [Trade((pay,), take) for take in takes[budget]]
    # many-for-one; paying 2+ cards never breaks the hand limit
    found += [Trade(pay, (target,)) for target in market for pay in hand.several.get(VALUE[target], ())]
    return found


def _brownies(state: BrowniesState, hand: Hand, market: dict[str, int]) -> list[Action]:
    found: list[Action] = []
    for building in state.players[state.active_seat].area:
        brownie = CARDS[building].brownie
        if brownie is None or building in state.brownies_used:
            continue
        match brownie.form:
            case Form.CONVERT:
                if brownie.gain in market and building in hand.workable:
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
                primaries = dict(state.primary_row)
                found += [
                    UseBrownie(building, (pay,), take)
                    for pay in hand.kinds
                    if CLASS[pay] is CardClass.PRIMARY
                    for take in _thrifty_takes(primaries, VALUE[pay], 1, False)
                ]
            case Form.MARKET:
                found += [
                    UseBrownie(building, (pay,), take)
                    for pay in hand.kinds
                    if CLASS[pay] is CardClass.SECONDARY
                    for take in _thrifty_takes(market, VALUE[pay], hand.room, False)
                ]
    return found
