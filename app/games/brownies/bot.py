"""A heuristic player that sees only its seat's view.

Every legal action gets a score from what it visibly moves, and the best one is played (ties
broken at random); the main action is always taken, then brownies while one scores above zero,
then end_turn. A score adds up:

- 6 per VP gained (a building's printed VP, or VP cards from a Score brownie);
- the value of the cards gained minus the value of the cards paid (a General Store draw counts 2);
- 2 for a building whose brownies could soon work (they need no fixed input, or the hand holds one);
- 1 for each gained card that the hand lacks for a recipe of a building in the row or for an
  owned building's brownies, and minus 1 for paying away the last copy of such a brownie input;
- minus 1 for filling the hand to its limit.
"""

from collections import Counter
from random import Random
from typing import cast

from app.engine import Choice, Reason
from app.games.brownies.view import CATALOG

_VP_WEIGHT = 6
_DRAW_VALUE = 2  # a primary good is worth 2 or 3
_BROWNIE_BONUS = 2
_WANTED_BONUS = 1
_FULL_HAND_PENALTY = 1

Json = dict[str, object]
Icons = dict[str, dict[str, int]]  # the catalog's icon lists: {"pay": {kind: n}, "show": {kind: n}}


def choose(view: Json, rng: Random) -> Choice:
    """One action from the full view's "legal", the best by the heuristic above, and what decided it."""
    legal = cast(list[Json], view["legal"])
    if not legal:
        raise ValueError("this seat has nothing to do now")
    table = _Table(view)
    scored = [(table.score(action), rng.random(), index) for index, action in enumerate(legal)]
    best_score, _, best = max(scored)
    end = next((i for i, action in enumerate(legal) if action["type"] == "end_turn"), None)
    if end is not None and best_score <= 0:  # §4.6: brownies are optional; stop when none pays off
        return Choice(legal[end], Reason("hint.endTurn"))
    return Choice(legal[best], table.reason(legal[best]))


class _Table:
    """What the seat knows, arranged for scoring."""

    def __init__(self, view: Json) -> None:
        self.cards = cast(dict[str, Json], CATALOG)  # the printed faces: the same for every seat
        seat = cast(int, view["seat"])
        me = cast(list[Json], view["players"])[seat]
        self.hand = Counter(cast(list[str], me["hand"]))
        self.area = cast(list[str], me["area"])
        self.hand_limit = cast(int, view["hand_limit"])
        building_row = cast(list[str], cast(Json, view["market"])["building_row"])
        self.inputs = {kind for building in self.area for kind in _kinds(self._brownie_inputs(building))}
        recipes = {kind for building in building_row for kind in _kinds(self._icons(building, "recipe"))}
        # One copy of each kind a row building's recipe or an owned brownie needs, less what is held.
        self.wanted = Counter(recipes | self.inputs) - self.hand

    def _icons(self, kind: str, key: str) -> Icons:
        return cast(Icons, self.cards[kind][key])

    def _brownie_inputs(self, building: str) -> Icons:
        brownie = self.cards[building]["brownie"]
        return {"pay": {}, "show": {}} if brownie is None else cast(Icons, cast(Json, brownie)["inputs"])

    def _value(self, kinds: list[str]) -> int:
        return sum(cast(int, self.cards[kind]["value"]) for kind in kinds)

    def score(self, action: Json) -> float:
        """The heuristic worth of `action` for this seat (see the module docstring)."""
        kind = action["type"]
        if kind == "end_turn":
            return 0.0
        paid, shown, gained, vp, drew = self._effects(action)
        score = float(self._value(gained) - self._value(paid) + _DRAW_VALUE * drew)
        score += _VP_WEIGHT * vp
        goods = [card for card in gained if not self._is_building(card)]
        buildings = [card for card in gained if self._is_building(card)]
        score += _BROWNIE_BONUS * sum(1 for building in buildings if self._brownies_look_useful(building))
        still_wanted = self.wanted.copy()
        for card in goods:
            if still_wanted[card] > 0:
                score += _WANTED_BONUS
                still_wanted[card] -= 1
        score -= _WANTED_BONUS * sum(1 for card in paid if self.hand[card] == 1 and card in self.inputs)
        if sum(self.hand.values()) - len(paid) + len(goods) + drew >= self.hand_limit:
            score -= _FULL_HAND_PENALTY
        return score

    def reason(self, action: Json) -> Reason:
        """What decided the action, in its terms: the VP it scores, a building whose brownies can soon
        work, a card the hand lacks, or the value it gains for its cost."""
        paid, _, gained, vp, drew = self._effects(action)
        cost = self._value(paid)
        named = {"name": self._name(gained[0]) if gained else self._name(cast(str, action.get("building", "")))}
        if vp:
            return Reason("hint.vp", {**named, "vp": vp, "cost": cost})
        if drew:
            return Reason("hint.draw", {"cost": cost})
        buildings = [card for card in gained if self._is_building(card)]
        if any(self._brownies_look_useful(building) for building in buildings):
            return Reason("hint.brownieReady", named)
        if any(self.wanted[card] > 0 for card in gained):
            return Reason("hint.wanted", named)
        return Reason("hint.value", {**named, "gain": self._value(gained), "cost": cost})

    def _name(self, kind: str) -> dict[str, object]:
        """A card's printed name in each language (the catalog's)."""
        return {"en": self.cards[kind]["en"], "ja": self.cards[kind]["ja"]}

    def _effects(self, action: Json) -> tuple[list[str], list[str], list[str], int, int]:
        """Cards paid, shown and gained, VP gained and cards drawn face down, as the action will do."""
        kind = action["type"]
        if kind == "produce":
            target = cast(str, action["target"])
            paid, shown = _split(self._icons(target, "recipe"))
            return paid, shown, [target], self._printed_vp([target]), 0
        pay, take = _as_list(action.get("pay")), _as_list(action.get("take"))
        if kind == "trade":
            return pay, [], take, self._printed_vp(take), 0
        brownie = cast(Json, self.cards[cast(str, action["building"])]["brownie"])
        form = brownie["form"]
        if form in ("convert", "score"):
            paid, shown = _split(cast(Icons, brownie["inputs"]))
            gained = list(cast(dict[str, int], brownie["gain"]))
            return paid, shown, gained, cast(int, brownie["vp"]), 0
        if form == "money_changer":
            return pay, [], [], cast(int, brownie["vp"]), 0
        if form == "general_store":
            return pay, [], [], 0, 1
        return pay, [], take, self._printed_vp(take), 0

    def _printed_vp(self, kinds: list[str]) -> int:
        return sum(cast(int, self.cards[kind]["vp"]) for kind in kinds)

    def _is_building(self, kind: str) -> bool:
        return self.cards[kind]["class"] in ("basic_building", "building")

    def _brownies_look_useful(self, building: str) -> bool:
        brownie = self.cards[building]["brownie"]
        if brownie is None:
            return False
        inputs = _kinds(cast(Icons, cast(Json, brownie)["inputs"]))
        return not inputs or any(self.hand[kind] for kind in inputs)


def _kinds(icons: Icons) -> set[str]:
    return {*icons["pay"], *icons["show"]}


def _split(icons: Icons) -> tuple[list[str], list[str]]:
    """The cards an icon list pays, and the cards it shows, repeats kept."""
    paid, shown = icons["pay"], icons["show"]
    return [k for k, n in paid.items() for _ in range(n)], [k for k, n in shown.items() for _ in range(n)]


def _as_list(value: object) -> list[str]:
    if value is None:
        return []
    return [value] if isinstance(value, str) else cast(list[str], value)
