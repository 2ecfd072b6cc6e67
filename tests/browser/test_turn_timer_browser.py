"""A turn timer in real Chromium: chosen in the lobby, counting down under the prompt and kept on screen
while it is the player's, expiring into a decision the bot makes, which the log tells."""

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.async_api import Browser, expect

from tests.browser.pages import open_page, shoot
from tests.support.databases import database
from tests.support.server import ServerProcess

pytestmark = pytest.mark.browser


@pytest.fixture
def timed_server(tmp_path: Path) -> Iterator[ServerProcess]:
    with database("sqlite", tmp_path) as url:
        process = ServerProcess(url, tmp_path / "server.log", turn_timer_choices="[4, 30]").start()
        yield process
        process.stop()


async def test_a_timer_counts_down_and_expires(timed_server: ServerProcess, browser: Browser, tmp_path: Path) -> None:
    host = await open_page(browser, timed_server.url)
    await host.check('input[name="game"][value="bremen"]')
    await host.fill("#create-name", "Mina")
    await host.check('input[name="bots"]')
    await host.select_option("#turn-seconds", "4")
    await host.click("#create-form button[type=submit]")
    await host.wait_for_url("**/t/*", timeout=90_000)
    await host.click("text=Start the game")

    mine = host.locator("#clock .clock-seat.mine strong")
    await expect(mine).to_have_text(re.compile("0:0[34]"), timeout=15_000)  # Mina is awaited: her clock runs
    await shoot(host, "turn-timer", tmp_path)
    await expect(mine).to_have_text("0:02")  # and counts down on the page
    await host.mouse.wheel(0, 3000)  # her clock stays on screen while she scrolls down to her cards
    await expect(mine).to_be_in_viewport()
    await expect(host.locator("#log-lines")).to_contain_text("Mina's time ran out", timeout=15_000)
    await expect(host.locator(".tag.you:visible")).to_have_count(1)  # she keeps her seat

    # The creator pauses the clock; the page says so.
    await host.click('[data-key="clock-pause"]')
    await expect(host.locator("#clock")).to_contain_text("paused")
    await expect(host.locator('[data-key="clock-pause"]')).to_have_text("Resume the clock")
