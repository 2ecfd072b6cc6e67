"""Proof helpers for the property suite: a re-deal of what a viewer cannot see, and the inventory."""

from collections import Counter
from random import Random

from app.engine import Commits, Seat
from app.games.bremen.cards import PLAYER_CARD, sort_cards
from app.games.bremen.state import BremenState, PassRecord, Phase


def _known(state: BremenState, viewer: Seat | None) -> set[str]:
    """Cards whose place `viewer` knows although they sit in a closed hand (§5)."""
    known = set() if state.declared is None else {state.declared}  # public once declared
    if viewer is not None:
        known.update(state.hands[viewer])
        for record in state.pass_log[viewer]:  # the passer knows where its card went (§5)
            known.update((record.passed, record.received))
    return known


def _relabel(commits: Commits[str], mapping: dict[str, str], viewer: Seat | None) -> Commits[str]:
    choices = tuple(
        card if card is None or seat == viewer else mapping.get(card, card) for seat, card in enumerate(commits.choices)
    )
    return Commits(expected=commits.expected, choices=choices)


def redeal_hidden(state: BremenState, viewer: Seat | None, rng: Random) -> BremenState:
    """A state `viewer` cannot tell from `state`: the hidden cards are shuffled among their places.

    Every card in another seat's hand or in the box that `viewer` cannot place is relabelled by
    one random permutation, applied alike to hands, the box, sealed plays and passes, and the
    other seats' private pass logs, so the re-dealt game is a consistent story.
    """
    if state.phase is Phase.GAME_OVER:  # [house rule] §9: every card is face up by now
        return state
    known = _known(state, viewer)
    places = [hand for seat, hand in enumerate(state.hands) if seat != viewer] + [state.unused]
    hidden = [card for place in places for card in place if card not in known]
    shuffled = hidden.copy()
    rng.shuffle(shuffled)
    mapping = dict(zip(hidden, shuffled, strict=True))

    def relabel(cards: tuple[str, ...]) -> tuple[str, ...]:
        return sort_cards(mapping.get(card, card) for card in cards)

    def relabel_log(log: tuple[PassRecord, ...]) -> tuple[PassRecord, ...]:
        return tuple(
            PassRecord(r.round, mapping.get(r.passed, r.passed), mapping.get(r.received, r.received)) for r in log
        )

    return BremenState(
        roles=state.roles,
        hard_mode=state.hard_mode,
        hands=tuple(hand if seat == viewer else relabel(hand) for seat, hand in enumerate(state.hands)),
        unused=relabel(state.unused),
        round=state.round,
        phase=state.phase,
        leader=state.leader,
        declared=state.declared,
        plays=_relabel(state.plays, mapping, viewer),
        passes=_relabel(state.passes, mapping, viewer),
        pinch=state.pinch,
        failures=state.failures,
        discard=state.discard,
        failed=state.failed,
        history=state.history,
        pass_log=tuple(log if seat == viewer else relabel_log(log) for seat, log in enumerate(state.pass_log)),
        result=state.result,
        reason=state.reason,
    )


def inventory(state: BremenState) -> Counter[str]:
    """Every component by id, wherever it lies: 4 player cards and the 60 number cards (§2)."""
    counts: Counter[str] = Counter(PLAYER_CARD[role] for role in state.roles)
    for hand in state.hands:
        counts.update(hand)
    for pile in state.failed:
        counts.update(pile)
    counts.update(state.unused)
    counts.update(state.discard)
    return counts
