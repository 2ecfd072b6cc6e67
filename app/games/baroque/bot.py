"""A heuristic Baroque player that sees only its seat's view.

- **Bid:** add up a win chance for each card in hand, judged by how many higher cards of its
  color are still unseen (not in this hand, not in the face-up discard pile); black counts
  more since it is trump. Take the legal rank selection whose value is nearest that estimate.
- **Aim:** a seat wants tricks while it has won fewer than its bid, none once it has met it,
  and again every trick once it has passed it (the +2 is lost, each trick is still +1).
- **Salon:** wanting tricks, play the strongest legal card; otherwise the weakest.
- **Ball:** assume everyone else keeps their salon card and judge each legal decision by who
  would then win. Wanting the trick, keep if that already wins, else change to the weakest
  card that wins, else shed the weakest card. Not wanting it, pick a losing decision that
  sheds the strongest card. Ties go to the first option in `legal`.
"""

from collections.abc import Sequence
from random import Random

from app.engine import Choice, Reason, term
from app.games.baroque.cards import CARDS, COLOR, NUMBER, RANK_VALUE, TRUMP
from app.games.baroque.rules import trick_winner

# Win chance of a card by how many higher cards of its color are still unseen.
_BLACK_CHANCE = (1.0, 0.85, 0.65, 0.45, 0.3, 0.15)
_PLAIN_CHANCE = (0.7, 0.4, 0.2, 0.1)


def _power(card: str) -> int:
    """A card's strength for ordering: any black above any other color, then by number."""
    return NUMBER[card] + (20 if COLOR[card] is TRUMP else 0)


def _estimate(hand: Sequence[str], seen: set[str]) -> float:
    """The expected number of tricks the hand takes."""
    unseen = [card for card in CARDS if card not in seen]
    total = 0.0
    for card in hand:
        higher = sum(1 for other in unseen if COLOR[other] is COLOR[card] and NUMBER[other] > NUMBER[card])
        chances = _BLACK_CHANCE if COLOR[card] is TRUMP else _PLAIN_CHANCE
        total += chances[higher] if higher < len(chances) else 0.0
    return total


def _choose_bid(view: dict[str, object], legal: list[dict[str, object]]) -> Choice:
    hand = _strs(view["hand"])
    seen = set(hand) | set(_strs(view["discard"]))
    target = _estimate(hand, seen)
    bid = min(legal, key=lambda action: abs(_rank_sum(action) - target))
    return Choice(bid, Reason("hint.bid", {"bid": _rank_sum(bid), "estimate": f"{target:.1f}"}))


def _rank_sum(action: dict[str, object]) -> int:
    return sum(RANK_VALUE[rank] for rank in _strs(action["ranks"]))


def _aim(view: dict[str, object], seat: int) -> tuple[bool, dict[str, object]]:
    """Whether the seat wants tricks, and its bid and tricks won (the reasons name them)."""
    bids = _list(view["bids"])
    won = _list(view["tricks_won"])
    bid, tricks = bids[seat], won[seat]
    assert isinstance(bid, int) and isinstance(tricks, int)
    # Short of the bid, or past it with the bonus already lost.
    return tricks != bid, {"bid": bid, "won": tricks}


def _aim_term(wants: bool, counts: dict[str, object]) -> dict[str, object]:
    """Short of the bid, on it, or past it: what every trick reason starts from."""
    if not wants:
        return term("hint.aim.met")
    return term("hint.aim.short" if _int(counts["won"]) < _int(counts["bid"]) else "hint.aim.past")


def _card(card: str) -> dict[str, object]:
    """A card as the reasons name it: its color a word of the strings, its number."""
    return {"color": term(f"bq.color.{COLOR[card]}"), "n": NUMBER[card]}


def _choose_salon(legal: list[dict[str, object]], wants: bool, counts: dict[str, object]) -> Choice:
    pick = max if wants else min
    action = pick(legal, key=lambda action: _power(_str(action["card"])))
    strength = "strongest" if wants else "weakest"
    aim = _aim_term(wants, counts)
    return Choice(action, Reason(f"hint.salon.{strength}", {"aim": aim, **counts, **_card(_str(action["card"]))}))


def _choose_ball(
    view: dict[str, object], legal: list[dict[str, object]], seat: int, wants: bool, counts: dict[str, object]
) -> Choice:
    salon = [_str(card) for card in _list(view["salon"])]
    leader = view["leader"]
    assert isinstance(leader, int)

    def final_card(action: dict[str, object]) -> str:
        return _str(action["card"]) if action["type"] == "ball_change" else salon[seat]

    def wins(action: dict[str, object]) -> bool:
        finals = [final_card(action) if other == seat else card for other, card in enumerate(salon)]
        return trick_winner(finals, leader) == seat

    def choice(action: dict[str, object], outcome: str) -> Choice:
        move = "keep" if action["type"] == "ball_keep" else "change"
        aim = _aim_term(wants, counts)
        return Choice(
            action, Reason(f"hint.ball.{move}.{outcome}", {"aim": aim, **counts, **_card(final_card(action))})
        )

    winning = [action for action in legal if wins(action)]
    losing = [action for action in legal if not wins(action)]
    if wants:
        if winning:
            keep = [action for action in winning if action["type"] == "ball_keep"]
            return choice(keep[0] if keep else min(winning, key=lambda action: _power(final_card(action))), "wins")
        return choice(min(legal, key=lambda action: _power(final_card(action))), "cannotWin")
    if losing:
        return choice(max(losing, key=lambda action: _power(final_card(action))), "loses")
    return choice(min(legal, key=lambda action: _power(final_card(action))), "cannotLose")


def choose(view: dict[str, object], rng: Random) -> Choice:
    """One action from view["legal"] by the heuristic above, and why; deterministic, so `rng` goes unused."""
    legal = [_dict(action) for action in _list(view["legal"])]
    seat = view["seat"]
    if not legal or not isinstance(seat, int):
        raise ValueError("this seat has nothing to do")
    kind = legal[0]["type"]
    if kind == "take_rank":
        return _choose_bid(view, legal)
    wants, counts = _aim(view, seat)
    if kind == "play_salon":
        return _choose_salon(legal, wants, counts)
    return _choose_ball(view, legal, seat, wants, counts)


def _int(value: object) -> int:
    assert isinstance(value, int)
    return value


def _list(value: object) -> list[object]:
    assert isinstance(value, list)
    return value


def _dict(value: object) -> dict[str, object]:
    assert isinstance(value, dict)
    return value


def _str(value: object) -> str:
    assert isinstance(value, str)
    return value


def _strs(value: object) -> list[str]:
    return [_str(item) for item in _list(value)]
