"""The your-turn signal in real Chromium: the title and icon say it exactly while the page is awaited."""

import random
import re
from pathlib import Path

import pytest
from playwright.async_api import Browser, Page, expect

from tests.browser.pages import create_table, invite_link, join_by_link, patiently
from tests.browser.test_hansa_browser import step_once
from tests.support.server import ServerProcess

pytestmark = pytest.mark.browser

AWAITED = re.compile(r"^● Your turn — ")
AWAITED_JA = re.compile(r"^● あなたの番 — ")


async def awaited(page: Page) -> bool:
    """The page offers this seat a move (Queen of Hansa's play bar is its own)."""
    return bool(await page.locator(".hz-bar.mine").count())


async def test_the_title_says_your_turn_only_while_the_table_waits_for_you(
    sqlite_server: ServerProcess, browser: Browser, tmp_path: Path
) -> None:
    host = await create_table(browser, sqlite_server.url, "hansa", "Mina", seats=2)
    guest = await join_by_link(browser, await invite_link(host), "Ken", locale="ja-JP")
    await expect(host).not_to_have_title(AWAITED)  # nobody's turn before the start
    await host.click("text=Start the game")
    pages = {host: AWAITED, guest: AWAITED_JA}
    rng = random.Random(7)

    turns_seen = 0
    mover = None
    for _ in patiently(300):
        for page in pages:
            await page.wait_for_selector(".hansa")
        now = next((p for p, waits in zip(pages, [await awaited(p) for p in pages], strict=True) if waits), None)
        if now is None:
            await host.wait_for_timeout(50)
            continue
        if now is not mover:  # the turn passed: the title follows it, on both pages
            other = guest if now is host else host
            await expect(now).to_have_title(pages[now])
            await expect(other).not_to_have_title(re.compile("^●"))
            assert "data:image/svg" in (await now.locator('link[rel="icon"]').get_attribute("href") or "")
            mover, turns_seen = now, turns_seen + 1
            if turns_seen == 4:
                break
        await step_once(now, rng)
        await now.wait_for_timeout(30)
    assert turns_seen == 4

    # The chime is the player's to turn off, and stays off in this browser.
    sound = host.locator('[data-key="turn-sound"]')
    await expect(sound).to_have_attribute("aria-pressed", "true")
    await sound.click()
    await expect(sound).to_have_attribute("aria-pressed", "false")
    await host.reload()
    await expect(host.locator('[data-key="turn-sound"]')).to_have_attribute("aria-pressed", "false")
