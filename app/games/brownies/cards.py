"""The components as plain data (§2): every card kind, its value, recipe, VP and brownie action."""

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum


class CardClass(StrEnum):
    """A card's class (§2)."""

    RESOURCE = "resource"
    PRIMARY = "primary"
    SECONDARY = "secondary"
    BASIC_BUILDING = "basic_building"
    BUILDING = "building"
    FUND = "fund"
    VP = "vp"


class Form(StrEnum):
    """The shape of a brownie action (§4.6): generic forms first, then the five basic buildings."""

    CONVERT = "convert"
    SCORE = "score"
    MONEY_CHANGER = "money_changer"
    BUILDER = "builder"
    GENERAL_STORE = "general_store"
    TRADING_POST = "trading_post"
    WHOLESALER = "wholesaler"
    MARKET = "market"


@dataclass(frozen=True, slots=True)
class Icon:
    """One recipe or brownie input icon: pay (discard) or show (reveal, keep) one card of a kind."""

    kind: str
    show: bool = False


@dataclass(frozen=True, slots=True)
class Brownie:
    """A building's brownie action: its form, fixed inputs, the good it gains and the VP it scores."""

    form: Form
    inputs: tuple[Icon, ...] = ()
    gain: str | None = None
    vp: int = 0


@dataclass(frozen=True, slots=True)
class Card:
    """One card kind with everything printed on it."""

    id: str
    cls: CardClass
    ja: str
    en: str
    value: int
    recipe: tuple[Icon, ...] = ()
    vp: int = 0
    brownie: Brownie | None = None

    @property
    def is_building(self) -> bool:
        return self.cls in (CardClass.BASIC_BUILDING, CardClass.BUILDING)


def _pay(*kinds: str) -> tuple[Icon, ...]:
    return tuple(Icon(kind) for kind in kinds)


def _show(kind: str) -> Icon:
    return Icon(kind, show=True)


def _convert(inputs: tuple[Icon, ...], gain: str) -> Brownie:
    return Brownie(Form.CONVERT, inputs, gain=gain)


def _score(inputs: tuple[Icon, ...], vp: int) -> Brownie:
    return Brownie(Form.SCORE, inputs, vp=vp)


R, P, S = CardClass.RESOURCE, CardClass.PRIMARY, CardClass.SECONDARY
BB, BD = CardClass.BASIC_BUILDING, CardClass.BUILDING

# §2.1 resources [published]: value 1, empty recipe; pile sizes by player count below.
_RESOURCES = (
    Card("WOOD", R, "木", "Wood", 1),
    Card("WHEAT", R, "麦", "Wheat", 1),
    Card("CLAY", R, "土", "Clay", 1),
    Card("STONE", R, "石", "Stone", 1),
    Card("COTTON", R, "綿", "Cotton", 1),
)

# §2.2 primary goods [house data]; copies in PRIMARY_COPIES.
_PRIMARY = (
    Card("CHARCOAL", P, "炭", "Charcoal", 2, _pay("WOOD")),
    Card("FLOUR", P, "小麦粉", "Flour", 2, _pay("WHEAT")),
    Card("BRICK", P, "レンガ", "Brick", 2, _pay("CLAY")),
    Card("STONE_BLOCK", P, "石材", "Stone block", 2, _pay("STONE")),
    Card("YARN", P, "糸", "Yarn", 2, _pay("COTTON")),
    Card("PLANKS", P, "木材", "Planks", 3, _pay("WOOD", "WOOD")),
    Card("SHEEP", P, "羊", "Sheep", 3, _pay("WOOD", "WHEAT")),
    Card("COW", P, "牛", "Cow", 3, _pay("WHEAT", "CLAY")),
    Card("FISHING_ROD", P, "釣り竿", "Fishing rod", 3, _pay("WOOD", "COTTON")),
)

# §2.3 secondary goods [house data], one copy each.
_SECONDARY = (
    Card("BREAD", S, "パン", "Bread", 5, _pay("CHARCOAL", "FLOUR")),
    Card("MILK", S, "牛乳", "Milk", 4, (_show("COW"),)),
    Card("WOOL", S, "羊毛", "Wool", 4, (_show("SHEEP"),)),
    Card("FISH", S, "魚", "Fish", 4, (_show("FISHING_ROD"),)),
    Card("CLOTH", S, "布", "Cloth", 5, (Icon("YARN"), _show("SHEEP"))),
    Card("MEAT", S, "肉", "Meat", 5, _pay("COW")),
    Card("IRON", S, "鉄", "Iron", 5, _pay("STONE", "CHARCOAL")),
    Card("BARREL", S, "樽", "Barrel", 5, _pay("PLANKS", "WOOD")),
    Card("STONE_WALL", S, "石壁", "Stone wall", 5, _pay("STONE_BLOCK", "BRICK")),
)

# §2.4 basic buildings [seed effects; house value, recipe and VP].
_BASIC = (
    Card("BB_BUILDER", BB, "工務店", "Builder", 6, _pay("PLANKS", "BRICK"), 1, Brownie(Form.BUILDER)),
    Card(
        "BB_GENERAL_STORE", BB, "万屋", "General Store", 6,
        _pay("CHARCOAL", "FLOUR", "WOOD"), 1, Brownie(Form.GENERAL_STORE),
    ),
    Card(
        "BB_TRADING_POST", BB, "交易所", "Trading Post", 6,
        _pay("BRICK", "FLOUR", "WHEAT"), 1, Brownie(Form.TRADING_POST),
    ),
    Card(
        "BB_WHOLESALER", BB, "卸問屋", "Wholesaler", 6,
        _pay("STONE_BLOCK", "CHARCOAL", "WOOD"), 1, Brownie(Form.WHOLESALER),
    ),
    Card("BB_MARKET", BB, "市場", "Market", 6, _pay("PLANKS", "STONE_BLOCK"), 1, Brownie(Form.MARKET)),
)

# §2.5 buildings [house data], in table order (the canonical order of the building deck).
_BUILDINGS = (
    Card("BD_CHARCOAL_KILN", BD, "炭焼き小屋", "Charcoal Kiln", 5, _pay("BRICK", "WOOD"), 1,
         _convert(_pay("WOOD"), "CHARCOAL")),
    Card("BD_MILL", BD, "製粉所", "Mill", 5, _pay("STONE_BLOCK", "WOOD"), 1, _convert(_pay("WHEAT"), "FLOUR")),
    Card("BD_BRICK_KILN", BD, "レンガ窯", "Brick Kiln", 5, _pay("CHARCOAL", "STONE"), 1,
         _convert(_pay("CLAY"), "BRICK")),
    Card("BD_STONEMASON", BD, "石工場", "Stonemason", 5, _pay("CHARCOAL", "CLAY"), 1,
         _convert(_pay("STONE"), "STONE_BLOCK")),
    Card("BD_SPINNERY", BD, "糸紡ぎ小屋", "Spinnery", 5, _pay("PLANKS"), 1, _convert(_pay("COTTON"), "YARN")),
    Card("BD_SAWMILL", BD, "製材所", "Sawmill", 5, _pay("STONE_BLOCK", "WOOD", "WOOD"), 1,
         _convert(_pay("WOOD"), "PLANKS")),
    Card("BD_SHEEPFOLD", BD, "羊小屋", "Sheepfold", 5, (_show("SHEEP"), Icon("PLANKS")), 1,
         _convert((_show("SHEEP"),), "WOOL")),
    Card("BD_COWSHED", BD, "牛舎", "Cowshed", 5, (_show("COW"), Icon("PLANKS")), 1,
         _convert((_show("COW"),), "MILK")),
    Card("BD_FISHERS_HUT", BD, "漁師小屋", "Fisher's Hut", 5, (_show("FISHING_ROD"), Icon("PLANKS")), 1,
         _convert((_show("FISHING_ROD"),), "FISH")),
    Card("BD_BAKERY", BD, "パン屋", "Bakery", 6, _pay("BRICK", "STONE_BLOCK"), 2,
         _convert(_pay("FLOUR"), "BREAD")),
    Card("BD_WEAVER", BD, "機織り工房", "Weaver", 6, _pay("PLANKS", "COTTON"), 2, _convert(_pay("YARN"), "CLOTH")),
    Card("BD_SMITHY", BD, "鍛冶屋", "Smithy", 6, _pay("STONE_BLOCK", "CHARCOAL"), 2,
         _convert(_pay("CHARCOAL"), "IRON")),
    Card("BD_COOPERAGE", BD, "樽工房", "Cooperage", 6, _pay("PLANKS", "WOOD"), 2,
         _convert(_pay("PLANKS"), "BARREL")),
    Card("BD_WALLWRIGHT", BD, "石積み屋", "Wallwright", 7, _pay("BRICK", "PLANKS"), 2,
         _convert(_pay("STONE_BLOCK", "CLAY"), "STONE_WALL")),
    Card("BD_MILK_SHOP", BD, "牛乳屋", "Milk Shop", 6, _pay("BRICK", "FLOUR"), 2, _score(_pay("MILK"), 1)),
    Card("BD_WOOL_SHOP", BD, "毛糸屋", "Wool Shop", 6, _pay("YARN", "BRICK"), 2, _score(_pay("WOOL"), 1)),
    Card("BD_FISHMONGER", BD, "魚屋", "Fishmonger", 6, _pay("PLANKS", "CHARCOAL"), 2, _score(_pay("FISH"), 1)),
    Card("BD_DINER", BD, "食堂", "Diner", 7, _pay("PLANKS", "BRICK", "WHEAT"), 2, _score(_pay("BREAD"), 2)),
    Card("BD_BUTCHER", BD, "肉屋", "Butcher", 7, _pay("BRICK", "CHARCOAL", "STONE"), 2, _score(_pay("MEAT"), 2)),
    Card("BD_TAILOR", BD, "仕立屋", "Tailor", 7, _pay("YARN", "PLANKS"), 2, _score(_pay("CLOTH"), 2)),
    Card("BD_IRONMONGER", BD, "金物屋", "Ironmonger", 7, _pay("STONE_BLOCK", "PLANKS"), 2,
         _score(_pay("IRON"), 2)),
    Card("BD_CHEESE_DAIRY", BD, "チーズ工房", "Cheese Dairy", 8, (_show("COW"), *_pay("PLANKS", "BRICK")), 2,
         _score(_pay("MILK", "BARREL"), 3)),
    Card("BD_MONEY_CHANGER", BD, "両替商", "Money Changer", 8, _pay("STONE_WALL", "CHARCOAL"), 2,
         Brownie(Form.MONEY_CHANGER, vp=1)),
    Card("BD_CHAPEL", BD, "礼拝堂", "Chapel", 9, _pay("STONE_WALL", "BRICK"), 3),
    Card("BD_CLOCK_TOWER", BD, "時計塔", "Clock Tower", 11, _pay("STONE_WALL", "IRON"), 4),
)

# §2.6 starting funds and VP cards. A VP card has no value: it can never be paid or traded.
_FUNDS = tuple(Card(f"FUND_{value}", CardClass.FUND, "開業資金", f"Fund {value}", value) for value in (3, 4, 5, 6))
_VP = (Card("VP", CardClass.VP, "勝利点", "Victory point", 0),)

# Canonical order (§3.3, §4.3): the order of the §2 tables.
CARDS: dict[str, Card] = {card.id: card for card in (*_RESOURCES, *_PRIMARY, *_SECONDARY, *_BASIC, *_BUILDINGS,
                                                      *_FUNDS, *_VP)}
ORDER: dict[str, int] = {kind: index for index, kind in enumerate(CARDS)}
VALUE: dict[str, int] = {kind: card.value for kind, card in CARDS.items()}
CLASS: dict[str, CardClass] = {kind: card.cls for kind, card in CARDS.items()}

RESOURCES: tuple[str, ...] = tuple(card.id for card in _RESOURCES)
PRIMARY_KINDS: tuple[str, ...] = tuple(card.id for card in _PRIMARY)
SECONDARY_KINDS: tuple[str, ...] = tuple(card.id for card in _SECONDARY)
BASIC_BUILDINGS: tuple[str, ...] = tuple(card.id for card in _BASIC)
BUILDINGS: tuple[str, ...] = tuple(card.id for card in _BUILDINGS)
FUNDS: tuple[str, ...] = tuple(card.id for card in _FUNDS)
VP_CARD = "VP"
VP_CARDS = 12  # §2.6 [published]
HAND_LIMIT = 7  # §2.7 [seed]
WINNING_VP = 10  # §6 [seed]
MONEY_CHANGER_VALUE = 7  # §2.5 #23: pay hand cards of total value ≥ 7
GENERAL_STORE_VALUE = 3  # §4.6: pay value ≥ 3

PRIMARY_COPIES: dict[str, int] = {
    "CHARCOAL": 3, "FLOUR": 3, "BRICK": 2, "STONE_BLOCK": 2, "YARN": 2,
    "PLANKS": 2, "SHEEP": 2, "COW": 2, "FISHING_ROD": 1,
}  # §2.2: 19 cards
# §3.3: the canonical primary list keeps the copies of a kind next to each other.
PRIMARY_CARDS: tuple[str, ...] = tuple(kind for kind in PRIMARY_KINDS for _ in range(PRIMARY_COPIES[kind]))

# §2.1 printed pile sizes by player count, in RESOURCES order [published].
PRINTED_PILES: dict[int, tuple[int, ...]] = {2: (3, 2, 2, 2, 1), 3: (4, 3, 3, 2, 1), 4: (5, 3, 3, 3, 2)}

IS_BUILDING: frozenset[str] = frozenset(BASIC_BUILDINGS + BUILDINGS)
IS_MARKET_GOOD: frozenset[str] = frozenset(RESOURCES + PRIMARY_KINDS + SECONDARY_KINDS)


@dataclass(frozen=True, slots=True)
class Inputs:
    """A recipe or brownie input list, precomputed: the hand cards it needs, which are paid, which shown."""

    needs: tuple[tuple[str, int], ...]  # by kind: one hand card per icon, pay and show alike (§4.4 step 3)
    paid: tuple[str, ...]
    shown: tuple[str, ...]


def _inputs(icons: tuple[Icon, ...]) -> Inputs:
    counts: dict[str, int] = {}
    for icon in icons:
        counts[icon.kind] = counts.get(icon.kind, 0) + 1
    paid = tuple(icon.kind for icon in icons if not icon.show)
    return Inputs(tuple(counts.items()), paid, tuple(icon.kind for icon in icons if icon.show))


RECIPES: dict[str, Inputs] = {kind: _inputs(card.recipe) for kind, card in CARDS.items()}
BROWNIE_INPUTS: dict[str, Inputs] = {
    kind: _inputs(card.brownie.inputs) for kind, card in CARDS.items() if card.brownie is not None
}


def sort_kinds(kinds: Iterable[str]) -> tuple[str, ...]:
    """The kinds in canonical order (§4.3), repeats kept."""
    return tuple(sorted(kinds, key=ORDER.__getitem__))
