"""Baroque (バロックの変遷): setup, who acts, legal actions, apply, outcome.

Glossary (rulebook term, then its name here):
  親 dealer · トレンドのリーダー leader · 手札 hand · カード捨て場 discard pile
  バロックカード card · 黒 (ロココ) black, the trump (TRUMP) · 緑 green · 黄 yellow
  爵位カード rank card (TakeRank) · 宣言 bid · 端に避けておく set aside
  宣言フェーズ bidding (Phase.BIDDING) · サロンフェーズ salon (Phase.SALON, PlaySalon)
  舞踏会フェーズ ball (Phase.BALL) · 変更する change (BallChange) · 変更しない keep (BallKeep)
  得点フェーズ trick resolution · 勝ち trick won · クリーンフェーズ round end · 点数 score
"""

from collections.abc import Sequence
from random import Random
from typing import TypeVar

from app.engine import Commits, Event, IllegalAction, Options, Outcome, Seat, Transition, evolve
from app.engine.errors import not_your_turn, out_of_step
from app.games.baroque.actions import (
    BallChange,
    BallDecision,
    BallKeep,
    BaroqueAction,
    PlaySalon,
    TakeRank,
    decision_json,
)
from app.games.baroque.cards import (
    CARDS,
    COLOR,
    HAND_SIZE,
    HIGH_RANK,
    NUMBER,
    PAIRABLE_RANKS,
    RANK_VALUE,
    RANKS,
    TRUMP,
    Color,
    sort_cards,
    sort_ranks,
)
from app.games.baroque.state import BaroqueState, Phase, RoundSummary, Trick

# English text for the codes of §4.3 the game alone uses (the spec names the codes, not their wording);
# `wrong_phase` and `not_your_turn` are the shared refusals of app/engine/errors.py.
_MESSAGES: dict[str, str] = {
    "already_committed": "You have already committed your decision for this ball.",
    "invalid_rank_combination": "Take exactly one rank card, or rank-5 plus one of rank-1 to rank-4.",
    "card_not_in_hand": "That card is not in your hand.",
    "rank_unavailable": "That rank card has already been taken this round.",
    "must_follow_color": "You must follow the lead color.",
    "leader_change_mismatch": "The leader may change only to a card of the same color or number as their salon card.",
}

_PHASE_OF: dict[type[BaroqueAction], Phase] = {
    TakeRank: Phase.BIDDING,
    PlaySalon: Phase.SALON,
    BallKeep: Phase.BALL,
    BallChange: Phase.BALL,
}

T = TypeVar("T")


def _illegal(code: str) -> IllegalAction:
    return IllegalAction(code, _MESSAGES[code])


def _wrong_phase() -> IllegalAction:
    """§4.3 check 1, and every action at GAME_OVER (§4.9)."""
    return out_of_step("wrong_phase", "That action is not accepted in the current phase.")


def _no_ball(seats: int) -> Commits[BallDecision]:
    """A sealed step that expects nobody: the ball is not running."""
    return Commits.open(seats, frozenset())


def _ball_opened(seats: int) -> Commits[BallDecision]:
    """A sealed step that expects every seat, none of which has chosen yet."""
    return Commits.open(seats)


def _with(items: tuple[T, ...], seat: Seat, value: T) -> tuple[T, ...]:
    """The tuple with the seat's entry replaced."""
    return items[:seat] + (value,) + items[seat + 1 :]


def _without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """The cards less `card` (unchanged when it is not among them); the order is kept."""
    if card not in cards:
        return cards
    at = cards.index(card)
    return cards[:at] + cards[at + 1 :]


# --- setup -------------------------------------------------------------------------------------


def setup(seats: int, options: Options, rng: Random) -> BaroqueState:
    """Round 1 dealt and bidding open; draws the first dealer, then the shuffle (§3.1 step 3)."""
    if seats not in HAND_SIZE:
        raise IllegalAction("invalid_seat_count", "Baroque is played by 3 or 4 players.")
    fixed = options.seat("first_dealer")
    first_dealer = rng.randrange(seats) if fixed is None else fixed  # §9 G1: no draw when the host fixed it
    table = BaroqueState(
        phase=Phase.BIDDING,
        seats=seats,
        first_dealer=first_dealer,
        round=1,
        dealer=first_dealer,
        trick_number=1,
        leader=first_dealer,
        current_seat=first_dealer,
        hands=((),) * seats,
        known_in_hand=((),) * seats,
        discard=(),
        rank_available=RANKS,
        rank_taken=((),) * seats,
        rank_set_aside=(),
        salon=(None,) * seats,
        decisions=_no_ball(seats),
        tricks_won=(0,) * seats,
        scores=(0,) * seats,
        tricks=(),
        rounds=(),
    )
    return _start_round(table, 1, rng)


def _start_round(state: BaroqueState, number: int, rng: Random) -> BaroqueState:
    """Round `number` shuffled with `rng`, dealt from the dealer clockwise, bidding open (§3.2)."""
    seats, size = state.seats, HAND_SIZE[state.seats]
    dealer = (state.first_dealer + number - 1) % seats
    deck = list(CARDS)
    rng.shuffle(deck)
    dealt = seats * size
    # §9 G2: card i goes to seat (dealer + i) mod N, so seat s gets every N-th card from (s - dealer) mod N.
    hands = tuple(sort_cards(deck[(seat - dealer) % seats : dealt : seats]) for seat in range(seats))
    return evolve(
        state,
        phase=Phase.BIDDING,
        round=number,
        dealer=dealer,
        trick_number=1,
        leader=dealer,
        current_seat=dealer,
        hands=hands,
        known_in_hand=((),) * seats,
        discard=sort_cards(deck[dealt:]),  # §3.2 step 5: the leftovers lie face up
        rank_available=RANKS,
        rank_taken=((),) * seats,
        rank_set_aside=(),
        salon=(None,) * seats,
        decisions=_no_ball(seats),
        tricks_won=(0,) * seats,
        tricks=state.tricks[-1:],  # the trick that ended the last round stays on show
    )


# --- who acts, and what they may do ------------------------------------------------------------


def awaiting(state: BaroqueState) -> frozenset[Seat]:
    """The seats that may act now: the current seat, or every seat yet to commit at the ball."""
    if state.phase is Phase.BALL:
        return state.decisions.waiting_on()
    if state.phase is Phase.GAME_OVER:
        return frozenset()
    return frozenset((state.current_seat,))


def _may_act(state: BaroqueState, seat: Seat) -> bool:
    """Whether `seat` is among `awaiting(state)`, without building that set."""
    if state.phase is Phase.BALL:
        return seat in state.decisions.expected and state.decisions.choices[seat] is None
    return state.phase is not Phase.GAME_OVER and seat == state.current_seat


def rank_selections(available: tuple[str, ...]) -> tuple[TakeRank, ...]:
    """Every legal take_rank from the available rank cards (§4.4 shapes a and b)."""
    singles = tuple(TakeRank((rank,)) for rank in available)
    if HIGH_RANK not in available:
        return singles
    pairs = tuple(TakeRank((rank, HIGH_RANK)) for rank in PAIRABLE_RANKS if rank in available)
    return singles + pairs


def lead_color(state: BaroqueState) -> Color | None:
    """The color of the leader's salon card (§1 glossary), None before the leader has played."""
    card = state.salon[state.leader]
    return None if card is None else COLOR[card]


def _of_color(cards: tuple[str, ...], color: Color | None) -> tuple[str, ...]:
    return tuple(card for card in cards if COLOR[card] is color)


def must_follow(state: BaroqueState, seat: Seat) -> bool | None:
    """Whether non-leader `seat` is bound to the lead color now; None where no such duty arises.

    In the salon, before the seat has played, its hand decides (§4.5; a void seat may play anything,
    §8 A9). At the ball its hand plus its own salon card decide (§4.6, §8 A1, A2). None for the leader,
    before the lead card is down, and while bidding or after the game.
    """
    lead = lead_color(state)
    if lead is None or seat == state.leader:
        return None
    held = state.hands[seat]
    if state.phase is Phase.SALON:
        return None if state.salon[seat] is not None else any(COLOR[card] is lead for card in held)
    if state.phase is Phase.BALL:
        salon = state.salon[seat]
        return (salon is not None and COLOR[salon] is lead) or any(COLOR[card] is lead for card in held)
    return None


def _playable(state: BaroqueState, seat: Seat) -> tuple[str, ...]:
    """The hand cards `seat` may put in the salon, in hand order."""
    hand = state.hands[seat]
    return _of_color(hand, lead_color(state)) if must_follow(state, seat) else hand


def _changeable(state: BaroqueState, seat: Seat) -> tuple[str, ...]:
    """The hand cards `seat` may change to at the ball, in hand order."""
    hand = state.hands[seat]
    salon = state.salon[seat]
    assert salon is not None  # every seat has a salon card while the ball runs
    if seat == state.leader:
        # §4.6, §8 A8: same color or same number as the leader's own salon card.
        color, number = COLOR[salon], NUMBER[salon]
        return tuple(card for card in hand if COLOR[card] is color or NUMBER[card] == number)
    # An obliged seat whose hand holds no lead color any more may only keep (§4.6).
    return _of_color(hand, lead_color(state)) if must_follow(state, seat) else hand


def off_lead(salon: Sequence[str | None], leader: Seat) -> list[bool]:
    """By seat: a non-leader's salon card off the lead color, which shows it could not follow (§5.1)."""
    lead = salon[leader]
    return [
        seat != leader and card is not None and (lead is None or COLOR[card] is not COLOR[lead])
        for seat, card in enumerate(salon)
    ]


def _salon_error(state: BaroqueState, seat: Seat, card: str) -> str | None:
    """Why `seat` may not play `card` in the salon, checked in the order of §4.3."""
    if card not in state.hands[seat]:
        return "card_not_in_hand"
    return None if card in _playable(state, seat) else "must_follow_color"


def _change_error(state: BaroqueState, seat: Seat, card: str) -> str | None:
    """Why `seat` may not change to `card` at the ball, checked in the order of §4.3."""
    if card not in state.hands[seat]:
        return "card_not_in_hand"
    if card in _changeable(state, seat):
        return None
    return "leader_change_mismatch" if seat == state.leader else "must_follow_color"


def ball_choices(state: BaroqueState, seat: Seat) -> tuple[BallDecision, ...]:
    """Every decision the rules allow `seat` at this ball, committed or not: keep, then changes."""
    return (BallKeep(), *(BallChange(card) for card in _changeable(state, seat)))


def legal_actions(state: BaroqueState, seat: Seat) -> Sequence[BaroqueAction]:
    """The actions `seat` may take now, in canonical order; empty when it may not act."""
    if not _may_act(state, seat):
        return ()
    if state.phase is Phase.BIDDING:
        return rank_selections(state.rank_available)
    if state.phase is Phase.SALON:
        return tuple(PlaySalon(card) for card in _playable(state, seat))
    return ball_choices(state, seat)


# --- apply -------------------------------------------------------------------------------------


def apply(state: BaroqueState, seat: Seat, action: BaroqueAction, rng: Random) -> Transition[BaroqueState]:
    """The state after `seat`'s action and its events; raises IllegalAction per §4.3, state untouched."""
    if state.phase is not _PHASE_OF[type(action)]:
        raise _wrong_phase()
    if not 0 <= seat < state.seats:
        raise not_your_turn()
    match action:
        case TakeRank(ranks):
            return _take_rank(state, seat, ranks)
        case PlaySalon(card):
            return _play_salon(state, seat, card, rng)
        case BallKeep() | BallChange():
            return _commit_ball(state, seat, action, rng)


def _is_rank_shape(ranks: tuple[str, ...]) -> bool:
    """§4.4: one known rank id, or two distinct ids of which one is rank-5 and the other rank-1..4."""
    if len(ranks) == 1:
        return ranks[0] in RANK_VALUE
    return (
        len(ranks) == 2
        and len(set(ranks)) == 2
        and HIGH_RANK in ranks
        and all(rank == HIGH_RANK or rank in PAIRABLE_RANKS for rank in ranks)
    )


def _take_rank(state: BaroqueState, seat: Seat, ranks: tuple[str, ...]) -> Transition[BaroqueState]:
    if seat != state.current_seat:
        raise not_your_turn()
    if not _is_rank_shape(ranks):  # §4.4: shape before availability
        raise _illegal("invalid_rank_combination")
    if any(rank not in state.rank_available for rank in ranks):
        raise _illegal("rank_unavailable")
    taken = sort_ranks(ranks)
    available = tuple(rank for rank in state.rank_available if rank not in taken)
    bid = sum(RANK_VALUE[rank] for rank in taken)
    events = [Event("rank_taken", {"seat": seat, "ranks": list(taken), "bid": bid})]
    following = (seat + 1) % state.seats
    rank_taken = _with(state.rank_taken, seat, taken)
    state = evolve(state, rank_available=available, rank_taken=rank_taken, current_seat=following)
    if following == state.dealer:  # §4.4: after all N bids the rest is set aside and the salon opens
        events.append(Event("ranks_set_aside", {"ranks": list(available)}))
        state = evolve(state, rank_available=(), rank_set_aside=available, phase=Phase.SALON, leader=state.dealer)
    return Transition(state, tuple(events))


def _play_salon(state: BaroqueState, seat: Seat, card: str, rng: Random) -> Transition[BaroqueState]:
    if seat != state.current_seat:
        raise not_your_turn()
    error = _salon_error(state, seat, card)
    if error is not None:
        raise _illegal(error)
    hand = _without(state.hands[seat], card)
    known = _without(state.known_in_hand[seat], card)
    salon = _with(state.salon, seat, card)
    # §5.1: a non-leader's card off the lead color shows the table they could not follow.
    void = off_lead(salon, state.leader)[seat]
    following = (seat + 1) % state.seats
    state = evolve(
        state,
        hands=_with(state.hands, seat, hand),
        known_in_hand=_with(state.known_in_hand, seat, known),
        salon=salon,
        current_seat=following,
    )
    events = [Event("salon_played", {"seat": seat, "card": card, "void": void})]
    if following != state.leader:
        return Transition(state, tuple(events))
    if not hand:  # §4.5, §8 A6: empty hands mean the last trick, which has no ball
        finals = tuple(played for played in salon if played is not None)
        return _resolve_trick(state, finals, None, events, rng)
    events.append(Event("ball_opened", {"round": state.round, "trick": state.trick_number}))
    return Transition(evolve(state, phase=Phase.BALL, decisions=_ball_opened(state.seats)), tuple(events))


def _commit_ball(state: BaroqueState, seat: Seat, decision: BallDecision, rng: Random) -> Transition[BaroqueState]:
    if state.decisions.has_chosen(seat):
        raise _illegal("already_committed")
    if isinstance(decision, BallChange):
        error = _change_error(state, seat, decision.card)
        if error is not None:
            raise _illegal(error)
    # `Commits.commit` without its checks, which cannot fail here: the ball expects every seat
    # and a second choice was refused above.
    decisions = Commits(state.decisions.expected, _with(state.decisions.choices, seat, decision))
    echo = {"seat": seat, **decision_json(decision)}
    # §5.2 R1: the table learns only the seat; the same event for a keep and a change.
    events = [
        Event("ball_committed", {"seat": seat}),
        Event("ball_decided", echo, to=frozenset((seat,))),
    ]
    state = evolve(state, decisions=decisions)
    if not decisions.is_complete():
        return Transition(state, tuple(events))
    return _reveal_ball(state, events, rng)


def _reveal_ball(state: BaroqueState, events: list[Event], rng: Random) -> Transition[BaroqueState]:
    """Every decision applied and revealed at once, in seat order (§4.6, §5.2 R4, R6)."""
    hands, known = list(state.hands), list(state.known_in_hand)
    finals: list[str] = []
    changed: list[bool] = []
    outcomes: list[dict[str, object]] = []
    for seat in range(state.seats):
        salon = state.salon[seat]
        decision = state.decisions.chosen(seat)
        assert salon is not None and decision is not None  # the ball reveals only when all have committed
        if isinstance(decision, BallChange):
            new = decision.card
            hands[seat] = sort_cards([*(held for held in hands[seat] if held != new), salon])
            known[seat] = sort_cards([*(held for held in known[seat] if held != new), salon])
            finals.append(new)
            outcomes.append({"seat": seat, "outcome": "changed", "returned": salon, "new": new})
        else:
            finals.append(salon)
            outcomes.append({"seat": seat, "outcome": "kept"})
        changed.append(isinstance(decision, BallChange))
    events.append(Event("ball_revealed", {"round": state.round, "trick": state.trick_number, "outcomes": outcomes}))
    state = evolve(state, hands=tuple(hands), known_in_hand=tuple(known), decisions=_no_ball(state.seats))
    return _resolve_trick(state, tuple(finals), tuple(changed), events, rng)


def winning_color(finals: Sequence[str], leader: Seat) -> Color:
    """The color that decides a trick: black when any final card is black (§4.7 step 1), else the
    color of the leader's final card (§4.7 step 2, §8 A3)."""
    if any(COLOR[card] is TRUMP for card in finals):
        return TRUMP
    return COLOR[finals[leader]]


def trick_winner(finals: Sequence[str], leader: Seat) -> Seat:
    """The seat with the highest final card of the winning color (§4.7); no ties, every card is unique."""
    winning = winning_color(finals, leader)
    return max(
        (seat for seat, card in enumerate(finals) if COLOR[card] is winning),
        key=lambda seat: NUMBER[finals[seat]],
    )


def _resolve_trick(
    state: BaroqueState,
    finals: tuple[str, ...],
    changed: tuple[bool, ...] | None,
    events: list[Event],
    rng: Random,
) -> Transition[BaroqueState]:
    """The trick judged and scored, its cards discarded; then the next trick or the round's end."""
    winner = trick_winner(finals, state.leader)
    salon = tuple(card for card in state.salon if card is not None)
    trick = Trick(state.round, state.trick_number, state.leader, salon, changed, finals, winner)
    events.append(
        Event(
            "trick_won",
            {
                "round": state.round,
                "trick": state.trick_number,
                "winner": winner,
                "final": list(finals),
                "winning_color": winning_color(finals, state.leader).value,
            },
        )
    )
    last = not state.hands[0]  # the hands run out together
    state = evolve(
        state,
        phase=Phase.SALON,
        trick_number=state.trick_number if last else state.trick_number + 1,
        scores=_with(state.scores, winner, state.scores[winner] + 1),
        tricks_won=_with(state.tricks_won, winner, state.tricks_won[winner] + 1),
        discard=sort_cards(state.discard + finals),
        salon=(None,) * state.seats,
        leader=winner,
        current_seat=winner,
        tricks=state.tricks + (trick,),
    )
    return _end_round(state, events, rng) if last else Transition(state, tuple(events))


def _end_round(state: BaroqueState, events: list[Event], rng: Random) -> Transition[BaroqueState]:
    """Bonuses scored and summarised; then the next round's deal, or the end of the game (§4.8)."""
    seats = range(state.seats)
    bids = tuple(sum(RANK_VALUE[rank] for rank in state.rank_taken[seat]) for seat in seats)
    bonuses = tuple(2 if state.tricks_won[seat] == bids[seat] else 0 for seat in seats)  # §6: exact bid
    scores = tuple(score + bonus for score, bonus in zip(state.scores, bonuses, strict=True))
    summary = RoundSummary(state.round, state.dealer, bids, state.tricks_won, bonuses, scores)
    events.append(
        Event(
            "round_scored",
            {
                "round": state.round,
                "dealer": state.dealer,
                "bids": list(bids),
                "tricks_won": list(state.tricks_won),
                "bonuses": list(bonuses),
                "scores": list(scores),
            },
        )
    )
    state = evolve(state, scores=scores, rounds=state.rounds + (summary,))
    if state.round < state.seats:  # §1: as many rounds as players
        state = _start_round(state, state.round + 1, rng)
        events.append(
            Event("round_started", {"round": state.round, "dealer": state.dealer, "discard": list(state.discard)})
        )
        return Transition(state, tuple(events))
    state = evolve(state, phase=Phase.GAME_OVER)
    result = outcome(state)
    assert result is not None
    events.append(Event("game_ended", {"winners": sorted(result.winners), "scores": list(scores)}))
    return Transition(state, tuple(events))


def outcome(state: BaroqueState) -> Outcome | None:
    """None until GAME_OVER; then every seat with the top score wins (§9 G5: ties share)."""
    if state.phase is not Phase.GAME_OVER:
        return None
    top = max(state.scores)
    winners = frozenset(seat for seat, score in enumerate(state.scores) if score == top)
    return Outcome(winners=winners, result="ranked", reason="all_rounds_played", scores=state.scores)


def phase(state: BaroqueState) -> str:
    """The step the game is in, as views and the log name it."""
    return state.phase.value
