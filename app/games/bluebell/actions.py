"""The four actions (§4.2), their JSON form, and the strict parser of that form."""

from collections.abc import Mapping
from dataclasses import dataclass

from app.engine import IllegalAction


@dataclass(frozen=True, slots=True)
class Place:
    """Put a hand card on top of the own stack; a winter on a non-empty stack names a return pile (§4.3)."""

    card_id: str
    return_pile: str | None = None

    def to_json(self) -> dict[str, object]:
        return {"type": "place", "card_id": self.card_id, "return_pile": self.return_pile}


@dataclass(frozen=True, slots=True)
class Discard:
    """Put a hand card face up on a pile, then draw from the other pile (§4.5)."""

    card_id: str
    pile: str
    reunion: bool = False

    def to_json(self) -> dict[str, object]:
        return {"type": "discard", "card_id": self.card_id, "pile": self.pile, "reunion": self.reunion}


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the top card of a pile after a placement (§4.4)."""

    pile: str
    reunion: bool = False

    def to_json(self) -> dict[str, object]:
        return {"type": "draw", "pile": self.pile, "reunion": self.reunion}


@dataclass(frozen=True, slots=True)
class GiveBluebell:
    """Hand a card in play face down to the round winner as a Bluebell (§4.7)."""

    card_id: str

    def to_json(self) -> dict[str, object]:
        return {"type": "give_bluebell", "card_id": self.card_id}


BluebellAction = Place | Discard | Draw | GiveBluebell

# name -> (required fields, optional fields with a default in §4.2); "type" is always required.
_FIELDS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "place": (frozenset({"card_id"}), frozenset({"return_pile"})),
    "discard": (frozenset({"card_id", "pile"}), frozenset({"reunion"})),
    "draw": (frozenset({"pile"}), frozenset({"reunion"})),
    "give_bluebell": (frozenset({"card_id"}), frozenset()),
}


def _invalid() -> IllegalAction:
    return IllegalAction("invalid_action", "That action is not understood.")


def _text(payload: Mapping[str, object], name: str) -> str:
    value = payload[name]
    if not isinstance(value, str):
        raise _invalid()
    return value


def _flag(payload: Mapping[str, object], name: str) -> bool:
    value = payload.get(name, False)
    if not isinstance(value, bool):
        raise _invalid()
    return value


def parse_action(payload: Mapping[str, object]) -> BluebellAction:
    """The action the payload spells; any other shape raises `invalid_action` (§4.8).

    Parameters with a default in §4.2 (`return_pile`, `reunion`) may be left out; an unknown
    card id or pile name is not a shape error and is refused later by the rules.
    """
    if not isinstance(payload, Mapping):
        raise _invalid()
    kind = payload.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise _invalid()
    required, optional = _FIELDS[kind]
    fields = set(payload) - {"type"}
    if not required <= fields or not fields <= required | optional:
        raise _invalid()
    if kind == "place":
        pile = payload.get("return_pile")
        if pile is not None and not isinstance(pile, str):
            raise _invalid()
        return Place(_text(payload, "card_id"), pile)
    if kind == "discard":
        return Discard(_text(payload, "card_id"), _text(payload, "pile"), _flag(payload, "reunion"))
    if kind == "draw":
        return Draw(_text(payload, "pile"), _flag(payload, "reunion"))
    return GiveBluebell(_text(payload, "card_id"))
