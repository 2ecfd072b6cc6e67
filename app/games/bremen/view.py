"""What one seat (or a spectator) may see of a Bremen table: an allow-list built from §5.

The game's own fields only: the table adds phase, awaiting, legal, outcome and seat
(app/engine/envelope.py). The public fields are built once per move for every seat and spectator, a
seat's own per seat; both cheaply: the state is read once into locals, cards are dict literals (no
function call per card), and parts that are empty for most moves cost nothing.
"""

from app.engine import Seat
from app.games.bremen.cards import MAX_FAILURES, PITCH, PLAYER_CARD, ROUNDS, SEATS, VALUE, Animal
from app.games.bremen.state import BremenState, Ensemble, PassRecord, Phase

_SEATS = range(SEATS)
_PLAY, _TUNING, _GAME_OVER = Phase.PLAY, Phase.TUNING, Phase.GAME_OVER  # an Enum's class attribute is slow to read
_ANIMAL: dict[Animal, str] = {animal: str(animal) for animal in PITCH}  # and so is its `.value`


def _history(animals: list[str], history: tuple[Ensemble, ...]) -> list[dict[str, object]]:
    """The resolved rounds: public from their reveal on (§4.3 step 1, §5 history).

    The four plays are written out, one per seat (§1: exactly four), rather than by an inner
    comprehension: this list is rebuilt for every view of every move, and that is a third cheaper.
    """
    a0, a1, a2, a3 = animals
    shown: list[dict[str, object]] = []
    for ensemble in history:
        p0, p1, p2, p3 = ensemble.plays
        declared = ensemble.declared
        shown.append(
            {
                "round": ensemble.round,
                "leader": ensemble.leader,
                "declared": None if declared is None else {"card_id": declared, "value": VALUE[declared]},
                "plays": [
                    {"seat": 0, "animal": a0, "card_id": p0, "value": VALUE[p0]},
                    {"seat": 1, "animal": a1, "card_id": p1, "value": VALUE[p1]},
                    {"seat": 2, "animal": a2, "card_id": p2, "value": VALUE[p2]},
                    {"seat": 3, "animal": a3, "card_id": p3, "value": VALUE[p3]},
                ],
                "success": ensemble.success,
            }
        )
    return shown


def _failed_piles(state: BremenState) -> list[list[dict[str, object]]]:
    """Each seat's failed pile, face up (§5); nothing to build before the first failure."""
    if not state.failures:
        return [[] for _ in _SEATS]
    # Every failed pile holds one card per failed round, oldest first (§4.3 step 3).
    rounds = [e.round for e in state.history if not e.success]
    return [
        [{"card_id": card, "value": VALUE[card], "round": rounds[k]} for k, card in enumerate(pile)]
        for pile in state.failed
    ]


def _pass_record(seat: Seat, record: PassRecord) -> dict[str, object]:
    """One of the seat's own tunings: what it gave to whom, what it got from whom (§5 private log)."""
    return {
        "round": record.round,
        "passed": {"card_id": record.passed, "value": VALUE[record.passed]},
        "to": (seat + 1) % SEATS,
        "received": {"card_id": record.received, "value": VALUE[record.received]},
        "from": (seat - 1) % SEATS,
    }


def _own_hand(state: BremenState, seat: Seat) -> list[dict[str, object]]:
    """The seat's hand, its sealed card marked, and the card it got at the latest tuning marked."""
    committed = None
    if state.phase is _PLAY:
        committed = state.plays.chosen(seat)
    elif state.phase is _TUNING:
        committed = state.passes.chosen(seat)
    log = state.pass_log[seat]
    received = log[-1].received if log and log[-1].round == state.round - 1 else None
    return [
        {"card_id": card, "value": VALUE[card], "committed": card == committed, "received": card == received}
        for card in state.hands[seat]
    ]


def public_view(state: BremenState) -> dict[str, object]:
    """JSON-ready: the public rows of §5, which every seat and a spectator see alike."""
    phase, leader, history, declared = state.phase, state.leader, state.history, state.declared
    animals = [_ANIMAL[role] for role in state.roles]
    # Which seats have committed in this step: public flags (§5).
    chosen = state.plays.flags() if phase is _PLAY else state.passes.flags() if phase is _TUNING else [False] * SEATS
    piles = _failed_piles(state)
    roles, hands, pinch = state.roles, state.hands, state.pinch
    seats = [
        {
            "seat": s,
            "animal": animals[s],
            "player_card": PLAYER_CARD[roles[s]],
            "side": "morning" if s == leader else "night",
            "is_leader": s == leader,
            "hand_size": len(hands[s]),
            "chosen": chosen[s],
            "pinch": pinch[s],
            "failed": piles[s],
        }
        for s in _SEATS
    ]
    shown = _history(animals, history)
    over = phase is _GAME_OVER
    return {
        "round": state.round,
        "rounds": ROUNDS,
        "hard_mode": state.hard_mode,
        "tuning_this_round": state.round <= ROUNDS - 2 or (state.hard_mode and state.round == ROUNDS - 1),
        "leader": leader,
        "failures": state.failures,
        "max_failures": MAX_FAILURES,
        "declared": None if declared is None else {"seat": leader, "card_id": declared, "value": VALUE[declared]},
        "seats": seats,
        "last_ensemble": shown[-1] if shown else None,
        "history": shown,
        "discard": [{"card_id": card, "value": VALUE[card]} for card in state.discard],
        "result": None if state.result is None else str(state.result),
        "reason": None if state.reason is None else str(state.reason),
        # [house rule] §9: everything is revealed at GAME_OVER, for review.
        "hands": [[{"card_id": c, "value": VALUE[c]} for c in hand] for hand in state.hands] if over else None,
        "unused": [{"card_id": c, "value": VALUE[c]} for c in state.unused] if over else None,
    }


def seat_view(state: BremenState, seat: Seat | None) -> dict[str, object]:
    """The seat's own hand and pass log (§5); None for a spectator (None, or anything that is not a seat)."""
    own = seat if type(seat) is int and seat in _SEATS else None
    if own is None:
        return {"hand": None, "pass_log": None}
    return {"hand": _own_hand(state, own), "pass_log": [_pass_record(own, r) for r in state.pass_log[own]]}
