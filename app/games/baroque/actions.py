"""The four actions (§4.2), their JSON form, and the strict parser of that form."""

from collections.abc import Mapping
from dataclasses import dataclass

from app.engine import IllegalAction


@dataclass(frozen=True, slots=True)
class TakeRank:
    """Bid by taking one rank card, or rank-5 plus one of rank-1..rank-4 (§4.4)."""

    ranks: tuple[str, ...]

    def to_json(self) -> dict[str, object]:
        return {"type": "take_rank", "ranks": list(self.ranks)}


@dataclass(frozen=True, slots=True)
class PlaySalon:
    """Put one card from the hand face up on the table (§4.5)."""

    card: str

    def to_json(self) -> dict[str, object]:
        return {"type": "play_salon", "card": self.card}


@dataclass(frozen=True, slots=True)
class BallKeep:
    """Commit to keeping the salon card at the ball (§4.6); carries no card (§8 A7)."""

    def to_json(self) -> dict[str, object]:
        return {"type": "ball_keep"}


@dataclass(frozen=True, slots=True)
class BallChange:
    """Commit to swapping the salon card for `card` from the hand at the ball (§4.6)."""

    card: str

    def to_json(self) -> dict[str, object]:
        return {"type": "ball_change", "card": self.card}


BallDecision = BallKeep | BallChange
BaroqueAction = TakeRank | PlaySalon | BallKeep | BallChange


def decision_json(decision: BallDecision) -> dict[str, object]:
    """A ball decision as only its owner sees it: {"choice": "keep"} or {"choice": "change", "card": …}."""
    if isinstance(decision, BallChange):
        return {"choice": "change", "card": decision.card}
    return {"choice": "keep"}


_FIELDS: dict[str, frozenset[str]] = {
    "take_rank": frozenset({"type", "ranks"}),
    "play_salon": frozenset({"type", "card"}),
    "ball_keep": frozenset({"type"}),
    "ball_change": frozenset({"type", "card"}),
}


def _invalid(message: str) -> IllegalAction:
    return IllegalAction("invalid_action", message)


def parse_action(payload: Mapping[str, object]) -> BaroqueAction:
    """The action the payload spells; any other shape raises `invalid_action` (§4.3 check 0)."""
    if not isinstance(payload, Mapping):
        raise _invalid("An action must be a JSON object.")
    kind = payload.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise _invalid(f"Unknown action type {kind!r}.")
    if set(payload) != _FIELDS[kind]:
        raise _invalid(f"{kind} takes exactly the fields {sorted(_FIELDS[kind])}.")
    if kind == "take_rank":
        ranks = payload["ranks"]
        if not isinstance(ranks, list) or not all(isinstance(rank, str) for rank in ranks):
            raise _invalid("ranks must be a list of rank ids.")
        return TakeRank(tuple(ranks))
    if kind == "ball_keep":
        return BallKeep()
    card = payload["card"]
    if not isinstance(card, str):
        raise _invalid("card must be a card id.")
    return PlaySalon(card) if kind == "play_salon" else BallChange(card)
