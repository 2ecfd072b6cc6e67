"""Queen of Hansa (ハンザの女王): setup, who acts, legal actions, apply, outcome.

Glossary (rulebook term, then its name here):
  リューベク Lübeck · ロンドン London (LON) · ブリュージュ Bruges (BRU) · ベルゲン Bergen (BER)
  ノヴゴロド Novgorod (NOV) · 交渉力 power · 手札 hand · 手元に出す play face up (Play, face "up")
  裏向きに出す play face down (Play, face "down") · 手札補充 take (Take) · 共通ボード board
  都市スペース space · 左から1枚目/2枚目 slot 0 / slot 1 · カード補充 refill
  商品キューブ goods cube · ついたて screen · ストック bag · 繁栄度 prosperity
  繁栄トラック prosperity track · 繁栄キューブ prosperity marker (Adjust)
  残り2枚 trigger (falling to two cards) · 決算 settlement · 収入 income · 順位 rank
  リューベクへの貢献 contribution to Lübeck · 要人による援助 support of notables
  人物アイコン person · ラウンド round · 手番 turn · タイブレーク tie-break
  最初に残す2枚 keep (Keep, the §7 opening draft)
"""

from dataclasses import replace
from functools import cache
from itertools import combinations
from random import Random

from app.engine import Commits, Event, IllegalAction, Options, Outcome, Seat, Transition, evolve
from app.engine.errors import game_over, not_your_turn, out_of_step
from app.games.hansa.actions import Adjust, HansaAction, Keep, Play, Take
from app.games.hansa.cards import (
    CARD_IDS,
    CARDS,
    CITIES,
    CITY_INDEX,
    CITY_OF,
    CUBES_PER_COLOUR,
    DRAFT_HAND_SIZE,
    HAND_SIZE,
    ROUNDS,
    SPACE_CAPACITY,
    START_POSITION,
    TAKE_SLOTS,
    TRACK_END,
    TRIGGER_DELTAS,
    TURNS_PER_ROUND,
    sort_cards,
)
from app.games.hansa.public import board_json, by_city, final_json, settlement_json, slot_json
from app.games.hansa.scoring import final_scoring, settle
from app.games.hansa.state import HansaState, LastTurn, Phase, Player, Slot, Trigger

# §4.4 and §7: the English message for each of the game's own error codes (the shared refusals
# game_over, not_your_turn and wrong_phase come from app.engine.errors).
MESSAGES: dict[str, str] = {
    "already_chosen": "You have already chosen the cards you keep.",
    "bad_keep": "Keep exactly two different cards of your hand.",
    "card_not_in_hand": "That card is not in your hand.",
    "bad_face": "A card is played face up or face down.",
    "adjust_not_allowed": "Only a face-down play moves a prosperity marker.",
    "adjust_required": "A face-down play must move one city's prosperity marker one step.",
    "unknown_city": "That is not a city.",
    "bad_delta": "A prosperity marker moves exactly one step, +1 or -1.",
    "prosperity_out_of_range": "A prosperity marker cannot leave the track.",
    "no_cards_to_take": "The board is empty: there is nothing to take.",
    "take_required": "You must take a card from the board.",
    "wrong_space": "After a face-up play, take from the space of the card's city.",
    "empty_space": "That space has no cards.",
    "bad_slot": "Only slot 0 or slot 1 may be taken.",
    "slot_empty": "That slot holds no card.",
}

FACES = ("up", "down")
DELTAS = (-1, 1)


def _illegal(code: str) -> IllegalAction:
    return IllegalAction(code, MESSAGES[code])


# --- setup and round start --------------------------------------------------------------------


def setup(seats: int, options: Options, rng: Random) -> HansaState:
    """A new table after §3 (or stopped in OPENING_DRAFT with the §7 variant), drawing in §3's order."""
    if seats not in TURNS_PER_ROUND:
        raise ValueError(f"Queen of Hansa is for 2 to 4 players, not {seats}")
    draft = options.flag("opening_draft")
    first = rng.randrange(seats)  # RNG #1
    deck = list(CARD_IDS)
    rng.shuffle(deck)  # RNG #2
    hands: list[list[str]] = [[] for _ in range(seats)]
    # §3 step 5 [house rule]: one card at a time from the top, first player first, clockwise.
    dealt = 0
    for _ in range(DRAFT_HAND_SIZE if draft else HAND_SIZE):
        for offset in range(seats):
            hands[(first + offset) % seats].append(deck[dealt])
            dealt += 1
    empty = (0,) * len(CITIES)
    state = HansaState(
        seats=seats,
        opening_draft=draft,
        phase=Phase.OPENING_DRAFT if draft else Phase.TURNS,
        round=1,
        first_player=first,
        round_first_player=first,
        current_player=None,
        turns_taken=0,
        prosperity=(START_POSITION,) * len(CITIES),
        triggers_this_round=0,
        triggered=empty,
        board=((),) * len(CITIES),
        deck=tuple(deck[dealt:]),
        bag=(CUBES_PER_COLOUR,) * len(CITIES),
        players=tuple(Player(sort_cards(hand), (), (), (), (), (), empty, 0) for hand in hands),
        kept=Commits.open(seats, frozenset(range(seats)) if draft else frozenset()),
        last_turn=None,
        settlements=(),
        final=None,
    )
    if draft:
        return state  # §7: round 1 starts when the last seat has kept its cards
    return _start_round(state, 1, rng)[0]


def _draw_cube(bag: list[int], rng: Random) -> int:
    """The colour drawn: index i of the bag listed in canonical colour order (§3, cube draw)."""
    i = rng.randrange(sum(bag))
    for colour, count in enumerate(bag):
        if i < count:
            bag[colour] -= 1
            return colour
        i -= count
    raise AssertionError("the index is always inside the bag")


def _start_round(state: HansaState, round_: int, rng: Random) -> tuple[HansaState, list[Event]]:
    """The state after Round start (§4.3): the top-up refill with its cube draws, and its event."""
    first = (state.first_player + round_ - 1) % state.seats  # §4.3 step 2 [house rule]
    capacity = SPACE_CAPACITY[state.seats]
    bag = list(state.bag)
    board: list[tuple[Slot, ...]] = []
    drawn = 0
    # §4.3 step 3 [interpretation §8.13]: leftovers stay with their cubes; top up LON, BRU, BER, NOV.
    for space in state.board:
        added: list[Slot] = []
        while len(space) + len(added) < capacity and drawn < len(state.deck):
            card = state.deck[drawn]
            drawn += 1
            cube = CITIES[_draw_cube(bag, rng)] if CARDS[card].cube_icon and sum(bag) > 0 else None
            added.append(Slot(card, cube))
        board.append(space + tuple(added))
    state = evolve(
        state,
        phase=Phase.TURNS,
        round=round_,
        round_first_player=first,
        current_player=first,
        turns_taken=0,
        triggers_this_round=0,
        triggered=(0,) * len(CITIES),
        board=tuple(board),
        deck=state.deck[drawn:],
        bag=tuple(bag),
    )
    data = {"round": round_, "first_player": first, "board": board_json(state.board), "deck_count": len(state.deck)}
    return state, [Event("round_started", data)]


# --- who acts and what they may do -----------------------------------------------------------


def awaiting(state: HansaState) -> frozenset[Seat]:
    """The current player during turns, the seats still to keep in the draft, nobody at the end."""
    if state.phase is Phase.OPENING_DRAFT:
        return state.kept.waiting_on()
    if state.phase is Phase.TURNS and state.current_player is not None:
        return frozenset((state.current_player,))
    return frozenset()


# Every possible play, built once: legal_actions runs on every view of the current player.
_TAKES: tuple[Take | None, ...] = tuple(Take(city.value, slot) for city in CITIES for slot in range(TAKE_SLOTS)) + (
    None,
)
_NO_TAKE = len(_TAKES) - 1  # the index of "no take", for a whole empty board
_ADJUSTS: tuple[Adjust, ...] = tuple(Adjust(city.value, delta) for city in CITIES for delta in DELTAS)
_UP_PLAYS: dict[str, tuple[Play, ...]] = {
    card: tuple(Play(card, "up", None, take) for take in _TAKES) for card in CARD_IDS
}
_DOWN_PLAYS: dict[str, tuple[tuple[Play, ...], ...]] = {
    card: tuple(tuple(Play(card, "down", adjust, take) for take in _TAKES) for adjust in _ADJUSTS) for card in CARD_IDS
}


def _open_slots(board: tuple[tuple[Slot, ...], ...]) -> tuple[int, ...]:
    """How many of slots 0 and 1 hold a card, by space: all that legal plays depend on of the board."""
    return tuple(min(TAKE_SLOTS, len(space)) for space in board)


def _takes(open_slots: tuple[int, ...], spaces: range | tuple[int, ...]) -> list[int]:
    """Indices in _TAKES of every take from slot 0 or 1 of `spaces`; "no take" on an empty board."""
    takes = [c * TAKE_SLOTS + slot for c in spaces for slot in range(open_slots[c])]
    return takes if any(open_slots) else [_NO_TAKE]


# The keys below take few values (60 cards, 3**4 slot patterns, 12**4 marker positions), so the
# caches stay small while sparing each call the rebuilding of a hundred-odd plays.
@cache
def _card_plays(card: str, open_slots: tuple[int, ...]) -> tuple[tuple[Play, ...], tuple[tuple[Play, ...], ...]]:
    """The card's face-up plays, and its face-down plays by index in _ADJUSTS."""
    anywhere = _takes(open_slots, range(len(CITIES)))
    own = CITY_OF[card]
    # §4.4: face up takes from the card's own space; from anywhere if it is empty [house rule].
    up = _UP_PLAYS[card]
    down = _DOWN_PLAYS[card]
    return (
        tuple(up[t] for t in (_takes(open_slots, (own,)) if open_slots[own] else anywhere)),
        tuple(tuple(plays[t] for t in anywhere) for plays in down),
    )


@cache
def _adjusts(prosperity: tuple[int, ...]) -> tuple[int, ...]:
    """Indices in _ADJUSTS of every marker step that stays on the track (§8.5)."""
    return tuple(
        a for a, adjust in enumerate(_ADJUSTS) if 0 <= prosperity[CITY_INDEX[adjust.city]] + adjust.delta <= TRACK_END
    )


def legal_actions(state: HansaState, seat: Seat) -> list[HansaAction]:
    """Every action `seat` may take now, in a stable order; empty for anyone not awaited."""
    if state.phase is Phase.OPENING_DRAFT:
        if seat not in state.kept.waiting_on():
            return []
        return [Keep(pair) for pair in combinations(state.players[seat].hand, 2)]
    if state.phase is not Phase.TURNS or seat != state.current_player:
        return []
    open_slots = _open_slots(state.board)
    adjusts = _adjusts(state.prosperity)
    actions: list[HansaAction] = []
    for card in state.players[seat].hand:
        up, down = _card_plays(card, open_slots)
        actions += up
        for a in adjusts:
            actions += down[a]
    return actions


def turns_left(state: HansaState, seat: Seat) -> int:
    """The turns `seat` still plays this round: the k-th turn is seat round_first_player + k - 1 (§4.2)."""
    if state.phase is Phase.GAME_OVER:
        return 0
    n = state.seats
    offset = (seat - state.round_first_player) % n
    taken = (state.turns_taken - offset - 1) // n + 1 if state.turns_taken > offset else 0
    return TURNS_PER_ROUND[n] - taken


# --- apply ------------------------------------------------------------------------------------


def apply(state: HansaState, seat: Seat, action: HansaAction, rng: Random) -> Transition[HansaState]:
    """The state after `action` and its events; raises IllegalAction (§4.4, §7 order) and changes nothing."""
    if state.phase is Phase.GAME_OVER:
        raise game_over()
    if isinstance(action, Keep):
        return _keep(state, seat, action, rng)
    return _play(state, seat, action, rng)


def _check_play(state: HansaState, seat: Seat, play: Play) -> None:
    """Raises the first failing check of §4.4's validation table after the shape check."""
    if seat != state.current_player:
        raise not_your_turn()
    if play.card not in state.players[seat].hand:
        raise _illegal("card_not_in_hand")
    if play.face not in FACES:
        raise _illegal("bad_face")
    adjust, take = play.adjust, play.take
    if play.face == "up" and adjust is not None:
        raise _illegal("adjust_not_allowed")
    if play.face == "down":
        if adjust is None:
            raise _illegal("adjust_required")
        if adjust.city not in CITY_INDEX:
            raise _illegal("unknown_city")
        if adjust.delta not in DELTAS:
            raise _illegal("bad_delta")
        if not 0 <= state.prosperity[CITY_INDEX[adjust.city]] + adjust.delta <= TRACK_END:
            raise _illegal("prosperity_out_of_range")
    board_empty = not any(state.board)
    if board_empty:
        if take is not None:
            raise _illegal("no_cards_to_take")
        return
    if take is None:
        raise _illegal("take_required")
    if take.space not in CITY_INDEX:
        raise _illegal("unknown_city")
    space = CITY_INDEX[take.space]
    own = CITY_OF[play.card]
    if play.face == "up" and state.board[own] and space != own:
        raise _illegal("wrong_space")
    if not state.board[space]:
        raise _illegal("empty_space")
    if take.slot not in (0, 1):
        raise _illegal("bad_slot")
    if take.slot >= len(state.board[space]):
        raise _illegal("slot_empty")


def _without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """The cards less `card`, if it is there; the order is kept."""
    if card not in cards:
        return cards
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


def _played(player: Player, play: Play, when: tuple[int, int], taken: Slot | None) -> Player:
    """Effects 1 and 3 on the player: the card leaves the hand face up or down, the taken card joins it."""
    card = play.card
    hand = _without(player.hand, card)
    known, unplaced, screen = player.known, player.unplaced, player.screen
    tableau_up, tableau_down, down_turns = player.tableau_up, player.tableau_down, player.down_turns
    if play.face == "up":
        known = _without(known, card)
        unplaced = _without(unplaced, card)
        tableau_up += (card,)
    else:
        # §5: the table can no longer tell which known card went down, so all become "unplaced".
        known, unplaced = (), sort_cards(set(unplaced) | set(known))
        tableau_down += (card,)
        down_turns += (when,)
    if taken is not None:
        hand = sort_cards(hand + (taken.card,))
        known = sort_cards(known + (taken.card,))
        if taken.cube is not None:
            c = CITY_INDEX[taken.cube]
            screen = screen[:c] + (screen[c] + 1,) + screen[c + 1 :]
    return Player(hand, known, unplaced, tableau_up, tableau_down, down_turns, screen, player.score)


def _played_events(seat: Seat, play: Play) -> list[Event]:
    """What the table learns of effect 1 (§5)."""
    if play.face == "up":
        return [Event("card_played_face_up", {"seat": seat, "card": play.card})]
    # The public line names no card, so it is the same whichever card went down.
    return [
        Event("card_played_face_down", {"seat": seat}),
        Event("card_played_face_down", {"seat": seat, "card": play.card}, frozenset((seat,))),
    ]


def trigger_delta(state: HansaState, space: int) -> int | None:
    """The step a take from `space` would move its marker by now; None if that take triggers nothing.

    Effect 4 [interpretation §8.1, §8.2]: only the take from 3 cards to 2, once per space per round,
    by the k-th entry of TRIGGER_DELTAS.
    """
    if state.phase is not Phase.TURNS or len(state.board[space]) != 3 or state.triggered[space]:
        return None
    return TRIGGER_DELTAS[state.triggers_this_round]


def _trigger(state: HansaState, space: int, prosperity: list[int]) -> Trigger | None:
    """The trigger a take from `space` causes, if any, moving its marker in `prosperity` (effect 4)."""
    delta = trigger_delta(state, space)
    if delta is None:
        return None
    ordinal = state.triggers_this_round + 1
    prosperity[space] = min(TRACK_END, max(0, prosperity[space] + delta))  # [house rule] clamp
    return Trigger(CITIES[space], ordinal, delta, prosperity[space])


def _play(state: HansaState, seat: Seat, play: Play, rng: Random) -> Transition[HansaState]:
    """The effects of §4.4 in order, then the next turn, or the round's end."""
    _check_play(state, seat, play)
    turn = state.turns_taken + 1
    events = _played_events(seat, play)
    prosperity = list(state.prosperity)
    adjusted = 0
    if play.adjust is not None:  # effect 2
        c = CITY_INDEX[play.adjust.city]
        prosperity[c] += play.adjust.delta
        adjusted = prosperity[c]
        data = {"seat": seat, "city": play.adjust.city, "delta": play.adjust.delta, "position": adjusted}
        events.append(Event("prosperity_adjusted", data))
    board, taken, trigger = state.board, None, None
    triggers, triggered = state.triggers_this_round, state.triggered
    if play.take is not None:  # effect 3
        space, slot = CITY_INDEX[play.take.space], play.take.slot
        row = board[space]
        taken = row[slot]
        board = board[:space] + (row[:slot] + row[slot + 1 :],) + board[space + 1 :]
        events.append(Event("card_taken", {"seat": seat, "space": play.take.space, "slot": slot, **slot_json(taken)}))
        trigger = _trigger(state, space, prosperity)
        if trigger is not None:
            triggers = trigger.ordinal
            triggered = triggered[:space] + (trigger.ordinal,) + triggered[space + 1 :]
            data = {"city": trigger.city.value, "ordinal": trigger.ordinal, "delta": trigger.delta}
            events.append(Event("prosperity_triggered", {**data, "position": trigger.position}))
    player = _played(state.players[seat], play, (state.round, turn), taken)
    card = play.card if play.face == "up" else None  # §5: a face-down card stays unnamed
    state = evolve(
        state,
        current_player=(seat + 1) % state.seats,  # effect 5; the end of a round picks its own
        turns_taken=turn,
        prosperity=tuple(prosperity),
        triggers_this_round=triggers,
        triggered=triggered,
        board=board,
        players=state.players[:seat] + (player,) + state.players[seat + 1 :],
        last_turn=LastTurn(seat, state.round, turn, card, play.adjust, adjusted, play.take, taken, trigger),
    )
    if turn < state.seats * TURNS_PER_ROUND[state.seats]:
        return Transition(state, tuple(events))
    state, more = _end_round(state, rng)
    return Transition(state, tuple(events + more))


def _end_round(state: HansaState, rng: Random) -> tuple[HansaState, list[Event]]:
    """Settlement (§6.1), then the next round's start (§4.3) or final scoring (§6.2)."""
    settlement = settle(state.round, state.players, state.prosperity)
    returned = [sum(player.screen[c] for player in state.players) for c in range(len(CITIES))]
    empty = (0,) * len(CITIES)
    players = tuple(
        replace(player, screen=empty, score=total)
        for player, total in zip(state.players, settlement.totals, strict=True)
    )
    state = evolve(
        state,
        players=players,
        bag=tuple(n + back for n, back in zip(state.bag, returned, strict=True)),  # §4.5: screens go back
        settlements=state.settlements + (settlement,),
    )
    events = [
        Event("round_settled", settlement_json(settlement)),
        Event("cubes_returned", {"cubes": by_city(returned)}),
    ]
    if state.round < ROUNDS:
        state, started = _start_round(state, state.round + 1, rng)
        return state, events + started
    final = final_scoring(state.players, state.prosperity)
    players = tuple(replace(player, score=total) for player, total in zip(state.players, final.totals, strict=True))
    state = evolve(state, players=players, final=final, phase=Phase.GAME_OVER, current_player=None)
    # §6.2 step 1: every face-down card and every hand is revealed; the deck never is.
    revealed = {
        "hands": [list(player.hand) for player in players],
        "face_down": [list(player.tableau_down) for player in players],
        **final_json(final),
    }
    return state, events + [Event("game_over", revealed)]


def _keep(state: HansaState, seat: Seat, keep: Keep, rng: Random) -> Transition[HansaState]:
    """A draft commit (§7); the last one returns the rest, shuffles and starts round 1."""
    if state.phase is not Phase.OPENING_DRAFT:
        raise out_of_step("wrong_phase", "Cards are kept only during the opening draft.")
    if state.kept.has_chosen(seat):
        raise _illegal("already_chosen")
    hand = state.players[seat].hand
    if len(keep.cards) != 2 or keep.cards[0] == keep.cards[1] or not set(keep.cards) <= set(hand):
        raise _illegal("bad_keep")
    kept = state.kept.commit(seat, sort_cards(keep.cards), "already_chosen")
    events = [Event("draft_chosen", {"seat": seat})]
    if not kept.is_complete():
        return Transition(evolve(state, kept=kept), tuple(events))
    deck = list(state.deck)
    players = []
    for other, player in enumerate(state.players):
        pair = kept.chosen(other) or ()
        deck.extend(card for card in player.hand if card not in pair)  # seat 0 first, canonical order
        players.append(replace(player, hand=pair))
    rng.shuffle(deck)
    state = evolve(state, deck=tuple(deck), players=tuple(players), kept=Commits.open(state.seats, frozenset()))
    state, started = _start_round(state, 1, rng)
    return Transition(state, tuple(events + started))


# --- the end ----------------------------------------------------------------------------------


def outcome(state: HansaState) -> Outcome | None:
    """None until final scoring; then the winners by total, Lübeck power breaking ties (§6.2 step 4)."""
    final = state.final
    if final is None:
        return None
    top = max(final.totals)
    if len(final.winners) > 1:
        reason = "shared_victory"
    elif final.totals.count(top) > 1:
        reason = "lubeck_tiebreak"
    else:
        reason = "most_money"
    return Outcome(frozenset(final.winners), "ranked", reason, final.totals)


def phase(state: HansaState) -> str:
    """The step the game is in, as views and the log name it."""
    return state.phase.value
