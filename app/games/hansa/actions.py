"""The two actions, `play` (§4.4) and `keep` (§7), their JSON form, and the strict parser of it."""

from collections.abc import Mapping
from dataclasses import dataclass

from app.engine import IllegalAction


@dataclass(frozen=True, slots=True)
class Adjust:
    """Move one city's prosperity marker one step after a face-down play (§4.4)."""

    city: str
    delta: int

    def to_json(self) -> dict[str, object]:
        return {"city": self.city, "delta": self.delta}


@dataclass(frozen=True, slots=True)
class Take:
    """Take the card in `slot` of the board space `space` into the hand (§4.4)."""

    space: str
    slot: int

    def to_json(self) -> dict[str, object]:
        return {"space": self.space, "slot": self.slot}


@dataclass(frozen=True, slots=True)
class Play:
    """Play a hand card face up or face down, adjust prosperity if face down, then take (§4.4)."""

    card: str
    face: str
    adjust: Adjust | None = None
    take: Take | None = None

    def to_json(self) -> dict[str, object]:
        return {
            "type": "play",
            "card": self.card,
            "face": self.face,
            "adjust": None if self.adjust is None else self.adjust.to_json(),
            "take": None if self.take is None else self.take.to_json(),
        }


@dataclass(frozen=True, slots=True)
class Keep:
    """Keep two of the four dealt cards in the opening draft (§7)."""

    cards: tuple[str, ...]

    def to_json(self) -> dict[str, object]:
        return {"type": "keep", "cards": list(self.cards)}


HansaAction = Play | Keep

_KEYS: dict[str, frozenset[str]] = {
    "play": frozenset({"type", "card", "face", "adjust", "take"}),
    "keep": frozenset({"type", "cards"}),
}


def _invalid(message: str) -> IllegalAction:
    return IllegalAction("invalid_action", message)


def _is_int(value: object) -> bool:
    return type(value) is int  # §4.4 check 3: a JSON boolean is not an integer


def _part(payload: Mapping[str, object], key: str, names: tuple[str, str]) -> tuple[str, int] | None:
    """The (string, integer) pair of an optional sub-object; absent and null mean the same (§4.4)."""
    value = payload.get(key)
    if value is None:
        return None
    text, number = names
    if (
        not isinstance(value, Mapping)
        or set(value) != {text, number}
        or not isinstance(value[text], str)
        or not _is_int(value[number])
    ):
        raise _invalid(f"{key} must be {{{text}: string, {number}: integer}}.")
    return value[text], value[number]


def parse_action(payload: Mapping[str, object]) -> HansaAction:
    """The action the payload spells; any other shape raises `invalid_action` (§4.4 check 3, §7)."""
    if not isinstance(payload, Mapping):
        raise _invalid("An action must be a JSON object.")
    kind = payload.get("type")
    if not isinstance(kind, str) or kind not in _KEYS:
        raise _invalid(f"Unknown action type {kind!r}.")
    unknown = set(payload) - _KEYS[kind]
    if unknown:
        raise _invalid(f"Unknown key {sorted(unknown)[0]!r} in a {kind} action.")
    if kind == "keep":
        cards = payload.get("cards")
        if not isinstance(cards, list) or not all(isinstance(card, str) for card in cards):
            raise _invalid("cards must be a list of card ids.")
        return Keep(tuple(cards))
    card, face = payload.get("card"), payload.get("face")
    if not isinstance(card, str) or not isinstance(face, str):
        raise _invalid("card and face must be strings.")
    adjust = _part(payload, "adjust", ("city", "delta"))
    take = _part(payload, "take", ("space", "slot"))
    return Play(
        card,
        face,
        None if adjust is None else Adjust(*adjust),
        None if take is None else Take(*take),
    )
