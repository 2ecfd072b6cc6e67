"""Three Chromium pages join by the invite link and play Farm with Brownies to its end by clicking.

The table uses the game's real `round_limit` option (10 rounds), so a game of sensible but simple
clicking ends in time. One page is a 390 px phone in Japanese. The host opens with a mixed trade
(its fund card for several resources) on the select-then-confirm desk, with the keyboard alone,
and later looks at the table at 360 px too. A second test puts the desk on crafted tables: every
brownie form is composed by clicking, and the rules accept exactly what the desk sends.
"""

import asyncio
import json
from pathlib import Path
from random import Random

import pytest
from playwright.async_api import Browser, Page
from playwright.async_api import TimeoutError as PlaywrightTimeout

from app.engine import IllegalAction, full_view, rng_for
from app.games.brownies import RULES
from app.games.brownies.cards import sort_kinds
from app.games.brownies.state import BrowniesState, Player
from tests.browser.pages import (
    game_over_said_once,
    harness,
    invite_link,
    is_idle,
    join_by_link,
    open_page,
    patiently,
    shoot,
)
from tests.support.server import ServerProcess

pytestmark = pytest.mark.browser

ROUNDS = "10"

# One look at the page: whose turn, what the desk offers, which controls are open.
LOOK = r"""() => {
  const root = document.querySelector('.brownies');
  if (!root) return null;
  const on = (sel) => [...document.querySelectorAll(sel)].filter((el) => !el.disabled);
  const item = (el) => el.closest('.bw-item');
  return {
    turn: root.dataset.turn,
    main: root.dataset.main,
    turnNo: root.querySelector('.bw-turnno')?.textContent ?? '',
    composing: Boolean(document.querySelector('.bw-desk.composing')),
    form: document.querySelector('.bw-composer')?.dataset.form ?? null,
    asking: Boolean(document.querySelector('.bw-asking')),
    confirm: document.querySelector('.bw-confirm:not([disabled])')?.dataset.action ?? null,
    make: on('.bw-market .bw-make[data-action]').map((el) => ({
      key: el.dataset.key, where: item(el).classList[1], kind: item(el).dataset.kind,
      value: Number(item(el).querySelector('.bw-cardbtn').dataset.value) })),
    use: on('.bw-use[data-action]').map((el) => ({ key: el.dataset.key })),
    open: on('.bw-open[data-mode]').map((el) => el.dataset.mode),
    trade: on('.bw-desk-bar [data-mode="trade"]').length > 0,
    end: on('.bw-end[data-action]').length > 0,
    hand: [...root.querySelectorAll('.bw-hand .bw-cardbtn')].map((el) => ({
      key: el.dataset.key, kind: el.dataset.kind, value: Number(el.dataset.value) })),
    market: [...root.querySelectorAll('.bw-market .bw-cardbtn')].map((el) => ({
      key: el.dataset.key, kind: el.dataset.kind, value: Number(el.dataset.value), where: el.dataset.where,
      count: Number(el.dataset.count) })),
    round: Number((root.querySelector('.bw-round')?.textContent.match(/\d+/) ?? ['0'])[0]),
    over: Boolean(root.querySelector('.bw-result')),
    busy: document.getElementById('app').hasAttribute('data-busy'),
    buildings: [...root.querySelectorAll('.bw-seat .bw-mini.cls-building, .bw-seat .bw-mini.cls-basic_building')]
      .map((el) => el.textContent),
  };
}"""


async def create_brownies_table(browser: Browser, base_url: str, name: str) -> Page:
    """The host's page after creating a three-seat table with a ten-round limit, waiting for players."""
    host = await open_page(browser, base_url, "en-US")
    await host.check('input[name="game"][value="brownies"]')
    await host.select_option("#seat-count", "3")
    await host.select_option('select[name="opt-round_limit"]', ROUNDS)
    await host.fill("#create-name", name)
    await host.click("#create-form button[type=submit]")
    await host.wait_for_url("**/t/*")
    await host.wait_for_selector(".seat-list")
    return host


async def full_shot(page: Page, name: str, tmp_path: Path) -> None:
    """A screenshot of the whole table: the viewport is made as tall as the page, so the desk that
    is pinned to the bottom of the screen sits where it belongs instead of over the market."""
    size = page.viewport_size or {"width": 1100, "height": 900}
    height = await page.evaluate("document.documentElement.scrollHeight")
    await page.set_viewport_size({"width": size["width"], "height": max(height, size["height"])})
    await page.wait_for_timeout(150)
    await shoot(page, name, tmp_path)
    await page.set_viewport_size(size)


async def no_sideways_scroll(page: Page) -> bool:
    return bool(await page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


async def click(page: Page, key: str, keyboard: bool = False) -> bool:
    """Clicks the control with this data-key (or focuses it and presses Enter); False if it went away."""
    control = page.locator(f'.brownies [data-key="{key}"]:not([disabled])')
    try:
        if keyboard:
            await control.focus(timeout=3000)
            await page.keyboard.press("Enter")
        else:
            await control.click(timeout=3000)
    except PlaywrightTimeout:
        return False
    return True


async def settle(page: Page) -> None:
    await page.wait_for_selector("#app:not([data-busy])", timeout=15000)


def pay_for(hand: list[dict], needed: int) -> list[str] | None:
    """The hand cards to give for something worth `needed`: dearest first, then drop what is not needed."""
    chosen: list[dict] = []
    for card in sorted(hand, key=lambda c: -c["value"]):
        if sum(c["value"] for c in chosen) >= needed:
            break
        chosen.append(card)
    if sum(c["value"] for c in chosen) < needed:
        return None
    for card in sorted(chosen, key=lambda c: c["value"]):
        if sum(c["value"] for c in chosen) - card["value"] >= needed:
            chosen.remove(card)
    return [c["key"] for c in chosen]


def on_desk(key: str) -> str:
    """The desk's own copy of a hand card (`h-…`) or a market card (`m-…`), where a phone player finds it."""
    return ("give-" if key.startswith("h-") else "take-") + key[2:]


async def compose(page: Page, opener: str, pay: list[str], take: list[str], keyboard: bool = False) -> bool:
    """Opens a desk (the trade, or a building's brownies), picks the cards to give and to take on it."""
    if not await click(page, opener, keyboard):
        return False
    for key in [*pay, *take]:
        await click(page, on_desk(key), keyboard)
    return True


def resources_for(look: dict, budget: int) -> list[str]:
    """Different resources, one of each while the budget lasts, then seconds: a mixed one-for-many take."""
    left = {m["key"]: m["count"] for m in look["market"] if m["where"] == "pile" and m["count"]}
    picks: list[str] = []
    while budget and any(left.values()) and len(picks) < 7 - len(look["hand"]) + 1:
        for key in [k for k, n in left.items() if n]:
            if budget and len(picks) < 7 - len(look["hand"]) + 1:
                picks.append(key)
                left[key] -= 1
                budget -= 1
    return picks


class Clicker:
    """One page's sensible clicking: brownies that work by themselves, a building when the hand can
    pay for one, else the dearest good it can produce, else a resource; then the end of the turn."""

    def __init__(self, page: Page, opening_trade: bool = False) -> None:
        self.page = page
        self.turn = ""
        self.tried: set[str] = set()
        self.composed: list[str] = []
        self.opening_trade = opening_trade  # the first turn trades the fund card for mixed resources

    async def act(self, look: dict, keyboard: bool = False) -> str | None:
        page = self.page
        if look["turnNo"] != self.turn:
            self.turn, self.tried = look["turnNo"], set()
        if look["composing"]:
            if look["asking"]:  # the desk waits for the server's word on the picks
                await page.wait_for_selector(".bw-asking", state="detached", timeout=15000)
                return "asking"
            if look["confirm"] and await click(page, "confirm", keyboard):
                self.composed.append(look["form"])
                await settle(page)
                return "confirm"
            await click(page, "cancel", keyboard)
            return "cancel"
        fund = next((c for c in look["hand"] if c["kind"].startswith("FUND")), None)
        if self.opening_trade and look["main"] == "todo" and look["trade"] and fund:
            self.opening_trade = False
            if await compose(page, "trade", [fund["key"]], resources_for(look, fund["value"]), keyboard):
                return "compose"
        for use in look["use"]:
            if use["key"] not in self.tried:
                self.tried.add(use["key"])
                if await click(page, use["key"], keyboard):
                    await settle(page)
                    return "brownie"
        worth = sum(c["value"] for c in look["hand"])
        if look["main"] == "todo":
            rank = {"building": 4, "secondary": 3, "primary": 2, "pile": 1}
            makes = sorted(look["make"], key=lambda m: (-rank.get(m["where"], 0), -m["value"]))
            if makes and makes[0]["where"] == "building" and await click(page, makes[0]["key"], keyboard):
                await settle(page)
                return "produce"
            buildings = [m for m in look["market"] if m["where"] == "building" and m["value"] <= worth]
            if look["trade"] and buildings and "trade" not in self.tried:
                self.tried.add("trade")
                target = max(buildings, key=lambda m: m["value"])
                pay = pay_for(look["hand"], target["value"])
                if pay and await compose(page, "trade", pay, [target["key"]]):
                    return "compose"
            if makes:
                best = makes[0]
                if best["where"] == "pile":  # the resource the hand holds least of
                    have = [c["kind"] for c in look["hand"]]
                    best = min(makes, key=lambda m: (have.count(m["kind"]), m["kind"]))
                if await click(page, best["key"], keyboard):
                    await settle(page)
                    return "produce"
            if look["trade"] and "swap" not in self.tried:  # a full hand: one card for the dearest good it buys
                self.tried.add("swap")
                card = max(look["hand"], key=lambda c: c["value"])
                goods = [
                    m
                    for m in look["market"]
                    if m["where"] != "building" and 0 < m["value"] <= card["value"] and m["count"]
                ]
                if goods and await compose(page, "trade", [card["key"]], [max(goods, key=lambda m: m["value"])["key"]]):
                    return "compose"
        for mode in look["open"]:
            where = {"BB_BUILDER": "building", "BB_WHOLESALER": "secondary"}.get(mode)
            targets = [m for m in look["market"] if m["where"] == where and m["value"] <= worth]
            if mode not in self.tried and targets:
                self.tried.add(mode)
                target = max(targets, key=lambda m: m["value"])
                pay = pay_for(look["hand"], target["value"])
                if pay and await compose(page, f"b-{mode}", pay, [target["key"]]):
                    return "compose"
        if look["end"] and await click(page, "end", keyboard):
            await settle(page)
            return "end"
        return None


async def test_three_browsers_play_a_whole_game(sqlite_server: ServerProcess, browser: Browser, tmp_path: Path) -> None:
    host = await create_brownies_table(browser, sqlite_server.url, "Mina")
    invite = await invite_link(host)
    assert invite.endswith(host.url.rsplit("/", 1)[1])
    ken = await join_by_link(browser, invite, "Ken", "ja-JP", 390)
    aiko = await join_by_link(browser, invite, "Aiko", "ja-JP", 1100)
    pages = [host, ken, aiko]
    await host.wait_for_selector(".seat-list >> text=Aiko")
    await full_shot(host, "brownies-1-waiting-room", tmp_path)
    await host.click("text=Start the game")
    for page in pages:
        await page.wait_for_selector(".brownies")
    players = [Clicker(page, opening_trade=page is host) for page in pages]

    # Every page shows the whole market, the other two shops and its own hand; a phone never scrolls sideways.
    for page in pages:
        await page.wait_for_selector(".bw-zone.resources .bw-item >> nth=4")
        assert await page.locator(".bw-others .bw-seat").count() == 2
        assert await page.locator(".bw-hand .bw-cardbtn").count() == 1
    assert await no_sideways_scroll(ken)
    assert "資源" in await ken.locator(".bw-zone.resources").inner_text()
    looks = await asyncio.gather(*(page.evaluate(LOOK) for page in pages))
    assert [look["turn"] for look in looks].count("mine") == 1
    await full_shot(host, "brownies-2-start", tmp_path)

    shots: dict[str, bool] = {"trade": False, "phone": False, "detail": False, "midgame": False, "phone-360": False}
    keyboard = True
    for _ in patiently(600):
        looks = await asyncio.gather(*(page.evaluate(LOOK) for page in pages))
        if all(look["over"] for look in looks):
            break
        movers = [i for i, look in enumerate(looks) if look["turn"] == "mine" and not look["busy"]]
        if not movers:
            await host.wait_for_timeout(25)
            continue
        i = movers[0]
        page, look = pages[i], looks[i]
        if not await is_idle(page):
            continue
        if not shots["phone"] and page is ken and not look["composing"]:
            assert await no_sideways_scroll(ken)
            await full_shot(ken, "brownies-3-phone-ja", tmp_path)
            shots["phone"] = True
        if not shots["trade"] and page is host and look["form"] == "trade" and look["confirm"]:
            assert await host.locator(".bw-ok").count()  # the desk says in words that the trade is ready
            await full_shot(host, "brownies-4-trade-desk", tmp_path)
            shots["trade"] = True
        if not shots["detail"] and shots["phone"] and page is not ken:
            await ken.locator(".bw-zone.buildings .bw-cardbtn").first.click()
            await ken.wait_for_selector(".bw-detail")
            assert "ハウスデータ" in await ken.locator(".bw-detail").inner_text()
            await full_shot(ken, "brownies-5-card-detail-phone-ja", tmp_path)
            await ken.click(".bw-desk .bw-close")
            shots["detail"] = True
        if not shots["midgame"] and look["round"] >= 6 and page is not aiko:
            await full_shot(aiko, "brownies-6-midgame-ja", tmp_path)
            shots["midgame"] = True
        if shots["midgame"] and not shots["phone-360"] and page is host and look["main"] == "done":
            await host.set_viewport_size({"width": 360, "height": 780})
            await host.wait_for_timeout(150)
            assert await no_sideways_scroll(host)
            await full_shot(host, "brownies-7-phone-360", tmp_path)
            await host.set_viewport_size({"width": 1100, "height": 900})
            shots["phone-360"] = True
        step = await players[i].act(look, keyboard=keyboard and page is host)
        if page is host and step in ("confirm", "produce", "brownie", "end"):
            keyboard = False  # the host's first turn was played with the keyboard alone
    else:
        pytest.fail("the game did not end")

    for page in pages:
        await page.locator(".bw-result .bw-headline").wait_for()
        assert await page.locator("#finished").is_visible()
        assert not await page.locator(".bw-desk").count()  # no hint pinned over the final panels
        await game_over_said_once(page)
        assert await page.locator(".bw-scores tr.winner").count() >= 1
        assert not await page.locator(".brownies [data-action]:not([disabled])").count()  # nothing more to send
    assert "win" in await host.locator(".bw-result .bw-headline").inner_text()
    assert "勝利" in await ken.locator(".bw-result .bw-headline").inner_text()
    assert await no_sideways_scroll(ken)
    # The log tells the story in each page's language; the desk was used to trade and build.
    assert "Round 10" in await host.locator("#log-lines").inner_text()
    assert "ラウンド10" in await aiko.locator("#log-lines").inner_text()
    assert "Scores:" in await host.locator("#log-lines li").last.inner_text()  # the end, with every score
    assert "trade" in [form for player in players for form in player.composed]
    assert sum(len(look["buildings"]) for look in looks) >= 1, "nobody built anything"
    assert all(shots.values()), shots
    await host.wait_for_timeout(400)  # the reveal flip is over
    await full_shot(host, "brownies-8-game-over", tmp_path)
    await full_shot(ken, "brownies-9-game-over-phone-ja", tmp_path)


# ---------------------------------------------------------------------------------------------
# The desk on crafted tables: every brownie form and a mixed trade, each sent action checked by the rules.

HARNESS = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/static/css/zashiki.css">
<link rel="stylesheet" href="/static/css/games/brownies.css"></head>
<body><main id="app" class="table-page">
<p id="prompt" class="prompt"></p><section id="table" class="table"></section></main>
<script type="module">
import * as game from "/static/js/games/brownies.js";
import { translator } from "/static/js/i18n.js";
const strings = await fetch("/static/i18n/brownies.json").then((response) => response.json());
import { listNames, seatsAround } from "/static/js/dom.js";
const players = ["Mina", "Ken", "Aiko"].map((name, seat) => ({ seat, name, presence: "connected", bot: false }));
window.show = (args) => {
  const [view, seat, lang, previous, catalog] = args;
  document.documentElement.lang = lang;
  window.sent = null;
  const ctx = { view, catalog, seat, players, t: translator(lang, strings), lang, previous, busy: false,
                send: (action) => { window.sent = action; }, check: (action) => window.checkAction(action),
                redraw: () => window.show(args),
                names: (seats) => listNames(ctx, seats), around: () => seatsAround(players.length, seat) };
  game.render(document.getElementById("table"), ctx);
  document.getElementById("prompt").textContent = game.prompt(ctx) ?? "";
};
window.ready = true;
</script></body></html>"""


def scene(
    hand: list[str],
    area: tuple[str, ...] = (),
    *,
    main_done: bool = True,
    hidden: tuple[str, ...] = (),
    **market: object,
) -> BrowniesState:
    """Seat 0's turn on a three-seat table, with the hand, buildings and market rows given."""
    state = RULES.deal(3, {"start_player": 0}, Random(7))
    players = (Player(sort_kinds(hand), sort_kinds(hidden), area, 0), *state.players[1:])
    return state._replace(players=players, main_action_done=main_done, **market)


def accepted(state: BrowniesState, action: dict) -> BrowniesState:
    """The state after the rules apply `action` for seat 0 (raises if they refuse it)."""
    return RULES.apply(state, 0, RULES.parse_action(action), rng_for(7, 1)).state


# What the harness's check asks the rules about: the table shown last, and its seat.
SHOWN: dict[str, object] = {}


def check_action(action: dict) -> dict | None:
    """The room's check in the harness: None if the rules would accept `action` on the shown table, else the refusal."""
    state, seat = SHOWN["state"], SHOWN["seat"]
    assert isinstance(state, BrowniesState) and isinstance(seat, int)
    try:
        RULES.apply(state, seat, RULES.parse_action(action), rng_for(7, 1))
    except IllegalAction as refusal:
        return {"code": refusal.code, "message": refusal.message}
    return None


async def show(
    page: Page, state: BrowniesState, seat: int = 0, lang: str = "en", previous: BrowniesState | None = None
) -> None:
    SHOWN.update(state=state, seat=seat)
    before = None if previous is None else full_view(RULES, previous, seat)
    args = [full_view(RULES, state, seat), seat, lang, before, RULES.catalog]
    await page.evaluate("(args) => window.show(args)", args)


async def desk_action(page: Page, opener: str, picks: list[str]) -> dict:
    """Opens a desk, clicks the picks in order, and returns what its confirm button would send."""
    await page.click(f'[data-key="{opener}"]')
    for key in picks:
        await page.click(f'.brownies [data-key="{key}"]')
    confirm = page.locator(".bw-confirm")
    try:  # enabled once the server has said yes
        await page.wait_for_selector(".bw-confirm[data-action]:not([disabled])", timeout=5000)
    except PlaywrightTimeout:
        pytest.fail(await page.locator(".bw-composer").inner_text())
    action = json.loads(await confirm.get_attribute("data-action") or "null")
    await confirm.click()
    assert await page.evaluate("window.sent") == action
    await page.click(".bw-cancel")
    return action


STACKS = (("FLOUR", 1), ("PLANKS", 1), ("COW", 1), ("BRICK", 2), ("CHARCOAL", 2))


serve = harness("/desk", HARNESS)


async def test_the_desk_sends_what_the_rules_accept(browser: Browser, tmp_path: Path) -> None:
    page = await open_page(browser, "about:blank")
    await page.expose_function("checkAction", check_action)
    await page.route("http://brownies.test/**", serve)
    await page.goto("http://brownies.test/desk")
    await page.wait_for_function("window.ready === true")

    # A one-for-many trade of mixed kinds (§10 S4) is composed freely and accepted.
    state = scene(["FUND_5"], main_done=False, primary_row=STACKS)
    await show(page, state)
    action = await desk_action(page, "trade", ["h-FUND_5-0", "m-WOOD", "m-WOOD", "m-CHARCOAL"])
    assert action == {"type": "trade", "pay": ["FUND_5"], "take": ["WOOD", "WOOD", "CHARCOAL"]}
    accepted(state, action)
    # The same trade on the desk's own list of cards: a tap takes one more, "−" one fewer.
    picks = ["give-FUND_5-0", "take-WOOD", "take-WOOD", "take-WOOD", "less-WOOD", "take-CHARCOAL"]
    assert await desk_action(page, "trade", picks) == action
    # Many for many is refused on the desk, in words, before anything is sent.
    state = scene(["WOOD", "CLAY"], main_done=False, primary_row=STACKS)
    await show(page, state)
    await page.click('[data-key="trade"]')
    for key in ("h-WOOD-0", "h-CLAY-0", "m-WHEAT", "m-STONE"):
        await page.click(f'.brownies [data-key="{key}"]')
    await page.locator(".bw-problem").wait_for()  # the server's answer, translated
    assert not await page.locator(".bw-confirm").is_enabled()
    assert not await page.locator(".bw-confirm").get_attribute("data-action")
    assert "several cards for several" in await page.locator(".bw-problem").inner_text()
    await page.click(".bw-cancel")

    # Builder (工務店), then the building's own brownies in the same turn (§10 S6).
    state = scene(
        ["BREAD", "FLOUR", "CHARCOAL", "WOOD"],
        ("BB_BUILDER",),
        building_row=("BD_SMITHY", "BD_MILL"),
        secondary_row=("IRON", "MILK"),
    )
    await show(page, state)
    await page.click('[data-key="b-BB_BUILDER"]')
    for key in ("h-BREAD-0", "h-FLOUR-0", "m-BD_SMITHY"):
        await page.click(f'.brownies [data-key="{key}"]')
    await page.locator(".bw-ok").wait_for()
    assert "1 value is lost" in await page.locator(".bw-ok").inner_text()
    await full_shot(page, "brownies-10-builder-desk", tmp_path)
    await page.click(".bw-cancel")
    action = await desk_action(page, "b-BB_BUILDER", ["h-BREAD-0", "h-FLOUR-0", "m-BD_SMITHY"])
    assert action == {"type": "brownie", "building": "BB_BUILDER", "pay": ["FLOUR", "BREAD"], "take": "BD_SMITHY"}
    state = accepted(state, action)
    await show(page, state)
    smithy = json.loads(await page.get_attribute('[data-key="b-BD_SMITHY"]', "data-action") or "null")
    assert smithy in full_view(RULES, state, 0)["legal"]
    assert await page.locator('[data-key="b-BB_BUILDER"].used').count()

    # Wholesaler (卸問屋), §10 S9.
    state = scene(
        ["CHARCOAL", "FLOUR", "WOOD", "WOOD"],
        ("BB_WHOLESALER",),
        secondary_row=("MILK", "BREAD", "IRON", "CLOTH", "FISH"),
    )
    await show(page, state)
    action = await desk_action(page, "b-BB_WHOLESALER", ["h-CHARCOAL-0", "h-FLOUR-0", "h-WOOD-0", "m-BREAD"])
    accepted(state, action)

    # General Store (万屋), §10 S7: the draw is face down for the others.
    state = scene(["WOOD", "WHEAT", "CLAY", "STONE"], ("BB_GENERAL_STORE",), primary_deck=("COW", "YARN"))
    await show(page, state)
    action = await desk_action(page, "b-BB_GENERAL_STORE", ["h-WOOD-0", "h-WHEAT-0", "h-CLAY-0"])
    drawn = accepted(state, action)
    await show(page, drawn, previous=state)
    assert await page.locator(".bw-hand .bw-cardbtn.secret").count() == 1
    await show(page, drawn, seat=1, lang="ja")
    assert await page.locator(".bw-seat.seat-0 .bw-back.mini").count() == 1

    # Trading Post (交易所), §10 S8: one primary good for one worth no more.
    state = scene(
        ["SHEEP", "CHARCOAL", "WOOD"],
        ("BB_TRADING_POST",),
        primary_row=(("FLOUR", 1), ("PLANKS", 1), ("COW", 1), ("BRICK", 2), ("YARN", 1)),
    )
    await show(page, state)
    action = await desk_action(page, "b-BB_TRADING_POST", ["h-SHEEP-0", "m-COW"])
    assert action == {"type": "brownie", "building": "BB_TRADING_POST", "pay": "SHEEP", "take": "COW"}
    accepted(state, action)

    # Market (市場), §10 S10: one secondary good for several goods; buildings cannot be picked.
    state = scene(
        ["BREAD", "COW", "WOOD", "WOOD", "CLAY"], ("BB_MARKET",), primary_row=STACKS, building_row=("BD_MILL",)
    )
    await show(page, state)
    await page.click('[data-key="b-BB_MARKET"]')
    assert await page.locator('[data-key="m-BD_MILL"]').is_disabled()
    await page.click(".bw-cancel")
    action = await desk_action(page, "b-BB_MARKET", ["h-BREAD-0", "m-WHEAT", "m-STONE", "m-CHARCOAL"])
    assert action == {
        "type": "brownie",
        "building": "BB_MARKET",
        "pay": "BREAD",
        "take": ["WHEAT", "STONE", "CHARCOAL"],
    }
    accepted(state, action)

    # Money Changer (両替商): cards worth 7 or more for a VP card.
    state = scene(["FUND_6", "WOOD", "CLAY"], ("BD_MONEY_CHANGER",))
    await show(page, state)
    action = await desk_action(page, "b-BD_MONEY_CHANGER", ["h-FUND_6-0", "h-WOOD-0"])
    assert accepted(state, action).players[0].vp_cards == 1

    # A one-tap brownie sends exactly the listed action.
    state = scene(["WOOD"], ("BD_CHARCOAL_KILN",), primary_row=STACKS)
    await show(page, state, lang="ja")
    await page.click('[data-key="b-BD_CHARCOAL_KILN"]')
    assert await page.evaluate("window.sent") in full_view(RULES, state, 0)["legal"]


@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "touch"])
async def test_the_hint_says_tap_on_a_touch_screen_and_click_with_a_mouse(browser: Browser, touch: bool) -> None:
    context = await browser.new_context(locale="en-US", has_touch=touch)
    page = await context.new_page()
    await page.expose_function("checkAction", check_action)
    await page.route("http://brownies.test/**", serve)
    await page.goto("http://brownies.test/desk")
    await page.wait_for_function("window.ready === true")
    state = scene(["WOOD"], main_done=False, primary_row=STACKS)
    words = {"en": "Tap any card" if touch else "Click any card", "ja": "タップ" if touch else "クリック"}
    for lang, word in words.items():
        await show(page, state, lang=lang)
        assert word in await page.locator(".bw-hint").inner_text()


# ---------------------------------------------------------------------------------------------
# A turn with the keyboard alone: every control is reached by Tab or Shift+Tab and used by Enter or Space.


async def tab_to(page: Page, key: str, back: bool = False) -> None:
    """Presses Tab (Shift+Tab going back) until the control with this data-key has focus, and shows it."""
    for _ in range(150):
        await page.keyboard.press("Shift+Tab" if back else "Tab")
        if await page.evaluate("document.activeElement?.dataset?.key") == key:
            assert await page.evaluate("document.activeElement.matches(':focus-visible')"), f"{key} shows no focus"
            return
    pytest.fail(f"{key} cannot be reached with the keyboard")


async def focused_key(page: Page) -> str | None:
    """The data-key of the control with focus, which must show it."""
    key = await page.evaluate("document.activeElement?.dataset?.key ?? null")
    assert key is None or await page.evaluate("document.activeElement.matches(':focus-visible')"), (
        f"{key} shows no focus"
    )
    return key


async def test_a_turn_is_taken_with_the_keyboard_alone(browser: Browser) -> None:
    page = await open_page(browser, "about:blank")
    await page.expose_function("checkAction", check_action)
    await page.route("http://brownies.test/**", serve)
    await page.goto("http://brownies.test/desk")
    await page.wait_for_function("window.ready === true")
    sent = lambda: page.evaluate("window.sent")  # noqa: E731

    # A card is read on the desk with Enter, and Close gives focus back to the card.
    state = scene(["FUND_5", "WOOD"], main_done=False, primary_row=STACKS)
    await show(page, state)
    await tab_to(page, "m-COW")
    await page.keyboard.press("Enter")
    await page.locator(".bw-detail").wait_for()
    await tab_to(page, "close")
    await page.keyboard.press("Enter")
    assert await focused_key(page) == "m-COW"

    # A trade: the desk opens on the first card to pick; picks are chosen with Enter and Space.
    await tab_to(page, "trade")
    await page.keyboard.press("Enter")
    assert await page.evaluate("document.activeElement.classList.contains('pickable')")
    await tab_to(page, "m-WOOD", back=True)
    await page.keyboard.press("Enter")
    await tab_to(page, "h-FUND_5-0")
    await page.keyboard.press(" ")
    assert await focused_key(page) == "h-FUND_5-0"  # focus stays on the card across the redraw
    give = page.locator('[data-key="h-FUND_5-0"]')
    assert await give.get_attribute("aria-pressed") == "true"
    assert "Give" in await give.inner_text()  # the chosen mark is a word, not only a colour
    assert await page.locator('[data-key="m-WOOD"][aria-pressed="true"] .bw-picked').count()
    await page.locator(".bw-ok").wait_for()
    await tab_to(page, "confirm")
    await page.keyboard.press("Enter")
    trade = {"type": "trade", "pay": ["FUND_5"], "take": ["WOOD"]}
    assert await sent() == trade
    # The confirm is gone with the new table: focus moves on to what the desk offers next.
    await show(page, accepted(state, trade))
    assert await focused_key(page) == "end"

    # Producing: the market card's button; then the end of the turn is the next step.
    state = scene(["WOOD"], main_done=False, primary_row=STACKS)
    await show(page, state)
    await tab_to(page, "p-CLAY")
    await page.keyboard.press("Enter")
    produce = await sent()
    assert produce in full_view(RULES, state, 0)["legal"] and produce["target"] == "CLAY"
    await show(page, accepted(state, produce))
    assert await focused_key(page) == "end"
    await page.keyboard.press("Enter")
    assert await sent() == {"type": "end_turn"}

    # A one-tap brownie.
    state = scene(["WOOD"], ("BD_CHARCOAL_KILN",), primary_row=STACKS)
    await show(page, state)
    await tab_to(page, "b-BD_CHARCOAL_KILN")
    await page.keyboard.press(" ")
    assert await sent() in full_view(RULES, state, 0)["legal"]

    # A brownie that takes choices (Builder): Cancel gives focus back to its button; then it is composed.
    state = scene(
        ["BREAD", "FLOUR", "CHARCOAL", "WOOD"],
        ("BB_BUILDER",),
        building_row=("BD_SMITHY", "BD_MILL"),
        secondary_row=("IRON", "MILK"),
    )
    await show(page, state)
    await tab_to(page, "b-BB_BUILDER")
    await page.keyboard.press("Enter")
    await tab_to(page, "cancel")
    await page.keyboard.press("Enter")
    assert await focused_key(page) == "b-BB_BUILDER"
    await page.keyboard.press("Enter")
    await tab_to(page, "m-BD_SMITHY")
    await page.keyboard.press("Enter")
    for key in ("h-BREAD-0", "h-FLOUR-0"):
        await tab_to(page, key)
        await page.keyboard.press("Enter")
    await page.locator(".bw-ok").wait_for()
    await tab_to(page, "confirm")
    await page.keyboard.press("Enter")
    action = {"type": "brownie", "building": "BB_BUILDER", "pay": ["FLOUR", "BREAD"], "take": "BD_SMITHY"}
    assert await sent() == action
    accepted(state, action)
