"""Four browsers, one a Japanese phone, play a whole game of Bremen at a distance: chat and reactions,
the your-turn signal in the title, and a 30-second turn timer that runs out once for a player."""

import re
from pathlib import Path

import pytest
from playwright.async_api import Browser, Page, expect

from tests.browser.pages import PLAYABLE_CARD, invite_link, join_by_link, open_page, patiently
from tests.browser.test_bremen_browser import click_a_card
from tests.support.server import ServerProcess

pytestmark = pytest.mark.browser

YOUR_TURN = re.compile("^● ")


async def awaited(page: Page) -> bool:
    return bool(await page.locator(PLAYABLE_CARD).count())


async def test_four_browsers_play_at_a_distance(sqlite_server: ServerProcess, browser: Browser, tmp_path: Path) -> None:
    host = await open_page(browser, sqlite_server.url)
    await host.check('input[name="game"][value="bremen"]')
    await host.fill("#create-name", "Mina")
    await host.select_option("#turn-seconds", "30")
    await host.click("#create-form button[type=submit]")
    await host.wait_for_url("**/t/*", timeout=90_000)
    invite = await invite_link(host)
    ken = await join_by_link(browser, invite, "Ken", locale="ja-JP", width=390)
    others = [await join_by_link(browser, invite, name) for name in ("Aiko", "Sam")]
    pages = [host, ken, *others]

    await ken.fill("#chat-text", "よろしく！")
    await ken.press("#chat-text", "Enter")
    await host.click('[data-key="react-thanks"]')
    for page in pages:
        await expect(page.locator("#chat-lines")).to_contain_text("Ken: よろしく！")
        await expect(page.locator("#chat-lines li").last).to_contain_text("Mina 🙏")
    await host.click("text=Start the game")
    for page in pages:
        await page.wait_for_selector(".bremen")

    # Sam lets his first decision's 30 s run out; everyone else plays as soon as they may.
    sam, timed_out = others[1], False
    for _ in patiently(400):
        if all([await p.locator(".b-result").count() for p in pages]):
            break
        for page in pages:
            if await awaited(page):
                await expect(page).to_have_title(YOUR_TURN)  # the tab says it, whoever looks at it
            if page is sam and not timed_out:
                if await awaited(sam):
                    await expect(sam.locator("#clock .clock-seat.mine")).to_be_visible()
                    await expect(host.locator("#log-lines")).to_contain_text("Sam's time ran out", timeout=45_000)
                    timed_out = True
                continue
            await click_a_card(page)
        await host.wait_for_timeout(30)
    assert timed_out
    for page in pages:
        await expect(page.locator(".b-result")).to_be_visible()
        await expect(page).not_to_have_title(YOUR_TURN)  # nothing signals once the game is over
        await expect(page.locator("#finished")).to_be_in_viewport()
    await expect(ken.locator("#log-lines")).to_contain_text("Samさんの持ち時間が切れた")
