"""An axe-core audit of the pages a player sees: the lobby, the rules panel and every game's table
mid-game, in English and in Japanese. No violation is allowed, whatever its impact; and after a switch
of language, the tooltips naming the seats' colours are in the new one."""

import pytest
from axe_playwright_python.async_playwright import Axe
from playwright.async_api import Browser, Page

from tests.browser.pages import create_table, open_page, seat_bots_and_start
from tests.support.server import ServerProcess

pytestmark = pytest.mark.browser

GAMES = {"bremen": 4, "baroque": 3, "hansa": 3, "brownies": 3, "bluebell": 2}
LIVE = '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"], output'
axe = Axe()


async def violations(page: Page, where: str) -> list[str]:
    results = await axe.run(page)
    return [
        f"{where}: {v['id']} ({v['impact']}) {v['help']} at {[n['target'] for n in v['nodes']][:4]}"
        for v in results.response["violations"]
    ]


# The tooltips that name a seat's colour, and the table's code, in each language.
TITLES = {"en": {"red", "blue", "green", "purple", "Table code"}, "ja": {"赤", "青", "緑", "紫", "卓のコード"}}
TITLED = "() => [...document.querySelectorAll('.seat-badge[title], .code[title]')].map((el) => el.title)"


async def switch_language(page: Page, lang: str) -> None:
    await page.click(f'.lang-switch button[data-lang="{lang}"]')
    await page.wait_for_selector(f"html[lang={lang}]", state="attached")


async def test_the_lobby_passes_axe_in_both_languages(sqlite_server: ServerProcess, browser: Browser) -> None:
    page = await open_page(browser, sqlite_server.url)
    await page.wait_for_selector("#seat-count option", state="attached")
    found = await violations(page, "lobby en")
    await switch_language(page, "ja")
    found += await violations(page, "lobby ja")
    assert not found, "\n".join(found)


RING = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const style = getComputedStyle(el);
  const ring = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2;
  return { ring: ring && el.matches(":focus-visible"), what: el.outerHTML.slice(0, 120) };
}"""


async def tab_stops_without_a_ring(page: Page, where: str, most: int = 80) -> list[str]:
    """Tabs through the page from its top, until focus leaves it: every control reached shows a focus ring."""
    await page.locator(".brand").focus()
    missing = []
    stops = 0
    seen: list[str] = []
    for _ in range(most):
        await page.keyboard.press("Tab")
        now = await page.evaluate(RING)
        if now is None:
            break
        stops += 1
        seen.append(now["what"])
        if not now["ring"]:
            missing.append(f"{where}: no visible focus on {now['what']}")
    assert stops >= 6, f"{where}: Tab reached only {stops} controls: {seen}"  # the top bar's four, and the table
    return missing


@pytest.mark.parametrize("game", list(GAMES))
async def test_a_table_mid_game_and_its_rules_pass_axe_in_both_languages(
    sqlite_server: ServerProcess, browser: Browser, game: str
) -> None:
    host = await create_table(browser, sqlite_server.url, game, "Mina", seats=GAMES[game])
    found = await violations(host, f"{game} waiting room")
    await seat_bots_and_start(host)
    await host.wait_for_selector(f"#table .{game}")
    # The bots play until it is the host's turn, or a while: the table is mid-game.
    await host.wait_for_timeout(1500)
    for lang in ("en", "ja"):
        await switch_language(host, lang)
        await host.wait_for_timeout(200)
        found += await violations(host, f"{game} table {lang}")
        titles = set(await host.evaluate(TITLED))
        assert titles and titles <= TITLES[lang], (
            f"{game} {lang}: tooltips in another language: {titles - TITLES[lang]}"
        )
        found += await tab_stops_without_a_ring(host, f"{game} table {lang}")
        # One polite live line speaks for the page; nothing else in it talks over it.
        assert await host.locator(LIVE).count() == 1
        assert await host.locator("#announce").get_attribute("aria-live") == "polite"
        await host.click("#rules-button")
        await host.wait_for_selector("#rules[open]")
        found += await violations(host, f"{game} rules {lang}")
        await host.keyboard.press("Escape")
        await host.wait_for_selector("#rules", state="hidden")
    assert not found, "\n".join(found)
