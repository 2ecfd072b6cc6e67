"""The rules of The Harmony of Bremen, revised edition: setup, turns, ensemble, tuning, end (§3–§6).

Glossary (the rulebook's words, and the names used in code):

    ザ・ハーモニー・オブ・ブレーメン  The Harmony of Bremen (slug `bremen`)
    プレイヤーカード     player card: a seat's animal (`roles`)
    おんどり / 猫 / 犬 / ロバ   ROOSTER / CAT / DOG / DONKEY, lowest to highest pitch
    朝 / 夜             morning / night: the side of the player card; morning marks the leader
    数字カード           number card (`n07-3`: value 7, copy 3)
    リーダー             leader: declares this round's card, rotates clockwise each round
    アンサンブル         ensemble: the round's four sealed plays, judged by animal order
    数字の宣言           declare: the leader announces (and commits) the card to play
    ジャッジ             judge: success iff rooster < cat < dog < donkey, strictly
    捨て札               discard pile: cards of successful ensembles
    失敗                 failure: each seat's card goes face down to its failed pile
    チューニング         tuning: every seat passes one card, sealed, to the next seat (left)
    手札がピンチ         pinch: the one permitted remark during tuning (`signal_pinch`)
    難易度の変更         hard mode: tuning is held in round 9 too
    箱にしまう           unused: the 20 number cards not dealt
"""

from random import Random

from app.engine import Commits, Event, IllegalAction, Option, Options, Outcome, Seat, Transition, evolve
from app.engine.errors import game_over, not_a_player, out_of_step
from app.games.bremen.actions import SIGNAL_PINCH, BremenAction, Declare, PassLeft, Play, SignalPinch
from app.games.bremen.cards import (
    DECK,
    HAND_SIZE,
    MAX_FAILURES,
    PITCH,
    RANK,
    ROUNDS,
    SEATS,
    VALUE,
    sort_cards,
)
from app.games.bremen.state import BremenState, Ensemble, PassRecord, Phase, Reason, Result

OPTIONS: tuple[Option, ...] = (
    Option("hard_mode", "bool", False),  # §7: tuning also in round 9
    Option("first_leader", "seat", None),  # §7 [house rule]: None lets the RNG pick
)

ALL_SEATS: frozenset[Seat] = frozenset(range(SEATS))
_NO_PINCH: tuple[bool, ...] = (False,) * SEATS
_NO_COMMITS: Commits[str] = Commits.open(SEATS)  # immutable, so every new step shares it

# Built once: legal_actions hands out these shared values instead of allocating per call.
_DECLARE: dict[str, Declare] = {card: Declare(card) for card in DECK}
_PLAY: dict[str, Play] = {card: Play(card) for card in DECK}
_PASS: dict[str, PassLeft] = {card: PassLeft(card) for card in DECK}

# §4.2 check 3: the one step in which each action is allowed.
_STEP: dict[type[BremenAction], Phase] = {
    Declare: Phase.DECLARE,
    Play: Phase.PLAY,
    PassLeft: Phase.TUNING,
    SignalPinch: Phase.TUNING,
}


def setup(seats: int, options: Options, rng: Random) -> BremenState:
    """Round 1 ready to declare, drawing from `rng` in exactly the order of §3."""
    if seats != SEATS:
        raise IllegalAction("wrong_seat_count", "The Harmony of Bremen needs exactly 4 players.")
    hard_mode, first_leader = options.flag("hard_mode"), options.seat("first_leader")
    roles = list(PITCH)
    rng.shuffle(roles)  # §3 step 1
    deck = list(DECK)
    rng.shuffle(deck)  # §3 step 2
    leader = rng.randrange(SEATS) if first_leader is None else first_leader  # §3 step 3
    return BremenState(
        roles=tuple(roles),
        hard_mode=hard_mode,
        hands=tuple(sort_cards(deck[HAND_SIZE * s : HAND_SIZE * (s + 1)]) for s in range(SEATS)),
        unused=sort_cards(deck[HAND_SIZE * SEATS :]),
        round=1,
        phase=Phase.DECLARE,
        leader=leader,
        declared=None,
        plays=_NO_COMMITS,
        passes=_NO_COMMITS,
        pinch=_NO_PINCH,
        failures=0,
        discard=(),
        failed=((),) * SEATS,
        history=(),
        pass_log=((),) * SEATS,
        result=None,
        reason=None,
    )


def awaiting(state: BremenState) -> frozenset[Seat]:
    """The seats that may act now (§4.2 'who may act')."""
    match state.phase:
        case Phase.DECLARE:
            return frozenset((state.leader,))
        case Phase.PLAY:
            return state.plays.waiting_on()
        case Phase.TUNING:
            # A seat that has passed may still signal a pinch until the exchange (§8 item 9).
            return frozenset(s for s in ALL_SEATS if not (state.passes.has_chosen(s) and state.pinch[s]))
        case Phase.GAME_OVER:
            return frozenset()


def legal_actions(state: BremenState, seat: Seat) -> tuple[BremenAction, ...]:
    """Every action `seat` may take now, cards in hand order; empty when it may not act."""
    if seat not in ALL_SEATS:
        return ()
    hand = state.hands[seat]
    match state.phase:
        case Phase.DECLARE if seat == state.leader:
            return tuple(_DECLARE[card] for card in hand)
        case Phase.PLAY if state.plays.choices[seat] is None:
            return tuple(_PLAY[card] for card in hand)
        case Phase.TUNING:
            passes = () if state.passes.has_chosen(seat) else tuple(_PASS[card] for card in hand)
            return passes if state.pinch[seat] else (*passes, SIGNAL_PINCH)
    return ()


def _check(state: BremenState, seat: Seat, action: BremenAction) -> None:
    """Raises the first failing check of §4.2's error table, in its order."""
    if state.phase is Phase.GAME_OVER:
        raise game_over()
    if type(seat) is not int or seat not in ALL_SEATS:
        raise not_a_player()
    if state.phase is not _STEP[type(action)]:
        raise out_of_step()
    match action:
        case Declare() if seat != state.leader:
            raise IllegalAction("not_leader", "Only the leader declares.")
        case Play() if state.round < ROUNDS and seat == state.leader:
            raise IllegalAction("leader_already_committed", "Your declared card is already your play.")
        case Play() if state.plays.has_chosen(seat):
            raise IllegalAction("already_committed", "You have already chosen.")
        case PassLeft() if state.passes.has_chosen(seat):
            raise IllegalAction("already_committed", "You have already chosen.")
        case SignalPinch() if state.pinch[seat]:
            raise IllegalAction("already_signalled", "You have already signalled.")
    if not isinstance(action, SignalPinch) and action.card_id not in state.hands[seat]:
        raise IllegalAction("card_not_in_hand", "That card is not in your hand.")


def apply(state: BremenState, seat: Seat, action: BremenAction, rng: Random) -> Transition[BremenState]:
    """The state after `action` and its events; raises IllegalAction and leaves `state` as it was.

    No action draws from `rng` (§3: this game is random only at setup).
    """
    _check(state, seat, action)
    match action:
        case Declare(card_id):
            declared = Event(
                "declared", {"seat": seat, "round": state.round, "card_id": card_id, "value": VALUE[card_id]}
            )
            after = evolve(state, phase=Phase.PLAY, declared=card_id, plays=state.plays.commit(seat, card_id))
            return Transition(after, (declared,))
        case Play(card_id):
            plays = state.plays.commit(seat, card_id)
            played = Event("played", {"seat": seat, "round": state.round})  # only that it has chosen
            if not plays.is_complete():
                return Transition(evolve(state, plays=plays), (played,))
            return _resolve(state, plays, [played])
        case PassLeft(card_id):
            passes = state.passes.commit(seat, card_id)
            passed = Event("passed", {"seat": seat, "round": state.round})  # only that it has chosen
            if not passes.is_complete():
                return Transition(evolve(state, passes=passes), (passed,))
            return _exchange(state, passes, [passed])
        case SignalPinch():
            pinch = state.pinch[:seat] + (True,) + state.pinch[seat + 1 :]
            signalled = Event("pinch_signalled", {"seat": seat, "round": state.round})
            return Transition(evolve(state, pinch=pinch), (signalled,))


def _resolve(state: BremenState, plays: Commits[str], events: list[Event]) -> Transition[BremenState]:
    """§4.3: reveal the complete `plays`, judge by animal, clean up, check the end; then tuning or the next round."""
    cards = tuple(card for card in plays.choices if card is not None)
    by_pitch = [0] * SEATS
    for seat, card in enumerate(cards):
        by_pitch[RANK[state.roles[seat]]] = VALUE[card]
    # §4.3 step 2: strictly rising by animal; FAQ: equal values fail.
    success = by_pitch[0] < by_pitch[1] < by_pitch[2] < by_pitch[3]
    hands = tuple(tuple(c for c in hand if c != cards[s]) for s, hand in enumerate(state.hands))
    failures = state.failures if success else state.failures + 1
    state = evolve(
        state,
        hands=hands,
        plays=_NO_COMMITS,
        failures=failures,
        discard=state.discard + cards if success else state.discard,
        failed=state.failed if success else tuple(pile + (cards[s],) for s, pile in enumerate(state.failed)),
        history=state.history + (Ensemble(state.round, state.leader, state.declared, cards, success),),
    )
    revealed = [
        {"seat": s, "animal": str(state.roles[s]), "card_id": card, "value": VALUE[card]}
        for s, card in enumerate(cards)
    ]
    kind = "ensemble_succeeded" if success else "ensemble_failed"
    events.append(Event(kind, {"round": state.round, "plays": revealed, "failures": failures}))
    # §4.3 step 4, in order: the round-10 result takes precedence over the third failure.
    if state.round == ROUNDS:
        if success:
            return _finish(state, events, Result.WIN, None)
        return _finish(state, events, Result.LOSS, Reason.FINAL_ROUND_FAILED)
    if failures == MAX_FAILURES:
        return _finish(state, events, Result.LOSS, Reason.THREE_FAILURES)
    # §4.1: tuning in rounds 1–8, and in round 9 only in hard mode.
    if state.round <= ROUNDS - 2 or state.hard_mode:
        events.append(Event("tuning_started", {"round": state.round}))
        return Transition(evolve(state, phase=Phase.TUNING, passes=_NO_COMMITS), tuple(events))
    return _next_round(state, events)


def _finish(state: BremenState, events: list[Event], result: Result, reason: Reason | None) -> Transition[BremenState]:
    """GAME_OVER with the team's result; the [house rule] reveal of hands and box is the view's job."""
    data: dict[str, object] = {
        "round": state.round,
        "failures": state.failures,
        "reason": None if reason is None else str(reason),
    }
    events.append(Event("game_won" if result is Result.WIN else "game_lost", data))
    return Transition(evolve(state, phase=Phase.GAME_OVER, result=result, reason=reason), tuple(events))


def _exchange(state: BremenState, passes: Commits[str], events: list[Event]) -> Transition[BremenState]:
    """§4.4: every card of the complete `passes` moves at once to the next seat; each told only to its two seats."""
    given = tuple(card for card in passes.choices if card is not None)
    hands: list[tuple[str, ...]] = []
    logs: list[tuple[PassRecord, ...]] = []
    for seat, hand in enumerate(state.hands):
        received = given[seat - 1]  # from the previous seat; index -1 wraps to seat 3
        hands.append(sort_cards([c for c in hand if c != given[seat]] + [received]))
        logs.append(state.pass_log[seat] + (PassRecord(state.round, given[seat], received),))
        receiver = (seat + 1) % SEATS
        events.append(
            Event(
                "card_passed",
                {
                    "round": state.round,
                    "from": seat,
                    "to": receiver,
                    "card_id": given[seat],
                    "value": VALUE[given[seat]],
                },
                to=frozenset((seat, receiver)),
            )
        )
    events.append(Event("tuning_completed", {"round": state.round}))
    return _next_round(evolve(state, hands=tuple(hands), pass_log=tuple(logs)), events)


def _next_round(state: BremenState, events: list[Event]) -> Transition[BremenState]:
    """§4.5: the leader marker moves to the next seat; round 10 starts in PLAY with no declaration."""
    leader = (state.leader + 1) % SEATS
    number = state.round + 1
    events.append(Event("round_started", {"round": number, "leader": leader}))
    state = evolve(
        state,
        round=number,
        leader=leader,
        phase=Phase.DECLARE if number < ROUNDS else Phase.PLAY,
        declared=None,
        plays=_NO_COMMITS,
        passes=_NO_COMMITS,
        pinch=_NO_PINCH,
    )
    return Transition(state, tuple(events))


def outcome(state: BremenState) -> Outcome | None:
    """None while playing; then the whole team wins or the whole team loses (§6)."""
    if state.result is None:
        return None
    winners = ALL_SEATS if state.result is Result.WIN else frozenset()
    return Outcome(winners, str(state.result), None if state.reason is None else str(state.reason))


def phase(state: BremenState) -> str:
    """The step the game is in, as views and the log name it."""
    return str(state.phase)
