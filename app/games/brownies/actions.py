"""The four actions (§4.4–§4.7), their JSON form, and the strict parser of that form."""

from collections.abc import Mapping
from dataclasses import dataclass

from app.engine import IllegalAction
from app.games.brownies.cards import CARDS, IS_BUILDING, Form, sort_kinds

INVALID_MESSAGE = "That action is not understood."  # §4.8 #0


@dataclass(frozen=True, slots=True)
class Produce:
    """Take one market card by paying or showing its recipe (§4.4); a resource's recipe is empty."""

    target: str

    def to_json(self) -> dict[str, object]:
        return {"type": "produce", "target": self.target}


@dataclass(frozen=True, slots=True)
class Trade:
    """Pay hand cards by value for market cards of lower or equal total value (§4.5); multisets."""

    pay: tuple[str, ...]
    take: tuple[str, ...]

    def to_json(self) -> dict[str, object]:
        return {"type": "trade", "pay": list(self.pay), "take": list(self.take)}


@dataclass(frozen=True, slots=True)
class UseBrownie:
    """Work one owned building's brownie action (§4.6); `pay`/`take` hold its params, if any."""

    building: str
    pay: tuple[str, ...] = ()
    take: tuple[str, ...] = ()

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {"type": "brownie", "building": self.building}
        for name, is_list in PARAMS[form_of(self.building)]:
            cards = self.pay if name == "pay" else self.take
            data[name] = list(cards) if is_list else cards[0]
        return data


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Pass play to the next seat (§4.7)."""

    def to_json(self) -> dict[str, object]:
        return {"type": "end_turn"}


Action = Produce | Trade | UseBrownie | EndTurn

# §4.6: the params each brownie form takes, and whether each is a list (True) or a single id.
PARAMS: dict[Form | None, tuple[tuple[str, bool], ...]] = {
    None: (),
    Form.CONVERT: (),
    Form.SCORE: (),
    Form.MONEY_CHANGER: (("pay", True),),
    Form.BUILDER: (("pay", True), ("take", False)),
    Form.GENERAL_STORE: (("pay", True),),
    Form.TRADING_POST: (("pay", False), ("take", False)),
    Form.WHOLESALER: (("pay", True), ("take", False)),
    Form.MARKET: (("pay", False), ("take", True)),
}

_FIELDS: dict[str, frozenset[str]] = {
    "produce": frozenset({"type", "target"}),
    "trade": frozenset({"type", "pay", "take"}),
    "end_turn": frozenset({"type"}),
}


def form_of(building: str) -> Form | None:
    """The building's brownie form; None for a building without brownies (§2.5 #24, #25)."""
    brownie = CARDS[building].brownie
    return None if brownie is None else brownie.form


def parse_action(payload: Mapping[str, object]) -> Action:
    """The action the payload spells, card lists in canonical order; any other shape is `invalid_action`."""
    if not isinstance(payload, Mapping):
        raise _invalid()
    kind = payload.get("type")
    if kind == "brownie":
        return _parse_brownie(payload)
    if not isinstance(kind, str) or kind not in _FIELDS or set(payload) != _FIELDS[kind]:
        raise _invalid()
    if kind == "produce":
        return Produce(_card(payload["target"]))
    if kind == "trade":
        return Trade(_cards(payload["pay"]), _cards(payload["take"]))
    return EndTurn()


def _parse_brownie(payload: Mapping[str, object]) -> UseBrownie:
    building = payload.get("building")
    if not isinstance(building, str) or building not in IS_BUILDING:
        raise _invalid()
    params = PARAMS[form_of(building)]
    if set(payload) != {"type", "building", *(name for name, _ in params)}:
        raise _invalid()
    found: dict[str, tuple[str, ...]] = {}
    for name, is_list in params:
        found[name] = _cards(payload[name]) if is_list else (_card(payload[name]),)
    return UseBrownie(building, found.get("pay", ()), found.get("take", ()))


def _card(value: object) -> str:
    if not isinstance(value, str) or value not in CARDS:
        raise _invalid()
    return value


def _cards(value: object) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise _invalid()
    return sort_kinds(_card(item) for item in value)


def _invalid() -> IllegalAction:
    return IllegalAction("invalid_action", INVALID_MESSAGE)
