"""Shared steps of the browser tests: a host creates a table in the lobby, friends join by the link."""

import os
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from urllib.parse import urlparse

import pytest
from playwright.async_api import Browser, Page, Route, expect
from playwright.async_api import TimeoutError as PlaywrightTimeout

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "docs" / "screenshots"
KEEP_SHOTS = os.environ.get("ZASHIKI_SCREENSHOTS") == "1"  # refreshes docs/screenshots when asked
PLAYABLE_CARD = '.my-hand button.card:not([aria-disabled="true"])'  # Bremen: a card the page offers now


def patiently(seconds: float) -> Iterator[int]:
    """Counts a loop's tries until `seconds` have passed. A loop that waits on pages, the server and its
    bots is bounded by time: how many tries fit in a game depends on how loaded the machine is."""
    give_up = time.monotonic() + seconds
    tries = 0
    while time.monotonic() < give_up:
        yield tries
        tries += 1


def harness(page_path: str, html: str) -> Callable[[Route], Awaitable[None]]:
    """A route handler that serves `html` at `page_path` and the project's own static files straight
    from the tree (no server needed), for tests that draw one part of the page with data of their own."""

    async def serve(route: Route) -> None:
        path = urlparse(route.request.url).path
        if path == page_path:
            await route.fulfill(body=html, content_type="text/html")
        elif path.startswith("/static/") and ".." not in path:
            await route.fulfill(path=ROOT / path.lstrip("/"))
        else:
            await route.fulfill(status=404)

    return serve


async def open_page(
    browser: Browser, url: str, locale: str = "en-US", width: int = 1100, height: int = 900, touch: bool = False
) -> Page:
    """A fresh browser (own cookies) at `url`, a phone's touch screen if `touch`; any script error on
    the page fails the test."""
    context = await browser.new_context(
        locale=locale, viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch
    )
    page = await context.new_page()
    page.on("pageerror", lambda error: pytest.fail(f"script error on the page: {error}"))
    await page.goto(url)
    return page


# The identities (data-flip) drawn more than once in one table (the review draws a table per seat).
TWICE = """() => [...document.querySelectorAll("#table")].flatMap((table) => {
  const roots = table.querySelectorAll(".review-seat-table");
  return [...(roots.length ? roots : [table])].flatMap((root) => {
    const keys = [...root.querySelectorAll("[data-flip]")].map((el) => el.dataset.flip);
    return keys.filter((key, i) => keys.indexOf(key) !== i);
  });
})"""


async def landed(page: Page) -> None:
    """Waits until no card of the table is travelling (static/js/motion.js names its animations "flip")."""
    await page.wait_for_function("() => !document.getAnimations().some((a) => a.id === 'flip')")


async def shoot(page: Page, name: str, tmp_path: Path, full_page: bool = True, down_to: str | None = None) -> None:
    """Saves a screenshot (`full_page=False`: what is on screen, as scrolled; `down_to`: the page from its
    top to the end of that element), once the cards have landed; every card on it is drawn once, so
    that it travels as itself."""
    await landed(page)
    assert await page.evaluate(TWICE) == [], f"cards drawn twice on {name}"
    folder = SHOTS if KEEP_SHOTS else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    clip = None
    if down_to:
        width, bottom = await page.evaluate(
            "(el) => [innerWidth, Math.ceil(document.querySelector(el).getBoundingClientRect().bottom + scrollY + 8)]",
            down_to,
        )
        clip = {"x": 0, "y": 0, "width": width, "height": bottom}
    await page.screenshot(path=folder / f"{name}.png", full_page=full_page or clip is not None, clip=clip)


async def create_table(
    browser: Browser, base_url: str, game: str, name: str, seats: int | None = None, locale: str = "en-US"
) -> Page:
    """The host's page after creating a table in the lobby, waiting for players."""
    host = await open_page(browser, base_url, locale)
    await host.check(f'input[name="game"][value="{game}"]')
    if seats is not None:
        await host.select_option("#seat-count", str(seats))
    await host.fill("#create-name", name)
    await host.click("#create-form button[type=submit]")
    await host.wait_for_url("**/t/*", timeout=90_000)  # the first page of a cold server on a busy machine
    await host.wait_for_selector(".seat-list")
    return host


async def join_by_link(browser: Browser, invite: str, name: str, locale: str = "en-US", width: int = 1100) -> Page:
    guest = await open_page(browser, invite, locale, width=width, height=844 if width < 500 else 900)
    await guest.fill(".join-form input[name=name]", name)
    await guest.click(".join-form button")
    await guest.wait_for_selector(f".seat-list >> text={name}", timeout=60_000)  # a busy machine
    return guest


async def invite_link(host: Page) -> str:
    return await host.locator(".invite input").input_value()


async def is_idle(page: Page) -> bool:
    """The page is connected and not waiting for an answer to its last action."""
    return not await page.locator("#app[data-busy]").count()


async def seat_bots(host: Page, count: int | None = None) -> None:
    """The host seats bots one at a time, each seen seated before the next click (a click while the
    last request is in flight is not taken); `count` of them, or until every seat is taken."""
    seated = 0
    bots = host.locator(".seat-row .tag.bot")
    button = host.locator(".seat-row button", has_text="Seat a bot")
    while (count is None or seated < count) and await button.count():
        before = await bots.count()
        await button.first.click()
        await expect(bots).to_have_count(before + 1)
        seated += 1
    assert count is None or seated == count, f"only {seated} of {count} bots could be seated"


async def seat_bots_and_start(host: Page, count: int | None = None) -> None:
    await seat_bots(host, count)
    await host.click("text=Start the game")


async def click_a_card(page: Page) -> bool:
    """Bremen: chooses the first card the page offers and confirms it, if it offers one and is not
    waiting on the server."""
    if not await is_idle(page):
        return False
    cards = page.locator(PLAYABLE_CARD)
    if not await cards.count():
        return False
    await cards.first.click()
    try:
        await page.locator('.my-hand .kit-confirm:not([aria-disabled="true"])').click(timeout=10_000)
    except PlaywrightTimeout:
        return False  # the page moved on under the click (a redraw, a choice taken back): look again
    return True


async def game_over_said_once(page: Page) -> None:
    """At the end "Game over" is said once aloud, and once on screen: the finished panel's heading, not its
    result line nor the prompt, which say the result."""
    words = "ゲーム終了" if await page.evaluate("document.documentElement.lang") == "ja" else "Game over"
    await expect(page.locator("#announce")).to_contain_text(words)
    places = ("#announce", "#finished", "#prompt")
    said = {where: (await page.locator(where).inner_text()).count(words) for where in places}
    assert said == {"#announce": 1, "#finished": 1, "#prompt": 0}, said


PHONE = {"width": 390, "height": 844}


async def create_table_sized(
    browser: Browser,
    base_url: str,
    game: str,
    name: str,
    seats: int,
    size: dict[str, int],
    locale: str = "en-US",
    options: dict[str, str] | None = None,
    turn_seconds: int | None = None,
) -> Page:
    """As `create_table`, on a page of the given size (a phone: PHONE), with select options set by name
    and a turn timer of `turn_seconds` per decision (one of the server's choices), if given."""
    host = await open_page(browser, base_url, locale, width=size["width"], height=size["height"])
    await host.check(f'input[name="game"][value="{game}"]')
    await host.select_option("#seat-count", str(seats))
    for option, value in (options or {}).items():
        await host.select_option(f'select[name="opt-{option}"]', value)
    if turn_seconds is not None:
        await host.select_option("#turn-seconds", str(turn_seconds))
    await host.fill("#create-name", name)
    await host.click("#create-form button[type=submit]")
    await host.wait_for_url("**/t/*", timeout=90_000)
    await host.wait_for_selector(".seat-list")
    return host
