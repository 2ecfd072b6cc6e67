"""On a phone, the control the prompt asks for is on screen whenever the prompt asks this page for
something, and at game over the result and "play again" are. One phone page plays a whole game of
each of the five games against bots, choosing by clicking; the counts are printed (`-s`)."""

import random
from pathlib import Path

import pytest
from playwright.async_api import Browser, Page
from playwright.async_api import TimeoutError as PlaywrightTimeout

import tests.browser.test_brownies_browser as brownies_test
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
from tests.browser.test_hansa_browser import step_once
from tests.support.server import ServerProcess

pytestmark = pytest.mark.browser

GAMES = {"bremen": 4, "baroque": 3, "hansa": 3, "brownies": 3, "bluebell": 2}
OPTIONS = {"brownies": {"round_limit": "10"}}
JAPANESE = {"hansa", "brownies", "bluebell"}  # these phones switch to Japanese once the game starts
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
  // On screen (a tall one: its top part), and not under a sticky bar: a tap at its middle reaches it.
  const hit = document.elementFromPoint(r.left + r.width / 2, Math.min(r.top + r.height / 2, r.top + 40));
  const inside = r.top >= 0 && Math.min(r.bottom, r.top + innerHeight * 0.6) <= innerHeight && Boolean(hit)
    && (el.contains(hit) || hit.contains(el));
  const prompt = document.getElementById("prompt").textContent;
  return { inside, what: el.dataset.key ?? el.className, top: Math.round(r.top), prompt };
}"""

OVER = """() => {
  const inside = (el) => {
    const r = el?.getBoundingClientRect();
    return Boolean(r) && r.top >= 0 && r.bottom <= innerHeight;
  };
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


class Tally:
    """The asks seen on one page, and how many of them had their control in view."""

    def __init__(self, shots: Path | None = None) -> None:
        self.shots = shots
        self.seen = self.shown = 0
        self.misses: list[str] = []

    async def look(self, page: Page) -> None:
        look = await asked(page)
        if look and self.seen == 3 and self.shots is not None:
            await page.screenshot(path=self.shots / "asked.png")  # what the phone shows mid-game
        if look:
            self.seen += 1
            self.shown += look["inside"]
            if not look["inside"]:
                self.misses.append(f"{look['what']} at {look['top']} px: {look['prompt']}")


async def play(game: str, page: Page, rng: random.Random, tally: Tally, others: list[Page] = ()) -> None:
    """Plays this page (and `others`, not counted) to the end, counting the asks before every click of the page."""
    movers = [Mover(game, p, rng) for p in [page, *others]]
    for _ in range(MOVES):
        if await over(page):
            break
        if game != "brownies":  # a Brownies turn is many clicks: each is counted as it is made
            await tally.look(page)
        moved = False
        for mover in movers:
            moved = await mover.move() or moved
        await page.wait_for_timeout(60 if moved else 200)
    assert await over(page), f"{game}: the game did not end"


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
    sqlite_server: ServerProcess, browser: Browser, game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    host = await create_table_sized(
        browser, sqlite_server.url, game, "Mina", GAMES[game], PHONE, options=OPTIONS.get(game)
    )
    others: list[Page] = []
    if game == "hansa":  # a desktop player too, for the end of the game on a big screen
        others.append(await join_by_link(browser, await invite_link(host), "Ken", width=1100))
    await seat_bots_and_start(host)
    await host.wait_for_selector(f"#table .{game}")
    if game in JAPANESE:
        await host.click('.lang-switch button[data-lang="ja"]')
    tally = Tally(tmp_path)
    if game == "brownies":  # every click of the host's page (a market button, a desk's card, its confirm) is an ask
        plain_click = brownies_test.click

        async def counted_click(page: Page, key: str, keyboard: bool = False) -> bool:
            if page is host:
                await tally.look(page)
            return await plain_click(page, key, keyboard)

        monkeypatch.setattr(brownies_test, "click", counted_click)
    await play(game, host, random.Random(7), tally, others)
    shown, seen, misses = tally.shown, tally.seen, tally.misses
    ends = [await result_in_view(host)] + [await result_in_view(p) for p in others]
    where = "phone, desktop" if others else "phone"
    print(f"\n{game}: asked control in view {shown} of {seen}; game over in view ({where}): {ends}")
    for miss in misses[:8]:
        print(f"  off screen: {miss}")
    await host.screenshot(path=tmp_path / "over.png")  # what the phone shows at the end
    await shoot(host, f"in-view-{game}-over", tmp_path)
    assert seen > 0
    assert shown == seen, misses
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
