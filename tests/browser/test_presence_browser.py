"""A page that goes offline says so at once, in a notice that stays in view wherever the player has
scrolled, and again in the prompt when it is their turn; a spectator names itself mid-game, and its
name is shown as text."""

from pathlib import Path

import pytest
from playwright.async_api import Browser, expect

from tests.browser.pages import PHONE, create_table_sized, seat_bots_and_start, shoot
from tests.browser.test_accessibility_browser import violations
from tests.support.server import ServerProcess

pytestmark = pytest.mark.browser

HOSTILE = "<svg onload=alert(1)>"


async def test_an_offline_phone_says_so_in_view_and_in_its_prompt(
    shared_server: ServerProcess, browser: Browser, tmp_path: Path
) -> None:
    host = await create_table_sized(browser, shared_server.url, "bluebell", "Mina", 2, PHONE)
    await seat_bots_and_start(host)
    await expect(host.locator("#prompt")).to_contain_text("Your turn")  # the bot moves at once

    # A spectator arriving mid-game is counted; the name it then gives, meant to break the page, is shown
    # as plain text, and kept for this browser.
    watcher = await (await browser.new_context()).new_page()
    await watcher.goto(host.url)
    await expect(host.locator("#watchers")).to_have_text("Watching: 1")
    await watcher.get_by_label("Your name while watching").fill(HOSTILE)
    await watcher.get_by_role("button", name="Show it").click()
    await expect(host.locator("#watchers")).to_have_text(f"Watching: 1 ({HOSTILE})")
    await expect(host.locator("#watchers svg")).to_have_count(0)
    await watcher.reload()
    await expect(watcher.get_by_label("Your name while watching")).to_have_value(HOSTILE)
    await expect(host.locator("#watchers")).to_have_text(f"Watching: 1 ({HOSTILE})")
    await expect(host.locator("#watch-name")).to_be_hidden()  # a seat has its own name
    assert not await violations(watcher, "a spectator's table")
    await watcher.context.close()
    await expect(host.locator("#watchers")).to_be_hidden()

    await host.mouse.move(200, 400)
    await host.mouse.wheel(0, 4000)  # the player reads the bottom of the page
    await expect(host.locator(".topbar")).not_to_be_in_viewport()
    await host.context.set_offline(True)
    notice = host.locator('#notice[data-kind="offline"]')
    await expect(notice).to_contain_text("offline")
    await expect(notice).to_be_in_viewport(ratio=1)
    await expect(host.locator("#prompt .prompt-offline")).to_contain_text("your move waits")
    await expect(host.locator(".topbar")).not_to_be_in_viewport()  # the page stayed where the player was reading
    await shoot(host, "offline-notice-phone", tmp_path, full_page=False)

    await host.context.set_offline(False)
    await expect(host.locator("#conn")).to_have_attribute("data-state", "connected", timeout=15_000)
    await expect(notice).to_be_hidden()
    await expect(host.locator("#prompt .prompt-offline")).to_have_count(0)
