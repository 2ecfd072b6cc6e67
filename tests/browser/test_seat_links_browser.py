"""A seat moves to another browser by its link and QR code in the middle of a sealed choice, and the game
goes on there to its end; the creator re-issues an away player's seat and the old browser is told."""

import io
from pathlib import Path

import pytest
import zxingcpp
from PIL import Image
from playwright.async_api import Browser, Page, expect

from tests.browser.pages import (
    PHONE,
    PLAYABLE_CARD,
    create_table,
    invite_link,
    join_by_link,
    open_page,
    patiently,
    shoot,
)
from tests.browser.test_baroque_browser import OFFER, Player, assert_finished, play_to_the_end, seat_everyone
from tests.browser.test_bremen_browser import click_a_card
from tests.support.server import ServerProcess

pytestmark = pytest.mark.browser


async def decoded_qr(page: Page, selector: str) -> str:
    """The text of the QR code the page shows, read off a screenshot as a phone camera would."""
    image = Image.open(io.BytesIO(await page.locator(selector).screenshot()))
    codes = zxingcpp.read_barcodes(image)
    assert len(codes) == 1, f"{len(codes)} QR codes read off {selector}"
    return codes[0].text


async def make_seat_link(page: Page, button: str, tmp_path: Path | None = None) -> str:
    """Opens the seat link dialog, makes the link; checks the QR code says exactly the link; returns it."""
    await page.click(button)
    await page.locator('#seat-link [data-key="make-link"], #seat-link [data-key="move-seat"]').first.click()
    await expect(page.locator("#seat-link .seat-link-qr")).to_be_visible()
    if tmp_path is not None:
        await shoot(page, "seat-link-dialog", tmp_path)
    link = await page.locator('#seat-link [data-key="seat-link-url"]').input_value()
    assert "#seat=" in link
    assert await decoded_qr(page, "#seat-link .seat-link-qr") == link
    await page.keyboard.press("Escape")
    return link


async def open_by_link(browser: Browser, link: str, locale: str, size: dict[str, int]) -> Page:
    """A fresh browser (a phone picked up from the sofa) opening the link."""
    page = await open_page(browser, link, locale, width=size["width"], height=size["height"])
    await expect(page.locator("#toast")).to_be_visible()  # "This browser now holds your seat."
    assert "#seat=" not in page.url  # the spent link does not stay in the address bar
    return page


async def expect_watching_and_told(page: Page, why: str) -> None:
    """The page says why it lost its seat, and watches: no seat marked as its own, no "My seat"."""
    await expect(page.locator('#notice[data-kind="seat"]')).to_contain_text(why)
    await expect(page.locator(".tag.you:visible")).to_have_count(0)
    await expect(page.locator("#seat-button")).to_be_hidden()


async def expect_result_in_view(pages: list[Page]) -> None:
    for page in pages:
        await expect(page.locator("#finished")).to_be_in_viewport()
        if await page.locator('[data-key="again"]').count():
            await expect(page.locator('[data-key="again"]')).to_be_in_viewport()


async def test_a_bremen_seat_moves_to_a_phone_mid_sealed_choice(
    sqlite_server: ServerProcess, browser: Browser, tmp_path: Path
) -> None:
    host = await create_table(browser, sqlite_server.url, "bremen", "Mina")
    invite = await invite_link(host)
    assert await decoded_qr(host, ".invite-qr img") == invite  # the invitation's QR code says the invite link
    pages = [host] + [await join_by_link(browser, invite, name) for name in ("Ken", "Aiko", "Sam")]
    await host.click("text=Start the game")
    for page in pages:
        await page.wait_for_selector(".bremen")
    mover, others = pages[3], pages[:3]

    # Play until Sam is asked for a sealed card while another seat has already chosen theirs.
    for _ in patiently(120):
        if await mover.locator(PLAYABLE_CARD).count():
            if any([await click_a_card(p) for p in others]):
                break  # others chose at the same step: Sam's choice is sealed and still open
            await click_a_card(mover)  # Sam leads: the declaration is no sealed choice
        else:
            for page in others:
                await click_a_card(page)
        await mover.wait_for_timeout(50)
    else:
        pytest.fail("no sealed choice came to Sam")

    link = await make_seat_link(mover, "#seat-button", tmp_path)
    phone = await open_by_link(browser, link, "ja-JP", PHONE)
    await expect_watching_and_told(mover, "moved to another browser")
    await expect(phone.locator(PLAYABLE_CARD).first).to_be_visible()
    assert await click_a_card(phone)  # the open choice is there on the phone, and made there

    players = [*others, phone]
    for _ in patiently(300):
        if all([await p.locator(".b-result").count() for p in players]):
            break
        for page in players:
            await click_a_card(page)
        await phone.wait_for_timeout(30)
    await expect(mover.locator(".b-result")).to_be_visible()  # the old browser watched to the end
    await expect_result_in_view([*players, mover])


async def test_a_baroque_seat_moves_mid_ball_and_an_away_seat_is_reissued(
    sqlite_server: ServerProcess, browser: Browser, tmp_path: Path
) -> None:
    pages = await seat_everyone(
        browser, sqlite_server.url, 3, [("Ken", "en-US", 1100), ("Aiko", "ja-JP", 390)], tmp_path, None
    )
    host, ken, aiko = pages
    players = [Player(page, seed) for page, seed in zip(pages, [4, 5, 6], strict=True)]

    # Play until Ken's ball choice (sealed) is open and another seat has committed its own.
    for _ in patiently(300):
        offers = [await p.page.evaluate(OFFER) for p in players]
        if offers[1]["keep"] and await ken.locator(".bq-sealed:not(.open)").count():
            break
        moved = [await p.step(o) for p, o in zip(players, offers, strict=True) if not (p.page is ken and o["keep"])]
        if not any(moved):
            await ken.wait_for_timeout(50)
    else:
        pytest.fail("Ken's ball never came")
    tablet = await open_by_link(
        browser, await make_seat_link(ken, "#seat-button"), "en-US", {"width": 820, "height": 1180}
    )
    await expect_watching_and_told(ken, "moved to another browser")
    players[1] = Player(tablet, 5)

    # Aiko's phone goes away; the creator sends her a new link, and her old browser is told when it is back.
    aiko_browser = aiko.context
    await aiko.close()
    await expect(host.locator("#takeover")).to_contain_text("Aiko", timeout=15_000)  # once she has stayed gone
    link = await make_seat_link(host, '#takeover [data-key="seat-link-2"]')
    old = await aiko_browser.new_page()
    await old.goto(host.url)
    await expect_watching_and_told(old, "新しいリンク")
    players[2] = Player(await open_by_link(browser, link, "ja-JP", PHONE), 6)

    await play_to_the_end(players, [], tmp_path)
    await assert_finished([p.page for p in players], ["Mina", "Ken", "Aiko"])
    await expect_result_in_view([p.page for p in players] + [ken, old])
