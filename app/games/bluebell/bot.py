"""A heuristic Bluebell player that sees only its seat's view.

Each legal action gets a score and the best one is played (ties broken by the rng):

- Bank first: a winter on a stack whose autumn holds tokens scores 3 per token, since banked
  tokens are what wins the round; an autumn scores 2 per token it takes from the stock.
- Any other placement scores 1: it moves the stack towards the next autumn and winter.
- A discard costs 0.5 when it matches the pile's top, and 3 when it pays a penalty token.
  With no token left, a mismatched discard ends the round: it scores +10 when the supplies
  are tied at the top (nobody wins, and this seat gets its three tokens back) and -20
  otherwise (it would hand someone else the round).
- The hand left after the turn adds 1 if one of its cards can go on the stack next turn.
- A stalled table (every seat's last turn a matching discard, so the pile tops only trade
  places) makes a matching discard cost 2, a penalty 0.5 and ending the round 1: paying a
  token to turn up new cards, or ending the round, beats going round in circles forever.
- A reunion is declared whenever allowed (+0.5): the reunion card lets an autumn take the
  whole stock.
- The Bluebell card itself changes nothing for anyone, so the round ender gives the first one
  offered.
"""

from random import Random

from app.engine import Choice, Reason, term
from app.games.bluebell.cards import PREDECESSORS, SEASON_OF, Season


def _season(card: str) -> Season:
    return SEASON_OF[card]


def _list(value: object) -> list[object]:
    return value if isinstance(value, list) else []


def _cards(value: object) -> list[str]:
    return [card for card in _list(value) if isinstance(card, str)]


def _int(value: object) -> int:
    return value if isinstance(value, int) else 0


def _dict(value: object) -> dict[str, object]:
    return value if isinstance(value, dict) else {}


class _Table:
    """The parts of a view the heuristic reads, typed."""

    def __init__(self, view: dict[str, object]) -> None:
        self.seat = _int(view.get("seat"))
        players = [_dict(p) for p in _list(view.get("players"))]
        me = players[self.seat] if self.seat < len(players) else {}
        self.stack = _cards(me.get("stack"))
        self.supply = _int(me.get("supply"))
        self.autumn_tokens = _int(me.get("autumn_tokens"))
        self.holds_reunion = me.get("holds_reunion") is True
        self.supplies = [_int(p.get("supply")) for p in players]
        stacks = [_cards(p.get("stack")) for i, p in enumerate(players) if i != self.seat]
        self.other_tops = [stack[-1] for stack in stacks if stack]
        self.hand = [str(_dict(c).get("card")) for c in _list(view.get("hand"))]
        self.stock = _int(view.get("stock"))
        recent = [_dict(t) for t in _list(view.get("recent"))]
        self.stalled = len(recent) == len(players) and all(
            isinstance(t.get("discarded"), str) and not t.get("penalty") for t in recent
        )
        piles = _dict(view.get("piles"))
        self.tops = {name: _dict(piles.get(name)).get("top") for name in ("A", "B")}

    def can_follow(self, stack: list[str], card: str) -> bool:
        """Whether `card` could go on `stack` (§4.3), judged from the public tops."""
        season = _season(card)
        if season is Season.SPRING and any(_season(top) is Season.SPRING for top in self.other_tops):
            return False
        if not stack:
            return True
        if _season(stack[-1]) not in PREDECESSORS[season]:
            return False
        two_summers = len(stack) >= 2 and all(_season(c) is Season.SUMMER for c in stack[-2:])
        return not (season is Season.SUMMER and two_summers)

    def hand_value(self, stack: list[str], hand: list[str]) -> float:
        """1 if a card of `hand` could go on `stack` next turn."""
        return 1.0 if any(self.can_follow(stack, card) for card in hand) else 0.0

    def top(self, pile: object) -> str | None:
        top = self.tops.get(str(pile))
        return top if isinstance(top, str) else None


def _stack_after(table: _Table, card: str) -> list[str]:
    if _season(card) is Season.WINTER:
        return [card]
    return table.stack + [card]


def _score(table: _Table, action: dict[str, object]) -> float:
    kind = action.get("type")
    if kind == "place":
        card = str(action.get("card_id"))
        score = 1.0
        if _season(card) is Season.AUTUMN:
            score += 2.0 * (table.stock if table.holds_reunion else min(1, table.stock))
        if _season(card) is Season.WINTER and table.stack:
            score += 3.0 * table.autumn_tokens
        stack = _stack_after(table, card)
        rest = [c for c in table.hand if c != card]
        drawable = [t for t in (table.top("A"), table.top("B")) if t is not None]
        return score + max((table.hand_value(stack, rest + [t]) for t in drawable), default=0.0)
    if kind == "discard":
        card, pile = str(action.get("card_id")), action.get("pile")
        top = table.top(pile)
        penalty = top is not None and _season(top) is not _season(card)
        if penalty and table.supply == 0:
            best = max(table.supplies)
            return 10.0 if table.supplies.count(best) > 1 else (-1.0 if table.stalled else -20.0)
        # A stalled table makes a paid discard the lesser evil; otherwise paying is the worst.
        score = (-0.5 if penalty else -2.0) if table.stalled else (-3.0 if penalty else -0.5)
        drawn = table.top("B" if pile == "A" else "A")
        rest = [c for c in table.hand if c != card] + ([drawn] if drawn else [])
        return score + table.hand_value(table.stack, rest) + (0.5 if action.get("reunion") is True else 0.0)
    if kind == "draw":
        drawn = table.top(action.get("pile"))
        rest = table.hand + ([drawn] if drawn else [])
        return table.hand_value(table.stack, rest) + (0.5 if action.get("reunion") is True else 0.0)
    return 0.0


def _card(card: str) -> dict[str, object]:
    """A card as the reasons name it: its season a word of the strings, its number."""
    season, number = card.split("-")
    return {"season": term(f"season.{season}"), "n": int(number)}


def _reason(table: _Table, action: dict[str, object]) -> Reason:
    """What decided the action: the term of its score that set it apart, in its terms."""
    kind = action.get("type")
    if action.get("reunion") is True:
        return Reason("hint.reunion", {"stock": table.stock})
    if kind == "place":
        card = str(action.get("card_id"))
        named = _card(card)
        if _season(card) is Season.WINTER and table.stack and table.autumn_tokens:
            return Reason("hint.bank", {**named, "tokens": table.autumn_tokens})
        if _season(card) is Season.AUTUMN and table.stock:
            taken = table.stock if table.holds_reunion else 1
            return Reason("hint.autumn", {**named, "tokens": taken})
        return Reason("hint.place", {**named, "stack": len(_stack_after(table, card))})
    if kind == "discard":
        card, pile = str(action.get("card_id")), str(action.get("pile"))
        top = table.top(pile)
        named = {**_card(card), "pile": pile}
        if top is None or _season(top) is _season(card):
            return Reason("hint.discardStalled" if table.stalled else "hint.discardMatch", named)
        if table.supply == 0:
            return Reason("hint.endTied" if table.supplies.count(max(table.supplies)) > 1 else "hint.endRound", named)
        return Reason("hint.discardStalledPenalty" if table.stalled else "hint.discardPenalty", named)
    pile = str(action.get("pile"))
    drawn = table.top(pile)
    follows = drawn is not None and table.can_follow(table.stack, drawn)
    return Reason("hint.drawFollows" if follows else "hint.draw", {"pile": pile})


def choose(view: dict[str, object], rng: Random) -> Choice:
    """One action from `view["legal"]`, the best by the heuristic above, and what decided it."""
    legal = [_dict(a) for a in _list(view.get("legal"))]
    if not legal:
        raise ValueError("this seat has no legal action")
    if legal[0].get("type") == "give_bluebell":
        return Choice(legal[0], Reason("hint.giveBluebell"))
    table = _Table(view)
    best = max(legal, key=lambda action: _score(table, action) + rng.random() * 0.01)
    return Choice(best, _reason(table, best))
