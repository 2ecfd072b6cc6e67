"""A newcomer learns each game at a practice table: "Learn <game>" in the lobby, then the whole game
played by pressing only what the coach points at (the hint it asks at each decision marks it). Every
coach line's § is a paragraph of the rules; the coach hides and comes back; "Show me" finds the control;
a rule opens in place; the coached table passes axe. Two games on a Japanese touch phone, three on an
English desktop."""

from pathlib import Path

import pytest
from axe_playwright_python.async_playwright import Axe
from playwright.async_api import Browser, Page, expect

from tests.browser.pages import PHONE, open_page, patiently, shoot
from tests.support.client import SHORT_GAME_OPTIONS
from tests.support.server import ServerProcess

pytestmark = pytest.mark.browser

axe = Axe()

# game: (players, language, phone)
LEARNERS = {
    "bremen": (4, "ja-JP", True),
    "baroque": (3, "en-US", False),
    "hansa": (3, "en-US", False),
    "brownies": (2, "en-US", False),
    "bluebell": (2, "ja-JP", True),
}

# The coach's screenshots in the README: one in each language, from a real table.
SHOTS = {"bremen": "coach-ja", "baroque": "coach-en"}

# Remembers the control the coach points at (the first the hint marks), and the version drawn, to press
# it; the page then points somewhere else, or nowhere, or is sending the move, or has drawn a later
# version (a quick answer on a loaded machine comes and goes between two looks, and the next decision
# may mark the very same control).
POINTED = """() => {
  const el = document.querySelector('#table [data-hinted]');
  window.__pressed = el;
  window.__version = document.getElementById('app').dataset.version;
  return Boolean(el);
}"""
MOVED_ON = """() => document.querySelector('#table [data-hinted]') !== window.__pressed
  || document.querySelector('#app[data-busy]')
  || document.getElementById('app').dataset.version !== window.__version"""
# The prompt's key terms (buttons that open their rule) sit in its line of text, each on one line.
TERMS_IN_LINE = """() => [...document.querySelectorAll('#prompt .rule-term')].every((term) =>
  term.getBoundingClientRect().height < 1.8 * parseFloat(getComputedStyle(term).fontSize))"""
MOVE_SECONDS = 10  # a press that does not move the mark on within this is a coach that leads nowhere


async def learn(browser: Browser, url: str, game: str) -> Page:
    """The newcomer's page: "Learn <game>" pressed in the lobby, the practice table open with its coach."""
    players, locale, phone = LEARNERS[game]
    size = PHONE if phone else {"width": 1100, "height": 900}
    page = await open_page(browser, url, locale, size["width"], size["height"], touch=phone)
    await page.check(f'input[name="game"][value="{game}"]')
    await page.select_option("#seat-count", str(players))
    for option, value in SHORT_GAME_OPTIONS.get(game, {}).items():
        await page.select_option(f'select[name="opt-{option}"]', str(value))
    await page.fill("#create-name", "Mina")
    await press(page, page.locator("#learn-button"), phone)
    await page.wait_for_url("**/t/*", timeout=90_000)
    await page.locator("#coach .coach-line").first.wait_for()
    return page


async def press(page: Page, control: object, phone: bool) -> None:
    await (control.tap() if phone else control.click())  # type: ignore[attr-defined]


async def coach_rules(page: Page) -> set[str]:
    return set(await page.locator("#coach [data-rule]").evaluate_all("(els) => els.map((el) => el.dataset.rule)"))


async def follow_the_coach(page: Page, phone: bool, tmp_path: Path, game: str) -> tuple[set[str], list[str]]:
    """Plays the game to its end pressing only the control the coach points at; returns the §s its lines
    cited and what axe found on the coached table."""
    cited: set[str] = set()
    found: list[str] = []
    audited = False
    for _ in patiently(900):
        if await page.locator("#finished:not([hidden])").count():
            break
        cited |= await coach_rules(page)
        pointed = await page.evaluate(POINTED)
        if not audited and pointed and await page.locator("#coach [data-key^=coach-show-]").count():
            audited = True  # a decision's line, with its § and "Show me", and the hint's marks on the table
            found = await violations(page, f"{game} coached table")
            assert await page.evaluate(TERMS_IN_LINE), "a key term of the prompt broke out of its line"
            await open_the_rule_in_place(page, phone)
            if game in SHOTS:
                await shoot(page, SHOTS[game], tmp_path, down_to="#table")  # the coach, the hint and its marks
            await show_me(page, phone)
        if pointed:
            await press(page, page.locator("#table [data-hinted]").first, phone)
            await page.wait_for_function(MOVED_ON, timeout=MOVE_SECONDS * 1000)
        else:
            await page.wait_for_timeout(40)
    else:
        pytest.fail("the game did not end")
    assert audited, "the coach never pointed at a decision"
    return cited, found


async def show_me(page: Page, phone: bool) -> None:
    """ "Show me" brings the control the hint marks into view, with focus on it."""
    await press(page, page.locator("#coach [data-key^=coach-show-]").first, phone)
    await expect(page.locator("#table [data-hinted]").first).to_be_focused()
    await expect(page.locator("#table [data-hinted]").first).to_be_in_viewport()


async def open_the_rule_in_place(page: Page, phone: bool) -> None:
    """The coach line's § opens the rule's paragraph just below it, in the page's language, and closes again."""
    button = page.locator("#coach button[data-rule]").first
    await press(page, button, phone)
    snippet = page.locator("#coach .rule-snippet")
    await expect(snippet).to_be_visible()
    lang = await page.evaluate("document.documentElement.lang")
    assert await snippet.locator("[data-rule]").count()
    text = await snippet.inner_text()
    assert any("\u3040" <= ch <= "\u30ff" for ch in text) == (lang == "ja"), text
    await expect(page.locator("#coach button[data-rule]").first).to_have_attribute("aria-expanded", "true")
    numbers = await snippet.locator("ol > li").evaluate_all("(items) => items.map((li) => li.value)")
    assert len(set(numbers)) == len(numbers), f"numbered as in the rules, not each from 1: {numbers}"
    await press(page, page.locator("#coach button[data-rule]").first, phone)
    await expect(snippet).to_have_count(0)


async def violations(page: Page, where: str) -> list[str]:
    results = await axe.run(page)
    return [
        f"{where}: {v['id']} ({v['impact']}) {v['help']} at {[n['target'] for n in v['nodes']][:4]}"
        for v in results.response["violations"]
    ]


async def hide_and_reopen(page: Page, phone: bool) -> None:
    """The coach is put away and opened again from the top bar."""
    await press(page, page.locator("#coach .coach-close"), phone)
    await expect(page.locator("#coach")).to_be_hidden()
    await expect(page.locator("#coach-button")).to_be_focused()
    await press(page, page.locator("#coach-button"), phone)
    await expect(page.locator("#coach")).to_be_visible()


@pytest.mark.parametrize("game", sorted(LEARNERS))
async def test_a_newcomer_plays_a_whole_game_by_the_coach(
    sqlite_server: ServerProcess, browser: Browser, tmp_path: Path, game: str
) -> None:
    phone = LEARNERS[game][2]
    page = await learn(browser, sqlite_server.url, game)
    await hide_and_reopen(page, phone)
    cited, found = await follow_the_coach(page, phone, tmp_path, game)
    assert not found, "\n".join(found)
    assert cited, "the coach cited no rule"
    lang = await page.evaluate("document.documentElement.lang")
    for rule in cited:  # each a paragraph of the rules, in the page's language
        assert await page.locator(f'#rules section[lang="{lang}"] [data-rule="{rule}"]').count(), rule
    assert await page.locator("#finished").is_visible()
