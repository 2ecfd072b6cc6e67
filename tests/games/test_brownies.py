"""Farm with Brownies: the spec's worked scenarios (§10), setup, every error code, redaction, events."""

import copy
import json
from collections import Counter
from collections.abc import Mapping, MutableSequence, Sequence
from pathlib import Path
from random import Random
from typing import Any

import pytest

from app.engine import Event, IllegalAction, Transition, full_view, rng_for
from app.engine.envelope import ENVELOPE_KEYS
from app.games import RULES_BY_SLUG
from app.games.brownies import RULES
from app.games.brownies.cards import (
    BASIC_BUILDINGS,
    BUILDINGS,
    CARDS,
    PRIMARY_CARDS,
    PRINTED_PILES,
    RESOURCES,
    SECONDARY_KINDS,
    VP_CARDS,
    sort_kinds,
)
from app.games.brownies.proofs import inventory, redeal_hidden
from app.games.brownies.rules import apply, setup
from app.games.brownies.state import BrowniesState, Phase, Player
from app.games.brownies.view import CATALOG

# ---------------------------------------------------------------------------------------------
# Helpers: a table built directly in the middle of a game.


def table(
    *,
    seats: int = 3,
    active: int = 0,
    hands: Mapping[int, Sequence[str]] | None = None,
    hidden: Mapping[int, Sequence[str]] | None = None,
    areas: Mapping[int, Sequence[str]] | None = None,
    building_row: Sequence[str] = (),
    building_deck: Sequence[str] = (),
    secondary_row: Sequence[str] = (),
    secondary_deck: Sequence[str] = (),
    secondary_discard: Sequence[str] = (),
    primary_row: Sequence[tuple[str, int]] = (),
    primary_deck: Sequence[str] = (),
    primary_discard: Sequence[str] = (),
    piles: Mapping[str, int] | None = None,
    vp_supply: int = VP_CARDS,
    main_done: bool = False,
    used: Sequence[str] = (),
    round_limit: int = 0,
    reveal_hands_at_end: bool = True,
) -> BrowniesState:
    """A table mid-game with exactly the cards named; unnamed hands and areas are empty."""
    hands, hidden, areas = hands or {}, hidden or {}, areas or {}
    counts = dict(zip(RESOURCES, PRINTED_PILES[seats], strict=True))
    counts.update(piles or {})
    players = tuple(
        Player(sort_kinds(hands.get(s, ())), sort_kinds(hidden.get(s, ())), tuple(areas.get(s, ())), 0)
        for s in range(seats)
    )
    return BrowniesState(
        phase=Phase.TURN,
        seats=seats,
        start_seat=0,
        active_seat=active,
        turn=1 + active,
        round=1,
        main_action_done=main_done,
        brownies_used=tuple(used),
        players=players,
        building_row=tuple(building_row),
        building_deck=tuple(building_deck),
        secondary_row=tuple(secondary_row),
        secondary_deck=tuple(secondary_deck),
        secondary_discard=tuple(secondary_discard),
        primary_row=tuple(primary_row),
        primary_deck=tuple(primary_deck),
        primary_discard=tuple(primary_discard),
        piles=tuple(counts[kind] for kind in RESOURCES),
        vp_supply=vp_supply,
        removed_basics=(),
        funds_out=(),
        round_limit=round_limit,
        reveal_hands_at_end=reveal_hands_at_end,
        moves=(),
        previous_moves=(),
        end_reason=None,
        winners=(),
    )


def act(state: BrowniesState, payload: Mapping[str, object], seat: int | None = None) -> Transition[BrowniesState]:
    """The transition for the payload, parsed as the server parses it, by the active seat unless named."""
    who = state.active_seat if seat is None else seat
    return apply(state, who, RULES.parse_action(payload), rng_for(1, 1))


def play(state: BrowniesState, *payloads: Mapping[str, object]) -> BrowniesState:
    for payload in payloads:
        state = act(state, payload).state
    return state


# §4.8: the normative English message of every code, copied from the spec's table.
SPEC_MESSAGES = {
    "invalid_action": "That action is not understood.",
    "game_over": "The game is over.",
    "not_your_turn": "It is not your turn.",
    "main_action_already_taken": "You have already produced or traded this turn.",
    "main_action_required": "You must produce or trade before ending your turn.",
    "building_not_owned": "You do not own that building.",
    "no_brownie_action": "That building has no brownie action.",
    "brownie_already_used": "That building's brownies have already worked this turn.",
    "empty_trade": "You must give at least one card and take at least one card.",
    "many_for_many": "A trade cannot give several cards for several cards.",
    "wrong_card_type": "That kind of card cannot be used here.",
    "not_in_hand": "You do not have those cards in your hand.",
    "not_in_market": "That card is not available in the market.",
    "deck_empty": "The primary goods deck and its discard pile are empty.",
    "recipe_not_met": "You do not have the cards this needs.",
    "insufficient_value": "The cards you give are not worth enough.",
    "hand_limit": "Your hand would exceed 7 cards.",
}


def refused(state: BrowniesState, payload: Mapping[str, object], code: str, seat: int | None = None) -> None:
    """The action is refused with `code` and the spec's message (§4.8), and the state is untouched."""
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as caught:
        act(state, payload, seat)
    assert caught.value.code == code
    assert caught.value.message == SPEC_MESSAGES[code]
    assert state == before


def hand(state: BrowniesState, seat: int) -> Counter[str]:
    return Counter(state.players[seat].hand)


def produce(target: str) -> dict[str, object]:
    return {"type": "produce", "target": target}


def trade(pay: list[str], take: list[str]) -> dict[str, object]:
    return {"type": "trade", "pay": pay, "take": take}


def brownie(building: str, **params: object) -> dict[str, object]:
    return {"type": "brownie", "building": building, **params}


END_TURN: dict[str, object] = {"type": "end_turn"}
OTHER_PRIMARIES = [("FLOUR", 1), ("BRICK", 1), ("YARN", 1), ("COW", 1)]


class Scripted(Random):
    """A Random whose shuffles put each list into the next given order (§3.3: fixtures inject orders)."""

    def __init__(self, *orders: list[str]) -> None:
        super().__init__(0)
        self.orders = list(orders)

    def shuffle(self, x: MutableSequence[Any]) -> None:
        order = self.orders.pop(0)
        assert sorted(order) == sorted(x), "an injected order must be a permutation"
        x[:] = order


# ---------------------------------------------------------------------------------------------
# §10 worked scenarios.


def test_s1_setup_three_players() -> None:
    basics = ["BB_MARKET", "BB_BUILDER", "BB_TRADING_POST", "BB_WHOLESALER", "BB_GENERAL_STORE"]
    buildings = ["BD_MILL", "BD_SMITHY"] + [b for b in BUILDINGS if b not in ("BD_MILL", "BD_SMITHY")]
    secondary = ["MILK", "BREAD", "IRON", "CLOTH", "FISH", "WOOL", "MEAT", "BARREL", "STONE_WALL"]
    head = ["FLOUR", "CHARCOAL", "FLOUR", "BRICK", "SHEEP", "YARN"]
    rest = list((Counter(PRIMARY_CARDS) - Counter(head)).elements())
    options = RULES.parse_options({"start_player": 0}, 3)
    state = setup(3, options, Scripted(basics, buildings, secondary, head + rest))

    assert state.building_row == ("BB_MARKET", "BB_BUILDER", "BB_TRADING_POST", "BB_WHOLESALER", "BD_MILL")
    assert state.removed_basics == ("BB_GENERAL_STORE",)
    assert len(state.building_deck) == 24 and state.building_deck[0] == "BD_SMITHY"
    assert state.secondary_row == ("MILK", "BREAD", "IRON", "CLOTH", "FISH")
    assert len(state.secondary_deck) == 4 and state.secondary_deck[0] == "WOOL"
    assert state.primary_row == (("FLOUR", 2), ("CHARCOAL", 1), ("BRICK", 1), ("SHEEP", 1), ("YARN", 1))
    assert len(state.primary_deck) == 13
    assert dict(zip(RESOURCES, state.piles, strict=True)) == {"WOOD": 4, "WHEAT": 3, "CLAY": 3, "STONE": 2, "COTTON": 1}
    assert state.vp_supply == 12
    assert [p.hand for p in state.players] == [("FUND_3",), ("FUND_4",), ("FUND_5",)]
    assert state.funds_out == ("FUND_6",)
    assert (state.active_seat, state.turn, state.round, state.main_action_done) == (0, 1, 1, False)
    # The removed basic is never revealed, not even by name (the card catalog lists every kind).
    seen = RULES.view(state, None)
    assert "BB_GENERAL_STORE" not in json.dumps(seen)


def test_s2_a_free_resource_is_the_main_action() -> None:
    state = table(hands={0: ["FUND_3"]}, piles={"WOOD": 4})
    state = play(state, produce("WOOD"))
    assert hand(state, 0) == Counter(["FUND_3", "WOOD"])
    assert state.piles[RESOURCES.index("WOOD")] == 3
    assert state.main_action_done
    refused(state, produce("CLAY"), "main_action_already_taken")
    refused(state, trade(["FUND_3"], ["CLAY"]), "main_action_already_taken")
    state = play(state, END_TURN)
    assert (state.active_seat, state.turn) == (1, 2)


def test_s3_production_pays_to_the_right_places() -> None:
    state = table(hands={0: ["WOOD", "WHEAT"]}, primary_row=[("CHARCOAL", 2), ("PLANKS", 1)], piles={"WOOD": 2})
    refused(state, produce("PLANKS"), "recipe_not_met")
    state = play(state, produce("CHARCOAL"))
    assert hand(state, 0) == Counter(["WHEAT", "CHARCOAL"])
    assert state.piles[RESOURCES.index("WOOD")] == 3
    assert state.primary_row == (("CHARCOAL", 1), ("PLANKS", 1))
    assert state.primary_discard == ()
    assert state.main_action_done


def test_s4_one_for_many_trade_loses_the_overpayment_and_the_fund() -> None:
    state = table(
        active=2,
        hands={2: ["FUND_5"]},
        piles={"WOOD": 4, "CLAY": 3},
        primary_row=[("CHARCOAL", 1), *OTHER_PRIMARIES],
    )
    refused(state, trade(["FUND_5"], ["WOOD", "WOOD", "CHARCOAL", "CLAY", "CLAY"]), "insufficient_value")
    step = act(state, trade(["FUND_5"], ["WOOD", "WOOD", "CHARCOAL"]))
    state = step.state
    assert step.events[0].kind == "traded" and step.events[0].data["lost"] == 1
    assert hand(state, 2) == Counter(["WOOD", "WOOD", "CHARCOAL"])
    assert state.piles[RESOURCES.index("WOOD")] == 2
    assert state.funds_out == ("FUND_5",)
    assert len(state.primary_row) == 4  # not refilled until the next turn starts


def test_s5_many_for_one_trade_for_a_building() -> None:
    state = table(active=1, hands={1: ["BREAD", "CHARCOAL", "WOOD", "CLAY"]}, building_row=["BD_DINER"])
    refused(state, trade(["BREAD"], ["BD_DINER"]), "insufficient_value")
    state = play(state, trade(["BREAD", "CHARCOAL"], ["BD_DINER"]))
    assert state.secondary_discard == ("BREAD",)
    assert state.primary_discard == ("CHARCOAL",)
    assert state.players[1].area == ("BD_DINER",)
    assert RULES.view(state, None)["players"][1]["vp"] == 2  # type: ignore[index]
    assert hand(state, 1) == Counter(["WOOD", "CLAY"])
    assert state.building_row == ()


def test_s6_builder_then_the_new_buildings_brownies_in_the_same_turn() -> None:
    state = table(
        active=1,
        areas={1: ["BB_BUILDER"]},
        main_done=True,
        hands={1: ["BREAD", "FLOUR", "CHARCOAL", "WOOD"]},
        building_row=["BD_SMITHY", "BD_MILL"],
        secondary_row=["IRON", "MILK"],
    )
    refused(state, brownie("BB_BUILDER", pay=["BREAD"], take="MILK"), "wrong_card_type")
    state = play(state, brownie("BB_BUILDER", pay=["BREAD", "FLOUR"], take="BD_SMITHY"))
    assert state.secondary_discard == ("BREAD",) and state.primary_discard == ("FLOUR",)
    assert state.players[1].area == ("BB_BUILDER", "BD_SMITHY")
    assert RULES.view(state, 0)["players"][1]["vp"] == 3  # type: ignore[index]
    step = act(state, brownie("BD_SMITHY"))
    assert step.events[0].data["paid"] == ["CHARCOAL"] and step.events[0].data["gained"] == ["IRON"]
    state = step.state
    assert state.primary_discard == ("FLOUR", "CHARCOAL")
    assert hand(state, 1) == Counter(["WOOD", "IRON"])
    refused(state, brownie("BB_BUILDER", pay=["WOOD"], take="BD_MILL"), "brownie_already_used")


def test_s7_general_store_draw_is_seen_only_by_the_drawer() -> None:
    deck = ["COW", "YARN", "FLOUR", "CHARCOAL", "BRICK", "SHEEP", "PLANKS", "FLOUR", "YARN", "CHARCOAL"]
    state = table(areas={0: ["BB_GENERAL_STORE"]}, hands={0: ["WOOD", "WHEAT", "CLAY", "STONE"]}, primary_deck=deck)
    piles = state.piles
    refused(state, brownie("BB_GENERAL_STORE", pay=["WOOD", "WHEAT"]), "insufficient_value")
    step = act(state, brownie("BB_GENERAL_STORE", pay=["WOOD", "WHEAT", "CLAY"]))
    state = step.state
    assert state.piles == (piles[0] + 1, piles[1] + 1, piles[2] + 1, piles[3], piles[4])
    assert hand(state, 0) == Counter(["STONE", "COW"])
    assert len(state.primary_deck) == 9 and state.primary_deck[0] == "YARN"
    public = [e for e in step.events if e.to is None]
    private = [e for e in step.events if e.to is not None]
    assert [(e.kind, e.to, e.data["card"]) for e in private] == [("card_drawn", frozenset({0}), "COW")]
    assert public[0].kind == "brownie_used" and public[0].data["drew"] == 1
    assert "COW" not in json.dumps([e.to_json() for e in public])
    for seat in (1, 2, None):
        seen = RULES.view(state, seat)["players"][0]  # type: ignore[index]
        assert seen["hand"] == ["STONE"] and seen["hidden"] == 1 and seen["hand_size"] == 2
    own = RULES.view(state, 0)
    assert own["players"][0]["hand"] == ["STONE", "COW"]  # type: ignore[index]
    assert own["secret"] == ["COW"]


def test_s8_trading_post() -> None:
    state = table(
        active=2,
        areas={2: ["BB_TRADING_POST"]},
        hands={2: ["SHEEP", "CHARCOAL", "WOOD"]},
        primary_row=[("FLOUR", 1), ("PLANKS", 1), ("COW", 1), ("BRICK", 2), ("YARN", 1)],
    )
    refused(state, brownie("BB_TRADING_POST", pay="CHARCOAL", take="PLANKS"), "insufficient_value")
    refused(state, brownie("BB_TRADING_POST", pay="WOOD", take="FLOUR"), "wrong_card_type")
    refused(state, brownie("BB_TRADING_POST", pay=["SHEEP", "CHARCOAL"], take="FLOUR"), "invalid_action")
    state = play(state, brownie("BB_TRADING_POST", pay="SHEEP", take="COW"))
    assert state.primary_discard == ("SHEEP",)
    assert hand(state, 2) == Counter(["CHARCOAL", "WOOD", "COW"])
    assert state.primary_row == (("FLOUR", 1), ("PLANKS", 1), ("BRICK", 2), ("YARN", 1))


def test_s9_wholesaler() -> None:
    state = table(
        seats=4,
        active=3,
        areas={3: ["BB_WHOLESALER"]},
        hands={3: ["CHARCOAL", "FLOUR", "WOOD", "WOOD"]},
        secondary_row=["MILK", "BREAD", "IRON", "CLOTH", "FISH"],
        primary_row=[("PLANKS", 1)],
    )
    wood = state.piles[0]
    refused(
        state, brownie("BB_WHOLESALER", pay=["CHARCOAL", "FLOUR", "WOOD"], take=["BREAD", "MILK"]), "invalid_action"
    )
    refused(state, brownie("BB_WHOLESALER", pay=["CHARCOAL", "FLOUR"], take="PLANKS"), "wrong_card_type")
    refused(state, brownie("BB_WHOLESALER", pay=["CHARCOAL", "FLOUR"], take="BREAD"), "insufficient_value")
    state = play(state, brownie("BB_WHOLESALER", pay=["CHARCOAL", "FLOUR", "WOOD"], take="BREAD"))
    assert state.primary_discard == ("CHARCOAL", "FLOUR")
    assert state.piles[0] == wood + 1
    assert hand(state, 3) == Counter(["WOOD", "BREAD"])
    assert len(state.secondary_row) == 4


def test_s10_market() -> None:
    state = table(
        active=2,
        areas={2: ["BB_MARKET"]},
        hands={2: ["BREAD", "COW", "WOOD", "WOOD", "CLAY"]},
        piles={"WHEAT": 1, "STONE": 1, "CLAY": 1},
        primary_row=[("CHARCOAL", 1)],
        building_row=["BD_MILL"],
    )
    refused(state, brownie("BB_MARKET", pay="BREAD", take=["WHEAT", "STONE", "CHARCOAL", "CLAY"]), "hand_limit")
    refused(state, brownie("BB_MARKET", pay="BREAD", take=["BD_MILL"]), "wrong_card_type")
    refused(state, brownie("BB_MARKET", pay="COW", take=["WHEAT"]), "wrong_card_type")
    step = act(state, brownie("BB_MARKET", pay="BREAD", take=["WHEAT", "STONE", "CHARCOAL"]))
    assert step.events[0].data["lost"] == 1
    state = step.state
    assert state.secondary_discard == ("BREAD",)
    assert hand(state, 2) == Counter(["COW", "WOOD", "WOOD", "CLAY", "WHEAT", "STONE", "CHARCOAL"])


def test_s11_refill_happens_at_the_next_turns_start_with_stacking() -> None:
    state = table(
        main_done=True,
        primary_row=[("FLOUR", 1), ("BRICK", 2), ("YARN", 1), ("PLANKS", 1)],
        primary_deck=["BRICK", "FLOUR", "SHEEP", "COW", "CHARCOAL"],
        building_row=["BD_MILL", "BD_SMITHY", "BD_DINER", "BD_CHAPEL"],
        building_deck=["BD_TAILOR", "BD_BAKERY"],
        secondary_row=["MILK", "BREAD", "IRON", "CLOTH", "FISH"],
        secondary_deck=["WOOL"],
    )
    assert len(state.primary_row) == 4  # the turn goes on with the gap
    step = act(state, END_TURN)
    state = step.state
    assert state.active_seat == 1
    assert state.building_row[-1] == "BD_TAILOR" and len(state.building_row) == 5
    assert state.secondary_row == ("MILK", "BREAD", "IRON", "CLOTH", "FISH")
    assert state.primary_row == (("FLOUR", 2), ("BRICK", 3), ("YARN", 1), ("PLANKS", 1), ("SHEEP", 1))
    assert state.primary_deck == ("COW", "CHARCOAL")
    started = [e for e in step.events if e.kind == "turn_started"][0]
    assert started.data["buildings"] == ["BD_TAILOR"]
    assert started.data["secondary"] == []
    assert started.data["primary"] == ["BRICK", "FLOUR", "SHEEP"]
    assert started.data["reshuffled"] == []


def test_s12_instant_win_at_ten_points_mid_turn() -> None:
    state = table(
        active=2,
        areas={2: ["BD_MILK_SHOP", "BD_COWSHED", "BB_BUILDER", "BD_DINER", "BD_CHAPEL"]},
        hands={2: ["COW", "PLANKS"]},
        secondary_row=["MILK"],
    )
    state = play(state, brownie("BD_COWSHED"))
    assert hand(state, 2) == Counter(["COW", "PLANKS", "MILK"])
    step = act(state, brownie("BD_MILK_SHOP"))
    state = step.state
    assert state.secondary_discard == ("MILK",)
    assert state.vp_supply == 11
    outcome = RULES.outcome(state)
    assert outcome is not None
    assert outcome.to_json() == {"winners": [2], "result": "ranked", "reason": "ten_points", "scores": [0, 0, 10]}
    assert step.events[-1].kind == "game_ended"
    assert RULES.awaiting(state) == frozenset()
    for seat in range(3):
        refused(state, END_TURN, "game_over", seat)
        assert RULES.legal_actions(state, seat) == ()


# ---------------------------------------------------------------------------------------------
# Setup: the RNG order of §3.3, options, and a golden seed.


def test_setup_draws_in_the_order_of_the_spec() -> None:
    for seats in (2, 3, 4):
        for seed in range(20):
            state = setup(seats, RULES.parse_options({}, seats), Random(seed))
            rng = Random(seed)
            basics, buildings = list(BASIC_BUILDINGS), list(BUILDINGS)
            secondary, primary = list(SECONDARY_KINDS), list(PRIMARY_CARDS)
            for cards in (basics, buildings, secondary, primary):
                rng.shuffle(cards)
            start = rng.randrange(seats)
            fill = 5 - (seats + 1)
            assert state.building_row == tuple(basics[: seats + 1] + buildings[:fill])
            assert state.removed_basics == tuple(basics[seats + 1 :])
            assert state.building_deck == tuple(buildings[fill:])
            assert state.secondary_row == tuple(secondary[:5])
            drawn = sum(count for _, count in state.primary_row)
            assert state.primary_deck == tuple(primary[drawn:])
            assert [kind for kind, _ in state.primary_row] == list(dict.fromkeys(primary[:drawn]))
            assert len(set(primary[: drawn - 1])) == 4  # the row had 4 kinds before its last draw
            assert state.start_seat == state.active_seat == start
            assert state.players[start].hand == ("FUND_3",)
            assert state.players[(start + 1) % seats].hand == ("FUND_4",)
            assert inventory(state)["VP"] == 12


def test_golden_setup_seed_2024_three_players() -> None:
    # A diff here is a change in the order of the setup draws (§3.3).
    state = setup(3, RULES.parse_options({}, 3), Random(2024))
    assert state.building_row == ("BB_BUILDER", "BB_MARKET", "BB_TRADING_POST", "BB_GENERAL_STORE", "BD_BRICK_KILN")
    assert state.removed_basics == ("BB_WHOLESALER",)
    assert state.building_deck[:2] == ("BD_CHARCOAL_KILN", "BD_WEAVER") and len(state.building_deck) == 24
    assert state.secondary_row == ("STONE_WALL", "BARREL", "CLOTH", "WOOL", "MILK")
    assert state.secondary_deck == ("BREAD", "FISH", "IRON", "MEAT")
    assert state.primary_row == (("FLOUR", 1), ("COW", 1), ("STONE_BLOCK", 1), ("CHARCOAL", 1), ("BRICK", 1))
    assert state.primary_deck[:3] == ("CHARCOAL", "SHEEP", "CHARCOAL") and len(state.primary_deck) == 14
    assert state.start_seat == 2
    assert [p.hand for p in state.players] == [("FUND_4",), ("FUND_5",), ("FUND_3",)]
    assert state.piles == (4, 3, 3, 2, 1)


def test_fixed_start_player_does_not_draw_and_per_player_piles() -> None:
    options = RULES.parse_options({"start_player": 2, "resource_supply": "per_player"}, 3)
    state = setup(3, options, Random(5))
    assert state.start_seat == state.active_seat == 2
    assert [p.hand for p in state.players] == [("FUND_4",), ("FUND_5",), ("FUND_3",)]
    assert state.piles == (3, 3, 3, 3, 3)
    random_start = setup(3, RULES.parse_options({}, 3), Random(5))
    assert random_start.building_row == state.building_row  # the start pick is the last draw


def test_options_are_offered_as_engine_options() -> None:
    names = {option.name: option for option in RULES.options}
    assert set(names) == {"start_player", "resource_supply", "round_limit", "reveal_hands_at_end"}
    assert RULES.parse_options({}, 2).values == {
        "start_player": None,
        "resource_supply": "printed",
        "round_limit": 0,
        "reveal_hands_at_end": True,
    }
    with pytest.raises(IllegalAction):
        RULES.parse_options({"resource_supply": "lots"}, 2)
    # §7: a round limit is a number; the lobby sends the choice itself, never its text.
    assert RULES.parse_options({"round_limit": 10}, 2).number("round_limit") == 10
    for raw in ("10", 11, True):
        with pytest.raises(IllegalAction):
            RULES.parse_options({"round_limit": raw}, 2)
    assert RULES_BY_SLUG["brownies"] is RULES


# ---------------------------------------------------------------------------------------------
# Every error code, each with the state untouched, and the check order of §4.8.

ERRORS: list[tuple[str, dict[str, object], dict[str, object]]] = [
    ("not_your_turn", {}, END_TURN),
    ("main_action_required", {"hands": {0: ["WOOD"]}}, END_TURN),
    ("building_not_owned", {}, brownie("BD_SMITHY")),
    ("no_brownie_action", {"areas": {0: ["BD_CHAPEL"]}}, brownie("BD_CHAPEL")),
    ("empty_trade", {"hands": {0: ["WOOD"]}}, trade([], ["WOOD"])),
    ("empty_trade", {"areas": {0: ["BB_BUILDER"]}}, brownie("BB_BUILDER", pay=[], take="BD_MILL")),
    ("many_for_many", {"hands": {0: ["FUND_4", "FUND_3"]}}, trade(["FUND_3", "FUND_4"], ["WOOD", "CLAY"])),
    ("wrong_card_type", {}, produce("FUND_6")),
    ("wrong_card_type", {"hands": {0: ["FUND_3"]}}, trade(["FUND_3"], ["VP"])),
    ("not_in_hand", {"hands": {0: ["WOOD"]}}, trade(["CLAY"], ["WOOD"])),
    ("not_in_hand", {"hands": {0: ["WOOD"]}}, trade(["BD_MILL"], ["WOOD"])),
    ("not_in_market", {"piles": {"STONE": 0}}, produce("STONE")),
    ("not_in_market", {"hands": {0: ["FUND_3"]}, "piles": {"WOOD": 1}}, trade(["FUND_3"], ["WOOD", "WOOD"])),
    ("not_in_market", {"areas": {0: ["BD_SMITHY"]}, "hands": {0: ["CHARCOAL"]}}, brownie("BD_SMITHY")),
    (
        "deck_empty",
        {"areas": {0: ["BB_GENERAL_STORE"]}, "hands": {0: ["FUND_3"]}},
        brownie("BB_GENERAL_STORE", pay=["FUND_3"]),
    ),
    ("recipe_not_met", {"secondary_row": ["MILK"]}, produce("MILK")),
    ("recipe_not_met", {"areas": {0: ["BD_MILK_SHOP"]}}, brownie("BD_MILK_SHOP")),
    (
        "insufficient_value",
        {"areas": {0: ["BD_MONEY_CHANGER"]}, "hands": {0: ["FUND_6"]}},
        brownie("BD_MONEY_CHANGER", pay=["FUND_6"]),
    ),
    ("hand_limit", {"hands": {0: ["WOOD"] * 3 + ["CLAY"] * 4}}, produce("WHEAT")),
    (
        "hand_limit",
        {"hands": {0: ["FUND_3", "WOOD", "WOOD", "WOOD", "CLAY", "CLAY", "CLAY"]}},
        trade(["FUND_3"], ["WHEAT", "WHEAT"]),
    ),
]


@pytest.mark.parametrize(("code", "given", "payload"), ERRORS, ids=[f"{e[0]}-{i}" for i, e in enumerate(ERRORS)])
def test_every_error_code_leaves_the_state_untouched(
    code: str, given: dict[str, Any], payload: dict[str, object]
) -> None:
    state = table(**given)
    refused(state, payload, code, seat=1 if code == "not_your_turn" else None)


def test_invalid_action_and_game_over_codes() -> None:
    state = table(hands={0: ["WOOD"]})
    refused(state, {"type": "produce", "target": "GOLD"}, "invalid_action")
    finished = play(
        table(areas={0: ["BD_CLOCK_TOWER", "BD_CHAPEL", "BD_MONEY_CHANGER"]}, hands={0: ["FUND_6", "FUND_3"]}),
        brownie("BD_MONEY_CHANGER", pay=["FUND_3", "FUND_6"]),
    )
    assert finished.phase is Phase.GAME_OVER
    refused(finished, produce("WOOD"), "game_over")
    refused(finished, END_TURN, "game_over", seat=1)


def test_main_action_already_taken_comes_before_the_trade_checks() -> None:
    refused(table(main_done=True), trade([], []), "main_action_already_taken")


def test_brownie_checks_run_in_order() -> None:
    # BUILDING_NOT_OWNED, then NO_BROWNIE_ACTION, then BROWNIE_ALREADY_USED, then the form's own checks.
    refused(table(), brownie("BD_CHAPEL"), "building_not_owned")
    refused(table(areas={0: ["BD_SMITHY"]}, used=["BD_SMITHY"]), brownie("BD_SMITHY"), "brownie_already_used")
    # In every form EMPTY_TRADE comes before WRONG_CARD_TYPE.
    refused(table(areas={0: ["BB_WHOLESALER"]}), brownie("BB_WHOLESALER", pay=[], take="WOOD"), "empty_trade")
    refused(table(areas={0: ["BB_MARKET"]}), brownie("BB_MARKET", pay="WOOD", take=[]), "empty_trade")
    # WRONG_CARD_TYPE comes before NOT_IN_HAND; NOT_IN_MARKET before RECIPE_NOT_MET.
    refused(
        table(areas={0: ["BB_TRADING_POST"]}), brownie("BB_TRADING_POST", pay="WOOD", take="COW"), "wrong_card_type"
    )
    refused(table(areas={0: ["BD_COWSHED"]}), brownie("BD_COWSHED"), "not_in_market")


def test_trade_checks_run_in_order() -> None:
    refused(table(), trade([], ["WOOD", "CLAY"]), "empty_trade")
    refused(table(), trade(["WOOD", "CLAY"], ["VP", "CLAY"]), "many_for_many")
    refused(table(), trade(["WOOD"], ["FUND_3"]), "wrong_card_type")
    refused(table(), trade(["WOOD"], ["BD_MILL"]), "not_in_hand")
    refused(table(hands={0: ["WOOD"]}), trade(["WOOD"], ["BD_MILL"]), "not_in_market")
    refused(table(hands={0: ["WOOD"]}, building_row=["BD_MILL"]), trade(["WOOD"], ["BD_MILL"]), "insufficient_value")


def test_a_resource_paid_in_a_trade_cannot_be_taken_back_by_it() -> None:
    # §8.5: availability is judged when the trade is declared.
    state = table(hands={0: ["WOOD", "FLOUR"]}, piles={"WOOD": 0}, primary_row=[("CHARCOAL", 1)])
    refused(state, trade(["WOOD"], ["WOOD"]), "not_in_market")
    state = play(state, trade(["WOOD", "FLOUR"], ["CHARCOAL"]))
    assert state.piles[0] == 1  # the paid wood is back on its pile, for a later action


def test_end_turn_without_a_main_action_only_when_none_exists() -> None:
    # §4.7 [house rule]: an empty hand and empty piles leave no legal main action.
    stuck = table(piles={kind: 0 for kind in RESOURCES}, secondary_row=["MILK"])
    assert RULES.legal_actions(stuck, 0) == (RULES.parse_action(END_TURN),)
    assert play(stuck, END_TURN).active_seat == 1
    # A 7-card hand cannot take a free resource, but it can still trade.
    full = table(hands={0: ["WOOD"] * 7})
    refused(full, END_TURN, "main_action_required")


def test_parse_action_rejects_every_other_shape() -> None:
    bad: list[object] = [
        {"type": "pass"},
        {"type": "produce"},
        {"type": "produce", "target": "WOOD", "extra": 1},
        {"type": "produce", "target": 3},
        {"type": "trade", "pay": "WOOD", "take": ["CLAY"]},
        {"type": "trade", "pay": [True], "take": ["CLAY"]},
        {"type": "brownie", "building": "BD_SMITHY", "pay": ["CHARCOAL"]},
        {"type": "brownie", "building": "WOOD"},
        {"type": "brownie", "building": "BB_BUILDER", "pay": ["WOOD"]},
        {"type": "brownie", "building": "BB_MARKET", "pay": ["BREAD"], "take": ["WOOD"]},
        {"type": "brownie", "building": "BB_MARKET", "pay": "BREAD", "take": "WOOD"},
        {"type": "end_turn", "now": True},
        ["end_turn"],
    ]
    for payload in bad:
        with pytest.raises(IllegalAction) as caught:
            RULES.parse_action(payload)  # type: ignore[arg-type]
        assert caught.value.code == "invalid_action"
        assert caught.value.message == "That action is not understood."


def test_actions_survive_their_wire_form_in_canonical_order() -> None:
    action = RULES.parse_action(trade(["FUND_3"], ["CHARCOAL", "WOOD"]))
    assert action.to_json() == {"type": "trade", "pay": ["FUND_3"], "take": ["WOOD", "CHARCOAL"]}
    for payload in (
        brownie("BB_TRADING_POST", pay="SHEEP", take="COW"),
        brownie("BB_MARKET", pay="BREAD", take=["WHEAT", "STONE"]),
        brownie("BB_BUILDER", pay=["FLOUR", "BREAD"], take="BD_SMITHY"),
        brownie("BD_CHAPEL"),
        produce("WOOD"),
        END_TURN,
    ):
        assert RULES.parse_action(payload).to_json() == payload


# ---------------------------------------------------------------------------------------------
# Automatic steps and the end (§4.1, §4.6, §6).


def test_general_store_reshuffles_the_discard_with_what_it_was_paid() -> None:
    # §8.10: the paid primary goods are in the discard before it is reshuffled.
    state = table(areas={0: ["BB_GENERAL_STORE"]}, hands={0: ["PLANKS"]}, primary_discard=["COW"])
    step = act(state, brownie("BB_GENERAL_STORE", pay=["PLANKS"]))
    assert [e.kind for e in step.events] == ["brownie_used", "deck_reshuffled", "card_drawn"]
    drawn = step.events[-1].data["card"]
    assert drawn in ("PLANKS", "COW")
    assert hand(step.state, 0) == Counter([str(drawn)])
    assert len(step.state.primary_deck) == 1 and step.state.primary_discard == ()


def test_refill_reshuffles_an_empty_deck_and_a_row_may_stay_short() -> None:
    state = table(
        main_done=True,
        secondary_row=["MILK", "BREAD"],
        secondary_discard=["IRON", "WOOL"],
        primary_row=[("COW", 1)],
    )
    step = act(state, END_TURN)
    assert sorted(step.state.secondary_row) == sorted(["MILK", "BREAD", "IRON", "WOOL"])
    assert step.state.secondary_discard == () and step.state.secondary_deck == ()
    assert step.state.primary_row == (("COW", 1),)
    started = [e for e in step.events if e.kind == "turn_started"][0]
    assert started.data["reshuffled"] == ["secondary"]


def test_known_copies_are_paid_first_and_a_shown_hidden_card_becomes_known() -> None:
    # §5: paying COW with one known and one hidden COW uses the known one.
    state = table(
        hands={0: ["COW", "COW", "WHEAT"]},
        hidden={0: ["COW"]},
        secondary_row=["MEAT", "MILK"],
        areas={0: ["BD_COWSHED"]},
    )
    state = play(state, produce("MEAT"))
    assert state.players[0].hidden == ("COW",)
    assert RULES.view(state, 1)["players"][0]["hand"] == ["WHEAT", "MEAT"]  # type: ignore[index]
    state = play(state, brownie("BD_COWSHED"))  # shows the only COW, the hidden one
    assert state.players[0].hidden == ()
    assert RULES.view(state, 1)["players"][0]["hand"] == ["WHEAT", "COW", "MILK", "MEAT"]  # type: ignore[index]


def test_the_vp_supply_running_out_ends_the_game_with_shared_wins() -> None:
    # §6 check 2 and §8.12: a Score action takes what remains, and ties share the win.
    state = table(
        areas={0: ["BD_DINER"], 1: ["BD_BAKERY", "BD_MILL"]},
        hands={0: ["BREAD"]},
        vp_supply=1,
    )
    step = act(state, brownie("BD_DINER"))
    outcome = RULES.outcome(step.state)
    assert outcome is not None and outcome.reason == "vp_supply_empty"
    assert outcome.winners == frozenset({0, 1}) and outcome.scores == (3, 3, 0)
    assert step.state.players[0].vp_cards == 1


def test_ten_points_wins_even_when_the_supply_runs_out_in_the_same_action() -> None:
    state = table(areas={0: ["BD_CLOCK_TOWER", "BD_CHAPEL", "BD_DINER"]}, hands={0: ["BREAD"]}, vp_supply=1)
    outcome = RULES.outcome(play(state, brownie("BD_DINER")))
    assert outcome is not None and outcome.reason == "ten_points" and outcome.winners == frozenset({0})


def test_round_limit_ends_the_game_after_the_round() -> None:
    state = table(seats=2, active=1, main_done=True, round_limit=1, areas={0: ["BD_MILL"]})
    step = act(state, END_TURN)
    outcome = RULES.outcome(step.state)
    assert outcome is not None and outcome.reason == "round_limit" and outcome.winners == frozenset({0})
    assert [e.kind for e in step.events] == ["turn_ended", "game_ended"]


def test_a_building_can_be_produced_and_its_brownies_used_at_once() -> None:
    state = table(
        hands={0: ["BRICK", "WOOD", "WOOD"]},
        building_row=["BD_CHARCOAL_KILN"],
        primary_row=[("CHARCOAL", 1)],
    )
    state = play(state, produce("BD_CHARCOAL_KILN"), brownie("BD_CHARCOAL_KILN"))
    assert hand(state, 0) == Counter(["CHARCOAL"])
    assert state.brownies_used == ("BD_CHARCOAL_KILN",) and state.main_action_done
    assert [m.action for m in state.moves] == ["produce", "brownie"]


# ---------------------------------------------------------------------------------------------
# Views, redaction and the proofs (§5).


def test_view_carries_the_common_keys_and_is_json() -> None:
    state = setup(3, RULES.parse_options({"start_player": 1}, 3), Random(3))
    for seat in (0, 1, 2, None):
        seen = full_view(RULES, state, seat)
        assert json.loads(json.dumps(seen)) == seen
        assert seen["phase"] == "turn" and seen["awaiting"] == [1] and seen["outcome"] is None
        assert seen["seat"] == seat
        assert (seen["legal"] != []) == (seat == 1)
        # The game's own view leaves the envelope to the table and the card faces to the catalog.
        own = RULES.view(state, seat)
        assert not own.keys() & ENVELOPE_KEYS and "cards" not in own
    assert RULES.view(state, None)["secret"] is None


def test_the_card_faces_are_the_catalog_sent_once() -> None:
    assert RULES.catalog is CATALOG
    assert list(CATALOG) == list(CARDS)  # canonical order (§2)
    assert json.loads(json.dumps(CATALOG)) == CATALOG
    milk_shop = CATALOG["BD_MILK_SHOP"]
    assert isinstance(milk_shop, dict)
    assert milk_shop["value"] == 6 and milk_shop["vp"] == 2  # §2.5 #15
    assert milk_shop["brownie"] == {
        "form": "score",
        "inputs": {"pay": {"MILK": 1}, "show": {}},
        "gain": {},
        "vp": 1,
        "min_pay": None,
    }
    store = CATALOG["BB_GENERAL_STORE"]
    changer = CATALOG["BD_MONEY_CHANGER"]
    assert isinstance(store, dict) and isinstance(changer, dict)
    assert store["brownie"]["min_pay"] == 3 and changer["brownie"]["min_pay"] == 7  # type: ignore[index]


def test_views_show_deck_sizes_only_and_never_the_removed_basics() -> None:
    state = setup(2, RULES.parse_options({}, 2), Random(11))
    seen = RULES.view(state, 0)
    market = seen["market"]
    assert isinstance(market, dict)
    assert market["building_deck"] == len(state.building_deck)
    assert market["primary_deck"] == len(state.primary_deck)
    assert seen["removed"] == {"basic_buildings": 2, "funds": ["FUND_5", "FUND_6"]}
    text = json.dumps(seen)
    for card in state.removed_basics + state.building_deck + state.secondary_deck:
        assert card not in text
    # The view's strings name only the cards it shows.
    unseen = set(state.removed_basics + state.building_deck) - set(state.building_row)
    assert not leaves(seen) & unseen


def leaves(value: object) -> set[str]:
    """Every string leaf of a JSON value; dict keys are not leaves."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(leaves(item) for item in value.values()))
    if isinstance(value, list):
        return set().union(*(leaves(item) for item in value))
    return set()


def test_hands_are_revealed_at_the_end_unless_the_option_is_off() -> None:
    def finished(reveal: bool) -> BrowniesState:
        state = table(
            areas={0: ["BD_CLOCK_TOWER", "BD_CHAPEL", "BD_DINER"]},
            hands={0: ["BREAD"], 1: ["COW"]},
            hidden={1: ["COW"]},
            reveal_hands_at_end=reveal,
        )
        return play(state, brownie("BD_DINER"))

    assert RULES.view(finished(True), 2)["players"][1]["hand"] == ["COW"]  # type: ignore[index]
    assert RULES.view(finished(False), 2)["players"][1]["hidden"] == 1  # type: ignore[index]


def test_redeal_moves_only_what_the_viewer_cannot_see() -> None:
    state = table(
        hands={0: ["STONE", "COW"], 1: ["YARN"]},
        hidden={0: ["COW"], 1: ["YARN"]},
        primary_deck=["SHEEP", "FLOUR", "BRICK", "PLANKS", "CHARCOAL"],
        building_deck=list(BUILDINGS[:6]),
    )
    changed = False
    for k in range(30):
        for viewer in (0, 1, 2, None):
            other = redeal_hidden(state, viewer, Random(k))
            assert RULES.view(other, viewer) == RULES.view(state, viewer)
            assert inventory(other) == inventory(state)
            if viewer is not None:
                assert other.players[viewer] == state.players[viewer]
            changed |= other.players[0].hidden != state.players[0].hidden
    assert changed, "a hidden draw must really be re-dealt for the others"


def test_spectators_and_waiting_seats_get_no_legal_actions() -> None:
    state = table(hands={0: ["WOOD"], 1: ["CLAY"]})
    assert full_view(RULES, state, None)["legal"] == [] and full_view(RULES, state, 1)["legal"] == []
    assert full_view(RULES, state, 0)["legal"]


def test_events_are_past_tense_and_json() -> None:
    state = setup(3, RULES.parse_options({"start_player": 0}, 3), Random(4))
    events: list[Event] = []
    for payload in (produce("WOOD"), END_TURN):
        step = act(state, payload)
        state = step.state
        events += step.events
    assert [e.kind for e in events] == ["produced", "turn_ended", "turn_started"]
    for event in events:
        assert json.loads(json.dumps(event.to_json())) == event.to_json()
    assert events[0].data == {
        "seat": 0,
        "action": "produce",
        "building": None,
        "paid": [],
        "shown": [],
        "gained": ["WOOD"],
        "vp": 0,
        "drew": 0,
        "lost": 0,
    }


def test_rules_panel_marks_every_tagged_point_in_both_languages() -> None:
    panel = (Path(__file__).parents[2] / "templates" / "rules" / "brownies.html").read_text(encoding="utf-8")
    english, japanese = panel.split('<section lang="ja">')
    assert english.lstrip().startswith('<section lang="en">')
    # §8: seven interpretations; §8.12, §8.13 and the round limit are house rules; the cards house data.
    for en, ja, count in (
        ("interpretation", "解釈", 7),
        ("house rule", "ハウスルール", 3),
        ("house data", "ハウスデータ", 3),
    ):
        assert english.count(f'<em class="tag">{en}</em>') == count
        assert japanese.count(f'<em class="tag">{ja}</em>') == count
    for term in (
        "資源",
        "1次商品",
        "2次商品",
        "基本建物",
        "開業資金",
        "勝利点",
        "生産",
        "売買",
        "ブラウニーアクション",
        "工務店",
        "万屋",
        "交易所",
        "卸問屋",
        "市場",
    ):
        assert term in japanese
