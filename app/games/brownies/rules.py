"""Farm with Brownies (ファームウィズブラウニーズ): setup, turns, the four actions, the end (§3–§6).

Glossary (the rules' Japanese terms and the English names used in the code):

    資源 resource · 1次商品 primary good · 2次商品 secondary good · 基本建物 basic building
    建物 building · 開業資金 fund · 勝利点 VP · 価値 value · 生産 produce · 売買 trade
    ブラウニーアクション brownie action · 場 market · 山札 deck · 捨て札 discard · 手札 hand
    工務店 Builder · 万屋 General Store · 交易所 Trading Post · 卸問屋 Wholesaler · 市場 Market
"""

from random import Random

from app.engine import Event, Options, Outcome, Seat, Transition
from app.games.brownies.actions import Action, EndTurn, Produce, Trade, UseBrownie
from app.games.brownies.cards import (
    BASIC_BUILDINGS,
    BUILDINGS,
    CARDS,
    FUNDS,
    PRIMARY_CARDS,
    PRINTED_PILES,
    RESOURCES,
    SECONDARY_KINDS,
    VP_CARDS,
    WINNING_VP,
    Form,
)
from app.games.brownies.checks import (
    Checked,
    check_brownie,
    check_end_turn,
    check_produce,
    check_trade,
    check_turn,
)
from app.games.brownies.market import Draft, refill
from app.games.brownies.state import BrowniesState, Move, Phase, Player


def setup(seats: int, options: Options, rng: Random) -> BrowniesState:
    """The table before turn 1 (§3.2), drawing from `rng` in exactly the order of §3.3."""
    start = options.seat("start_player")
    supply = options.choice("resource_supply")
    round_limit = options.number("round_limit")
    reveal = options.flag("reveal_hands_at_end")

    basics = list(BASIC_BUILDINGS)
    rng.shuffle(basics)
    building_deck = list(BUILDINGS)
    rng.shuffle(building_deck)
    secondary_deck = list(SECONDARY_KINDS)
    rng.shuffle(secondary_deck)
    primary_deck = list(PRIMARY_CARDS)
    rng.shuffle(primary_deck)
    if start is None:
        start = rng.randrange(seats)  # §3.3: the last draw of setup, only when random

    # §3.2 step 8: FUND_3 to the start seat, then clockwise; only FUND_3..FUND_(N+2) are used.
    hands = {(start + offset) % seats: (FUNDS[offset],) for offset in range(seats)}
    players = tuple(Player(hands[seat], (), (), 0) for seat in range(seats))
    state = BrowniesState(
        phase=Phase.TURN,
        seats=seats,
        start_seat=start,
        active_seat=start,
        turn=1,
        round=1,
        main_action_done=False,
        brownies_used=(),
        players=players,
        building_row=tuple(basics[: seats + 1]),  # §3.2 step 1: N+1 basics face up, the rest never used
        building_deck=tuple(building_deck),
        secondary_row=(),
        secondary_deck=tuple(secondary_deck),
        secondary_discard=(),
        primary_row=(),
        primary_deck=tuple(primary_deck),
        primary_discard=(),
        piles=(seats,) * len(RESOURCES) if supply == "per_player" else PRINTED_PILES[seats],
        vp_supply=VP_CARDS,
        removed_basics=tuple(basics[seats + 1 :]),
        funds_out=FUNDS[seats:],
        round_limit=round_limit,
        reveal_hands_at_end=reveal,
        moves=(),
        previous_moves=(),
        end_reason=None,
        winners=(),
    )
    # §3.2 steps 2-4 fill the rows as a refill does; with empty discards it draws nothing from `rng`.
    return refill(state, rng)[0]


def awaiting(state: BrowniesState) -> frozenset[Seat]:
    """The active seat while a turn is on; nobody once the game is over."""
    return frozenset() if state.phase is Phase.GAME_OVER else frozenset({state.active_seat})


def vp(player: Player) -> int:
    """Printed VP of the buildings in the area plus the VP cards held (§2.7)."""
    return sum(CARDS[building].vp for building in player.area) + player.vp_cards


def outcome(state: BrowniesState) -> Outcome | None:
    """None while the game runs; then the winners, the reason (§6) and every seat's VP."""
    if state.phase is not Phase.GAME_OVER:
        return None
    scores = tuple(vp(player) for player in state.players)
    return Outcome(frozenset(state.winners), "ranked", state.end_reason, scores)


def apply(state: BrowniesState, seat: Seat, action: Action, rng: Random) -> Transition[BrowniesState]:
    """The state after `action` and what happened; raises IllegalAction (§4.8 order), state untouched."""
    check_turn(state, seat)
    if isinstance(action, EndTurn):
        return _end_turn(state, rng)
    draft = Draft(state, seat)
    events: list[Event] = []
    match action:
        case Produce(target):
            recipe = check_produce(state, target)
            draft.pay(recipe.paid)
            draft.show(recipe.shown)
            draft.gain((target,))
            move = Move(seat, "produce", None, recipe.paid, recipe.shown, (target,), 0, 0, 0)
        case Trade(pay, take):
            lost = check_trade(state, pay, take)
            draft.pay(pay)
            draft.gain(take)
            move = Move(seat, "trade", None, pay, (), take, 0, 0, lost)
        case UseBrownie(building, pay, take):
            move = _work_brownies(draft, building, check_brownie(state, building, pay, take), rng, events)
    public = Event(_EVENT_KIND[move.action], move.to_json())
    return _check_end(draft.freeze(move), [public, *events])


_EVENT_KIND = {"produce": "produced", "trade": "traded", "brownie": "brownie_used"}


def _work_brownies(draft: Draft, building: str, checked: Checked, rng: Random, events: list[Event]) -> Move:
    """§4.6 effects of a checked brownie action; its draw and reshuffle events go to `events`."""
    seat = draft.seat
    draft.pay(checked.paid)
    draft.show(checked.shown)
    draft.gain(checked.gained)
    vp_taken = draft.take_vp(checked.vp)
    drew = 0
    if checked.form is Form.GENERAL_STORE:
        card, reshuffled = draft.draw_primary(rng)
        drew = 1
        if reshuffled:
            events.append(Event("deck_reshuffled", {"deck": "primary"}))
        # §5: only the drawer learns the card; the table sees "drew 1" in the public move.
        events.append(Event("card_drawn", {"seat": seat, "building": building, "card": card}, frozenset({seat})))
    return Move(seat, "brownie", building, checked.paid, checked.shown, checked.gained, vp_taken, drew, checked.lost)


def _end_turn(state: BrowniesState, rng: Random) -> Transition[BrowniesState]:
    """§4.7 and §4.2: pass to the next seat, which refills the market and starts its turn."""
    check_end_turn(state)
    seat = (state.active_seat + 1) % state.seats
    round_ = state.round + (seat == state.start_seat)
    events = [Event("turn_ended", {"seat": state.active_seat})]
    if state.round_limit and round_ > state.round_limit:
        state = state._replace(turn=state.turn + 1, round=round_)
        return _finish(state, "round_limit", _leaders(state), events)
    state = state._replace(
        active_seat=seat,
        turn=state.turn + 1,
        round=round_,
        main_action_done=False,
        brownies_used=(),
        moves=(),
        previous_moves=state.moves,
    )
    state, drawn, reshuffled = refill(state, rng)
    data: dict[str, object] = {"seat": seat, "turn": state.turn, "round": round_, **drawn, "reshuffled": reshuffled}
    events.append(Event("turn_started", data))
    return Transition(state, tuple(events))


def _check_end(state: BrowniesState, events: list[Event]) -> Transition[BrowniesState]:
    """§6, after every accepted action: 10 VP wins at once; an empty VP supply ends the game."""
    if vp(state.players[state.active_seat]) >= WINNING_VP:
        return _finish(state, "ten_points", (state.active_seat,), events)
    if state.vp_supply == 0:
        return _finish(state, "vp_supply_empty", _leaders(state), events)
    return Transition(state, tuple(events))


def _leaders(state: BrowniesState) -> tuple[Seat, ...]:
    scores = [vp(player) for player in state.players]
    return tuple(seat for seat, score in enumerate(scores) if score == max(scores))


def _finish(
    state: BrowniesState, reason: str, winners: tuple[Seat, ...], events: list[Event]
) -> Transition[BrowniesState]:
    state = state._replace(phase=Phase.GAME_OVER, end_reason=reason, winners=winners)
    scores = [vp(player) for player in state.players]
    events.append(Event("game_ended", {"reason": reason, "winners": list(winners), "scores": scores}))
    return Transition(state, tuple(events))


def phase(state: BrowniesState) -> str:
    """The step the game is in, as views and the log name it."""
    return state.phase.value
