"""In a real browser: a refused table socket arrives as a close code the page acts on (it says why, in
the player's language, and stops or slows its retries), and a forged request from another site's page
is refused while the player's own page still works."""

import contextlib
import functools
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from threading import Thread

import httpx
import pytest
from playwright.async_api import Browser, Page, WebSocket, expect

from app.web.deps import seat_cookie
from tests.browser.pages import create_table
from tests.support.client import Player
from tests.support.server import ServerProcess

pytestmark = pytest.mark.browser
EXPIRED = {"en-US": "This table has expired", "ja-JP": "この卓は期限切れになりました"}
ENDED = {"en-US": "Disconnected", "ja-JP": "切断"}


@contextlib.contextmanager
def running(server: ServerProcess) -> Iterator[ServerProcess]:
    server.start()
    try:
        yield server
    finally:
        server.stop()


async def watch(
    browser: Browser, url: str, locale: str = "en-US", width: int = 1100, height: int = 900
) -> tuple[Page, list[WebSocket]]:
    """A fresh browser at `url`, with every websocket the page opens from its first moment on."""
    context = await browser.new_context(locale=locale, viewport={"width": width, "height": height})
    page = await context.new_page()
    page.on("pageerror", lambda error: pytest.fail(f"script error on the page: {error}"))
    sockets: list[WebSocket] = []
    page.on("websocket", lambda socket: sockets.append(socket))
    await page.goto(url)
    return page, sockets


async def test_an_expired_table_is_said_so_and_the_page_stops_trying(
    sqlite_url: str, tmp_path: Path, browser: Browser
) -> None:
    # A table nobody seated attends expires in 3 to 4 s (its clock counts whole seconds): time enough
    # between creating it and taking the seat, and little to wait once the seat is left.
    with running(
        ServerProcess(sqlite_url, tmp_path / "server.log", waiting_table_hours=str(4 / 3600), sweep_seconds="0.2")
    ) as server:
        mina = Player(server.url, "Mina")
        code = await mina.create("bremen", 4)
        await mina.connect()  # a seated player keeps the table from expiring while the spectators arrive
        url = f"{server.url}/t/{code}"
        pages = {
            "en-US": await watch(browser, url, "en-US"),
            "ja-JP": await watch(browser, url, "ja-JP", width=390, height=844),
        }
        for page, _ in pages.values():
            await page.wait_for_selector('#conn[data-state="connected"]')
        await mina.close()  # nobody seated is around now: the sweep expires the table seconds later

        for locale, (page, _) in pages.items():
            await expect(page.locator("#notice")).to_contain_text(EXPIRED[locale], timeout=15_000)
            await expect(page.locator("#notice")).to_be_visible()
            await expect(page.locator("#conn")).to_have_attribute("data-state", "ended")
            await expect(page.locator("#conn")).to_contain_text(ENDED[locale])
        await pages["en-US"][0].screenshot(path=tmp_path / "expired-desktop-en.png")
        await pages["ja-JP"][0].screenshot(path=tmp_path / "expired-phone-ja.png")

        for page, sockets in pages.values():
            assert len(sockets) == 1
            await page.evaluate("window.dispatchEvent(new Event('online'))")  # no network news restarts it
        await pages["en-US"][0].wait_for_timeout(3000)
        assert [len(sockets) for _, sockets in pages.values()] == [1, 1]

        # The notice stays in view wherever the player scrolls.
        phone = pages["ja-JP"][0]
        await phone.evaluate("document.body.style.minHeight = '3000px'; window.scrollTo(0, 3000)")
        box = await phone.locator("#notice").bounding_box()
        assert box is not None and box["y"] == 0
        await phone.screenshot(path=tmp_path / "expired-phone-ja-scrolled.png")


async def test_a_full_table_turns_a_spectator_away_for_a_while(
    sqlite_url: str, tmp_path: Path, browser: Browser
) -> None:
    with running(ServerProcess(sqlite_url, tmp_path / "server.log", max_spectators_per_table="1")) as server:
        mina = Player(server.url, "Mina")
        code = await mina.create("bremen", 4)
        url = f"{server.url}/t/{code}"
        first, _ = await watch(browser, url)
        await first.wait_for_selector('#conn[data-state="connected"]')

        second, sockets = await watch(browser, url)
        await expect(second.locator("#notice")).to_contain_text("as many spectators")
        await expect(second.locator("#notice")).to_be_visible()
        await expect(second.locator("#conn")).to_have_attribute("data-state", "waiting")
        await second.wait_for_timeout(3000)
        assert len(sockets) <= 2
        await expect(first.locator("#conn")).to_have_attribute("data-state", "connected")
        await mina.close()


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@contextlib.contextmanager
def another_site(folder: Path) -> Iterator[str]:
    """A plain HTTP server for `folder` on another port: a page of another origin."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(folder)))
    Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


async def headers_sent_by(page: Page) -> list[dict[str, str]]:
    """The request headers exactly as the browser sends them (cookies too), for every request of `page`."""
    sent: list[dict[str, str]] = []
    cdp = await page.context.new_cdp_session(page)
    cdp.on(
        "Network.requestWillBeSentExtraInfo",
        lambda event: sent.append({k.lower(): v for k, v in event["headers"].items()}),
    )
    await cdp.send("Network.enable")
    return sent


ATTACK = """fetch("{target}", {{ method: "POST", mode: "no-cors", credentials: "include" }})
  .then(() => {{ document.title = "sent"; }}, () => {{ document.title = "failed"; }});
"""


async def test_a_forged_start_from_another_sites_page_is_refused(
    sqlite_url: str, tmp_path: Path, browser: Browser
) -> None:
    with running(ServerProcess(sqlite_url, tmp_path / "server.log")) as server:
        host = await create_table(browser, server.url, "bremen", "Mina")
        code = host.url.rsplit("/", 1)[1]
        bots = host.locator(".seat-row .tag.bot")
        for seated in (1, 2, 3):
            await host.get_by_role("button", name="Seat a bot").first.click()
            await expect(bots).to_have_count(seated)
        start = host.get_by_role("button", name="Start the game")
        await expect(start).to_be_enabled()

        site = tmp_path / "site"
        site.mkdir()
        (site / "index.html").write_text('<!doctype html><title>cats</title><script src="attack.js"></script>')
        (site / "attack.js").write_text(ATTACK.format(target=f"{server.url}/api/tables/{code}/start"))
        with another_site(site) as attacker_url:
            attacker = await host.context.new_page()  # the player's own browser, with the player's cookies
            sent = await headers_sent_by(attacker)
            async with attacker.expect_response(f"**/api/tables/{code}/start") as forged:
                await attacker.goto(attacker_url)
            await expect(attacker).to_have_title("sent")
        assert (await forged.value).status == 403
        to_zashiki = [headers for headers in sent if headers["host"] == server.url.removeprefix("http://")]
        assert len(to_zashiki) == 1
        assert f"{seat_cookie(code)}=" in to_zashiki[0]["cookie"]  # the seat's cookie went along, and did not help
        assert to_zashiki[0]["sec-fetch-site"] == "same-site"
        async with httpx.AsyncClient(base_url=server.url) as client:
            assert (await client.get(f"/api/tables/{code}")).json()["status"] == "waiting"

        await start.click()
        await host.wait_for_selector(".bremen")
