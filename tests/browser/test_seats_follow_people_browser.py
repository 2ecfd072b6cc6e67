"""Seats follow people: four browsers, one a phone, play Bremen; mid-game a player moves their seat to a
fresh browser by the QR code of its link, another player's network goes, and every other page shows that
seat reconnecting or away, then back; at game over every page has the result and Play again on screen."""

from pathlib import Path

import pytest
from playwright.async_api import Browser, Page, expect

from tests.browser.pages import create_table, invite_link, join_by_link, shoot
from tests.browser.test_bremen_browser import click_a_card
from tests.browser.test_seat_links_browser import expect_watching_and_told, make_seat_link, open_by_link
from tests.support.server import ServerProcess

pytestmark = pytest.mark.browser

GONE = ':is([data-presence="reconnecting"], [data-presence="away"])'
TABLET = {"width": 820, "height": 1180}


async def play_rounds(pages: list[Page], rounds: int) -> bool:
    """Each page plays what it may, `rounds` times over; True once every page shows the result."""
    for _ in range(rounds):
        if all([await p.locator(".b-result").count() for p in pages]):
            return True
        for page in pages:
            await click_a_card(page)
        await pages[0].wait_for_timeout(30)
    return False


async def expect_on_screen(page: Page, selector: str) -> None:
    """The element is wholly inside the viewport, with no scrolling by the player."""
    element = page.locator(selector)
    await expect(element).to_be_in_viewport(ratio=1)  # waits out the page's own smooth scroll
    box, viewport = await element.bounding_box(), page.viewport_size
    assert box is not None and viewport is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"], (selector, box, viewport)
    assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"], (selector, box, viewport)


async def test_seats_follow_people_across_four_browsers(
    shared_server: ServerProcess, browser: Browser, tmp_path: Path
) -> None:
    host = await create_table(browser, shared_server.url, "bremen", "Mina")
    invite = await invite_link(host)
    ken = await join_by_link(browser, invite, "Ken", locale="ja-JP", width=390)  # a 390x844 phone
    aiko = await join_by_link(browser, invite, "Aiko")
    sam = await join_by_link(browser, invite, "Sam")
    await host.click("text=Start the game")
    for page in (host, ken, aiko, sam):
        await page.wait_for_selector(".bremen")
    assert not await play_rounds([host, ken, aiko, sam], 2)

    # Sam moves his seat to a tablet by the QR code of its link; his laptop goes on watching.
    tablet = await open_by_link(browser, await make_seat_link(sam, "#seat-button"), "en-US", TABLET)
    await expect_watching_and_told(sam, "moved to another browser")
    await expect(host.locator("#watchers")).to_have_text("Watching: 1 (Sam)")
    players = [host, ken, aiko, tablet]
    assert not await play_rounds(players, 1)

    # Aiko's network goes: no close frame; every other page shows her seat reconnecting or away.
    await aiko.context.set_offline(True)
    await expect(aiko.locator('#notice[data-kind="offline"]')).to_be_in_viewport()
    for page in (host, ken, tablet, sam):
        await expect(page.locator(f".seat-badge.seat-2{GONE}:visible").first).to_be_visible(timeout=20_000)
    await shoot(host, "presence", tmp_path, full_page=False)
    await aiko.context.set_offline(False)
    for page in (host, ken, tablet, sam):
        back = page.locator('.seat-badge.seat-2[data-presence="connected"]:visible').first
        await expect(back).to_be_visible(timeout=20_000)

    assert await play_rounds(players, 600)
    for page in players:
        await expect_on_screen(page, "#finished .finished-result")
        await expect_on_screen(page, '#finished [data-key="again"]')
    await expect_on_screen(sam, "#finished .finished-result")  # the laptop watched to the end
