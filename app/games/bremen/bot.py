"""A heuristic Bremen player that sees only its seat's view.

Each animal has a home pitch on the 1–15 scale, evenly spaced: rooster 3.2, cat 6.4, dog 9.6,
donkey 12.8 (the quintiles, leaving room at both ends).

- Keeper: the card nearest its home pitch is saved for round 10 and played only when it is the
  last card; every choice below is made among the other cards.
- Declare (leader): the card nearest its own home pitch, so the others have room on both sides.
- Play (after a declaration): only cards strictly between the known neighbours in pitch fit
  (the declared value on the leader's side, 0 and 16 at the ends). With unknown seats on both
  sides it aims at the point interpolated for its rank; with unknown seats on one side only it
  plays its fitting card farthest from them; with none, any fitting card succeeds and it spends
  the one farthest from its home pitch. If no card fits, the ensemble fails anyway: it spends
  the card farthest from its home pitch.
- Pass: the card that is far from its own home pitch and near the left neighbour's.
- Pinch: signalled before passing when no card is within 2 of its home pitch.
- Round 10 and a seat that has passed: the only legal action.
"""

from collections.abc import Mapping, Sequence
from random import Random

from app.games.bremen.cards import PITCH, SEATS, VALUE, Animal

_TOP = 16  # one above the highest value: the upper anchor of the scale
HOME: dict[Animal, float] = {animal: _TOP * (rank + 1) / (len(PITCH) + 1) for rank, animal in enumerate(PITCH)}
_PINCH_DISTANCE = 2


def _int(value: object) -> int:
    assert type(value) is int
    return value


def _dicts(value: object) -> list[Mapping[str, object]]:
    assert isinstance(value, list)
    return [item for item in value if isinstance(item, Mapping)]


def _value(action: Mapping[str, object]) -> int:
    card = action["card_id"]
    assert isinstance(card, str)
    return VALUE[card]


def _nearest(actions: Sequence[Mapping[str, object]], target: float, rng: Random) -> Mapping[str, object]:
    """The action whose card is closest to `target`; ties broken at random."""
    best = min(abs(_value(a) - target) for a in actions)
    return rng.choice([a for a in actions if abs(_value(a) - target) == best])


def _play(plays: list[Mapping[str, object]], rank: int, leader_rank: int, declared: int, home: float, rng: Random) -> Mapping[str, object]:
    """The play after a declaration: see the module docstring."""
    # Known anchors: 0 below the rooster, the declared value, 16 above the donkey.
    low, below = (declared, rank - leader_rank - 1) if leader_rank < rank else (0, rank)
    high, above = (declared, leader_rank - rank - 1) if leader_rank > rank else (_TOP, len(PITCH) - 1 - rank)
    fitting = [a for a in plays if low < _value(a) < high]
    if not fitting:  # the ensemble fails whatever this seat plays: spend its worst card
        return max(plays, key=lambda a: abs(_value(a) - home))
    if below and above:
        return _nearest(fitting, low + (high - low) * (below + 1) / (below + above + 2), rng)
    if below:  # unknown seats only underneath: stay as high as possible
        return max(fitting, key=_value)
    if above:  # unknown seats only above: stay as low as possible
        return min(fitting, key=_value)
    # Both neighbours in pitch are known and any fitting card succeeds: keep the useful ones.
    return max(fitting, key=lambda a: abs(_value(a) - home))


def _spare(actions: list[Mapping[str, object]], home: float) -> list[Mapping[str, object]]:
    """The actions without the card nearest home, kept for round 10, unless it is the only one."""
    if len(actions) == 1:
        return actions
    keeper = min(actions, key=lambda a: abs(_value(a) - home))
    return [a for a in actions if a is not keeper]


def choose(view: dict[str, object], rng: Random) -> dict[str, object]:
    """One action from view["legal"], chosen by the heuristic in the module docstring."""
    legal = _dicts(view["legal"])
    seat = _int(view["seat"])
    seats = _dicts(view["seats"])
    animals = [Animal(str(s["animal"])) for s in seats]
    me = animals[seat]
    home = HOME[me]
    by_type: dict[str, list[Mapping[str, object]]] = {}
    for action in legal:
        by_type.setdefault(str(action["type"]), []).append(action)

    if "declare" in by_type:
        return dict(_nearest(_spare(by_type["declare"], home), home, rng))

    if "play" in by_type:
        plays = _spare(by_type["play"], home)
        declared = view["declared"]
        if not isinstance(declared, Mapping):  # round 10: no declaration, the last card
            return dict(_nearest(plays, home, rng))
        leader_rank = PITCH.index(animals[_int(declared["seat"])])
        return dict(_play(plays, PITCH.index(me), leader_rank, _int(declared["value"]), home, rng))

    if "pass" in by_type:
        passes = by_type["pass"]
        if "signal_pinch" in by_type and all(abs(_value(a) - home) > _PINCH_DISTANCE for a in passes):
            return {"type": "signal_pinch"}
        neighbour = HOME[animals[(seat + 1) % SEATS]]
        best = max(abs(_value(a) - home) - abs(_value(a) - neighbour) for a in passes)
        return dict(rng.choice([a for a in passes if abs(_value(a) - home) - abs(_value(a) - neighbour) == best]))

    return dict(legal[0])
