"""Four Chromium pages join by the invite link and play The Harmony of Bremen to its end by clicking."""

from pathlib import Path

import pytest
from playwright.async_api import Browser, Page

from tests.browser.pages import create_table, invite_link, is_idle, join_by_link, shoot
from tests.support.server import ServerProcess

pytestmark = pytest.mark.browser


async def click_a_card(page: Page) -> bool:
    """Chooses the first card the page offers and confirms it, if it offers one and is not waiting on the server."""
    if not await is_idle(page):
        return False
    cards = page.locator('.my-hand button.card:not([aria-disabled="true"])')
    if not await cards.count():
        return False
    await cards.first.click()
    await page.locator('.my-hand .kit-confirm:not([aria-disabled="true"])').click()
    return True


async def test_four_browsers_play_a_whole_game(sqlite_server: ServerProcess, browser: Browser, tmp_path: Path) -> None:
    host = await create_table(browser, sqlite_server.url, "bremen", "Mina")
    invite = await invite_link(host)
    assert invite.endswith(host.url.rsplit("/", 1)[1])

    guests = [
        await join_by_link(browser, invite, name, locale, width)
        for name, locale, width in [("Ken", "ja-JP", 390), ("Aiko", "ja-JP", 1100), ("Sam", "en-US", 1100)]
    ]
    await host.wait_for_selector(".seat-list >> text=Sam")
    await shoot(host, "1-waiting-room", tmp_path)
    await host.click("text=Start the game")

    pages = [host, *guests]
    for page in pages:
        await page.wait_for_selector(".bremen")
    await shoot(host, "2-declare", tmp_path)

    shots = {"3-ensemble": ".band .card.back", "4-tuning": ".my-hand .badge", "5-tuning-phone": None}
    for _ in range(400):
        if all([await p.locator(".b-result").count() for p in pages]):
            break
        for page in pages:
            if await click_a_card(page):
                await page.wait_for_timeout(30)
        if "3-ensemble" in shots and await host.locator(".band .card.back").count():
            await shoot(host, "3-ensemble", tmp_path)
            del shots["3-ensemble"]
        if (
            "4-tuning" in shots
            and await host.locator(".last-ensemble h3").count()
            and await host.locator(".talk-rule", has_text="number they want").count()
        ):
            await shoot(host, "4-tuning", tmp_path)
            await shoot(guests[0], "5-tuning-phone-ja", tmp_path)
            del shots["4-tuning"]
        await host.wait_for_timeout(50)
    else:
        pytest.fail("the game did not end")

    for page in pages:
        result = page.locator(".b-result .result-line")
        await result.wait_for()
        assert await page.locator("#finished").is_visible()
    assert "lose" in (await host.locator(".b-result").inner_text()) or "win" in (
        await host.locator(".b-result").inner_text()
    )
    assert "敗北" in (await guests[0].locator(".b-result").inner_text()) or "勝利" in (
        await guests[0].locator(".b-result").inner_text()
    )
    await shoot(host, "6-game-over", tmp_path)
    await shoot(guests[0], "7-game-over-phone-ja", tmp_path)

    # Play again: one click deals the next game to the same four pages, at the same link.
    link = host.url
    await guests[1].click("text=もう一度遊ぶ")
    for page in pages:
        await page.locator("#finished").wait_for(state="hidden")
        await page.locator(".my-hand button.card").first.wait_for()
        assert not await page.locator(".b-result").count()
    assert host.url == link
    assert await host.locator(".my-hand button.card").count() == await guests[0].locator(".my-hand button.card").count()
    await shoot(host, "8-played-again", tmp_path)
