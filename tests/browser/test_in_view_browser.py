"""On a phone, what the page asks of its player is on screen when they tap: the control the prompt asks
for, the card they tap (a composer's, a desk's: never one the page left off screen), and, at a table
with a turn timer, their own clock; at each game's end the result and "play again" are. One phone page
plays two whole games of each of the five games against bots (the second after "play again"), choosing
by clicking. Before each tap it gives the page's own scroll a while to settle, then looks; the counts
are printed (`-s`)."""

import random
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import Browser, Locator, Page
from playwright.async_api import TimeoutError as PlaywrightTimeout

import tests.browser.test_bluebell_browser as bluebell_test
from tests.browser.pages import (
    PHONE,
    create_table_sized,
    invite_link,
    is_idle,
    join_by_link,
    seat_bots_and_start,
    shoot,
)
from tests.browser.test_baroque_browser import OFFER
from tests.browser.test_baroque_browser import Player as BaroquePlayer
from tests.browser.test_bluebell_browser import Player as BluebellPlayer
from tests.browser.test_bremen_browser import click_a_card
from tests.browser.test_brownies_browser import LOOK as BROWNIES_LOOK
from tests.browser.test_brownies_browser import Clicker
from tests.browser.test_hansa_browser import LOOK as HANSA_LOOK
from tests.browser.test_hansa_browser import step_once
from tests.support.server import ServerProcess

pytestmark = pytest.mark.browser

GAMES = {"bremen": 4, "baroque": 3, "hansa": 3, "brownies": 3, "bluebell": 2}
OPTIONS = {"brownies": {"round_limit": "10"}}
JAPANESE = {"hansa", "brownies", "bluebell"}  # these phones switch to Japanese once the game starts
TIMER = 300  # seconds per decision: every table has a turn timer, so the player's own clock is looked for too
GAMES_PLAYED = 2  # per table: the second after "play again"
MOVES = 600  # at most this many rounds of clicks in one game
SHARE = 0.98  # of the taps, at least this many find everything in view
SETTLE_S = 5.0  # how long the page's own (smooth) scroll may take to bring it all into view, on a loaded machine

# An element is in view when it is on screen (a tall one: its top part) and no sticky bar covers it:
# a tap at its middle reaches it.
INSIDE = """const inside = (el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, Math.min(r.top + r.height / 2, r.top + 40));
    return r.top >= 0 && Math.min(r.bottom, r.top + innerHeight * 0.6) <= innerHeight && Boolean(hit)
      && (el.contains(hit) || hit.contains(el));
  };"""

# Where the things a tap needs are: the control tapped (if any), the control the page asks for (the one
# it marks, else the first open one of the ask; none while an answer is awaited) and this seat's clock.
LOOK = """(target) => {
  /* inside */
  const where = (el) => el ? { inside: inside(el), what: el.dataset.key ?? el.className,
                                top: Math.round(el.getBoundingClientRect().top) } : null;
  const asked = () => {
    const shown = (el) => el && el.getClientRects().length > 0;
    const table = document.getElementById("table");
    const bar = document.querySelector(".hz-bar.mine");
    if (document.getElementById("app").hasAttribute("data-busy")) return null;
    let open;
    if (bar) {
      const step = bar.dataset.next;
      open = step === "confirm" ? ".hz-confirm:not([disabled])"
        : `[data-step="${step}"]:not([disabled]):not([data-why])`;
    } else {
      open = '[data-action]:not(:disabled):not([aria-disabled="true"]), [data-pick]:not(:disabled):not([data-why])';
    }
    if (!table || table.hidden || !table.querySelector(open)) return null;
    const marked = [...table.querySelectorAll("[data-asked]")].find(shown);
    return marked ?? [...table.querySelectorAll(open)].find(shown) ?? null;
  };
  return {
    target: where(target ?? null), asked: where(asked()),
    clock: where(document.querySelector("#clock:not([hidden]) .clock-seat.mine")),
    prompt: document.getElementById("prompt").textContent,
  };
}""".replace("/* inside */", INSIDE)

# The open controls of this selector that are in view: their data-pick and data-key.
OPEN_IN_VIEW = """(selector) => {
  /* inside */
  const open = `${selector}:not([disabled]):not([data-why]):not([aria-pressed="true"])`;
  return [...document.querySelectorAll(open)].filter(inside)
    .map((el) => ({ pick: el.dataset.pick, key: el.dataset.key }));
}""".replace("/* inside */", INSIDE)

# Bluebell's look at the page (its test's), with only the moves in view: each draw is offered on its
# pile and in the action bar, and a phone player taps the one in front of them.
BLUEBELL_LOOK = """() => {
  /* inside */
  const seen = (/* look */)();
  const shown = [...document.querySelectorAll(".bluebell [data-action]")].filter(inside).map((el) => el.dataset.key);
  return { ...seen, options: seen.options.filter((option) => shown.includes(option.key)) };
}""".replace("/* inside */", INSIDE).replace("/* look */", bluebell_test.LOOK)

# Farm with Brownies' look at the page (its test's), with only the brownies' actions in view: after the
# main action a phone player uses the ones in front of them, as with Bluebell's draws, or ends the turn.
BROWNIES_IN_VIEW_LOOK = """() => {
  /* inside */
  const seen = (/* look */)();
  if (!seen) return seen;
  const shown = [...document.querySelectorAll(".bw-use[data-action]")].filter(inside).map((el) => el.dataset.key);
  return { ...seen, use: seen.use.filter((use) => shown.includes(use.key)) };
}""".replace("/* inside */", INSIDE).replace("/* look */", BROWNIES_LOOK)

OVER = """() => {
  const inside = (el) => {
    const r = el?.getBoundingClientRect();
    return Boolean(r) && r.top >= 0 && r.bottom <= innerHeight;
  };
  const result = document.querySelector("#finished .finished-result") ?? document.getElementById("prompt");
  return { result: inside(result), again: inside(document.querySelector('[data-key="again"]')), scrollY };
}"""


def in_view(look: dict[str, Any]) -> bool:
    return all(look[part] is None or look[part]["inside"] for part in ("target", "asked", "clock"))


async def settled(page: Page) -> None:
    """Waits for the page's own scroll to bring what it asks for into view, or for its while to pass."""
    deadline = time.monotonic() + SETTLE_S
    while not in_view(await page.evaluate(LOOK)) and time.monotonic() < deadline:
        await page.wait_for_timeout(100)


async def hansa_step(page: Page, rng: random.Random) -> bool:
    """A step of Hansa, chosen as a phone player chooses: among the options on screen once the page has
    brought the step into view (the spaces of the whole board do not all fit on a phone)."""
    await settled(page)
    look = await page.evaluate(HANSA_LOOK)
    if not look or look["step"] == "confirm":
        return await step_once(page, rng) is not None
    shown = await page.evaluate(OPEN_IN_VIEW, f'#table [data-step="{look["step"]}"][data-pick]')
    prefer = {look["step"]: rng.choice(shown)["pick"]} if shown else None
    return await step_once(page, rng, prefer) is not None


async def bluebell_turn(page: Page, rng: random.Random) -> bool:
    """A turn of Bluebell, its moves chosen among those on screen (BLUEBELL_LOOK); the Bluebell to give at
    a round's end too, as the cards in play do not all fit on a phone."""
    await settled(page)
    gifts = await page.evaluate(OPEN_IN_VIEW, ".bluebell [data-offer=gift]")
    if not gifts:
        return await BluebellPlayer(page, 0, rng, {"give", "action", "draw"}).turn(False, no_moment)
    try:
        await page.locator(f'[data-key="{rng.choice(gifts)["key"]}"]').click(timeout=3000)
        await page.locator('.bluebell [data-key="gift-confirm"]:not([aria-disabled="true"])').click(timeout=3000)
    except PlaywrightTimeout:
        return False
    return True


class Tally:
    """The host's taps, and how many of them found what they needed in view."""

    def __init__(self, page: Page, shots: Path) -> None:
        self.page, self.shots = page, shots
        self.taps = self.shown = self.clocked = 0  # clocked: taps made while this seat's clock ran
        self.misses: list[str] = []

    async def tap(self, target: Locator) -> None:
        """Looks before a tap at `target`, once the page's own scroll has brought everything into view or
        has had its while; a control already gone is not counted (the tap will not land either)."""
        deadline = time.monotonic() + SETTLE_S
        try:
            look = await target.evaluate(LOOK, timeout=1000)
            while not in_view(look) and time.monotonic() < deadline:
                await self.page.wait_for_timeout(100)
                look = await target.evaluate(LOOK, timeout=1000)
        except PlaywrightTimeout:
            return
        self.taps += 1
        self.clocked += look["clock"] is not None
        self.shown += in_view(look)
        if not in_view(look):
            away = [
                f"{part} {look[part]['what']} at {look[part]['top']} px"
                for part in ("target", "asked", "clock")
                if look[part] and not look[part]["inside"]
            ]
            self.misses.append(f"{', '.join(away)}: {look['prompt']}")
        if self.taps == 20:
            await self.page.screenshot(path=self.shots / "tap.png")  # what the phone shows mid-game

    def watch(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Every click on this page, by whichever player's code, is looked at first."""
        host, click_locator, click_page = self.page, Locator.click, Page.click

        async def locator_click(locator: Locator, *args: Any, **kwargs: Any) -> None:
            if locator.page is host and not kwargs.get("trial"):
                await self.tap(locator.first)
            await click_locator(locator, *args, **kwargs)

        async def page_click(page: Page, selector: str, *args: Any, **kwargs: Any) -> None:
            if page is host and not kwargs.get("trial"):
                await self.tap(page.locator(selector).first)
            await click_page(page, selector, *args, **kwargs)

        monkeypatch.setattr(Locator, "click", locator_click)
        monkeypatch.setattr(Page, "click", page_click)


async def over(page: Page) -> bool:
    return bool(await page.locator("#finished:not([hidden])").count())


async def generic_move(page: Page, rng: random.Random) -> bool:
    """A random open control that sends an action; a composer's confirmation after it."""
    if not await is_idle(page):
        return False
    controls = page.locator('#table [data-action]:not(:disabled):not([aria-disabled="true"])')
    n = await controls.count()
    if not n:
        return False
    try:
        await controls.nth(rng.randrange(n)).click(timeout=3000)
        confirm = page.locator('#table .kit-confirm:not([aria-disabled="true"])')
        if await confirm.count():
            await confirm.first.click(timeout=3000)
    except PlaywrightTimeout:
        return False
    return True


async def no_moment(page: Page, effect: str) -> None:
    pass


class Mover:
    def __init__(self, game: str, page: Page, rng: random.Random) -> None:
        self.game, self.page, self.rng = game, page, rng
        self.clicker = Clicker(page) if game == "brownies" else None
        self.baroque = BaroquePlayer(page, 7) if game == "baroque" else None

    async def move(self) -> bool:
        if self.game == "bremen":
            return await click_a_card(self.page)
        if self.game == "hansa":
            return await hansa_step(self.page, self.rng)
        if self.clicker is not None:
            await settled(self.page)
            look = await self.page.evaluate(BROWNIES_IN_VIEW_LOOK)
            if not look or look["busy"] or look["turn"] is None:
                return False
            return await self.clicker.act(look) is not None
        if self.game == "bluebell":
            return await bluebell_turn(self.page, self.rng)
        if self.baroque is not None:
            return await self.baroque.step(await self.page.evaluate(OFFER))
        return await generic_move(self.page, self.rng)


async def play(game: str, page: Page, rng: random.Random, others: list[Page]) -> None:
    """Plays this page (and `others`) through one game to its end."""
    movers = [Mover(game, p, rng) for p in [page, *others]]
    for _ in range(MOVES):
        if await over(page):
            break
        moved = False
        for mover in movers:
            moved = await mover.move() or moved
        await page.wait_for_timeout(60 if moved else 200)
    assert await over(page), f"{game}: the game did not end"


async def result_in_view(page: Page) -> dict[str, Any]:
    end: dict[str, Any] = await page.evaluate(OVER)
    for _ in range(30):
        if end["result"] and end["again"]:
            break
        await page.wait_for_timeout(100)
        end = await page.evaluate(OVER)
    return end


@pytest.mark.parametrize("game", list(GAMES))
async def test_a_phone_keeps_what_it_asks_for_in_view(
    sqlite_server: ServerProcess, browser: Browser, game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    host = await create_table_sized(
        browser, sqlite_server.url, game, "Mina", GAMES[game], PHONE, options=OPTIONS.get(game), turn_seconds=TIMER
    )
    others: list[Page] = []
    if game == "hansa":  # a desktop player too, for the end of the game on a big screen
        others.append(await join_by_link(browser, await invite_link(host), "Ken", width=1100))
    await seat_bots_and_start(host)
    await host.wait_for_selector(f"#table .{game}")
    if game in JAPANESE:
        await host.click('.lang-switch button[data-lang="ja"]')
    tally = Tally(host, tmp_path)
    tally.watch(monkeypatch)
    monkeypatch.setattr(bluebell_test, "LOOK", BLUEBELL_LOOK)
    rng = random.Random(7)
    ends = []
    for game_no in range(1, GAMES_PLAYED + 1):
        await play(game, host, rng, others)
        ends += [await result_in_view(host)] + [await result_in_view(p) for p in others]
        if game_no < GAMES_PLAYED:
            await host.locator('[data-key="again"]').click()
            await host.wait_for_selector("#finished", state="hidden")
    where = "phone, desktop" if others else "phone"
    print(
        f"\n{game}: {tally.shown} of {tally.taps} taps found all in view ({tally.clocked} with the own clock running);"
    )
    print(f"  games over in view ({where}): {ends}")
    for miss in tally.misses[:8]:
        print(f"  off screen: {miss}")
    await shoot(host, f"in-view-{game}-over", tmp_path)
    assert tally.clocked > tally.taps / 2  # the timed table's own clock was there to be seen
    assert tally.shown >= SHARE * tally.taps, tally.misses
    assert all(end["result"] and end["again"] for end in ends), ends


async def test_a_host_scrolled_down_sees_that_a_player_left(sqlite_server: ServerProcess, browser: Browser) -> None:
    host = await create_table_sized(browser, sqlite_server.url, "baroque", "Mina", 3, PHONE)
    sam = await join_by_link(browser, await invite_link(host), "Sam")
    await seat_bots_and_start(host)
    await host.wait_for_selector("#table .baroque")
    await sam.context.close()
    await host.wait_for_selector("#takeover:not([hidden])", timeout=30_000)
    await host.mouse.wheel(0, 2000)
    await host.wait_for_timeout(500)
    assert await host.evaluate("scrollY") > 300
    box = await host.locator("#takeover").bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]
    # and both its buttons, a bot for Sam or a new seat link for Sam, can be tapped there
    for button in await host.locator("#takeover button").all():
        await button.click(trial=True)
