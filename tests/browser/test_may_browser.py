"""The table page shows exactly the platform controls the server's `may` allows its viewer, for the creator,
a player and a spectator, before the start, once every seat is filled, during the game, and after the
creator keeps the chat to reactions: nothing more, nothing less, read off the `may` each page was sent."""

import asyncio
import json
from collections.abc import Callable

import pytest
from playwright.async_api import Browser, Page

from tests.support.server import ServerProcess

pytestmark = pytest.mark.browser

# What the page shows of its own controls, by the server's names for them (docs/protocol.md, `may`).
SHOWN = """() => {
  const shown = (selector) => [...document.querySelectorAll(selector)].filter((el) => el.getClientRects().length > 0);
  const seats = (selector, text) => shown(selector).filter((el) => !text || el.textContent.includes(text))
    .map((el) => Number(el.dataset.key.split("-").pop()));
  const you = document.querySelector(".tag.you")?.closest("[class*=seat-]");
  const start = shown('[data-key="start"]')[0];
  const reactions = shown('[data-key^="react-"]');
  return {
    join: shown(".join-form").length > 0,
    start: start ? (start.disabled ? "disabled" : "enabled") : null,
    seat_bot: [...seats('#waiting [data-key^="bot-"]', "Seat a bot"), ...seats('[data-key^="give-bot-"]')],
    unseat_bot: [...seats('#waiting [data-key^="bot-"]', "Remove bot"), ...seats('[data-key^="unbot-"]'),
                 ...(shown('[data-key="take-back"]').length ? ["own"] : [])],
    seat_link: [...(shown("#seat-button").length ? ["own"] : []), ...seats('[data-key^="seat-link-"]')],
    pause_clock: shown('[data-key="clock-pause"]').length > 0,
    set_chat: shown('[data-key="chat-mode"]').length > 0,
    react: reactions.length > 0 && reactions.every((button) => !button.disabled),
    write: shown("#chat-form").length > 0,
    play_again: shown('[data-key="again"]').length > 0,
  };
}"""


class Viewer:
    """A browser at the table that keeps the last `may` (and seat) its page was sent."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.may: dict[str, object] | None = None
        self.you: int | None = None
        page.on("websocket", lambda socket: socket.on("framereceived", self._received))

    def _received(self, frame: str | bytes) -> None:
        message = json.loads(frame)
        if "may" in message:
            self.may = message["may"]
        if "you" in message:
            self.you = message["you"]

    def expected(self) -> dict[str, object]:
        """The controls `may` allows, as SHOWN names them (this viewer's own seat as "own")."""
        may = self.may
        assert may is not None, "the page was sent no `may`"
        own = lambda seats: ["own" if seat == self.you else seat for seat in seats]  # noqa: E731
        return {
            "join": may["join"] is True,
            "start": "enabled" if may["start"] is True else "disabled" if may["start"] == "seats_open" else None,
            "seat_bot": may["seat_bot"],
            "unseat_bot": own(may["unseat_bot"]),
            "seat_link": own(may["seat_link"]),
            **{key: may[key] is True for key in ("pause_clock", "set_chat", "react", "write", "play_again")},
        }

    async def shows_what_it_may(self) -> None:
        for _ in range(300):  # pushes arrive in their own time: until the page has drawn the last one
            shown, expected = await self.page.evaluate(SHOWN), self.expected()
            if shown == expected:
                return
            await asyncio.sleep(0.1)
        assert shown == expected


async def until(told: Callable[[], bool]) -> None:
    """Waits for a push to reach a page's socket (what the page then shows is checked against it)."""
    for _ in range(300):
        if told():
            return
        await asyncio.sleep(0.1)
    assert told()


async def viewer(browser: Browser, url: str) -> Viewer:
    context = await browser.new_context(locale="en-US", viewport={"width": 1100, "height": 900})
    page = await context.new_page()
    page.set_default_timeout(90_000)  # a cold server on a busy machine
    page.on("pageerror", lambda error: pytest.fail(f"script error on the page: {error}"))
    watched = Viewer(page)  # before the page opens its socket
    await page.goto(url)
    return watched


async def test_the_creator_a_player_and_a_spectator_see_exactly_the_controls_they_may_use(
    sqlite_server: ServerProcess, browser: Browser
) -> None:
    host = await viewer(browser, sqlite_server.url)
    await host.page.check('input[name="game"][value="bremen"]')
    await host.page.select_option("#seat-count", "4")
    await host.page.select_option("#turn-seconds", "120")
    await host.page.fill("#create-name", "Mina")
    await host.page.click("#create-form button[type=submit]")
    await host.page.wait_for_url("**/t/*")
    await host.page.wait_for_selector(".seat-list")
    invite = await host.page.locator(".invite input").input_value()
    player = await viewer(browser, invite)
    await player.page.fill(".join-form input[name=name]", "Ken")
    await player.page.click(".join-form button")
    await player.page.wait_for_selector(".seat-list >> text=Ken")
    spectator = await viewer(browser, invite)
    await spectator.page.wait_for_selector(".seat-list")
    everyone = [host, player, spectator]

    # Seats open: the creator may seat bots and sees the start greyed out; the spectator may join.
    for each in everyone:
        await each.shows_what_it_may()
    assert host.may is not None and spectator.may is not None
    assert (host.may["start"], spectator.may["join"]) == ("seats_open", True)

    for seat in (2, 3):
        await host.page.click(f'[data-key="bot-{seat}"]')
        await host.page.wait_for_selector(f'[data-key="bot-{seat}"] >> text=Remove bot')
    await until(lambda: spectator.may is not None and spectator.may["join"] == "table_full")
    for each in everyone:
        await each.shows_what_it_may()
    assert host.may is not None and host.may["start"] is True

    await host.page.click('[data-key="start"]')
    for each in everyone:
        await each.page.wait_for_selector(".bremen")
    for each in everyone:
        await each.shows_what_it_may()
    assert host.may is not None and host.may["pause_clock"] is True

    # The creator keeps the chat to reactions while the game is played: the players' text box goes.
    await host.page.select_option('[data-key="chat-mode"]', "reactions")
    await until(lambda: all(each.may is not None and each.may["write"] != True for each in (host, player)))  # noqa: E712
    for each in everyone:
        await each.shows_what_it_may()
    assert player.may is not None and (player.may["write"], player.may["react"]) == ("chat_reactions_only", True)
