"""The four actions (§4.2), their JSON form, and the strict parser of that form."""

from collections.abc import Mapping
from dataclasses import dataclass

from app.engine import IllegalAction


@dataclass(frozen=True, slots=True)
class Declare:
    """As leader, announce and commit the card to play this round (§4.2, §8 items 1–2)."""

    card_id: str

    def to_json(self) -> dict[str, object]:
        return {"type": "declare", "card_id": self.card_id}


@dataclass(frozen=True, slots=True)
class Play:
    """Commit a card, sealed, to this round's ensemble (§4.2)."""

    card_id: str

    def to_json(self) -> dict[str, object]:
        return {"type": "play", "card_id": self.card_id}


@dataclass(frozen=True, slots=True)
class PassLeft:
    """Commit a card, sealed, to give to the next seat at the tuning (§4.4)."""

    card_id: str

    def to_json(self) -> dict[str, object]:
        return {"type": "pass", "card_id": self.card_id}


@dataclass(frozen=True, slots=True)
class SignalPinch:
    """Tell the table, publicly and without detail, that this hand is in a pinch (§4.6)."""

    def to_json(self) -> dict[str, object]:
        return {"type": "signal_pinch"}


BremenAction = Declare | Play | PassLeft | SignalPinch

_CARD_ACTIONS: dict[str, type[Declare] | type[Play] | type[PassLeft]] = {
    "declare": Declare,
    "play": Play,
    "pass": PassLeft,
}
_CARD_FIELDS = frozenset({"type", "card_id"})
SIGNAL_PINCH = SignalPinch()


def _invalid() -> IllegalAction:
    return IllegalAction("invalid_action", "That action is not understood.")


def parse_action(payload: Mapping[str, object]) -> BremenAction:
    """The action the payload spells; any other shape raises `invalid_action` (§4.2 check 0)."""
    if not isinstance(payload, Mapping):
        raise _invalid()
    kind = payload.get("type")
    if kind == "signal_pinch" and len(payload) == 1:
        return SIGNAL_PINCH
    if not isinstance(kind, str) or kind not in _CARD_ACTIONS or set(payload) != _CARD_FIELDS:
        raise _invalid()
    card_id = payload["card_id"]
    # An unknown id is well-formed; it is refused later as card_not_in_hand (§4.2 check 0).
    if not isinstance(card_id, str):
        raise _invalid()
    return _CARD_ACTIONS[kind](card_id)
