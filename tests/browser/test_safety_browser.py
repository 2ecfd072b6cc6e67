"""In a real browser: a hostile nickname stays text, bots fill seats from the waiting room, and a
dropped connection is shown and recovered by itself."""

import pytest
from playwright.async_api import Browser, expect

from tests.browser.pages import create_table, invite_link, join_by_link
from tests.support.server import ServerProcess

pytestmark = pytest.mark.browser
HOSTILE = "<svg onload=alert(1)>"


async def test_a_hostile_nickname_is_shown_as_text_and_never_runs(
    sqlite_server: ServerProcess, browser: Browser
) -> None:
    host = await create_table(browser, sqlite_server.url, "bremen", "Mina")
    dialogs: list[str] = []
    host.on("dialog", lambda dialog: dialogs.append(dialog.message))
    guest = await join_by_link(browser, await invite_link(host), HOSTILE)
    guest.on("dialog", lambda dialog: dialogs.append(dialog.message))

    for seat in (2, 3):  # the creator seats bots in the open seats
        await host.locator(".seat-row", has=host.locator("text=Open seat")).first.locator("button").click()
        await expect(host.locator(".seat-row .tag.bot")).to_have_count(seat - 1)
    await host.click("text=Start the game")
    for page in (host, guest):
        await page.wait_for_selector(".bremen")
        assert await page.locator(".band-slot .name", has_text=HOSTILE).count() == 1
        assert await page.locator(".band svg").count() == 0
    assert dialogs == []


async def test_the_page_shows_a_lost_connection_and_recovers(sqlite_server: ServerProcess, browser: Browser) -> None:
    host = await create_table(browser, sqlite_server.url, "bremen", "Mina")
    await host.wait_for_selector('#conn[data-state="connected"]')
    await host.context.set_offline(True)
    await host.evaluate("window.dispatchEvent(new Event('offline'))")
    await host.wait_for_selector('#conn[data-state="offline"]')
    await host.context.set_offline(False)
    await host.evaluate("window.dispatchEvent(new Event('online'))")
    await host.wait_for_selector('#conn[data-state="connected"]', timeout=15000)
    assert await host.locator(".seat-list", has_text="Mina").count() == 1
