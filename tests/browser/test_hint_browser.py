""" "What would you do?" on the page, in each of the five games: the player asks, reads the reason, sees
the controls to press marked on the table, presses only those (one at a time, each as it is marked),
and exactly the hinted move is made; another page's log says that the player asked. Bremen, Baroque
and Hansa are played on a desktop in English, Bluebell and Brownies on a touch phone in Japanese. A
table created with hints off offers no button. With ZASHIKI_SCREENSHOTS=1 the Bremen and Bluebell
pages refresh docs/screenshots/hint-en.png and hint-ja.png.
"""

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import Browser, Page, WebSocket, expect

from tests.browser.pages import KEEP_SHOTS, PHONE, PLAYABLE_CARD, SHOTS, landed, open_page
from tests.support.server import ServerProcess

pytestmark = pytest.mark.browser

SEATS = {"bremen": 4, "baroque": 3, "hansa": 3, "brownies": 3, "bluebell": 2}
OPTIONS = {"brownies": {"round_limit": "10"}}
PHONES = {"bluebell", "brownies"}  # touch phones in Japanese; the others desktops in English
ASKED = {"en": "Mina asked for a hint", "ja": "Minaがヒントを求めました"}
# The move is made (a newer version is drawn), or a control to press next is marked while no move is in flight.
MOVED_OR_MARKED = """(before) => {
  const app = document.getElementById("app");
  const marked = document.querySelector("#table [data-hinted]");
  return Number(app.dataset.version) > before || (!app.hasAttribute("data-busy") && Boolean(marked));
}"""
SHOT_NAMES = {"bremen": "hint-en", "bluebell": "hint-ja"}  # the README's
CLICKS = 12  # at most this many marked controls make one move (a Brownies desk: open, pay, take, confirm)


class Wire:
    """What the page's socket sends and receives: the hint's answer and the moves the page makes."""

    def __init__(self, page: Page) -> None:
        self.hinted: list[dict[str, Any]] = []
        self.sent: list[dict[str, Any]] = []
        page.on("websocket", self.watch)

    def watch(self, socket: WebSocket) -> None:
        socket.on("framereceived", lambda frame: self.note(frame, self.hinted, "hinted"))
        socket.on("framesent", lambda frame: self.note(frame, self.sent, "act"))

    @staticmethod
    def note(frame: str | bytes, into: list[dict[str, Any]], kind: str) -> None:
        message = json.loads(frame)
        if message.get("type") == kind:
            into.append(message)


async def sit_down(browser: Browser, base_url: str, game: str, hints: bool = True) -> Page:
    """Mina's page after creating a table of `game`, seating bots everywhere else and starting it."""
    phone = game in PHONES
    size = PHONE if phone else {"width": 1100, "height": 900}
    page = await open_page(browser, base_url, "ja-JP" if phone else "en-US", size["width"], size["height"], touch=phone)
    await page.check(f'input[name="game"][value="{game}"]')
    await page.select_option("#seat-count", str(SEATS[game]))
    for option, value in OPTIONS.get(game, {}).items():
        await page.select_option(f'select[name="opt-{option}"]', value)
    if not hints:
        await page.uncheck("#hints")
    await page.fill("#create-name", "Mina")
    await page.click("#create-form button[type=submit]")
    await page.wait_for_url("**/t/*", timeout=90_000)
    bots = page.locator(".seat-row .tag.bot")
    for count in range(1, SEATS[game]):  # one at a time: a click while the last is in flight is not taken
        await page.locator(f'.seat-row button[data-key="bot-{count}"]').click()
        await expect(bots).to_have_count(count)
    await page.locator('[data-key="start"]').click()
    await page.wait_for_selector(f"#table .{game}")
    return page


async def version(page: Page) -> int:
    return int(await page.locator("#app").get_attribute("data-version") or 0)


async def press(page: Page, control: str) -> None:
    """A tap on a touch page, a click on a desktop."""
    if await page.evaluate("matchMedia('(pointer: coarse)').matches"):
        await page.locator(control).first.tap()
    else:
        await page.locator(control).first.click()


async def shoot_down_to_the_table(page: Page, name: str, tmp_path: Path) -> None:
    """A screenshot from the top of the page to the end of the table: the answer and the marks together."""
    await landed(page)
    width, bottom = await page.evaluate(
        "[innerWidth, Math.ceil(document.getElementById('table').getBoundingClientRect().bottom + scrollY + 8)]"
    )
    folder = SHOTS if KEEP_SHOTS and name in SHOT_NAMES.values() else tmp_path
    await page.screenshot(
        path=folder / f"{name}.png", full_page=True, clip={"x": 0, "y": 0, "width": width, "height": bottom}
    )


async def follow_the_hint(page: Page, before: int) -> int:
    """Presses the first marked control, again and again, until the move is made; how many it took."""
    for pressed in range(CLICKS):
        await page.wait_for_function(MOVED_OR_MARKED, arg=before)
        if await version(page) > before:
            return pressed
        await landed(page)
        await press(page, "#table [data-hinted]")
    raise AssertionError(f"the move was not made after {CLICKS} presses of marked controls")


@pytest.mark.parametrize("game", list(SEATS))
async def test_a_hint_is_read_marked_and_followed(
    sqlite_server: ServerProcess, browser: Browser, game: str, tmp_path: Path
) -> None:
    page = await sit_down(browser, sqlite_server.url, game)
    wire = Wire(page)
    await page.reload()  # the socket again, watched from its start
    lang = "ja" if game in PHONES else "en"
    assert await page.evaluate("document.documentElement.lang") == lang
    other = await open_page(browser, page.url)  # a friend watching
    ask = page.locator("#hint .hint-ask")
    await expect(ask).to_be_enabled(timeout=30_000)  # the bots have played up to Mina's own decision
    await expect(ask).to_have_text("あなたならどうする？" if lang == "ja" else "What would you do?")
    before = await version(page)
    await press(page, "#hint .hint-ask")
    reason = page.locator("#hint-reason")
    await expect(reason).not_to_be_empty()
    assert "hint." not in await reason.inner_text()  # a reason in words, not its key
    marked = page.locator("#table [data-hinted]")
    await expect(marked.first).to_be_visible()
    described = [await control.get_attribute("aria-describedby") or "" for control in await marked.all()]
    assert all("hint-reason" in ids.split() for ids in described)  # each says why, to a screen reader too
    await expect(page.locator("#announce")).to_contain_text(await reason.inner_text())
    await expect(other.locator("#log")).to_contain_text(ASKED["en"])
    await shoot_down_to_the_table(page, SHOT_NAMES.get(game, f"hint-{game}"), tmp_path)
    presses = await follow_the_hint(page, before)
    assert presses >= 1
    assert [m["action"] for m in wire.sent] == [wire.hinted[-1]["action"]]  # exactly the hinted move, once
    await expect(page.locator("#log")).to_contain_text(ASKED[lang])


async def test_a_table_without_hints_offers_no_button(sqlite_server: ServerProcess, browser: Browser) -> None:
    page = await sit_down(browser, sqlite_server.url, "bremen", hints=False)
    await expect(page.locator(PLAYABLE_CARD).first).to_be_visible(timeout=30_000)
    assert await page.locator("#hint").is_hidden()
    await page.locator("#rules-button").click()
    await expect(page.locator("#hint-setting")).to_have_text("Hints are off at this table.")
