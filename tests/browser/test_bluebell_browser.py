"""Three Chromium pages join by the invite link and play Bluebell to its end by clicking.

A whole Bluebell game between careful players takes hundreds of turns, so the clicking follows
a plan that ends rounds quickly, using only the controls the page offers and what it shows:
Ken keeps his tokens and builds his stack; Mina and Aiko spend theirs on discards of another
season, and whoever of them has none left ends the round as soon as Ken alone has the most
tokens. Ken then wins the round and receives a Bluebell; the second one wins him the game.
"""

import json
import random
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from playwright.async_api import Browser, Page

from tests.browser.pages import create_table, invite_link, join_by_link, patiently, shoot
from tests.support.server import ServerProcess

pytestmark = pytest.mark.browser

KEN = 1
WARM_UP = 8  # actions of calm play first, so that stacks, tokens and draws appear on the table

# How much each kind of control appeals; every control that sends an action names its effect
# in data-effect (what it costs or gains) and carries data-reunion when it declares a reunion.
KEEPER = {"winter": 5, "autumn": 5, "place": 4, "free": 3, "draw": 1, "penalty": 0, "ends-round": -20}
SPENDER = {"penalty": 6, "autumn": 4, "winter": 4, "place": 3, "free": 2, "draw": 1}

LOOK = """() => {
  const all = (selector) => [...document.querySelectorAll(selector)];
  return {
    busy: document.querySelector("#app").hasAttribute("data-busy"),
    gifts: all(".bluebell [data-offer=gift]:not([disabled])").length,
    cards: all(".bluebell [data-offer=card]:not([disabled]):not([data-why])").map((e) => ({
      key: e.dataset.key, pressed: e.getAttribute("aria-pressed") === "true" })),
    options: all(".bluebell [data-action]:not([disabled])").map((e) => ({
      action: JSON.parse(e.dataset.action), effect: e.dataset.effect, reunion: e.dataset.reunion === "true",
      key: e.dataset.key })),
    supplies: Object.fromEntries(all(".bluebell [data-seat][data-supply]").map((e) =>
      [e.dataset.seat, Number(e.dataset.supply)])),
  };
}"""

Moment = Callable[[Page, str], Awaitable[None]]


HAND_TOP = """() => {
  if (document.querySelector(".bb-news.round-end, .bb-news.over") || !document.querySelector(".bb-hand")) return null;
  return document.querySelector(".bb-hand").getBoundingClientRect().top + window.scrollY;
}"""


async def no_sideways_scroll(page: Page) -> None:
    overflow = await page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page scrolls sideways by {overflow}px"


async def keyboard_keeps_the_choice(page: Page) -> None:
    """The chosen hand card is a real button: Space toggles it and the focus stays on it through the redraw."""
    chosen = page.locator(".bb-hand [aria-pressed=true]")
    key = await chosen.get_attribute("data-key")
    await chosen.focus()
    for pressed in ("false", "true"):
        await page.keyboard.press("Space")
        assert await page.locator(f'[data-key="{key}"]').get_attribute("aria-pressed") == pressed
        assert await page.evaluate("document.activeElement.dataset.key") == key


# The focused element, if it matches the selector: whether its focus shows (a ring, not only a colour).
FOCUSED = """(selector) => {
  const el = document.activeElement;
  if (!el || !el.matches(selector)) return null;
  const style = getComputedStyle(el);
  return { ring: el.matches(":focus-visible") && style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0 };
}"""


async def tab_to(page: Page, selector: str) -> None:
    """Tab (then Shift+Tab) until the control is focused; its focus ring must show."""
    for key in ("Tab", "Shift+Tab"):
        for _ in range(80):
            await page.keyboard.press(key)
            if found := await page.evaluate(FOCUSED, selector):
                assert found["ring"], f"{selector} is focused without a visible ring"
                return
    pytest.fail(f"{selector} cannot be reached with the keyboard")


class Player:
    def __init__(self, page: Page, seat: int, rng: random.Random, by_keyboard: set[str]) -> None:
        self.page, self.seat, self.rng = page, seat, rng
        self.by_keyboard = by_keyboard  # the kinds of decision already made with the keyboard alone
        self.keyboard = False

    async def choose(self, selector: str, key: str) -> None:
        """Activates a control: a click, or on a keyboard turn Tab to it and press `key` (Enter or Space)."""
        if self.keyboard:
            await tab_to(self.page, selector)
            await self.page.keyboard.press(key)
        else:
            await self.page.locator(selector).first.click()

    def weights(self, supplies: dict[str, int], calm: bool) -> dict[str, int]:
        if self.seat == KEN or calm:
            return KEEPER
        others = [n for seat, n in supplies.items() if int(seat) != KEN]
        ken_leads = all(supplies[str(KEN)] > n for n in others)  # so ending the round gives Ken a Bluebell
        return {**SPENDER, "ends-round": 8 if ken_leads else -20}

    async def turn(self, calm: bool, moment: Moment) -> bool:
        """Makes one move if the page offers one and is idle; True when an action was sent."""
        page = self.page
        seen = await page.evaluate(LOOK)
        if seen["busy"]:
            return False
        options = seen["options"]
        kind = "give" if seen["gifts"] else "action" if seen["cards"] else "draw"
        # The first decision of each kind is taken with the keyboard alone: Tab, Enter and Space.
        self.keyboard = kind not in self.by_keyboard
        if seen["gifts"]:
            # Select, then confirm: the Bluebell goes to the round winner face down.
            gift = page.locator(".bluebell [data-offer=gift]:not([disabled])").nth(self.rng.randrange(seen["gifts"]))
            await self.choose(f'[data-key="{await gift.get_attribute("data-key")}"]', "Space")
            await moment(page, "give")
            if self.keyboard:  # a card chosen with the keyboard sends the focus on to the confirmation
                assert await page.evaluate("document.activeElement.dataset.key") == "gift-confirm"
                await page.keyboard.press("Enter")
                self.by_keyboard.add(kind)
            else:
                await page.locator('.bluebell [data-key="gift-confirm"]').click()
            return True
        if seen["cards"] and not any(o["action"]["type"] in ("place", "discard") for o in options):
            # Select, then confirm: see what each hand card offers before choosing a move.
            for card in seen["cards"]:
                if not card["pressed"]:
                    await self.choose(f'[data-key="{card["key"]}"]', "Space")
                options += [o for o in (await page.evaluate(LOOK))["options"] if o not in options]
        if not options:
            return False
        weights = self.weights(seen["supplies"], calm)
        best = max(options, key=lambda o: weights.get(o["effect"], 0) + o["reunion"] + self.rng.random())
        if best["action"]["type"] in ("place", "discard"):
            card = f'[data-key="hand-{best["action"]["card_id"]}"]'
            if await page.locator(card).get_attribute("aria-pressed") != "true":
                await self.choose(card, "Space")
        control = f".bluebell [data-action]:not([disabled])[data-key={json.dumps(best['key'])}]"
        assert json.loads(await page.locator(control).first.get_attribute("data-action")) == best["action"]
        await moment(page, best["effect"])
        await self.choose(control, "Enter")
        if self.keyboard:
            self.by_keyboard.add(kind)
        return True


async def test_three_browsers_play_a_whole_game(sqlite_server: ServerProcess, browser: Browser, tmp_path: Path) -> None:
    host = await create_table(browser, sqlite_server.url, "bluebell", "Mina", seats=3)
    invite = await invite_link(host)
    assert invite.endswith(host.url.rsplit("/", 1)[1])
    ken = await join_by_link(browser, invite, "Ken", "ja-JP", 390)
    aiko = await join_by_link(browser, invite, "Aiko", "ja-JP", 1100)
    await host.wait_for_selector(".seat-list >> text=Aiko")
    await shoot(host, "bluebell-1-waiting-room", tmp_path)
    await host.click("text=Start the game")

    pages = [host, ken, aiko]
    for page in pages:
        await page.wait_for_selector(".bluebell .bb-centre")
    await no_sideways_scroll(ken)

    rng = random.Random(7)
    by_keyboard: set[str] = set()
    players = [Player(page, seat, rng, by_keyboard) for seat, page in enumerate(pages)]
    shots: set[str] = set()

    async def moment(page: Page, effect: str) -> None:
        """Screenshots of each phase, taken just before the click that ends it."""
        if page is host and "choose" not in shots and effect != "draw":
            shots.add("choose")
            await keyboard_keeps_the_choice(host)
            await shoot(host, "bluebell-2-choose-a-move", tmp_path)
        elif page is ken and "phone" not in shots and await ken.locator(".bb-me .bb-stack:not(.empty)").count():
            shots.add("phone")
            await shoot(ken, "bluebell-3-phone-ja", tmp_path)
            await no_sideways_scroll(ken)
            await ken.set_viewport_size({"width": 360, "height": 780})
            await ken.click(".lang-switch button[data-lang=en]")
            await no_sideways_scroll(ken)
            await shoot(ken, "bluebell-4-phone-360-en", tmp_path)
            await ken.click(".lang-switch button[data-lang=ja]")
            await ken.set_viewport_size({"width": 390, "height": 844})
        elif page is not ken and effect == "draw" and "draw" not in shots:
            shots.add("draw")
            await shoot(page, "bluebell-5-draw", tmp_path)
        elif effect == "give" and "give" not in shots:
            shots.add("give")
            await shoot(page, "bluebell-7-choose-a-bluebell", tmp_path)
            watcher = ken if page is not ken else host
            await watcher.locator(".bb-news.round-end").wait_for()
            await shoot(watcher, "bluebell-8-waiting-for-the-bluebell", tmp_path)

    actions = 0
    hand_tops: list[float] = []  # where Ken's hand sits on his phone during the first round
    for _ in patiently(600):
        if all([await p.locator(".bb-over").count() for p in pages]):
            break
        for player in players:
            if await player.turn(calm=actions < WARM_UP, moment=moment):
                actions += 1
                if "give" not in shots and "phone" in shots and (top := await ken.evaluate(HAND_TOP)) is not None:
                    hand_tops.append(top)
                if actions == WARM_UP:
                    await aiko.wait_for_timeout(150)
                    await shoot(aiko, "bluebell-6-mid-round-ja", tmp_path)
        await host.wait_for_timeout(30)
    else:
        pytest.fail(f"the game did not end after {actions} actions")

    assert by_keyboard == {"action", "draw", "give"}, f"taken with the keyboard alone: {sorted(by_keyboard)}"
    assert hand_tops and max(hand_tops) - min(hand_tops) < 1, f"the phone's hand moved: {sorted(set(hand_tops))}"
    for page in pages:
        await page.locator(".bb-news.over").wait_for()
        assert await page.locator("#finished").is_visible()
        assert await page.locator(".bb-over li.winner .bb-card").count() == 2  # Ken's Bluebells, face up
    assert "Ken holds 2 Bluebells and wins" in await host.locator("#prompt").inner_text()
    assert "あなたの勝利" in await ken.locator("#prompt").inner_text()
    assert "Kenさんがブルーベル2枚で勝利" in await aiko.locator(".bb-news.over").inner_text()
    assert await host.locator("#log-lines li", has_text="gave Ken a Bluebell").count() == 2
    await no_sideways_scroll(ken)
    await shoot(host, "bluebell-9-game-over", tmp_path)
    await shoot(ken, "bluebell-9-game-over-phone-ja", tmp_path)
