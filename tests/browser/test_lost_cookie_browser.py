"""A player whose browser lost its cookie (cleared, or another browser) is told who to ask and asks from the
page; the host sees the ask and gives the seat back with one click. A seat link pasted into a tab that
already shows the table takes the seat there and then, with no reload."""

from pathlib import Path

import pytest
from playwright.async_api import Browser, Page, expect

from tests.browser.pages import PHONE, create_table, invite_link, join_by_link, open_page, seat_bots_and_start, shoot
from tests.browser.test_seat_links_browser import make_seat_link
from tests.support.server import ServerProcess

pytestmark = pytest.mark.browser


async def mina_and_ken_with_bots(browser: Browser, server: ServerProcess) -> tuple[Page, Page, str]:
    """A Bremen table started by Mina with Ken and two bots: both pages, and the invitation."""
    host = await create_table(browser, server.url, "bremen", "Mina")
    invite = await invite_link(host)
    ken = await join_by_link(browser, invite, "Ken")
    await seat_bots_and_start(host, 2)
    return host, ken, invite


async def test_a_player_who_lost_the_cookie_asks_the_host_and_is_seated_again(
    sqlite_server: ServerProcess, browser: Browser, tmp_path: Path
) -> None:
    host, ken, _ = await mina_and_ken_with_bots(browser, sqlite_server)
    await expect(ken.locator(".my-hand")).to_be_visible()

    await ken.context.clear_cookies()  # the browser forgot the table: the page is only a spectator's now
    await ken.reload()
    await expect(ken.locator("#prompt")).to_contain_text("watching")
    ask = ken.locator('[data-key="ask-seat-1"]')
    await expect(ken.locator("#seat-ask")).to_contain_text("Mina")  # who to ask, by name
    await expect(ask).to_contain_text("Ken", timeout=15_000)  # once the seat shows its player gone
    await shoot(ken, "seat-ask", tmp_path, full_page=False)
    await ask.click()
    await expect(ken.locator("#seat-ask")).to_contain_text("asked")

    asks = host.locator("#seat-asks")
    await expect(asks).to_contain_text("Ken")
    await shoot(host, "seat-asks-host", tmp_path, full_page=False)
    await asks.locator('[data-key^="grant-"]').click()
    await expect(asks).to_be_hidden()

    await expect(ken.locator(".my-hand")).to_be_visible()  # seated again, as Ken: his hand is his
    await expect(ken.locator("#seat-button")).to_be_visible()
    await expect(ken.locator("#seat-ask")).to_be_hidden()


async def test_a_seat_link_pasted_into_an_open_table_tab_takes_the_seat_without_a_reload(
    sqlite_server: ServerProcess, browser: Browser
) -> None:
    _, ken, invite = await mina_and_ken_with_bots(browser, sqlite_server)
    link = await make_seat_link(ken, "#seat-button")

    phone = await open_page(browser, invite, "ja-JP", width=PHONE["width"], height=PHONE["height"])
    await phone.wait_for_selector(".bremen", timeout=90_000)  # a cold page on a busy machine
    await phone.evaluate("window.stillTheSamePage = true")
    await phone.evaluate("link => { location.hash = new URL(link).hash; }", link)  # pasted: only the fragment changes
    await expect(phone.locator(".my-hand")).to_be_visible()  # a seat's own hand: it plays here now
    await expect(phone.locator("#seat-button")).to_be_visible()
    assert await phone.evaluate("window.stillTheSamePage === true")  # taken where it was, not by a reload
    assert "#seat=" not in phone.url
