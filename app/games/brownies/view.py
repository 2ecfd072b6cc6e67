"""What one seat (None: a spectator) may see of a table (§5), as JSON: an allow-list."""

from app.engine import Seat
from app.games.brownies.cards import (
    CARDS,
    GENERAL_STORE_VALUE,
    HAND_LIMIT,
    MONEY_CHANGER_VALUE,
    RESOURCES,
    WINNING_VP,
    Card,
    Form,
    Icon,
)
from app.games.brownies.rules import vp
from app.games.brownies.state import BrowniesState, Phase, Player


def _card_json(card: Card) -> dict[str, object]:
    brownie = card.brownie
    return {
        "class": card.cls.value,
        "ja": card.ja,
        "en": card.en,
        "value": card.value,
        "vp": card.vp,
        "recipe": _icons_json(card.recipe),
        "brownie": None
        if brownie is None
        else {
            "form": brownie.form.value,
            "inputs": _icons_json(brownie.inputs),
            "gain": {} if brownie.gain is None else {brownie.gain: 1},
            "vp": brownie.vp,
            "min_pay": _MIN_PAY.get(brownie.form),
        },
    }


_MIN_PAY = {Form.GENERAL_STORE: GENERAL_STORE_VALUE, Form.MONEY_CHANGER: MONEY_CHANGER_VALUE}  # §4.6


def _icons_json(icons: tuple[Icon, ...]) -> dict[str, dict[str, int]]:
    """Icons as two multisets, {"pay": {kind: n}, "show": {kind: n}}, in printed order."""
    found: dict[str, dict[str, int]] = {"pay": {}, "show": {}}
    for icon in icons:
        side = found["show" if icon.show else "pay"]
        side[icon.kind] = side.get(icon.kind, 0) + 1
    return found


# The printed card data by kind (RULES.catalog): sent once per connection, never in a view, which
# names cards by kind id only. Canonical order (§2), which the renderer keeps for its lists.
CATALOG: dict[str, object] = {kind: _card_json(card) for kind, card in CARDS.items()}


def public_view(state: BrowniesState) -> dict[str, object]:
    """The game's own fields every seat and a spectator see alike (the table adds the envelope); cards
    by kind id, their faces in the catalog."""
    return {
        "seats": state.seats,
        "start_seat": state.start_seat,
        "active_seat": state.active_seat,
        "turn": state.turn,
        "round": state.round,
        "round_limit": state.round_limit,
        "main_action_done": state.main_action_done,
        "brownies_used": list(state.brownies_used),
        "market": {
            "building_row": list(state.building_row),
            "building_deck": len(state.building_deck),
            "secondary_row": list(state.secondary_row),
            "secondary_deck": len(state.secondary_deck),
            "secondary_discard": list(state.secondary_discard),
            "primary_row": [{"kind": kind, "count": count} for kind, count in state.primary_row],
            "primary_deck": len(state.primary_deck),
            "primary_discard": list(state.primary_discard),
            "resource_piles": dict(zip(RESOURCES, state.piles, strict=True)),
            "vp_supply": state.vp_supply,
        },
        "removed": {"basic_buildings": len(state.removed_basics), "funds": list(state.funds_out)},
        "turn_moves": [move.to_json() for move in state.moves],
        "previous_moves": [move.to_json() for move in state.previous_moves],
        "hand_limit": HAND_LIMIT,
        "winning_vp": WINNING_VP,
    }


def seat_view(state: BrowniesState, seat: Seat | None) -> dict[str, object]:
    """Every player as `seat` (None: a spectator) sees them: hidden General Store draws of others only
    as a count; and its own hidden draws."""
    reveal_all = state.phase is Phase.GAME_OVER and state.reveal_hands_at_end  # §5: hands shown at the end
    own = state.players[seat] if seat is not None else None
    return {
        "players": [
            _player_json(index, player, reveal_all or index == seat) for index, player in enumerate(state.players)
        ],
        "secret": None if own is None else list(own.hidden),
    }


def _player_json(index: Seat, player: Player, sees_all: bool) -> dict[str, object]:
    hand = list(player.hand)
    if not sees_all:
        for kind in player.hidden:  # §5: the others see every card but the hidden ones
            hand.remove(kind)
    return {
        "seat": index,
        "hand": hand,
        "hidden": len(player.hand) - len(hand),
        "hand_size": len(player.hand),
        "area": list(player.area),
        "vp_cards": player.vp_cards,
        "vp": vp(player),
    }
