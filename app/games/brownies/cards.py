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
    """The shape of a brownie action (§4.6): the generic forms, then the five basic buildings."""

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


def _icons(text: str) -> tuple[Icon, ...]:
    """Icons in the spec's notation: kinds apart by spaces, `~` marking a show icon (the tilted card)."""
    return tuple(Icon(word.lstrip("~"), show=word.startswith("~")) for word in text.split())


def _brownie(text: str) -> Brownie | None:
    """A brownie action from "inputs > GAIN", "inputs > n VP" or "form > n VP", a form's name, or "" for none."""
    if not text:
        return None
    inputs, _, result = (part.strip() for part in text.partition(">"))
    if inputs in {form.value for form in Form}:
        return Brownie(Form(inputs), vp=int(result.removesuffix(" VP") or 0))
    if result.endswith(" VP"):
        return Brownie(Form.SCORE, _icons(inputs), vp=int(result.removesuffix(" VP")))
    return Brownie(Form.CONVERT, _icons(inputs), gain=result)


# Rows: id, Japanese, English, value, recipe, VP, brownie action. §2.2–§2.5 contents are [house data].
_ROWS: tuple[tuple[CardClass, tuple[tuple[str, str, str, int, str, int, str], ...]], ...] = (
    (
        CardClass.RESOURCE,
        (  # §2.1 [published]
            ("WOOD", "木", "Wood", 1, "", 0, ""),
            ("WHEAT", "麦", "Wheat", 1, "", 0, ""),
            ("CLAY", "土", "Clay", 1, "", 0, ""),
            ("STONE", "石", "Stone", 1, "", 0, ""),
            ("COTTON", "綿", "Cotton", 1, "", 0, ""),
        ),
    ),
    (
        CardClass.PRIMARY,
        (  # §2.2; copies in PRIMARY_COPIES
            ("CHARCOAL", "炭", "Charcoal", 2, "WOOD", 0, ""),
            ("FLOUR", "小麦粉", "Flour", 2, "WHEAT", 0, ""),
            ("BRICK", "レンガ", "Brick", 2, "CLAY", 0, ""),
            ("STONE_BLOCK", "石材", "Stone block", 2, "STONE", 0, ""),
            ("YARN", "糸", "Yarn", 2, "COTTON", 0, ""),
            ("PLANKS", "木材", "Planks", 3, "WOOD WOOD", 0, ""),
            ("SHEEP", "羊", "Sheep", 3, "WOOD WHEAT", 0, ""),
            ("COW", "牛", "Cow", 3, "WHEAT CLAY", 0, ""),
            ("FISHING_ROD", "釣り竿", "Fishing rod", 3, "WOOD COTTON", 0, ""),
        ),
    ),
    (
        CardClass.SECONDARY,
        (  # §2.3; one copy each
            ("BREAD", "パン", "Bread", 5, "CHARCOAL FLOUR", 0, ""),
            ("MILK", "牛乳", "Milk", 4, "~COW", 0, ""),
            ("WOOL", "羊毛", "Wool", 4, "~SHEEP", 0, ""),
            ("FISH", "魚", "Fish", 4, "~FISHING_ROD", 0, ""),
            ("CLOTH", "布", "Cloth", 5, "YARN ~SHEEP", 0, ""),
            ("MEAT", "肉", "Meat", 5, "COW", 0, ""),
            ("IRON", "鉄", "Iron", 5, "STONE CHARCOAL", 0, ""),
            ("BARREL", "樽", "Barrel", 5, "PLANKS WOOD", 0, ""),
            ("STONE_WALL", "石壁", "Stone wall", 5, "STONE_BLOCK BRICK", 0, ""),
        ),
    ),
    (
        CardClass.BASIC_BUILDING,
        (  # §2.4: the seed's effects, exactly as §4.6 defines them
            ("BB_BUILDER", "工務店", "Builder", 6, "PLANKS BRICK", 1, "builder"),
            ("BB_GENERAL_STORE", "万屋", "General Store", 6, "CHARCOAL FLOUR WOOD", 1, "general_store"),
            ("BB_TRADING_POST", "交易所", "Trading Post", 6, "BRICK FLOUR WHEAT", 1, "trading_post"),
            ("BB_WHOLESALER", "卸問屋", "Wholesaler", 6, "STONE_BLOCK CHARCOAL WOOD", 1, "wholesaler"),
            ("BB_MARKET", "市場", "Market", 6, "PLANKS STONE_BLOCK", 1, "market"),
        ),
    ),
    (
        CardClass.BUILDING,
        (  # §2.5, in table order: the canonical order of the building deck
            ("BD_CHARCOAL_KILN", "炭焼き小屋", "Charcoal Kiln", 5, "BRICK WOOD", 1, "WOOD > CHARCOAL"),
            ("BD_MILL", "製粉所", "Mill", 5, "STONE_BLOCK WOOD", 1, "WHEAT > FLOUR"),
            ("BD_BRICK_KILN", "レンガ窯", "Brick Kiln", 5, "CHARCOAL STONE", 1, "CLAY > BRICK"),
            ("BD_STONEMASON", "石工場", "Stonemason", 5, "CHARCOAL CLAY", 1, "STONE > STONE_BLOCK"),
            ("BD_SPINNERY", "糸紡ぎ小屋", "Spinnery", 5, "PLANKS", 1, "COTTON > YARN"),
            ("BD_SAWMILL", "製材所", "Sawmill", 5, "STONE_BLOCK WOOD WOOD", 1, "WOOD > PLANKS"),
            ("BD_SHEEPFOLD", "羊小屋", "Sheepfold", 5, "~SHEEP PLANKS", 1, "~SHEEP > WOOL"),
            ("BD_COWSHED", "牛舎", "Cowshed", 5, "~COW PLANKS", 1, "~COW > MILK"),
            ("BD_FISHERS_HUT", "漁師小屋", "Fisher's Hut", 5, "~FISHING_ROD PLANKS", 1, "~FISHING_ROD > FISH"),
            ("BD_BAKERY", "パン屋", "Bakery", 6, "BRICK STONE_BLOCK", 2, "FLOUR > BREAD"),
            ("BD_WEAVER", "機織り工房", "Weaver", 6, "PLANKS COTTON", 2, "YARN > CLOTH"),
            ("BD_SMITHY", "鍛冶屋", "Smithy", 6, "STONE_BLOCK CHARCOAL", 2, "CHARCOAL > IRON"),
            ("BD_COOPERAGE", "樽工房", "Cooperage", 6, "PLANKS WOOD", 2, "PLANKS > BARREL"),
            ("BD_WALLWRIGHT", "石積み屋", "Wallwright", 7, "BRICK PLANKS", 2, "STONE_BLOCK CLAY > STONE_WALL"),
            ("BD_MILK_SHOP", "牛乳屋", "Milk Shop", 6, "BRICK FLOUR", 2, "MILK > 1 VP"),
            ("BD_WOOL_SHOP", "毛糸屋", "Wool Shop", 6, "YARN BRICK", 2, "WOOL > 1 VP"),
            ("BD_FISHMONGER", "魚屋", "Fishmonger", 6, "PLANKS CHARCOAL", 2, "FISH > 1 VP"),
            ("BD_DINER", "食堂", "Diner", 7, "PLANKS BRICK WHEAT", 2, "BREAD > 2 VP"),
            ("BD_BUTCHER", "肉屋", "Butcher", 7, "BRICK CHARCOAL STONE", 2, "MEAT > 2 VP"),
            ("BD_TAILOR", "仕立屋", "Tailor", 7, "YARN PLANKS", 2, "CLOTH > 2 VP"),
            ("BD_IRONMONGER", "金物屋", "Ironmonger", 7, "STONE_BLOCK PLANKS", 2, "IRON > 2 VP"),
            ("BD_CHEESE_DAIRY", "チーズ工房", "Cheese Dairy", 8, "~COW PLANKS BRICK", 2, "MILK BARREL > 3 VP"),
            ("BD_MONEY_CHANGER", "両替商", "Money Changer", 8, "STONE_WALL CHARCOAL", 2, "money_changer > 1 VP"),
            ("BD_CHAPEL", "礼拝堂", "Chapel", 9, "STONE_WALL BRICK", 3, ""),
            ("BD_CLOCK_TOWER", "時計塔", "Clock Tower", 11, "STONE_WALL IRON", 4, ""),
        ),
    ),
    (CardClass.FUND, tuple((f"FUND_{v}", "開業資金", f"Fund {v}", v, "", 0, "") for v in (3, 4, 5, 6))),  # §2.6
    (CardClass.VP, (("VP", "勝利点", "Victory point", 0, "", 0, ""),)),  # §2.6: no value, never paid or traded
)

# Canonical order (§3.3, §4.3): the order of the §2 tables.
CARDS: dict[str, Card] = {
    kind: Card(kind, cls, ja, en, value, _icons(recipe), vp, _brownie(brownie))
    for cls, rows in _ROWS
    for kind, ja, en, value, recipe, vp, brownie in rows
}
ORDER: dict[str, int] = {kind: index for index, kind in enumerate(CARDS)}
VALUE: dict[str, int] = {kind: card.value for kind, card in CARDS.items()}
CLASS: dict[str, CardClass] = {kind: card.cls for kind, card in CARDS.items()}


def _kinds(cls: CardClass) -> tuple[str, ...]:
    return tuple(kind for kind, card in CARDS.items() if card.cls is cls)


RESOURCES = _kinds(CardClass.RESOURCE)
PRIMARY_KINDS = _kinds(CardClass.PRIMARY)
SECONDARY_KINDS = _kinds(CardClass.SECONDARY)
BASIC_BUILDINGS = _kinds(CardClass.BASIC_BUILDING)
BUILDINGS = _kinds(CardClass.BUILDING)
FUNDS = _kinds(CardClass.FUND)
IS_BUILDING: frozenset[str] = frozenset(BASIC_BUILDINGS + BUILDINGS)
IS_MARKET_GOOD: frozenset[str] = frozenset(RESOURCES + PRIMARY_KINDS + SECONDARY_KINDS)

VP_CARD = "VP"
VP_CARDS = 12  # §2.6 [published]
HAND_LIMIT = 7  # §2.7 [seed]
WINNING_VP = 10  # §6 [seed]
MONEY_CHANGER_VALUE = 7  # §2.5 #23: pay hand cards of total value ≥ 7
GENERAL_STORE_VALUE = 3  # §4.6: pay value ≥ 3

PRIMARY_COPIES: dict[str, int] = {
    "CHARCOAL": 3,
    "FLOUR": 3,
    "BRICK": 2,
    "STONE_BLOCK": 2,
    "YARN": 2,
    "PLANKS": 2,
    "SHEEP": 2,
    "COW": 2,
    "FISHING_ROD": 1,
}  # §2.2: 19 cards
# §3.3: the canonical primary list keeps the copies of a kind next to each other.
PRIMARY_CARDS: tuple[str, ...] = tuple(kind for kind in PRIMARY_KINDS for _ in range(PRIMARY_COPIES[kind]))

# §2.1 printed pile sizes by player count, in RESOURCES order [published].
PRINTED_PILES: dict[int, tuple[int, ...]] = {2: (3, 2, 2, 2, 1), 3: (4, 3, 3, 2, 1), 4: (5, 3, 3, 3, 2)}


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
