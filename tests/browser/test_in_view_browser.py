"""On a phone, the control the prompt asks for is on screen whenever the prompt asks this page for
something, and at game over the result and "play again" are. One phone page plays a whole game of
each of the five games against bots, choosing by clicking; the counts are printed (`-s`)."""

import json
import random
from pathlib import Path

import pytest
from playwright.async_api import Browser, Page
from playwright.async_api import TimeoutError as PlaywrightTimeout

from tests.browser.pages import PHONE, create_table_sized, invite_link, is_idle, join_by_link, shoot
from tests.browser.test_accessibility_browser import seat_bots_and_start
from tests.browser.test_baroque_browser import OFFER
from tests.browser.test_baroque_browser import Player as BaroquePlayer
from tests.browser.test_bluebell_browser import Player as BluebellPlayer
from tests.browser.test_bremen_browser import click_a_card
from tests.browser.test_brownies_browser import LOOK as BROWNIES_LOOK
from tests.browser.test_brownies_browser import Clicker
from tests.browser.test_hansa_browser import step_once
from tests.support.server import ServerProcess

pytestmark = pytest.mark.browser

GAMES = {"bremen": 4, "baroque": 3, "hansa": 3, "brownies": 3, "bluebell": 2}
OPTIONS = {"brownies": {"round_limit": "10"}}
MOVES = 600  # at most this many clicks of the page in one game

# The control asked for: the one the page marks, else the first open control of the ask.
ASKED = """() => {
  const shown = (el) => el && el.getClientRects().length > 0;
  const table = document.getElementById("table");
  const bar = document.querySelector(".hz-bar.mine");
  if (document.getElementById("app").hasAttribute("data-busy")) return null;
  let open;
  if (bar) {
    const step = bar.dataset.next;
    open = step === "confirm" ? ".hz-confirm:not([disabled])" : `[data-step="${step}"]:not([disabled])`;
  } else {
    open = '[data-action]:not(:disabled):not([aria-disabled="true"]), [data-pick]:not(:disabled)';
  }
  if (!table || table.hidden || !table.querySelector(open)) return null;
  const el = [...table.querySelectorAll("[data-asked]")].find(shown) ?? [...table.querySelectorAll(open)].find(shown);
  if (!el) return null;
  const r = el.getBoundingClientRect();
  const inside = r.top >= 0 && Math.min(r.bottom, r.top + innerHeight * 0.6) <= innerHeight;
  return { inside, what: el.dataset.key ?? el.className, top: Math.round(r.top), prompt: document.getElementById("prompt").textContent };
}"""

OVER = """() => {
  const inside = (el) => { if (!el) return false; const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; };
  const result = document.querySelector("#finished .finished-result") ?? document.getElementById("prompt");
  return { result: inside(result), again: inside(document.querySelector('[data-key="again"]')), scrollY };
}"""


async def asked(page: Page) -> dict | None:
    """What this page is asked for now (None: nothing), waiting out the page's own smooth scroll."""
    look = await page.evaluate(ASKED)
    for _ in range(15):
        if not look or look["inside"]:
            break
        await page.wait_for_timeout(100)
        look = await page.evaluate(ASKED)
    return look


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
            return await step_once(self.page, self.rng) is not None
        if self.clicker is not None:
            look = await self.page.evaluate(BROWNIES_LOOK)
            if not look or look["busy"] or look["turn"] is None:
                return False
            return await self.clicker.act(look) is not None
        if self.game == "bluebell":
            return await BluebellPlayer(self.page, 0, self.rng, {"give", "action", "draw"}).turn(False, no_moment)
        if self.baroque is not None:
            return await self.baroque.step(await self.page.evaluate(OFFER))
        return await generic_move(self.page, self.rng)


async def play(game: str, page: Page, rng: random.Random, others: list[Page] = ()) -> tuple[int, int, list[str]]:
    """Plays this page (and `others`, not counted) to the end: (in view, asked, the misses)."""
    movers = [Mover(game, p, rng) for p in [page, *others]]
    seen = shown = 0
    misses: list[str] = []
    for _ in range(MOVES):
        if await over(page):
            break
        look = await asked(page)
        if look:
            seen += 1
            shown += look["inside"]
            if not look["inside"]:
                misses.append(f"{look['what']} at {look['top']} px: {look['prompt']}")
        moved = False
        for mover in movers:
            moved = await mover.move() or moved
        await page.wait_for_timeout(60 if moved else 200)
    assert await over(page), f"{game}: the game did not end"
    return shown, seen, misses


async def result_in_view(page: Page) -> dict:
    end = await page.evaluate(OVER)
    for _ in range(30):
        if end["result"] and end["again"]:
            break
        await page.wait_for_timeout(100)
        end = await page.evaluate(OVER)
    return end


@pytest.mark.parametrize("game", list(GAMES))
async def test_a_phone_keeps_the_asked_control_and_the_result_in_view(
    sqlite_server: ServerProcess, browser: Browser, game: str, tmp_path: Path
) -> None:
    host = await create_table_sized(
        browser, sqlite_server.url, game, "Mina", GAMES[game], PHONE, options=OPTIONS.get(game)
    )
    others: list[Page] = []
    if game == "hansa":  # a desktop player too, for the end of the game on a big screen
        others.append(await join_by_link(browser, await invite_link(host), "Ken", width=1100))
    await seat_bots_and_start(host)
    await host.wait_for_selector(f"#table .{game}")
    shown, seen, misses = await play(game, host, random.Random(7), others)
    ends = [await result_in_view(host)] + [await result_in_view(p) for p in others]
    print(f"\n{game}: asked control in view {shown} of {seen}; game over in view (phone{', desktop' if others else ''}): {ends}")
    for miss in misses[:8]:
        print(f"  off screen: {miss}")
    await shoot(host, f"in-view-{game}-over", tmp_path)
    assert seen > 0
    assert shown == seen, misses
    assert all(end["result"] and end["again"] for end in ends), ends
