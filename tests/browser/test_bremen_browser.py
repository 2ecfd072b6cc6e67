"""Four Chromium pages join by the invite link and play The Harmony of Bremen to its end by clicking."""

from pathlib import Path

import pytest
from playwright.async_api import Browser, Page

from tests.browser.pages import (
    PLAYABLE_CARD,
    click_a_card,
    create_table,
    invite_link,
    is_idle,
    join_by_link,
    open_page,
    patiently,
    shoot,
)
from tests.support.server import ServerProcess

pytestmark = pytest.mark.browser


# On a phone, what the band's columns and the hand's badges show is whole and apart: each player's name
# on at most two lines and its tags on one, unclipped; no two badges (received, your choice, the tick) overlap.
PHONE_LOOK = """() => {
  const lines = (el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight));
  const clipped = (el) => el.scrollWidth > el.clientWidth + 1;
  const cramped = [];
  for (const el of document.querySelectorAll(".band-slot .seat-badge .name, .band-slot .seat-badge .tag")) {
    if (clipped(el) || lines(el) > (el.matches(".name") ? 2 : 1)) cramped.push(`${el.textContent}: ${lines(el)} lines`);
  }
  const marks = [...document.querySelectorAll(".my-hand .badge, .my-hand .chosen-mark")];
  const boxes = marks.map((el) => el.getBoundingClientRect());
  const overlaps = [];
  boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b, j) => {
    if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) {
      overlaps.push(`${marks[i].textContent} over ${marks[i + 1 + j].textContent}`);
    }
  }));
  return { cramped, overlaps, badges: document.querySelectorAll(".my-hand .badge").length };
}"""


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
    phone_badges = 0
    for _ in patiently(300):
        if all([await p.locator(".b-result").count() for p in pages]):
            break
        for page in pages:
            if await click_a_card(page):
                await page.wait_for_timeout(30)
        look = await guests[0].evaluate(PHONE_LOOK)
        assert not look["cramped"] and not look["overlaps"], look
        phone_badges = max(phone_badges, look["badges"])
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
    assert phone_badges, "the phone was looked at with a badge in its hand"
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


# --- the same game with the keyboard alone ---------------------------------------------------------

FOCUS = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const style = getComputedStyle(el);
  return {
    key: el.dataset.key ?? null,
    card: el.matches('.my-hand button.card:not([aria-disabled="true"])'),
    confirm: el.matches('.my-hand .kit-confirm'),
    ready: el.matches('.my-hand .kit-confirm:not([aria-disabled="true"])'),
    again: el.dataset.key === "again",
    visible: el.matches(":focus-visible") && style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2,
    text: el.textContent.trim(),
  };
}"""


async def focused(page: Page) -> dict | None:
    return await page.evaluate(FOCUS)


async def tab_to(page: Page, wanted: str, backwards: bool = False, most: int = 60) -> bool:
    """Presses Tab (or Shift+Tab) until the focused element has the `wanted` flag of FOCUS."""
    for _ in range(most):
        now = await focused(page)
        if now and now.get(wanted):
            return True
        await page.keyboard.press("Shift+Tab" if backwards else "Tab")
    return False


async def tab_to_text(page: Page, text: str, most: int = 40) -> None:
    for _ in range(most):
        now = await focused(page)
        if now and text in now["text"]:
            return
        await page.keyboard.press("Tab")
    pytest.fail(f"no control saying {text!r} could be reached with Tab")


async def keyboard_turn(page: Page) -> bool:
    """Chooses the first card on offer with Tab and Enter, then confirms it with Space."""
    if not await is_idle(page) or not await page.locator(PLAYABLE_CARD).count():
        return False
    now = await focused(page)
    # After a confirmation focus rests on the confirm button, after the cards: go back to them.
    if not await tab_to(page, "card", backwards=bool(now and now["confirm"])):
        return False
    await page.keyboard.press("Enter")  # chosen: focus moves on to the confirmation
    assert (await focused(page) or {}).get("ready"), "choosing a card with Enter leads to its confirmation"
    await page.keyboard.press("Space")
    return True


async def join_by_keyboard(browser: Browser, invite: str, name: str, locale: str, width: int) -> Page:
    guest = await open_page(browser, invite, locale, width=width, height=844 if width < 500 else 900)
    await guest.wait_for_selector(".join-form")
    for _ in range(40):
        if await guest.evaluate("() => document.activeElement?.name === 'name'"):
            break
        await guest.keyboard.press("Tab")
    else:
        pytest.fail("the nickname field could not be reached with Tab")
    await guest.keyboard.press("Control+A")
    await guest.keyboard.type(name)
    await guest.keyboard.press("Enter")
    await guest.wait_for_selector(f".seat-list >> text={name}")
    return guest


async def test_four_pages_play_a_whole_game_with_the_keyboard_alone(
    sqlite_server: ServerProcess, browser: Browser, tmp_path: Path
) -> None:
    host = await create_table(browser, sqlite_server.url, "bremen", "Mina")
    invite = await invite_link(host)
    guests = [
        await join_by_keyboard(browser, invite, name, locale, width)
        for name, locale, width in [("Ken", "ja-JP", 390), ("Aiko", "ja-JP", 1100), ("Sam", "en-US", 1100)]
    ]
    await host.wait_for_selector(".seat-list >> text=Sam")
    await tab_to_text(host, "Start the game")
    await host.keyboard.press("Enter")
    pages = [host, *guests]
    for page in pages:
        await page.wait_for_selector(".bremen")

    turns = 0
    redraws_checked = 0
    played: set[Page] = set()
    for _ in patiently(300):
        if all([await p.locator(".b-result").count() for p in pages]):
            break
        for page in pages:
            # Whatever the other pages did meanwhile redrew this one: a control in the hand keeps visible focus.
            now = await focused(page)
            if page in played:
                assert now is not None and (now["card"] or now["confirm"] or now["again"]), (
                    f"focus left the hand: {now} {await page.locator('#prompt').inner_text()}"
                )
                assert now["visible"], f"focus is not visible after a redraw: {now}"
                redraws_checked += 1
            if await keyboard_turn(page):
                turns += 1
                played.add(page)
                await page.wait_for_timeout(30)
        await host.wait_for_timeout(40)
    else:
        pytest.fail("the game did not end")

    assert turns >= 12  # at least three rounds of a declaration and three plays
    assert redraws_checked >= 10  # focus was looked at on pages redrawn by the others' moves
    for page in pages:
        after = await focused(page)
        assert after is not None and after["again"] and after["visible"], "at the end, focus goes on to play again"
        assert await page.locator(".b-result .result-line").count()
        assert await page.locator("#announce").inner_text()  # the end was said aloud too
    await shoot(host, "keyboard-game-over", tmp_path)
