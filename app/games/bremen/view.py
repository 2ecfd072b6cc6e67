"""What one seat (or a spectator) may see of a Bremen table: an allow-list built from §5."""

from app.engine import Seat
from app.engine.memo import latest_state
from app.games.bremen.cards import DECK, MAX_FAILURES, PLAYER_CARD, ROUNDS, SEATS, VALUE
from app.games.bremen.rules import ALL_SEATS, awaiting, legal_actions, outcome
from app.games.bremen.state import BremenState, Ensemble, PassRecord, Phase

_NONE_CHOSEN: list[bool] = [False] * SEATS

# Built once and shared by every view, which only ever reads them: a view is sent, never changed.
_CARD: dict[str, dict[str, object]] = {card: {"card_id": card, "value": VALUE[card]} for card in DECK}
_IN_HAND: dict[tuple[str, bool, bool], dict[str, object]] = {
    (card, committed, received): {"card_id": card, "value": VALUE[card], "committed": committed, "received": received}
    for card in DECK
    for committed in (False, True)
    for received in (False, True)
}


def _ensemble(state: BremenState, ensemble: Ensemble) -> dict[str, object]:
    """A resolved round: public from its reveal on (§4.3 step 1, §5 history)."""
    return {
        "round": ensemble.round,
        "leader": ensemble.leader,
        "declared": None if ensemble.declared is None else _CARD[ensemble.declared],
        "plays": [
            {"seat": s, "animal": str(state.roles[s]), "card_id": card, "value": VALUE[card]}
            for s, card in enumerate(ensemble.plays)
        ],
        "success": ensemble.success,
    }


def _pass_record(seat: Seat, record: PassRecord) -> dict[str, object]:
    """One of the seat's own tunings: what it gave to whom, what it got from whom (§5 private log)."""
    return {
        "round": record.round,
        "passed": _CARD[record.passed],
        "to": (seat + 1) % SEATS,
        "received": _CARD[record.received],
        "from": (seat - 1) % SEATS,
    }


def _own_hand(state: BremenState, seat: Seat) -> list[dict[str, object]]:
    """The seat's hand, its sealed card marked, and the card it got at the latest tuning marked."""
    committed = None
    if state.phase is Phase.PLAY:
        committed = state.plays.chosen(seat)
    elif state.phase is Phase.TUNING:
        committed = state.passes.chosen(seat)
    log = state.pass_log[seat]
    received = log[-1].received if log and log[-1].round == state.round - 1 else None
    return [_IN_HAND[card, card == committed, card == received] for card in state.hands[seat]]


def view(state: BremenState, seat: Seat | None) -> dict[str, object]:
    """JSON-ready: the public rows of §5, plus the seat's own hand, pass log and legal actions."""
    own = seat if type(seat) is int and seat in ALL_SEATS else None
    seen = dict(_public(state))  # the seat's own keys are filled in where they stand
    if own is not None:
        seen["legal"] = [action.to_json() for action in legal_actions(state, own)]
        seen["seat"] = own
        seen["hand"] = _own_hand(state, own)
        seen["pass_log"] = [_pass_record(own, r) for r in state.pass_log[own]]
    return seen


@latest_state
def _public(state: BremenState) -> dict[str, object]:
    """What every viewer sees alike, with a spectator's values in the seat's own keys."""
    over = state.phase is Phase.GAME_OVER
    if state.phase is Phase.PLAY:
        chosen = state.plays.flags()
    elif state.phase is Phase.TUNING:
        chosen = state.passes.flags()
    else:
        chosen = _NONE_CHOSEN
    # Every failed pile holds one card per failed round, oldest first (§4.3 step 3).
    failed_rounds = [e.round for e in state.history if not e.success]
    seats = [
        {
            "seat": s,
            "animal": str(state.roles[s]),
            "player_card": PLAYER_CARD[state.roles[s]],
            "side": "morning" if s == state.leader else "night",
            "is_leader": s == state.leader,
            "hand_size": len(state.hands[s]),
            "chosen": chosen[s],
            "pinch": state.pinch[s],
            "failed": [
                {"card_id": card, "value": VALUE[card], "round": r}
                for card, r in zip(state.failed[s], failed_rounds, strict=True)
            ],
        }
        for s in range(SEATS)
    ]
    result = outcome(state)
    history = [_ensemble(state, e) for e in state.history]
    return {
        "phase": str(state.phase),
        "awaiting": sorted(awaiting(state)),
        "legal": [],
        "outcome": None if result is None else result.to_json(),
        "seat": None,
        "round": state.round,
        "rounds": ROUNDS,
        "hard_mode": state.hard_mode,
        "tuning_this_round": state.round <= ROUNDS - 2 or (state.hard_mode and state.round == ROUNDS - 1),
        "leader": state.leader,
        "failures": state.failures,
        "max_failures": MAX_FAILURES,
        "declared": None if state.declared is None else {"seat": state.leader, **_CARD[state.declared]},
        "seats": seats,
        "hand": None,
        "pass_log": None,
        "last_ensemble": history[-1] if history else None,
        "history": history,
        "discard": [_CARD[card] for card in state.discard],
        "result": None if state.result is None else str(state.result),
        "reason": None if state.reason is None else str(state.reason),
        # [house rule] §9: everything is revealed at GAME_OVER, for review.
        "hands": [[_CARD[card] for card in hand] for hand in state.hands] if over else None,
        "unused": [_CARD[card] for card in state.unused] if over else None,
    }
