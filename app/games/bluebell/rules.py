"""Bluebell (ブルーベル): setup, turns, round ends and the game's end, as pure functions.

Glossary (the source's words → the names used here):
    季節の妖精カード  season fairy card (a `card`)     春 / 夏 / 秋 / 冬  spring / summer / autumn / winter
    再会カード        reunion card (`REUNION`)         「再会」の宣言      reunion declaration (`reunion=True`)
    トークン          token                            中央のストック      stock
    手元のトークン    supply (tokens in hand)          秋のカードの上      autumn tokens
    山札              pile (A, B)                      空いているスペース  empty space (an empty pile)
    手札              hand                             自分の前            stack
    捨て札にする      discard                          ブルーベル          Bluebell
    ラウンド          round                            スタートプレイヤー  start player
    ラウンドを終わらせたプレイヤー  round ender         このラウンドの勝者  round winner
"""

from random import Random

from app.engine import Event, IllegalAction, Options, Outcome, Seat, Transition, evolve
from app.games.bluebell.actions import BluebellAction, Discard, Draw, GiveBluebell, Place
from app.games.bluebell.cards import PILES, SEASON_OF, Season
from app.games.bluebell.checks import (
    action_refusal,
    in_play,
    is_penalty,
    is_returning,
    may_discard_on,
    may_reunite_after_discard,
    pile_index,
    placement_reason,
    refusal,
    tokens_collected,
)
from app.games.bluebell.deal import deal_round
from app.games.bluebell.state import Bluebell, BluebellState, RoundResult, Step, Turn, set_at

SEAT_COUNTS = frozenset({2, 3, 4})
BLUEBELLS_TO_WIN = 2  # §1: the first to hold two wins at once

_ALONE: tuple[frozenset[Seat], ...] = tuple(frozenset({seat}) for seat in range(max(SEAT_COUNTS)))  # by seat

# The actions are plain values, so each one the listing may offer is built once and handed out again.
_PLACES: dict[tuple[str, bool], tuple[Place, ...]] = {  # by card and whether it returns the stack
    (card, returning): tuple(Place(card, pile) for pile in PILES) if returning else (Place(card, None),)
    for card in SEASON_OF
    for returning in (False, True)
}
_DISCARDS: dict[tuple[str, str, bool], Discard] = {
    (card, pile, reunion): Discard(card, pile, reunion)
    for card in SEASON_OF
    for pile in PILES
    for reunion in (False, True)
}
_DRAWS: tuple[Draw, ...] = tuple(Draw(pile, reunion) for pile in PILES for reunion in (False, True))

_BLANK_TURN = Turn(round=0, seat=0)  # copied by `_new_turn`


def setup(seats: int, options: Options, rng: Random) -> BluebellState:
    """The first round dealt (§3): the start player drawn first unless `first_player` names one."""
    if seats not in SEAT_COUNTS:
        raise IllegalAction("invalid_seats", "Bluebell is played by 2, 3 or 4 players.")
    first = options.seat("first_player")
    start = rng.randrange(seats) if first is None else first  # [house rule] §3 step 1
    return deal_round(seats, 1, start, rng)


def awaiting(state: BluebellState) -> frozenset[Seat]:
    """The one seat that may act (the round ender in BLUEBELL_CHOICE); nobody once the game is over."""
    return frozenset() if state.step is Step.GAME_OVER else _ALONE[state.active]


def legal_actions(state: BluebellState, seat: Seat) -> list[BluebellAction]:
    """The actions `apply` accepts from `seat` now; empty when it may not act."""
    if state.step is Step.GAME_OVER or seat != state.active:
        return []
    if state.step is Step.BLUEBELL_CHOICE:
        return [GiveBluebell(card) for card in in_play(state)]  # any card in play may be given
    if state.step is Step.DRAW:
        return [draw for draw in _DRAWS if action_refusal(state, seat, draw) is None]
    return _turn_openings(state, seat)


def _turn_openings(state: BluebellState, seat: Seat) -> list[BluebellAction]:
    """The legal places, then the legal discards, by hand card as `action_refusal` would judge them."""
    hand = state.hands[seat]
    actions: list[BluebellAction] = []
    for card in hand:
        if placement_reason(state, seat, SEASON_OF[card]) is None:
            actions.extend(_PLACES[card, is_returning(state, seat, card)])
    piles = [pile for pile in PILES if may_discard_on(state, pile)]
    for card in hand:
        for pile in piles:
            actions.append(_DISCARDS[card, pile, False])
            if may_reunite_after_discard(state, seat, card, pile):
                actions.append(_DISCARDS[card, pile, True])
    return actions


def apply(state: BluebellState, seat: Seat, action: BluebellAction, rng: Random) -> Transition[BluebellState]:
    """The state after `seat`'s action and the events it caused; a refused action raises, state untouched."""
    error = refusal(state, seat, action)
    if error is not None:
        raise error
    match action:
        case Place():
            return _place(state, seat, action)
        case Discard():
            return _discard(state, seat, action, rng)
        case Draw():
            return _draw(state, seat, action)
        case GiveBluebell():
            return _give_bluebell(state, seat, action.card_id, rng)


def outcome(state: BluebellState) -> Outcome | None:
    """The winner by two Bluebells (§6), scores being Bluebell counts; None while the game goes on."""
    if state.winner is None:
        return None
    counts = tuple(len(held) for held in state.bluebells)
    return Outcome(winners=frozenset({state.winner}), result="ranked", reason="two_bluebells", scores=counts)


def _remember(recent: tuple[Turn, ...], turn: Turn, seats: int) -> tuple[Turn, ...]:
    """The recent turns with `turn` added, keeping one turn per seat."""
    return (recent + (turn,))[-seats:]


def _new_turn(**fields: object) -> Turn:
    """A turn record with these fields and the defaults; copying a blank one beats the frozen `__init__`."""
    return evolve(_BLANK_TURN, **fields)


def _without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """The cards less `card` (unchanged when it is not among them); every card is unique."""
    if card not in cards:
        return cards
    at = cards.index(card)
    return cards[:at] + cards[at + 1 :]


def _place(state: BluebellState, seat: Seat, action: Place) -> Transition[BluebellState]:
    card = action.card_id
    events = [Event("placed", {"seat": seat, "card": card})]
    stack = state.stacks[seat]
    piles, supply, autumn_tokens, stock = state.piles, state.supply, state.autumn_tokens, state.stock
    collected = banked = 0
    returned: tuple[str, ...] = ()
    season = SEASON_OF[card]
    if season is Season.AUTUMN and stock > 0:
        # §4.3: one token, or the whole stock for the reunion holder (§8.5: automatic).
        collected = tokens_collected(state, seat, card)
        autumn_tokens = set_at(autumn_tokens, seat, autumn_tokens[seat] + collected)
        stock -= collected
        events.append(Event("tokens_collected", {"seat": seat, "card": card, "tokens": collected, "stock": stock}))
    if season is Season.WINTER and stack and action.return_pile is not None:
        # §4.3: the stack goes back in order, so its top (the autumn) becomes the pile's top.
        index = pile_index(action.return_pile)
        piles = set_at(piles, index, piles[index] + stack)
        banked = autumn_tokens[seat]  # §8.6: banked automatically
        supply = set_at(supply, seat, supply[seat] + banked)
        autumn_tokens = set_at(autumn_tokens, seat, 0)
        returned = stack
        events.append(Event("stack_returned", {"seat": seat, "cards": list(stack), "pile": action.return_pile}))
        if banked:
            events.append(Event("tokens_banked", {"seat": seat, "tokens": banked, "supply": supply[seat]}))
        stack = ()
    turn = _new_turn(
        round=state.round,
        seat=seat,
        placed=card,
        returned=returned,
        return_pile=action.return_pile if returned else None,
        collected=collected,
        banked=banked,
    )
    new = evolve(
        state,
        step=Step.DRAW,
        hands=set_at(state.hands, seat, _without(state.hands[seat], card)),
        known=set_at(state.known, seat, _without(state.known[seat], card)),
        stacks=set_at(state.stacks, seat, stack + (card,)),
        piles=piles,
        supply=supply,
        autumn_tokens=autumn_tokens,
        stock=stock,
        recent=_remember(state.recent, turn, state.seats),
    )
    return Transition(new, tuple(events))


def _draw(state: BluebellState, seat: Seat, action: Draw) -> Transition[BluebellState]:
    # The placement opened this turn's record; the draw completes it.
    return _replenish(state, seat, action.pile, action.reunion, state.recent[:-1], state.recent[-1], ())


def _discard(state: BluebellState, seat: Seat, action: Discard, rng: Random) -> Transition[BluebellState]:
    card, index = action.card_id, pile_index(action.pile)
    target = state.piles[index]
    penalty = is_penalty(state, card, action.pile)  # §4.5 step 3
    unpaid = penalty and state.supply[seat] == 0
    turn = _new_turn(
        round=state.round, seat=seat, discarded=card, discard_pile=action.pile, penalty=penalty, ended_round=unpaid
    )
    events: tuple[Event, ...] = (
        Event("discarded", {"seat": seat, "card": card, "pile": action.pile, "penalty": penalty}),
    )
    supply, stock = state.supply, state.stock
    if penalty and not unpaid:
        supply, stock = set_at(supply, seat, supply[seat] - 1), stock + 1
        events += (Event("penalty_paid", {"seat": seat, "supply": supply[seat], "stock": stock}),)
    state = evolve(
        state,
        hands=set_at(state.hands, seat, _without(state.hands[seat], card)),
        known=set_at(state.known, seat, _without(state.known[seat], card)),
        piles=set_at(state.piles, index, target + (card,)),
        supply=supply,
        stock=stock,
    )
    if unpaid:
        # §4.5 step 5: the round ends at once and the ender draws nothing (§8.14).
        state = evolve(state, recent=_remember(state.recent, turn, state.seats))
        return _end_round(state, seat, card, action.pile, events, rng)
    # §4.5 step 6: the draw from the other pile is forced (§8.9).
    return _replenish(state, seat, PILES[1 - index], action.reunion, state.recent, turn, events)


def _replenish(
    state: BluebellState,
    seat: Seat,
    pile: str,
    reunion: bool,
    recent: tuple[Turn, ...],
    turn: Turn,
    events: tuple[Event, ...],
) -> Transition[BluebellState]:
    """The turn ended by drawing `pile`'s top, known to all (§4.4), then the reunion if declared (§4.6).

    `turn` is the record of the turn so far, and `recent` the records before it.
    """
    index = pile_index(pile)
    cards = state.piles[index]
    card = cards[-1]
    hand = state.hands[seat] + (card,)
    known = state.known[seat] + (card,)
    holder = state.reunion_holder
    events += (Event("drew", {"seat": seat, "pile": pile, "card": card}),)
    if reunion:
        # §4.6: both cards are shown to the table and the reunion card moves to the declarer.
        events += (Event("reunion_declared", {"seat": seat, "cards": list(hand), "previous_holder": holder}),)
        known, holder = hand, seat
    turn = evolve(turn, drew=card, draw_pile=pile, reunion=hand if reunion else turn.reunion)
    new = evolve(
        state,
        step=Step.ACTION,
        active=(seat + 1) % state.seats,
        hands=set_at(state.hands, seat, hand),
        known=set_at(state.known, seat, known),
        piles=set_at(state.piles, index, cards[:-1]),
        # §5: the draw exposes the new top, so only the cards under it can stay unseen.
        unseen=set_at(state.unseen, index, max(0, min(state.unseen[index], len(cards) - 2))),
        reunion_holder=holder,
        recent=_remember(recent, turn, state.seats),
    )
    return Transition(new, events)


def _end_round(
    state: BluebellState, ender: Seat, discarded: str, pile: str, events: tuple[Event, ...], rng: Random
) -> Transition[BluebellState]:
    """§4.7: the unique most supply wins the round (autumn tokens do not count, §8.7).

    The result keeps the discard that ended it: a tied round is dealt again at once, and the
    result is then the only place a view still shows that card.
    """
    most = max(state.supply)
    leaders = [seat for seat, supply in enumerate(state.supply) if supply == most]
    winner = leaders[0] if len(leaders) == 1 else None
    result = RoundResult(
        round=state.round, ender=ender, winner=winner, supplies=state.supply, discarded=discarded, pile=pile
    )
    events += (
        Event("round_ended", {"round": state.round, "ender": ender, "winner": winner, "supplies": list(state.supply)}),
    )
    state = evolve(state, round_ender=ender, round_winner=winner, results=state.results + (result,))
    if winner is None:
        return _next_round(state, ender, events, rng)
    return Transition(evolve(state, step=Step.BLUEBELL_CHOICE, active=ender), events)


def _next_round(state: BluebellState, start: Seat, events: tuple[Event, ...], rng: Random) -> Transition[BluebellState]:
    """§4.7 step 4: everything but the Bluebells collected and dealt again, the round ender starting."""
    new = deal_round(
        state.seats,
        state.round + 1,
        start,
        rng,
        bluebells=state.bluebells,
        round_ender=state.round_ender,
        round_winner=state.round_winner,
        results=state.results,
    )
    dealt = tuple(
        Event("dealt", {"seat": seat, "cards": list(new.hands[seat])}, to=frozenset({seat}))
        for seat in range(new.seats)
    )
    return Transition(new, events + (Event("round_started", {"round": new.round, "start": start}),) + dealt)


def _give_bluebell(state: BluebellState, chooser: Seat, card: str, rng: Random) -> Transition[BluebellState]:
    winner = state.round_winner
    assert winner is not None  # BLUEBELL_CHOICE opens only when the round has a winner (§4.7)
    held = state.bluebells[winner] + (Bluebell(card=card, chooser=chooser, round=state.round),)
    state = evolve(_take_out(state, card), bluebells=set_at(state.bluebells, winner, held))
    # The table learns who received a Bluebell; only the chooser learns which card (§5, §8.11).
    events: tuple[Event, ...] = (
        Event("bluebell_given", {"seat": winner, "chooser": chooser, "count": len(held)}),
        Event("bluebell_chosen", {"seat": winner, "card": card}, to=frozenset({chooser})),
    )
    if len(held) < BLUEBELLS_TO_WIN:
        return _next_round(state, chooser, events, rng)
    # [house rule] §9: every Bluebell is shown when the game ends.
    revealed = [[b.card for b in given] for given in state.bluebells]
    events += (Event("game_ended", {"winner": winner, "bluebells": revealed}),)
    return Transition(evolve(state, step=Step.GAME_OVER, winner=winner), events)


def _take_out(state: BluebellState, card: str) -> BluebellState:
    """The state with `card` lifted from wherever it lies in play (§4.7 step 3)."""
    for seat in range(state.seats):
        if card in state.hands[seat]:
            return evolve(
                state,
                hands=set_at(state.hands, seat, _without(state.hands[seat], card)),
                known=set_at(state.known, seat, _without(state.known[seat], card)),
            )
        if card in state.stacks[seat]:
            return evolve(state, stacks=set_at(state.stacks, seat, _without(state.stacks[seat], card)))
    index = 0 if card in state.piles[0] else 1
    pile = state.piles[index]
    rest = _without(pile, card)
    hidden = state.unseen[index] - (1 if pile.index(card) < state.unseen[index] else 0)
    # §5: lifting the top card exposes the one under it, as a draw does.
    return evolve(
        state,
        piles=set_at(state.piles, index, rest),
        unseen=set_at(state.unseen, index, max(0, min(hidden, len(rest) - 1))),
    )


def phase(state: BluebellState) -> str:
    """The step the game is in, as views and the log name it."""
    return state.step.value
