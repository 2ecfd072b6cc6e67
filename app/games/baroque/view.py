"""What one seat (None: a spectator) may see of a Baroque table: an allow-list per §5."""

from app.engine import Seat
from app.games.baroque.actions import decision_json
from app.games.baroque.cards import COLOR, HAND_SIZE, TRUMP
from app.games.baroque.rules import lead_color, must_follow, off_lead, winning_color
from app.games.baroque.state import BaroqueState, Phase, RoundSummary, Trick


def trick_json(trick: Trick) -> dict[str, object]:
    """A completed trick as the whole table saw it: salon cards, ball outcomes, final cards, winner."""
    ball: list[dict[str, object]] | None = None
    if trick.changed is not None:
        ball = [
            {"seat": seat, "outcome": "changed", "returned": trick.salon[seat], "new": trick.final[seat]}
            if changed
            else {"seat": seat, "outcome": "kept"}  # §5.2 R6: a keeper shows no card
            for seat, changed in enumerate(trick.changed)
        ]
    return {
        "round": trick.round,
        "number": trick.number,
        "leader": trick.leader,
        "salon": list(trick.salon),
        "ball": ball,
        "final": list(trick.final),
        "winner": trick.winner,
    }


def shown_trick_json(trick: Trick) -> dict[str, object]:
    """The trick the table shows, with the rules' reading of it: its lead color, who could not
    follow (§5.1), and the color that won it, black by trump or else the leader's final color (§4.7, §8 A3)."""
    won = winning_color(trick.final, trick.leader)
    return {
        **trick_json(trick),
        "lead_color": COLOR[trick.salon[trick.leader]].value,
        "void": off_lead(trick.salon, trick.leader),
        "winning_color": won.value,
        "by_trump": won is TRUMP,
    }


def summary_json(summary: RoundSummary) -> dict[str, object]:
    """A round's public summary: bids, tricks won, bonuses and the scores after it."""
    return {
        "round": summary.round,
        "dealer": summary.dealer,
        "bids": list(summary.bids),
        "tricks_won": list(summary.tricks_won),
        "bonuses": list(summary.bonuses),
        "scores": list(summary.scores),
    }


def public_view(state: BaroqueState) -> dict[str, object]:
    """JSON of everything public, which every seat and a spectator see alike.

    The table adds phase, awaiting, legal, outcome and seat (app/engine/envelope.py).
    """
    seats = range(state.seats)
    lead = lead_color(state)
    return {
        "seats": state.seats,
        "round": state.round,
        "rounds_total": state.seats,
        "trick_number": state.trick_number,
        "tricks_per_round": HAND_SIZE[state.seats],
        "first_dealer": state.first_dealer,
        "dealer": state.dealer,
        "leader": state.leader,
        "current_seat": state.current_seat if state.phase in (Phase.BIDDING, Phase.SALON) else None,
        "lead_color": None if lead is None else lead.value,
        "hand_sizes": [len(hand) for hand in state.hands],
        # §5.3: returned salon cards stay public until they leave the hand again.
        "known_in_hand": [list(known) for known in state.known_in_hand],
        "discard": list(state.discard),
        "rank_available": list(state.rank_available),
        "rank_taken": [list(taken) for taken in state.rank_taken],
        "rank_set_aside": list(state.rank_set_aside),
        "bids": [state.bid(other) for other in seats],
        "salon": list(state.salon),
        "void": off_lead(state.salon, state.leader),
        # §5.2 R2: of every seat's ball decision the table sees only whether it is made.
        "committed": state.decisions.flags(),
        "tricks_won": list(state.tricks_won),
        "scores": list(state.scores),
        "tricks": [trick_json(trick) for trick in state.tricks if trick.round == state.round],
        "last_trick": shown_trick_json(state.tricks[-1]) if state.tricks else None,
        "round_summaries": [summary_json(summary) for summary in state.rounds],
    }


def seat_view(state: BaroqueState, seat: Seat | None) -> dict[str, object]:
    """JSON of what `seat` alone sees: its hand and ball decision; None for a spectator (None, or no seat)."""
    own = seat if seat is not None and 0 <= seat < state.seats else None
    if own is None:
        return {"hand": None, "must_follow": None, "my_decision": None}
    decision = state.decisions.chosen(own)
    return {
        "hand": list(state.hands[own]),
        # As it follows from the hand: bound to the lead color now (§4.5, §4.6, §8 A2)?
        "must_follow": must_follow(state, own),
        "my_decision": None if decision is None else decision_json(decision),
    }
