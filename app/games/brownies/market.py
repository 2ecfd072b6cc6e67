"""Moving cards between the zones (§4.1, §4.3): availability, payment, gains, draws and refills."""

from collections.abc import Iterator
from itertools import chain, compress
from operator import itemgetter
from random import Random

from app.games.brownies.cards import CLASS, IS_BUILDING, RESOURCES, CardClass, sort_kinds
from app.games.brownies.state import BrowniesState, Move, Player, Stack

ROW_SIZE = 5  # §4.1: every row refills to 5 cards (5 kinds for the primary row)
_PILE = {kind: index for index, kind in enumerate(RESOURCES)}
_KIND = itemgetter(0)  # of a primary-row stack


def market_kinds(state: BrowniesState) -> Iterator[str]:
    """The kinds that can be taken from the face-up market right now (§4.4 step 2), in market order."""
    return chain(
        compress(RESOURCES, state.piles), map(_KIND, state.primary_row), state.secondary_row, state.building_row
    )


def copies(state: BrowniesState, kind: str) -> int:
    """How many cards of `kind` can be taken from the face-up market right now (§4.4 step 2)."""
    if kind in IS_BUILDING:
        return state.building_row.count(kind)
    cls = CLASS[kind]
    if cls is CardClass.RESOURCE:
        return state.piles[_PILE[kind]]
    if cls is CardClass.PRIMARY:
        return next((count for stacked, count in state.primary_row if stacked == kind), 0)
    return state.secondary_row.count(kind)  # funds and VP are never in the market


class Draft:
    """A mutable working copy of the zones one action touches; `freeze` makes the new state."""

    def __init__(self, state: BrowniesState, seat: int) -> None:
        player = state.players[seat]
        self.state = state
        self.seat = seat
        self.hand = list(player.hand)
        self.hidden = list(player.hidden)
        self.area = list(player.area)
        self.vp_cards = player.vp_cards
        self.piles = list(state.piles)
        self.building_row = list(state.building_row)
        self.secondary_row = list(state.secondary_row)
        self.secondary_discard = list(state.secondary_discard)
        self.primary_row: list[Stack] = list(state.primary_row)
        self.primary_deck = list(state.primary_deck)
        self.primary_discard = list(state.primary_discard)
        self.vp_supply = state.vp_supply
        self.funds_out = list(state.funds_out)

    def pay(self, kinds: tuple[str, ...]) -> None:
        """Discard hand cards to their destinations (§4.3), one by one in canonical order."""
        for kind in sort_kinds(kinds):
            self._use_known_first(kind)
            self.hand.remove(kind)
            cls = CLASS[kind]
            if cls is CardClass.RESOURCE:
                self.piles[_PILE[kind]] += 1
            elif cls is CardClass.PRIMARY:
                self.primary_discard.append(kind)
            elif cls is CardClass.SECONDARY:
                self.secondary_discard.append(kind)
            else:  # §8.8: a paid fund card leaves the game
                self.funds_out.append(kind)

    def show(self, kinds: tuple[str, ...]) -> None:
        """Reveal hand cards, which stay in the hand (§4.3); a shown hidden card becomes known (§5)."""
        for kind in kinds:
            self._use_known_first(kind)

    def _use_known_first(self, kind: str) -> None:
        # §5: known copies are used first; only when none is left does a hidden copy come out.
        if kind in self.hidden and self.hand.count(kind) == self.hidden.count(kind):
            self.hidden.remove(kind)

    def gain(self, kinds: tuple[str, ...]) -> None:
        """Take market cards (§4.3): goods to the hand, buildings to the area."""
        for kind in kinds:
            if kind in IS_BUILDING:
                self.building_row.remove(kind)
                self.area.append(kind)
                continue
            cls = CLASS[kind]
            if cls is CardClass.RESOURCE:
                self.piles[_PILE[kind]] -= 1
            elif cls is CardClass.PRIMARY:
                self._take_from_stack(kind)
            else:
                self.secondary_row.remove(kind)
            self.hand.append(kind)

    def _take_from_stack(self, kind: str) -> None:
        for index, (stacked, count) in enumerate(self.primary_row):
            if stacked == kind:
                if count == 1:  # §4.1: a stack that empties leaves the row
                    del self.primary_row[index]
                else:
                    self.primary_row[index] = (kind, count - 1)
                return

    def take_vp(self, wanted: int) -> int:
        """Take up to `wanted` VP cards from the supply (§8.12: fewer if fewer are left); how many."""
        taken = min(wanted, self.vp_supply)
        self.vp_supply -= taken
        self.vp_cards += taken
        return taken

    def draw_primary(self, rng: Random) -> tuple[str, bool]:
        """The top primary card, drawn face down into the hand (§4.6 General Store); and whether it reshuffled."""
        # §8.10: an empty deck takes the discard, now holding any goods just paid; the check saw a card.
        kind, reshuffled = _draw(self.primary_deck, self.primary_discard, rng)
        assert kind is not None, "General Store was checked for a card to draw"
        self.hand.append(kind)
        self.hidden.append(kind)
        return kind, reshuffled

    def freeze(self, move: Move) -> BrowniesState:
        """The state with every change of this draft, `move` recorded and the turn's bookkeeping done."""
        state = self.state
        player = Player(sort_kinds(self.hand), sort_kinds(self.hidden), tuple(self.area), self.vp_cards)
        used = state.brownies_used if move.building is None else state.brownies_used + (move.building,)
        return state._replace(
            main_action_done=state.main_action_done or move.building is None,  # only brownies name one
            brownies_used=used,
            moves=state.moves + (move,),
            players=state.players[: self.seat] + (player,) + state.players[self.seat + 1 :],
            piles=tuple(self.piles),
            building_row=tuple(self.building_row),
            secondary_row=tuple(self.secondary_row),
            secondary_discard=tuple(self.secondary_discard),
            primary_row=tuple(self.primary_row),
            primary_deck=tuple(self.primary_deck),
            primary_discard=tuple(self.primary_discard),
            vp_supply=self.vp_supply,
            funds_out=tuple(self.funds_out),
        )


def refill(state: BrowniesState, rng: Random) -> tuple[BrowniesState, dict[str, list[str]], list[str]]:
    """The market refilled at a turn's start (§4.1): the new state, the cards drawn by row, the rows reshuffled."""
    reshuffled: list[str] = []
    building_row, building_deck = list(state.building_row), list(state.building_deck)
    drawn_buildings = building_deck[: max(0, ROW_SIZE - len(building_row))]  # §8.9: no discard to reshuffle
    building_row += drawn_buildings
    del building_deck[: len(drawn_buildings)]

    secondary_row, secondary_deck = list(state.secondary_row), list(state.secondary_deck)
    secondary_discard = list(state.secondary_discard)
    drawn_secondary: list[str] = []
    while len(secondary_row) < ROW_SIZE:
        card, shuffled = _draw(secondary_deck, secondary_discard, rng)
        reshuffled += ["secondary"] * shuffled
        if card is None:
            break  # §8.9: deck and discard both empty, the row stays short
        secondary_row.append(card)
        drawn_secondary.append(card)

    primary_row = list(state.primary_row)
    primary_deck, primary_discard = list(state.primary_deck), list(state.primary_discard)
    drawn_primary: list[str] = []
    while len(primary_row) < ROW_SIZE:
        card, shuffled = _draw(primary_deck, primary_discard, rng)
        reshuffled += ["primary"] * shuffled
        if card is None:
            break
        drawn_primary.append(card)
        _stack_onto(primary_row, card)

    state = state._replace(
        building_row=tuple(building_row),
        building_deck=tuple(building_deck),
        secondary_row=tuple(secondary_row),
        secondary_deck=tuple(secondary_deck),
        secondary_discard=tuple(secondary_discard),
        primary_row=tuple(primary_row),
        primary_deck=tuple(primary_deck),
        primary_discard=tuple(primary_discard),
    )
    drawn = {"buildings": drawn_buildings, "secondary": drawn_secondary, "primary": drawn_primary}
    return state, drawn, reshuffled


def _draw(deck: list[str], discard: list[str], rng: Random) -> tuple[str | None, bool]:
    """The top card of `deck` (None if deck and discard are empty), and whether the discard was reshuffled.

    §3.3: a reshuffle takes the discard as it lies, oldest card first, and the first card after
    `rng.shuffle` becomes the top of the new deck.
    """
    reshuffled = not deck and bool(discard)
    if reshuffled:
        deck[:] = discard
        discard.clear()
        rng.shuffle(deck)
    return (deck.pop(0) if deck else None), reshuffled


def _stack_onto(row: list[Stack], card: str) -> None:
    """Put `card` on its kind's stack of the primary row, or on a new stack at the end (§4.1 step 3)."""
    for index, (kind, count) in enumerate(row):
        if kind == card:
            row[index] = (kind, count + 1)
            return
    row.append((card, 1))
