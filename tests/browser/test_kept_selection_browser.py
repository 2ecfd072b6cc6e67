"""A redraw that arrives mid-selection keeps the selection and the focus, in every game.

The host plays against bots. Once its page offers a choice, it chooses part of a move, with the
keyboard (focus, then Space) or by touch (a tap), and a chat reaction sent from its own second tab
makes the page draw everything again. The chosen option is still pressed, and the focus is still on
the control that had it.
"""

from dataclasses import dataclass

import pytest
from playwright.async_api import Browser, Page, expect

from tests.support.server import ServerProcess

pytestmark = pytest.mark.browser


@dataclass(frozen=True)
class Game:
    slug: str
    seats: int
    option: str  # an option the page offers when this seat may choose part of a move
    opens: str | None = None  # a control that opens the choosing first (Farm with Brownies' trade desk)


GAMES = [
    Game("bremen", 4, '.my-hand button.card:not([aria-disabled="true"])'),
    Game("hansa", 3, '.hz-hand [data-step="card"]:not([disabled]):not([data-why])'),
    Game("baroque", 3, ".bq-rankrow button.bq-rank:not([disabled]):not([data-why])"),
    Game("bluebell", 3, ".bb-hand [data-offer=card]:not([disabled]):not([data-why])"),
    Game("brownies", 3, ".brownies .bw-cardbtn.pickable:not(:disabled)", opens='[data-key="trade"]:not(:disabled)'),
]


async def table_with_bots(browser: Browser, base_url: str, game: Game, touch: bool) -> Page:
    """The host's page at a started table whose other seats are bots."""
    context = await browser.new_context(locale="en-US", viewport={"width": 1100, "height": 900}, has_touch=touch)
    host = await context.new_page()
    host.on("pageerror", lambda error: pytest.fail(f"script error on the page: {error}"))
    await host.goto(base_url)
    await host.check(f'input[name="game"][value="{game.slug}"]')
    await host.select_option("#seat-count", str(game.seats))
    await host.fill("#create-name", "Mina")
    await host.click("#create-form button[type=submit]")
    await host.wait_for_url("**/t/*", timeout=90_000)
    for seat in range(1, game.seats):
        await host.click(f'[data-key="bot-{seat}"]')
        await expect(host.locator(f'[data-key="bot-{seat}"]')).to_have_text("Remove bot")
    await host.click('[data-key="start"]')
    return host


@pytest.mark.parametrize("touch", [False, True], ids=["keyboard", "touch"])
@pytest.mark.parametrize("game", GAMES, ids=[g.slug for g in GAMES])
async def test_a_redraw_mid_selection_keeps_it(
    shared_server: ServerProcess, browser: Browser, game: Game, touch: bool
) -> None:
    host = await table_with_bots(browser, shared_server.url, game, touch)
    if game.opens:
        await host.locator(game.opens).click(timeout=60_000)
    option = host.locator(game.option).first
    await option.wait_for(timeout=60_000)
    key = await option.get_attribute("data-key")
    if touch:
        await option.tap()
    else:
        await option.focus()
        await host.keyboard.press("Space")
    chosen = host.locator(f'[data-key="{key}"]')
    await expect(chosen).to_have_attribute("aria-pressed", "true")
    focused = await host.evaluate("document.activeElement?.dataset.key ?? null")
    assert focused is not None

    # The same seat's second tab reacts in the chat: the host's page draws itself again.
    second = await host.context.new_page()
    await second.goto(host.url)
    await second.locator('[data-key="react-nice"]:not(:disabled)').click()
    await expect(host.locator("#chat-lines")).to_contain_text("Mina nice!", timeout=15_000)  # a busy machine

    await expect(chosen).to_have_attribute("aria-pressed", "true")
    assert await host.evaluate("document.activeElement?.dataset.key ?? null") == focused
    await host.context.close()
