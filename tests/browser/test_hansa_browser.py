"""Three Chromium pages join by the invite link and play Queen of Hansa to its end by clicking.

The table uses the real `opening_draft` option, so the sealed keep step is played too. The host is
on a desktop in English and keeps its two cards and plays its first two turns (one face up, one
face down with a marker move) with the keyboard only, by Tab and Enter/Space; Ken is on a 390 px phone
in Japanese, Sam on a 360 px phone in English.
"""

import json
import random
from pathlib import Path

import pytest
from playwright.async_api import Browser, Page, expect
from playwright.async_api import TimeoutError as PlaywrightTimeout

from tests.browser.pages import invite_link, is_idle, join_by_link, open_page, patiently, shoot
from tests.support.server import ServerProcess

pytestmark = pytest.mark.browser

TURN_SECONDS = 120  # one turn's clicks, from the first to the confirm


async def create_hansa_table(browser: Browser, base_url: str, name: str) -> Page:
    """The host's page after creating a three-seat table with the opening draft, waiting for players."""
    host = await open_page(browser, base_url, "en-US")
    await host.check('input[name="game"][value="hansa"]')
    await host.select_option("#seat-count", "3")
    await host.check('input[name="opt-opening_draft"]')
    await host.fill("#create-name", name)
    await host.click("#create-form button[type=submit]")
    await host.wait_for_url("**/t/*")
    await host.wait_for_selector(".seat-list")
    return host


async def snap(page: Page, name: str, tmp_path: Path) -> None:
    """A whole-page screenshot laid out as on a screen that tall (the play bar rests in its place)."""
    size = page.viewport_size or {"width": 1100, "height": 900}
    full = await page.evaluate("document.documentElement.scrollHeight")
    await page.set_viewport_size({"width": size["width"], "height": full})
    await page.wait_for_timeout(100)
    await shoot(page, name, tmp_path)
    await page.set_viewport_size(size)


async def next_step(page: Page) -> str | None:
    """The step the play bar asks for ("card", "face", "adjust", "take", "keep", "confirm") on this page's move."""
    return await page.evaluate("document.querySelector('.hz-bar.mine')?.dataset.next ?? null")


async def no_sideways_scroll(page: Page) -> bool:
    return await page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


LOOK = """() => {
  const bar = document.querySelector(".hz-bar.mine");
  if (!bar) return null;
  const step = bar.dataset.next;
  if (step === "confirm") {
    const action = document.querySelector(".hz-confirm[data-action]:not([disabled])")?.dataset.action;
    return { step, picks: action ? [action] : [] };
  }
  const open = document.querySelectorAll(
    `[data-step="${step}"]:not([disabled]):not([data-why]):not([aria-pressed="true"])`);
  return { step, picks: [...open].map((el) => el.dataset.pick) };
}"""


# The face-up and face-down buttons of this page's play.
FACES = """() => [...document.querySelectorAll(".hz-me .hz-face")].map((el) =>
  ({ disabled: el.disabled, opacity: getComputedStyle(el).opacity }))"""


async def tab_to(page: Page, selector: str, limit: int = 250) -> None:
    """Moves the focus with Tab alone until it rests on `selector` (it may already be there)."""
    for _ in range(limit):
        if await page.evaluate("(s) => document.activeElement?.matches(s) ?? false", selector):
            return
        await page.keyboard.press("Tab")
    raise PlaywrightTimeout(f"Tab never reached {selector}")


async def step_once(
    page: Page, rng: random.Random, prefer: dict[str, str] | None = None, keyboard: bool = False
) -> str | None:
    """Makes one choice of this page's play: a pick among the open controls of the asked step, or the confirm.

    With `keyboard`, the control is reached by Tab alone and chosen with Enter (a card, a marker move,
    a keep) or Space (the rest).
    """
    if not await is_idle(page):
        return None
    look = await page.evaluate(LOOK)
    if not look or not look["picks"]:
        return None
    step = look["step"]
    if step == "confirm":
        action = json.loads(look["picks"][0])
        assert action["type"] in ("play", "keep")
        selector = ".hz-confirm[data-action]:not([disabled])"
    else:
        wanted = (prefer or {}).get(step)
        choice = wanted if wanted in look["picks"] else rng.choice(look["picks"])
        selector = f"[data-step=\"{step}\"][data-pick='{choice}']"
    try:
        if keyboard:
            await tab_to(page, selector)
            await page.keyboard.press("Enter" if step in ("card", "adjust", "keep") else "Space")
        else:
            await page.locator(selector).click(timeout=3000)
    except PlaywrightTimeout:
        return None  # the page moved on under the click; look again
    return step


async def test_three_browsers_play_a_whole_game(sqlite_server: ServerProcess, browser: Browser, tmp_path: Path) -> None:
    rng = random.Random(2017)
    host = await create_hansa_table(browser, sqlite_server.url, "Mina")
    invite = await invite_link(host)
    assert invite.endswith(host.url.rsplit("/", 1)[1])

    ken = await join_by_link(browser, invite, "Ken", "ja-JP", 390)
    sam = await join_by_link(browser, invite, "Sam", "en-US", 360)
    guests = [ken, sam]
    pages = [host, *guests]
    await host.wait_for_selector(".seat-list >> text=Sam")
    await snap(host, "hansa-1-waiting-room", tmp_path)
    await host.click("text=Start the game")
    for page in pages:
        await page.wait_for_selector(".hansa")

    # The opening draft: a sealed choice. Ken keeps first; the host picks two and looks.
    for page in (ken,):
        await page.wait_for_selector('.hz-bar.mine[data-next="keep"]')
        while await step_once(page, rng) != "confirm":
            await page.wait_for_timeout(20)
        await page.wait_for_selector(".hz-bar:not(.mine)")
    await host.wait_for_selector(".hz-chosen.on")
    assert await host.locator(".hz-seat .hz-card.back.chosen .tick").count() == 2  # Ken's two face-down cards
    for _ in range(2):
        assert await step_once(host, rng, keyboard=True) == "keep"
    await host.wait_for_selector(".hz-confirm[data-action]")
    await snap(host, "hansa-2-draft", tmp_path)
    await snap(ken, "hansa-3-draft-phone-ja", tmp_path)
    assert "選択済み" in await ken.locator(".hz-me .hz-seat-head").inner_text()
    for page in (host, sam):
        while await step_once(page, rng, keyboard=page is host) != "confirm":
            await page.wait_for_timeout(20)
    for page in pages:
        await page.wait_for_selector(".hz-board .hz-card:not(.empty) >> nth=19")
    # Round 1 begins: the server tells each of the three its 5 turns (§2.5), and with no power
    # anywhere nobody is ranked in any city (§6.1 step 3).
    texts = "(selector) => [...document.querySelectorAll(selector)].map((el) => el.textContent.trim())"
    assert set(await host.evaluate(texts, ".hz-left")) == {"5 turns left"}
    assert await host.evaluate(texts, ".hz-standings .rk") == ["—"] * 12

    # Whole game: 45 turns of card, face (and a marker move for a face-down play), take, confirm.
    shots: dict[str, bool] = {"take": False, "adjust": False, "settled": False, "phone-360": False}
    host_turns = 0  # the host's first two turns are played by keyboard alone: one face up, one face down
    turns = 0
    while turns < 45:
        mover = None
        for page in pages:
            if await next_step(page):
                mover = page
                break
        if mover is None:
            await host.wait_for_timeout(20)
            continue
        if mover is sam and shots["settled"] and not shots["phone-360"]:
            assert await no_sideways_scroll(sam)
            await snap(sam, "hansa-7-phone-360", tmp_path)
            shots["phone-360"] = True
        if await next_step(mover) == "card":  # the faces are asked next: they look as live as the cards
            faces = await mover.evaluate(FACES)
            assert len(faces) == 2 and all(face == {"disabled": True, "opacity": "1"} for face in faces), faces
        keyboard_turn = mover is host and host_turns < 2
        prefer = (
            {"face": '"down"'}
            if (mover is ken and not shots["adjust"]) or (keyboard_turn and host_turns == 1)
            else {"face": '"up"'}
            if mover is host and not shots["take"]
            else {}
        )
        for _ in patiently(TURN_SECONDS):
            step = await step_once(mover, rng, prefer, keyboard=keyboard_turn)
            if step == "confirm":
                break
            if step is None:
                await mover.wait_for_timeout(20)
                continue
            if keyboard_turn and step == "card":  # the keyboard goes on to the next question
                assert await host.evaluate("document.activeElement.dataset.step") == "face"
            after = await next_step(mover) if not (shots["take"] and shots["adjust"]) else None
            if mover is host and after == "take" and not shots["take"]:
                await snap(host, "hansa-4-take-step", tmp_path)
                shots["take"] = True
            if mover is ken and after == "adjust" and not shots["adjust"]:
                assert await no_sideways_scroll(ken)
                await snap(ken, "hansa-5-face-down-phone-ja", tmp_path)
                shots["adjust"] = True
        else:
            pytest.fail("a turn could not be completed by clicking")
        if keyboard_turn:
            assert await host.evaluate("document.activeElement !== document.body")  # the focus stayed on the table
            await host.wait_for_timeout(200)  # the announcer speaks a moment after the news
            assert "Mina played" not in await host.locator("#announce").inner_text()  # your own move is not read back
            host_turns += 1
        turns += 1
        await expect(mover.locator("#app[data-busy]")).to_have_count(0)
        if turns == 1:  # the first merchant has played: 4 turns left, the others 5
            await expect(host.locator(".hz-left >> text='4 turns left'")).to_have_count(1)
        if turns == 3 * 5 and not shots["settled"]:
            await ken.locator(".hz-settle h3").wait_for()
            await ken.set_viewport_size({"width": 1100, "height": 900})  # Japanese, at desktop width
            await snap(ken, "hansa-6-round-settled-ja", tmp_path)
            await ken.set_viewport_size({"width": 390, "height": 844})
            shots["settled"] = True
    assert all(shots.values()), shots

    for page in pages:
        await page.locator(".hz-result .hz-headline").wait_for()
        assert await page.locator("#finished").is_visible()
        assert await page.locator(".hz-scores tr.winner").count() >= 1
        assert await page.locator("#toast").is_hidden()
    headline = await host.locator(".hz-result .hz-headline").inner_text()
    assert "wins" in headline or "Shared victory" in headline
    assert "勝" in await ken.locator(".hz-result .hz-headline").inner_text()
    for phone in (ken, sam):
        assert await no_sideways_scroll(phone)
    # Every face-down card and hand is revealed at the end.
    assert not await host.locator(".hz-seat .hz-card.back").count()
    await host.wait_for_timeout(500)  # the reveal flip is over
    await snap(host, "hansa-8-game-over", tmp_path)
    await snap(ken, "hansa-9-game-over-phone-ja", tmp_path)
    await snap(sam, "hansa-10-game-over-phone-360", tmp_path)
