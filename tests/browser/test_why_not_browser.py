"""Why not, in the browser: at a real table of each game, a control the page shows as unavailable says
why when it is tapped, focused or hovered, in the player's language, with the section of the rules it
comes from as a link that opens the rules panel there.

Each table waits on this page's player (its options fix who begins), so the control stays unavailable
while it is looked at: Bremen and Brownies on a 390×844 touch phone in Japanese, tapped; Baroque with
the keyboard, Hansa with the mouse hovering, Bluebell clicked, on a desktop page in English.
"""

import json
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.async_api import Browser, Locator, Page, expect

from tests.browser.pages import PHONE, PLAYABLE_CARD, ROOT, shoot
from tests.support.server import ServerProcess

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1100, "height": 900}


def text_of(game: str, lang: str, key: str) -> str:
    """A string of the page's catalog: the game's own, else the platform's (static/js/i18n.js)."""
    own = json.loads((ROOT / "static" / "i18n" / f"{game}.json").read_text(encoding="utf-8"))[lang]
    if key in own:
        return str(own[key])
    common = (ROOT / "static" / "js" / "i18n.js").read_text(encoding="utf-8")
    en, ja = common.split("\n  ja: {", 1)
    found = re.search(rf'^\s*"{re.escape(key)}": "((?:[^"\\]|\\.)*)"', en if lang == "en" else ja, re.M)
    assert found, key
    return str(json.loads(f'"{found.group(1)}"'))


async def start_table(browser: Browser, url: str, game: str, seats: int, options: dict[str, str], phone: bool) -> Page:
    """The host's page at a started table whose other seats are bots, on a phone (Japanese, touch) or a desktop."""
    context = await browser.new_context(
        locale="ja-JP" if phone else "en-US",
        viewport=PHONE if phone else DESKTOP,
        has_touch=phone,
        is_mobile=phone,
    )
    page = await context.new_page()
    page.on("pageerror", lambda error: pytest.fail(f"script error on the page: {error}"))
    await page.goto(url)
    await page.check(f'input[name="game"][value="{game}"]')
    await page.select_option("#seat-count", str(seats))
    for option, value in options.items():
        await page.select_option(f'select[name="opt-{option}"]', value)
    await page.fill("#create-name", "Mina")
    await page.check('input[name="bots"]')
    await page.click("#create-form button[type=submit]")
    await page.wait_for_url("**/t/*", timeout=90_000)
    await page.click('[data-key="start"]')
    return page


def press(phone: bool) -> Callable[[Locator], Awaitable[None]]:
    return (lambda control: control.tap()) if phone else (lambda control: control.click())


# --- reaching a control that is unavailable while the table waits on this page ------------------


async def bremen_pinch(page: Page, phone: bool) -> Locator:
    """Mina leads: she declares; at the tuning she signals a pinch, and may not again (§4.6)."""
    await press(phone)(page.locator(PLAYABLE_CARD).first)
    await press(phone)(page.locator('.my-hand .kit-confirm:not([aria-disabled="true"])'))
    pinch = page.locator(".pinch-button")
    await expect(pinch).to_be_enabled(timeout=15_000)
    await expect(pinch).not_to_have_attribute("aria-disabled", "true")
    await press(phone)(pinch)
    await expect(pinch).to_have_attribute("data-why", '{"type":"signal_pinch"}')
    return pinch


async def baroque_taken_rank(page: Page, phone: bool) -> Locator:
    """The bot dealer bids first; Mina bids next, and the rank card it took is not hers to take (§4.4)."""
    taken = page.locator(".bq-rankrow button.bq-rank[data-why]").first
    await expect(taken).to_be_attached(timeout=15_000)
    return taken


async def hansa_other_space(page: Page, phone: bool) -> Locator:
    """On Mina's turn she picks a card face up: a take from another city's space is not allowed (§4.4)."""
    await expect(page.locator(".hz-bar.mine")).to_be_attached(timeout=15_000)
    await page.locator('[data-step="card"]:not([disabled]):not([aria-disabled="true"])').first.click()
    await page.locator('[data-key="face-up"]').click()
    other = page.locator('[data-step="take"][data-why]').first
    await expect(other).to_be_attached()
    return other


async def brownies_recipe(page: Page, phone: bool) -> Locator:
    """Mina starts; a primary good wants resources she does not hold (§4.4)."""
    make = page.locator(".bw-zone.primary .bw-make[data-why]").first
    await expect(page.locator('.brownies[data-turn="mine"]')).to_be_attached(timeout=15_000)
    await expect(make).to_be_attached()
    return make


async def bluebell_draw_step(page: Page, phone: bool) -> Locator:
    """Mina starts and places a card: now she must draw, and her hand card cannot be chosen (§4.1)."""
    await page.locator('.bb-hand [data-offer="card"]:not([disabled]):not([aria-disabled="true"])').first.click()
    await page.locator(".bb-act.place[data-action]").first.click()
    card = page.locator('.bb-hand [data-offer="card"][data-why]').first
    await expect(card).to_be_attached(timeout=15_000)
    return card


@dataclass(frozen=True)
class Case:
    game: str
    seats: int
    options: dict[str, str]
    reach: Callable[[Page, bool], Awaitable[Locator]]
    code: str
    rule: str
    how: str  # "tap", "keyboard", "hover", "click"
    phone: bool = False
    shot: str | None = None
    sent: list[str] = field(default_factory=list)


CASES = [
    Case("bremen", 4, {"first_leader": "0"}, bremen_pinch, "already_signalled", "§4.6", "tap", phone=True),
    Case("baroque", 3, {"first_dealer": "2"}, baroque_taken_rank, "rank_unavailable", "§4.4", "keyboard"),
    Case("hansa", 2, {}, hansa_other_space, "wrong_space", "§4.4", "hover", shot="why-not-en"),
    Case(
        "brownies",
        2,
        {"start_player": "0"},
        brownies_recipe,
        "recipe_not_met",
        "§4.4",
        "tap",
        phone=True,
        shot="why-not-ja",
    ),
    Case("bluebell", 2, {"first_player": "0"}, bluebell_draw_step, "wrong_step", "§4.1", "click"),
]


async def checks_sent(page: Page) -> list[dict[str, object]]:
    return await page.evaluate("window.whyChecks ?? []")


# Every check the page sends, kept where the test can count them.
COUNT_CHECKS = """() => {
  window.whyChecks = [];
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    const message = JSON.parse(data);
    if (message.type === "check") window.whyChecks.push(message.action);
    return send.call(this, data);
  };
}"""


@pytest.mark.parametrize("case", CASES, ids=[case.game for case in CASES])
async def test_an_unavailable_control_says_why_with_its_rule(
    shared_server: ServerProcess, browser: Browser, case: Case, tmp_path: Path
) -> None:
    page = await start_table(browser, shared_server.url, case.game, case.seats, case.options, case.phone)
    lang = "ja" if case.phone else "en"
    await page.evaluate(COUNT_CHECKS)
    control = await case.reach(page, case.phone)
    action = json.loads(await control.get_attribute("data-why") or "null")
    assert action and await control.get_attribute("aria-disabled") == "true"
    assert await control.get_attribute("data-action") is None  # never offered as a move

    tip, reason, link = page.locator("#why"), page.locator("#why-text"), page.locator("#why-rule")
    await control.evaluate("(el) => el.scrollIntoView({ block: 'center' })")  # clear of sticky bars
    match case.how:  # forced: Playwright waits for an aria-disabled control to be enabled before it acts
        case "tap":
            await control.tap(force=True)
        case "click":
            await control.click(force=True)
        case "hover":
            await control.hover()
        case (
            "keyboard"
        ):  # reached with Tab, as a keyboard player does (a focus the player did not move explains nothing)
            await control.focus()
            await page.keyboard.press("Shift+Tab")
            await expect(control).not_to_be_focused()
            await page.keyboard.press("Tab")
            await expect(control).to_be_focused()
    await expect(tip).to_be_visible()
    await expect(reason).to_have_text(text_of(case.game, lang, f"error.{case.code}"))
    await expect(link).to_have_text(text_of(case.game, lang, "why.rule").replace("{rule}", case.rule))
    # The reason is the control's description, and it fits the screen beside the control.
    assert "why-text" in (await control.get_attribute("aria-describedby") or "").split()
    box = await tip.bounding_box()
    view = PHONE if case.phone else DESKTOP
    assert box and box["x"] >= 0 and box["y"] >= 0, box
    assert box["x"] + box["width"] <= view["width"] and box["y"] + box["height"] <= view["height"], box
    if case.shot:
        await shoot(page, case.shot, tmp_path, full_page=False)

    # Asked once for this state: looking again is answered from what the page kept.
    assert [a for a in await checks_sent(page) if a == action] == [action]
    if case.how == "hover":
        await page.mouse.move(0, 0)
        await expect(tip).to_be_hidden()
        await control.hover()
        await expect(reason).to_have_text(text_of(case.game, lang, f"error.{case.code}"))
        assert [a for a in await checks_sent(page) if a == action] == [action]

    # The link opens the rules panel at that section, in the page's language.
    if case.how == "keyboard":
        await page.keyboard.press("Enter")  # activating the control pins its reason and moves on to the link
        await expect(link).to_be_focused()
        await page.keyboard.press("Enter")
    elif case.phone:
        await link.tap()
    else:
        await link.click()
    rules = page.locator("#rules")
    await expect(rules).to_have_attribute("open", "")
    target = rules.locator(f'section[lang="{lang}"] .rule-target')
    await expect(target).to_have_count(1)
    assert case.rule in (await target.get_attribute("data-rule") or "").split()
    await expect(target).to_be_focused()
    await expect(target).to_be_in_viewport()
    if case.how == "keyboard":
        await page.keyboard.press("Escape")  # the rules close, and focus is back on the control
        await expect(rules).not_to_have_attribute("open", "")
        await expect(page.locator(f"[data-why='{json.dumps(action, separators=(',', ':'))}']").first).to_be_focused()
    await page.context.close()
