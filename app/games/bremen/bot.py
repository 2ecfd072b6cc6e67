"""A heuristic Bremen player that sees only its seat's view.

Each animal has a home pitch, evenly spaced on the 1–15 scale: rooster 2, cat 6, dog 10,
donkey 14.

- Keeper: the card nearest home is saved for round 10 and never spent before it is the last card,
  even at the price of a failure (the team may fail twice; round 10 it may not). In hard mode the
  round-9 keeper is the card nearest the left neighbour's home, since it is passed to them.
- Declare (leader): among the other cards, a rooster declares its lowest, a donkey its highest
  (leaving the whole scale to the others), a cat or dog the one nearest its home.
- Play: only cards strictly between the known neighbours in pitch fit (the declared value on the
  leader's side, 0 and 16 at the ends). With unknown seats on both sides it aims at the point
  interpolated for its rank; with unknown seats on one side only it plays its fitting card
  farthest from them; with none, every fitting card succeeds, so it spends the one farthest from
  home. If no spare card fits, it spends its spare card farthest from home.
- Pass: the card far from its own home and near the left neighbour's (half weight).
- Pinch: signalled before passing when no card is within 2 of home.
- Round 10: the only card. A seat that has passed does nothing more: the pinch signal is optional,
  and a signal after passing would tell the table something false.
"""

from collections.abc import Mapping, Sequence
from random import Random

from app.engine import Choice, Reason
from app.games.bremen.cards import PITCH, ROUNDS, SEATS, VALUE, Animal

Action = Mapping[str, object]

HOME: dict[Animal, float] = {Animal.ROOSTER: 2, Animal.CAT: 6, Animal.DOG: 10, Animal.DONKEY: 14}
_TOP = 16  # one above the highest value: the upper anchor of the scale
_PINCH_DISTANCE = 2
_NEIGHBOUR_WEIGHT = 0.5


def _int(value: object) -> int:
    assert type(value) is int
    return value


def _dicts(value: object) -> list[Action]:
    assert isinstance(value, list)
    return [item for item in value if isinstance(item, Mapping)]


def _value(action: Action) -> int:
    card = action["card_id"]
    assert isinstance(card, str)
    return VALUE[card]


def _nearest(actions: Sequence[Action], target: float, rng: Random) -> Action:
    """The action whose card is closest to `target`; ties broken at random."""
    best = min(abs(_value(a) - target) for a in actions)
    return rng.choice([a for a in actions if abs(_value(a) - target) == best])


def _farthest(actions: Sequence[Action], target: float) -> Action:
    """The action whose card is farthest from `target`: the one this seat needs least."""
    return max(actions, key=lambda a: abs(_value(a) - target))


def _play(spare: list[Action], rank: int, leader_rank: int, declared: int, home: float, rng: Random) -> Choice:
    """The play after a declaration: see the module docstring."""
    low, below = (declared, rank - leader_rank - 1) if leader_rank < rank else (0, rank)
    high, above = (declared, leader_rank - rank - 1) if leader_rank > rank else (_TOP, len(PITCH) - 1 - rank)
    fitting = [a for a in spare if low < _value(a) < high]
    gap = {"low": low, "high": high}
    if not fitting:  # the ensemble fails anyway, or only by spending the keeper
        card = _farthest(spare, home)
        return Choice(dict(card), Reason("hint.playNoFit", {"value": _value(card), **gap}))
    if below and above:
        target = low + (high - low) * (below + 1) / (below + above + 2)
        card = _nearest(fitting, target, rng)
        reason = Reason("hint.playMiddle", {"value": _value(card), "below": below, "above": above, **gap})
    elif below:  # unknown seats only underneath: stay as high as possible
        card = max(fitting, key=_value)
        reason = Reason("hint.playHigh", {"value": _value(card), "below": below, **gap})
    elif above:  # unknown seats only above: stay as low as possible
        card = min(fitting, key=_value)
        reason = Reason("hint.playLow", {"value": _value(card), "above": above, **gap})
    else:
        card = _farthest(fitting, home)
        reason = Reason("hint.playAnyFits", {"value": _value(card), **gap})
    return Choice(dict(card), reason)


def _pass(passes: list[Action], home: float, neighbour: float, rng: Random) -> Action:
    """The card worst for this seat and best for its left neighbour; ties broken at random."""

    def score(action: Action) -> float:
        return abs(_value(action) - home) - _NEIGHBOUR_WEIGHT * abs(_value(action) - neighbour)

    best = max(score(a) for a in passes)
    return rng.choice([a for a in passes if score(a) == best])


def choose(view: dict[str, object], rng: Random) -> Choice | None:
    """One action from view["legal"], chosen by the heuristic in the module docstring, and why; None to wait."""
    legal = _dicts(view["legal"])
    seat = _int(view["seat"])
    animals = [Animal(str(s["animal"])) for s in _dicts(view["seats"])]
    rank = PITCH.index(animals[seat])
    home = HOME[animals[seat]]
    neighbour = HOME[animals[(seat + 1) % SEATS]]
    by_type: dict[str, list[Action]] = {}
    for action in legal:
        by_type.setdefault(str(action["type"]), []).append(action)

    cards = by_type.get("declare") or by_type.get("play") or []
    if len(cards) > 1:
        # The card that will be played in round 10 is passed on first in hard mode's round 9.
        passed_on = view["hard_mode"] is True and view["round"] == ROUNDS - 1
        keeper = _nearest(cards, neighbour if passed_on else home, rng)
        spare = [a for a in cards if a is not keeper]
    else:
        spare = cards

    if "declare" in by_type:
        if rank == 0:
            declared_card = min(spare, key=_value)
            reason = Reason("hint.declareLow", {"value": _value(declared_card)})
        elif rank == len(PITCH) - 1:
            declared_card = max(spare, key=_value)
            reason = Reason("hint.declareHigh", {"value": _value(declared_card)})
        else:
            declared_card = _nearest(spare, home, rng)
            reason = Reason("hint.declareHome", {"value": _value(declared_card), "home": int(home)})
        return Choice(dict(declared_card), reason)

    if "play" in by_type:
        declared = view["declared"]
        if not isinstance(declared, Mapping):  # round 10: the last card
            return Choice(dict(spare[0]), Reason("hint.playLast", {"value": _value(spare[0])}))
        leader_rank = PITCH.index(animals[_int(declared["seat"])])
        return _play(spare, rank, leader_rank, _int(declared["value"]), home, rng)

    if "pass" in by_type:
        passes = by_type["pass"]
        if "signal_pinch" in by_type and all(abs(_value(a) - home) > _PINCH_DISTANCE for a in passes):
            return Choice(
                {"type": "signal_pinch"}, Reason("hint.pinch", {"home": int(home), "within": _PINCH_DISTANCE})
            )
        card = _pass(passes, home, neighbour, rng)
        return Choice(
            dict(card), Reason("hint.pass", {"value": _value(card), "home": int(home), "theirs": int(neighbour)})
        )

    return None  # only the optional pinch signal is left
