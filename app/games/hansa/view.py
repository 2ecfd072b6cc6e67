"""What one seat (None: a spectator) may see of a Hansa table: an allow-list built from §5."""

from app.engine import Seat
from app.games.hansa.cards import (
    CARD_LIST,
    CITIES,
    CUBE_SET,
    FIRST_INCOME,
    PERSON_SET,
    ROUNDS,
    SAME_PERSON_BONUS,
    SECOND_MULTIPLIER,
    SPACE_CAPACITY,
    THIRD_MULTIPLIER,
    TRIGGER_DELTAS,
    TURNS_PER_ROUND,
)
from app.games.hansa.public import board_json, by_city, final_json, settlement_json, slot_json
from app.games.hansa.rules import trigger_delta, turns_left
from app.games.hansa.scoring import city_powers, lubeck_power, standings
from app.games.hansa.state import HansaState, LastTurn, Phase


def catalog() -> dict[str, object]:
    """The printed components, sent once per connection (views name cards by id only).

    `cards`: every card's face (§2.2); `track`: the prosperity track table (§2.3), one entry per
    position; `tables`: the scoring constants of §2.5; `cities` in canonical order; `rounds`.
    """
    return {
        "cities": [city.value for city in CITIES],
        "rounds": ROUNDS,
        "cards": {
            card.id: {"city": card.city.value, "power": card.power, "cube_icon": card.cube_icon, "person": card.person}
            for card in CARD_LIST
        },
        "track": [
            {"position": i, "first": first, "second": second, "third": third}
            for i, (first, second, third) in enumerate(
                zip(FIRST_INCOME, SECOND_MULTIPLIER, THIRD_MULTIPLIER, strict=True)
            )
        ],
        "tables": {
            "cube_set": list(CUBE_SET),
            "person_set": list(PERSON_SET),
            "same_person_bonus": {str(n): bonus for n, bonus in SAME_PERSON_BONUS.items()},
            "trigger_deltas": list(TRIGGER_DELTAS),
        },
    }


def _player_json(state: HansaState, seat: Seat, sees_all: bool, chosen: bool) -> dict[str, object]:
    """One seat's public state; its whole hand, face-down cards and Lübeck power only if `sees_all`."""
    player = state.players[seat]
    return {
        "seat": seat,
        "turns_left": turns_left(state, seat),  # this round's turns still to play (§4.2)
        "hand_count": len(player.hand),
        "known_hand": list(player.known),  # §5: cards seen taken, not since hidden by a face-down play
        "unknown_count": len(player.hand) - len(player.known),
        "unplaced": list(player.unplaced),
        "tableau_up": list(player.tableau_up),
        "down_count": len(player.tableau_down),
        "down_played": [{"round": r, "turn": t} for r, t in player.down_turns],
        "screen": by_city(player.screen),  # §8.16 [house rule]: screens are open
        "power": by_city(city_powers(player)),
        "score": player.score,
        "draft_chosen": chosen,
        "hand": list(player.hand) if sees_all else None,
        "tableau_down": list(player.tableau_down) if sees_all else None,
        "lubeck_power": lubeck_power(player) if sees_all else None,
    }


def _last_turn_json(turn: LastTurn | None) -> dict[str, object] | None:
    """The latest turn as the table saw it: a face-down play names no card (§5)."""
    if turn is None:
        return None
    return {
        "seat": turn.seat,
        "round": turn.round,
        "turn": turn.turn,
        "face": "down" if turn.card is None else "up",
        "card": turn.card,
        "adjust": None if turn.adjust is None else {**turn.adjust.to_json(), "position": turn.adjusted},
        "take": None if turn.take is None or turn.taken is None else {**turn.take.to_json(), **slot_json(turn.taken)},
        "trigger": None
        if turn.trigger is None
        else {
            "city": turn.trigger.city.value,
            "ordinal": turn.trigger.ordinal,
            "delta": turn.trigger.delta,
            "position": turn.trigger.position,
        },
    }


def public_view(state: HansaState) -> dict[str, object]:
    """JSON of everything public, which every seat and a spectator see alike (§5)."""
    n = state.seats
    return {
        "seats": n,
        "opening_draft": state.opening_draft,
        "round": state.round,
        "turns_per_round": TURNS_PER_ROUND[n],
        "turns_in_round": n * TURNS_PER_ROUND[n],
        "turns_taken": state.turns_taken,
        "first_player": state.first_player,
        "round_first_player": state.round_first_player,
        "current_player": state.current_player,
        "prosperity": by_city(state.prosperity),
        "triggers_this_round": state.triggers_this_round,
        "triggered": {city.value: k or None for city, k in zip(CITIES, state.triggered, strict=True)},
        "next_trigger_delta": TRIGGER_DELTAS[state.triggers_this_round]
        if state.triggers_this_round < len(TRIGGER_DELTAS)
        else None,
        # by space: the step a take from it would move its marker now (effect 4 of §4.4), or None
        "take_triggers": {city.value: trigger_delta(state, c) for c, city in enumerate(CITIES)},
        "space_capacity": SPACE_CAPACITY[n],
        "board": board_json(state.board),
        # §6.1 steps 2-4 at this moment: each city's ranks and payouts were the round settled now
        "standings": {
            result.city.value: {"ranks": list(result.ranks), "payouts": list(result.payouts)}
            for result in standings(state.players, state.prosperity)
        },
        "deck_count": len(state.deck),
        "last_turn": _last_turn_json(state.last_turn),
        "settlements": [settlement_json(settlement) for settlement in state.settlements],
        "final": None if state.final is None else final_json(state.final),
    }


def seat_view(state: HansaState, seat: Seat | None) -> dict[str, object]:
    """JSON of every player as `seat` may see them, its own hidden cards included, and its draft keep (§5)."""
    own = seat if seat is not None and 0 <= seat < state.seats else None
    over = state.phase is Phase.GAME_OVER  # §6.2 step 1: hands and face-down cards are revealed
    flags = state.kept.flags()
    my_keep = state.kept.chosen(own) if own is not None else None
    return {
        "players": [_player_json(state, other, over or other == own, flags[other]) for other in range(state.seats)],
        "my_keep": None if my_keep is None else list(my_keep),
    }
