"""The frozen state of a Bremen table (§3 state fields), its phases, and its plain-JSON form."""

from dataclasses import dataclass
from enum import StrEnum

from app.engine import Commits, Seat
from app.engine.plain import as_bool, as_dict, as_int, as_list, as_str
from app.games.bremen.cards import Animal


class Phase(StrEnum):
    """The steps that wait for input; RESOLVE and END_OF_ROUND are automatic and never persist (§3)."""

    DECLARE = "declare"
    PLAY = "play"
    TUNING = "tuning"
    GAME_OVER = "game_over"


class Result(StrEnum):
    """The team's result (§6)."""

    WIN = "win"
    LOSS = "loss"


class Reason(StrEnum):
    """Why the team lost (§4.3 step 4)."""

    THREE_FAILURES = "three_failures"
    FINAL_ROUND_FAILED = "final_round_failed"


@dataclass(frozen=True, slots=True)
class Ensemble:
    """A resolved round, public from its reveal on (§4.3 history record)."""

    round: int
    leader: Seat
    declared: str | None  # None in round 10
    plays: tuple[str, ...]  # by seat
    success: bool


@dataclass(frozen=True, slots=True)
class PassRecord:
    """One seat's side of a completed tuning: private to that seat (§5 per-seat log)."""

    round: int
    passed: str  # to the next seat
    received: str  # from the previous seat


@dataclass(frozen=True)  # no slots: `evolve` (app/engine/evolve.py) copies the instance dict
class BremenState:
    """Everything about one table; hands and piles of number cards are card ids."""

    roles: tuple[Animal, ...]  # by seat
    hard_mode: bool
    hands: tuple[tuple[str, ...], ...]  # canonical order; a committed card stays until it leaves
    unused: tuple[str, ...]  # the 20 cards in the box, canonical order
    round: int
    phase: Phase
    leader: Seat
    declared: str | None  # this round's declared card id
    plays: Commits[str]  # this round's ensemble; `declare` fills the leader's entry
    passes: Commits[str]  # this tuning's passes; every seat expected
    pinch: tuple[bool, ...]  # by seat, this tuning
    failures: int
    discard: tuple[str, ...]  # cards of successful ensembles, in the order they were put there
    failed: tuple[tuple[str, ...], ...]  # by seat, oldest first
    history: tuple[Ensemble, ...]
    pass_log: tuple[tuple[PassRecord, ...], ...]  # by seat
    result: Result | None
    reason: Reason | None


def _commits_json(commits: Commits[str]) -> dict[str, object]:
    return {"expected": sorted(commits.expected), "choices": list(commits.choices)}


def dump(state: BremenState) -> dict[str, object]:
    """The state as plain JSON; `load` gives it back equal."""
    return {
        "roles": [str(role) for role in state.roles],
        "hard_mode": state.hard_mode,
        "hands": [list(hand) for hand in state.hands],
        "unused": list(state.unused),
        "round": state.round,
        "phase": str(state.phase),
        "leader": state.leader,
        "declared": state.declared,
        "plays": _commits_json(state.plays),
        "passes": _commits_json(state.passes),
        "pinch": list(state.pinch),
        "failures": state.failures,
        "discard": list(state.discard),
        "failed": [list(pile) for pile in state.failed],
        "history": [
            {
                "round": e.round,
                "leader": e.leader,
                "declared": e.declared,
                "plays": list(e.plays),
                "success": e.success,
            }
            for e in state.history
        ],
        "pass_log": [
            [{"round": p.round, "passed": p.passed, "received": p.received} for p in log] for log in state.pass_log
        ],
        "result": None if state.result is None else str(state.result),
        "reason": None if state.reason is None else str(state.reason),
    }


def _opt_str(value: object) -> str | None:
    return None if value is None else as_str(value)


def _cards(value: object) -> tuple[str, ...]:
    return tuple(as_str(card) for card in as_list(value))


def _commits(value: object) -> Commits[str]:
    data = as_dict(value)
    return Commits(
        expected=frozenset(as_int(seat) for seat in as_list(data["expected"])),
        choices=tuple(_opt_str(choice) for choice in as_list(data["choices"])),
    )


def _ensemble(value: object) -> Ensemble:
    data = as_dict(value)
    return Ensemble(
        round=as_int(data["round"]),
        leader=as_int(data["leader"]),
        declared=_opt_str(data["declared"]),
        plays=_cards(data["plays"]),
        success=as_bool(data["success"]),
    )


def _pass_record(value: object) -> PassRecord:
    data = as_dict(value)
    return PassRecord(round=as_int(data["round"]), passed=as_str(data["passed"]), received=as_str(data["received"]))


def load(data: dict[str, object]) -> BremenState:
    """The state that `dump` wrote."""
    result, reason = data["result"], data["reason"]
    return BremenState(
        roles=tuple(Animal(as_str(role)) for role in as_list(data["roles"])),
        hard_mode=as_bool(data["hard_mode"]),
        hands=tuple(_cards(hand) for hand in as_list(data["hands"])),
        unused=_cards(data["unused"]),
        round=as_int(data["round"]),
        phase=Phase(as_str(data["phase"])),
        leader=as_int(data["leader"]),
        declared=_opt_str(data["declared"]),
        plays=_commits(data["plays"]),
        passes=_commits(data["passes"]),
        pinch=tuple(as_bool(flag) for flag in as_list(data["pinch"])),
        failures=as_int(data["failures"]),
        discard=_cards(data["discard"]),
        failed=tuple(_cards(pile) for pile in as_list(data["failed"])),
        history=tuple(_ensemble(e) for e in as_list(data["history"])),
        pass_log=tuple(tuple(_pass_record(p) for p in as_list(log)) for log in as_list(data["pass_log"])),
        result=None if result is None else Result(as_str(result)),
        reason=None if reason is None else Reason(as_str(reason)),
    )
