"""A phone's own network goes silent, as in a train or a lift: the bytes stop and nothing is closed. The
page notices by itself within 15 s, says so and takes no move; once the line carries again it is
connected by itself and shows exactly what the server holds. Through a real TCP relay that freezes
(tests/support/relay.py), not the browser's offline switch, which closes the socket at once.
"""

import json
import time

import pytest
from playwright.async_api import Browser, Page, expect
from websockets.asyncio.client import connect

from tests.browser.pages import (
    PLAYABLE_CARD,
    click_a_card,
    create_table,
    invite_link,
    join_by_link,
    patiently,
    seat_bots_and_start,
)
from tests.support.relay import Relay
from tests.support.server import ServerProcess

pytestmark = pytest.mark.browser

SAID_WITHIN_S = 15


async def server_view(server: ServerProcess, page: Page) -> dict[str, object]:
    """What the server holds for the page's seat now: a snapshot on a socket of its own, with the page's cookies."""
    code = page.url.rsplit("/", 1)[1]
    cookies = "; ".join(f"{c['name']}={c['value']}" for c in await page.context.cookies())
    url = f"ws://127.0.0.1:{server.port}/t/{code}/socket"
    async with connect(url, additional_headers={"Cookie": cookies, "Origin": server.url}) as socket:
        snapshot: dict[str, object] = json.loads(await socket.recv())
    return snapshot


async def until_kens_turn(host: Page, ken: Page) -> None:
    """Plays the host's turns (the bots play theirs) until Ken is asked for a card."""
    for _ in patiently(60):
        if await ken.locator(PLAYABLE_CARD).count():
            return
        await click_a_card(host)
        await host.wait_for_timeout(100)
    raise AssertionError("Ken was never asked for a card")


async def test_a_page_behind_a_silent_network_says_so_and_comes_back_to_the_servers_view(
    server: ServerProcess, browser: Browser
) -> None:
    relay = await Relay(server.port).start()
    try:
        host = await create_table(browser, server.url, "bremen", "Mina")
        invite = (await invite_link(host)).replace(server.url, relay.url)
        ken = await join_by_link(browser, invite, "Ken", locale="ja-JP", width=390)  # a phone, in a train
        await seat_bots_and_start(host, 2)
        await until_kens_turn(host, ken)
        await expect(ken.locator("#conn")).to_have_attribute("data-state", "connected")

        relay.freeze()
        frozen_at = time.monotonic()
        await expect(ken.locator("#conn")).not_to_have_attribute(
            "data-state", "connected", timeout=SAID_WITHIN_S * 1000
        )
        assert time.monotonic() - frozen_at <= SAID_WITHIN_S
        await expect(ken.locator("#notice")).to_be_visible()  # said where the player looks, in Japanese
        await expect(ken.locator(PLAYABLE_CARD)).to_have_count(0)  # no move is offered to a page that cannot send it
        # Meanwhile the table goes on: the host plays if asked to, and writes.
        await click_a_card(host)
        await host.fill("#chat-text", "Ken, are you there?")
        await host.press("#chat-text", "Enter")

        relay.thaw()
        await expect(ken.locator("#conn")).to_have_attribute("data-state", "connected", timeout=30_000)
        await expect(ken.locator("#chat-lines")).to_contain_text("Ken, are you there?")
        snapshot = await server_view(server, ken)
        await expect(ken.locator("#app")).to_have_attribute("data-version", str(snapshot["version"]))
        hand = snapshot["view"]["hand"]  # type: ignore[index]
        shown = await ken.locator(".my-hand button.card").evaluate_all("cards => cards.map(c => c.dataset.key)")
        assert sorted(shown) == sorted(f"card-{card['card_id']}" for card in hand)
        await expect(ken.locator(PLAYABLE_CARD).first).to_be_visible()
    finally:
        await relay.close()
