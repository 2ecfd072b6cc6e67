"""Three and four Chromium pages join Baroque by the invite link and play whole games by clicking.

Every move is a click on the page's own controls: a card in the hand that carries `data-action`,
or a select-then-confirm control (rank cards, then "Bid …"; "Keep" or a card, then "Commit …").
One game is played by a page that uses the keyboard alone: Tab to reach, Enter or Space to act.
"""

import asyncio
import json
import random
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.async_api import Browser, Page, expect
from playwright.async_api import TimeoutError as PlaywrightTimeout

from app.engine import full_view
from app.games.baroque import RULES
from app.games.baroque.state import BaroqueState
from tests.browser.pages import (
    create_table,
    game_over_said_once,
    harness,
    invite_link,
    is_idle,
    join_by_link,
    open_page,
    shoot,
)
from tests.games.test_baroque import (
    ANNA,
    EMILY,
    JACK,
    JOHN,
    KEEP,
    SEED_EXAMPLE_HANDS,
    act,
    change,
    color_switch_ball,
    salon,
    seed_example_ball,
    seed_example_salon,
    table,
)
from tests.support.server import ServerProcess

pytestmark = pytest.mark.browser


GAME_SECONDS = 900  # a whole game, every page clicking as soon as it may (about a minute on a quiet machine)
CLICK_MS = 10_000

# What the page offers this seat now, read from its DOM (the renderer draws exactly view.legal).
OFFER = """(() => {
  const el = (q) => [...document.querySelectorAll(q)];
  return {
    over: Boolean(document.querySelector('.bq-final')),
    idle: !document.querySelector('#app[data-busy]'),
    ranks: el('.bq-rankrow button.bq-rank:not([disabled]):not([data-why])').map((b) => b.dataset.rank),
    plays: el('.bq-hand button.card[data-action]:not(.toggle):not([disabled])')
      .map((b) => JSON.parse(b.dataset.action).card),
    keep: Boolean(document.querySelector('.bq-keep:not([aria-disabled="true"])')),
    changes: el('.bq-hand button.card.toggle:not([aria-disabled="true"])').map((b) => b.dataset.card),
    hand: el('.bq-hand .card').map((c) => c.dataset.card),
    pressed: el('.baroque [aria-pressed="true"]').map((b) => b.dataset.rank ?? b.dataset.card ?? 'keep'),
  };
})()"""


# Resolves at the page's next change (a new state drawn, a busy flag gone), or after a short while.
NEXT_CHANGE = """() => new Promise((done) => {
  const watch = new MutationObserver(() => { watch.disconnect(); setTimeout(done, 10); });
  watch.observe(document.getElementById('app'), { subtree: true, childList: true, attributes: true });
  setTimeout(() => { watch.disconnect(); done(); }, 300);
})"""


def number(card: str) -> int:
    return int(card.split("-")[1])


def strength(card: str) -> int:
    return number(card) + (20 if card.startswith("black") else 0)


def wanted_bid(hand: list[str]) -> int:
    """A rough count of the tricks a hand takes: high blacks and tens."""
    return sum(1 for card in hand if (card.startswith("black") and number(card) >= 6) or number(card) == 10)


@dataclass
class Shot:
    """A screenshot of a moment: `ready` (JS) says it is on screen; `hold` (JS) keeps the page from
    moving on until it is; the first of `select` on the page is clicked first (a choice shown, not
    confirmed). A `public` moment shows on every page at once, and every page waits while it does."""

    name: str
    page: Page
    ready: str
    hold: str = "false"
    select: tuple[str, ...] = ()
    public: bool = False


class Player:
    """One page at the table, clicking its way through the game."""

    def __init__(self, page: Page, seed: int) -> None:
        self.page = page
        self.rng = random.Random(seed)
        self.moves = 0

    async def step(self, offer: dict) -> bool:  # type: ignore[type-arg]
        """Makes one move if the page offers one; False when there is nothing to do (any more)."""
        if not offer["idle"] or not await is_idle(self.page):  # an answer is still on its way
            return False
        try:
            return await self.move(offer)
        except PlaywrightTimeout:
            return False  # the page changed under the click (say, a reconnect): look again

    async def move(self, offer: dict) -> bool:  # type: ignore[type-arg]
        if offer["ranks"]:
            target = wanted_bid(offer["hand"])
            rank = min(offer["ranks"], key=lambda r: (abs(int(r[-1]) - target), r))
            if rank not in offer["pressed"]:
                await self.choose(f'.bq-rankrow button[data-rank="{rank}"]')
            await self.confirm()
            return True
        if offer["plays"]:
            cards = offer["plays"]
            card = max(cards, key=strength) if self.rng.random() < 0.5 else self.rng.choice(cards)
            await self.choose(f'.bq-hand button.card[data-card="{card}"]')
            self.moves += 1
            return True
        if offer["keep"]:
            choice = self.rng.choice(offer["changes"]) if offer["changes"] and self.rng.random() < 0.45 else "keep"
            if choice not in offer["pressed"]:
                await self.choose(
                    ".bq-keep" if choice == "keep" else f'.bq-hand button.card.toggle[data-card="{choice}"]'
                )
            await self.confirm()
            return True
        return False

    async def choose(self, selector: str) -> None:
        await self.page.click(selector, timeout=CLICK_MS)

    async def confirm(self) -> None:
        """Clicks the confirm button once the selection made has opened it."""
        button = self.page.locator('.bq-confirm:not([aria-disabled="true"])')
        await button.wait_for(timeout=CLICK_MS)
        action = json.loads(await button.get_attribute("data-action") or "{}")
        assert action.get("type") in {"take_rank", "ball_keep", "ball_change"}
        await button.click(timeout=CLICK_MS)
        self.moves += 1


class KeyboardPlayer(Player):
    """A page played with the keyboard alone: Tab to a control, Space to choose, Enter to confirm."""

    def __init__(self, page: Page, seed: int) -> None:
        super().__init__(page, seed)
        self.kinds: set[str] = set()  # the kinds of decision made so far

    async def tab_to(self, selector: str) -> None:
        """Tabs until the focus is on `selector`, which shows its focus ring."""
        for _ in range(120):
            if await self.page.evaluate(f"document.activeElement?.matches({json.dumps(selector)})"):
                assert await self.page.evaluate("document.activeElement.matches(':focus-visible')")
                return
            await self.page.keyboard.press("Tab")
        raise AssertionError(f"Tab never reached {selector}")

    async def move(self, offer: dict) -> bool:  # type: ignore[type-arg]
        """Bids and plays as a clicking page would; at the ball, changes once and keeps once first."""
        if offer["keep"] and (offer["changes"] and "ball_change" not in self.kinds or "ball_keep" not in self.kinds):
            kind, choice = (
                ("ball_change", offer["changes"][0])
                if "ball_change" not in self.kinds and offer["changes"]
                else ("ball_keep", "keep")
            )
            if choice not in offer["pressed"]:
                await self.choose(
                    ".bq-keep" if choice == "keep" else f'.bq-hand button.card.toggle[data-card="{choice}"]'
                )
            await self.confirm()
            self.kinds.add(kind)
            return True
        kind = "bid" if offer["ranks"] else "play" if offer["plays"] else None
        moved = await super().move(offer)
        if moved and kind:
            self.kinds.add(kind)
        return moved

    async def choose(self, selector: str) -> None:
        await self.tab_to(selector)
        key = await self.page.evaluate("document.activeElement.dataset.key")
        target = self.page.locator(f'[data-key="{key}"]')
        # While the page's own last move is unanswered its controls keep focus but ignore keys: wait for the answer.
        await expect(target).not_to_have_attribute("aria-disabled", "true")
        await self.page.keyboard.press("Space")
        if "button.card[data-card" in selector and "toggle" not in selector:
            return  # a card played: it has left the hand
        # the choice carries a press and a mark that is not only a colour; the focus ring stayed, or moved on to confirm
        if await target.get_attribute("aria-pressed") != "true":
            # A state that arrived with the key (another seat committing) may redraw the choice away: once more.
            await self.page.keyboard.press("Space")
        await expect(target).to_have_attribute("aria-pressed", "true")
        marked = await self.page.evaluate(
            f"""(() => {{ const el = document.querySelector('[data-key="{key}"]');
            return Boolean(el && el.getAttribute('aria-pressed') === 'true'
              && (el.querySelector('.chosen-mark') || el.querySelector('.bq-radio'))); }})()"""
        )
        assert marked, selector
        assert await self.page.evaluate(
            f"""document.activeElement.matches(':focus-visible')
            && (document.activeElement.dataset.key === '{key}' || document.activeElement.matches('.bq-confirm'))"""
        ), selector

    async def confirm(self) -> None:
        await self.tab_to('.bq-confirm:not([aria-disabled="true"])')
        await self.page.keyboard.press("Enter")
        self.moves += 1


async def play_to_the_end(players: list[Player], shots: list[Shot], tmp_path: Path) -> set[str]:
    """Every page clicks whenever it may; the moments in `shots` are photographed on the way."""
    taken: set[str] = set()
    on_screen: set[str] = set()  # pending moments that some page showed when it last looked

    async def moment(player: Player, mine: list[Shot], flags: list[list[bool]]) -> bool:
        """Takes this page's pending shots; True while this page (or another's moment) says wait."""
        for shot, (ready, hold) in zip(mine, flags, strict=True):
            if ready:
                for selector in shot.select:
                    if await player.page.locator(selector).count():
                        await player.page.locator(selector).first.click()
                        break
                await player.page.wait_for_timeout(450)  # past the flip
                await shoot(player.page, shot.name, tmp_path)
                # nothing on the table is wider than the screen, phones included
                assert await player.page.evaluate("document.documentElement.scrollWidth <= innerWidth"), shot.name
                taken.add(shot.name)
                on_screen.discard(shot.name)
                return True
            if hold:
                return True
        return bool(on_screen)  # someone else's moment is on screen: do not move it on

    async def run(player: Player) -> None:
        while True:
            mine = [s for s in shots if s.page is player.page and s.name not in taken]
            public = [s for s in shots if s.page is not player.page and s.public and s.name not in taken]
            checks = ", ".join(f"[Boolean({s.ready}), Boolean({s.hold})]" for s in mine)
            also = ", ".join(f"Boolean({s.ready})" for s in public)
            seen = await player.page.evaluate(f"() => ({{ offer: {OFFER}, shots: [{checks}], public: [{also}] }})")
            offer = seen["offer"]
            if offer["over"]:
                return
            for shot, (ready, _) in zip(mine, seen["shots"], strict=True):
                (on_screen.add if ready else on_screen.discard)(shot.name)
            if await moment(player, mine, seen["shots"]) or any(seen["public"]) or not await player.step(offer):
                await player.page.evaluate(NEXT_CHANGE)  # any(public): another page's picture of this moment is due

    try:
        await asyncio.wait_for(asyncio.gather(*(run(p) for p in players)), GAME_SECONDS)
    except TimeoutError:
        pytest.fail(f"the game did not end in time; moves made: {[p.moves for p in players]}")
    return taken


async def seat_everyone(
    browser: Browser, url: str, seats: int, guests: list[tuple[str, str, int]], tmp_path: Path, shot: str | None
) -> list[Page]:
    host = await create_table(browser, url, "baroque", "Mina", seats=seats)
    invite = await invite_link(host)
    assert invite.endswith(host.url.rsplit("/", 1)[1])
    pages = [host] + [await join_by_link(browser, invite, name, locale, width) for name, locale, width in guests]
    await host.wait_for_selector(f".seat-list >> text={guests[-1][0]}")
    if shot:
        await shoot(host, shot, tmp_path)
    await host.click("text=Start the game")
    for page in pages:
        await page.wait_for_selector(".baroque")
    return pages


async def assert_finished(pages: list[Page], names: list[str]) -> None:
    for page in pages:
        await page.locator(".bq-final .bq-final-line").wait_for()
        assert await page.locator("#finished").is_visible()
        ranking = await page.locator(".bq-ranking").inner_text()
        assert all(name in ranking for name in names)
        assert await page.locator(".bq-scores tbody tr").count() == len(names)
        assert await page.locator(".bq-hand button[data-action]").count() == 0
        await game_over_said_once(page)


# Moments on screen, as JS expressions over the page's DOM.
MY_BID = "document.querySelector('.bq-rankrow button.bq-rank:not([disabled]):not([data-why])')"
MY_BALL = "document.querySelector('.bq-keep:not([disabled])')"
SEALED = "document.querySelectorAll('.bq-sealed:not(.open)').length"
CHANGE_REVEALED = "document.querySelector('.bq-trick.result .bq-changed')"
ROUND_SCORED = "document.querySelector('.bq-summary')"
FOLLOWING = (
    "document.querySelector('.bq-hand button.card[data-action]:not([disabled])') "
    "&& document.querySelectorAll('.bq-trick.live .bq-card').length >= 1"
)


async def test_three_browsers_play_a_whole_game(sqlite_server: ServerProcess, browser: Browser, tmp_path: Path) -> None:
    guests = [("Ken", "ja-JP", 390), ("Aiko", "en-US", 1280)]
    pages = await seat_everyone(browser, sqlite_server.url, 3, guests, tmp_path, "baroque-1-waiting-room")
    host, phone, aiko = pages
    assert "宣言フェーズ" in await phone.locator(".bq-status").inner_text()
    assert "Bidding" in await host.locator(".bq-status").inner_text()
    # The phone keeps room for the cards in play before any is played, but not a third of its screen.
    height = await phone.evaluate("document.querySelector('.bq-trick').getBoundingClientRect().height")
    assert 150 < height < 844 / 3, height
    shots = [
        Shot(
            "baroque-2-bidding",
            host,
            MY_BID,
            select=(".bq-rankrow button.bq-rank:not([disabled]):not([data-why]) >> nth=-1",),
        ),
        Shot(
            "baroque-2-bidding-phone-ja",
            phone,
            MY_BID,
            select=(".bq-rankrow button.bq-rank:not([disabled]):not([data-why])",),
        ),
        Shot("baroque-3-salon", host, FOLLOWING),
        Shot(
            "baroque-4-ball",
            host,
            f"{MY_BALL} && {SEALED} >= 1",
            hold=MY_BALL,
            select=(".bq-hand button.card.toggle:not([disabled])", ".bq-keep"),
        ),
        Shot("baroque-4-ball-phone-ja", phone, f"{MY_BALL} && {SEALED} >= 1", hold=MY_BALL),
        Shot("baroque-5-reveal", host, CHANGE_REVEALED, public=True),
        Shot("baroque-6-round-scored", host, ROUND_SCORED, public=True),
        Shot("baroque-6-round-scored-phone-ja", phone, ROUND_SCORED, public=True),
    ]
    players = [Player(page, seed) for page, seed in zip(pages, [1, 2, 3], strict=True)]
    taken = await play_to_the_end(players, shots, tmp_path)

    await assert_finished(pages, ["Mina", "Ken", "Aiko"])
    assert (
        "勝利" in await phone.locator(".bq-final").inner_text()
        or "同点優勝" in await phone.locator(".bq-final").inner_text()
    )
    final = await host.locator(".bq-final").inner_text()
    assert "wins" in final or "share" in final
    log = await host.locator("#log-lines").inner_text()
    assert "Reveal:" in log and "Round 3" in log and "Your secret choice" in log and "scored" in log
    assert "公開：" in await phone.locator("#log-lines").inner_text()
    # the phone is 390 px wide: nothing scrolls sideways
    assert await phone.evaluate("document.documentElement.scrollWidth") <= 390
    await shoot(host, "baroque-7-game-over", tmp_path)
    await shoot(phone, "baroque-7-game-over-phone-ja", tmp_path)
    missing = {shot.name for shot in shots} - taken
    assert not missing, f"moments never seen: {missing}"


async def test_four_browsers_play_a_whole_game(sqlite_server: ServerProcess, browser: Browser, tmp_path: Path) -> None:
    guests = [("Ken", "ja-JP", 360), ("Aiko", "ja-JP", 1100), ("Sam", "en-US", 760)]
    pages = await seat_everyone(browser, sqlite_server.url, 4, guests, tmp_path, None)
    host, phone, aiko, sam = pages
    shots = [
        Shot("baroque-8-four-ball-ja", aiko, f"{MY_BALL} && {SEALED} >= 2", hold=MY_BALL),
        Shot("baroque-8-four-salon-phone-360-ja", phone, FOLLOWING),
        Shot("baroque-8-four-reveal-tablet", sam, CHANGE_REVEALED, public=True),
    ]
    players = [Player(page, seed) for page, seed in zip(pages, [4, 5, 6, 7], strict=True)]
    taken = await play_to_the_end(players, shots, tmp_path)

    await assert_finished(pages, ["Mina", "Ken", "Aiko", "Sam"])
    assert await host.locator(".bq-scores thead th").count() == 6  # player, four rounds, total
    assert await phone.evaluate("document.documentElement.scrollWidth") <= 360  # the narrowest phone
    await shoot(sam, "baroque-9-four-game-over", tmp_path)
    missing = {shot.name for shot in shots} - taken
    assert not missing, f"moments never seen: {missing}"


async def test_a_whole_game_by_keyboard_alone(sqlite_server: ServerProcess, browser: Browser, tmp_path: Path) -> None:
    """The host never clicks: every bid, salon card and ball decision (a change and a keep) by Tab, Space, Enter."""
    guests = [("Ken", "ja-JP", 390), ("Aiko", "en-US", 1100)]
    pages = await seat_everyone(browser, sqlite_server.url, 3, guests, tmp_path, None)
    host = KeyboardPlayer(pages[0], 8)
    await play_to_the_end(
        [host] + [Player(page, seed) for page, seed in zip(pages[1:], [9, 10], strict=True)], [], tmp_path
    )
    await assert_finished(pages, ["Mina", "Ken", "Aiko"])
    assert host.kinds == {"bid", "play", "ball_change", "ball_keep"}


# ---------------------------------------------------------------------------------------------
# The renderer on crafted tables: what it says about following and about a trick's winner is what
# the view carries, which the rules computed.

HARNESS = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<link rel="stylesheet" href="/static/css/zashiki.css">
<link rel="stylesheet" href="/static/css/games/baroque.css"></head>
<body><main id="app" class="table-page">
<p id="prompt" class="prompt"></p><section id="table" class="table"></section></main>
<script type="module">
import * as game from "/static/js/games/baroque.js";
import { translator } from "/static/js/i18n.js";
const players = ["Emily", "Jack", "Anna", "John"]
  .map((name, seat) => ({ seat, name, presence: "connected", bot: false }));
import { h, listNames, seatsAround } from "/static/js/dom.js";
const strings = await fetch("/static/i18n/baroque.json").then((response) => response.json());
const none = { chosen: null, isChosen: () => false, mark: () => null, confirm: (label) => h("button", {}, label),
               option: (action, key) => ({ type: "button", dataset: { key } }) };
window.show = ([view, seat]) => {
  const ctx = { view, seat, players: players.slice(0, view.seats), t: translator("en", strings), lang: "en",
                previous: null, busy: false, send: () => {}, redraw: () => window.show([view, seat]),
                names: (seats) => listNames(ctx, seats), around: () => seatsAround(view.seats, seat),
                compose: () => none };
  game.render(document.getElementById("table"), ctx);
  document.getElementById("prompt").textContent = game.prompt(ctx) ?? "";
};
window.ready = true;
</script></body></html>"""


serve = harness("/table", HARNESS)


async def shown(page: Page, state: BaroqueState, seat: int | None) -> tuple[str, str, str]:
    """The prompt, the rule notes and the trick's verdict the page shows `seat` for `state`."""
    await page.evaluate("(args) => window.show(args)", [full_view(RULES, state, seat), seat])
    notes = " / ".join(await page.locator(".bq-notes li").all_inner_texts())
    return await page.locator("#prompt").inner_text(), notes, await page.locator(".bq-verdict").inner_text()


async def test_the_page_says_what_the_rules_decided(browser: Browser) -> None:
    page = await open_page(browser, "about:blank")
    await page.route("http://baroque.test/**", serve)
    await page.goto("http://baroque.test/table")
    await page.wait_for_function("window.ready === true")

    # §10.3: Jack holds green and must follow; Anna holds none and may play anything (§8 A9).
    state = act(table(SEED_EXAMPLE_HANDS, dealer=EMILY, leader=EMILY), EMILY, salon("green-05"))
    prompt, notes, _ = await shown(page, state, JACK)
    assert prompt == "Salon: play a green card (you must follow the lead color)."
    assert "You have no" not in notes
    state = act(state, JACK, salon("green-01"))
    prompt, notes, _ = await shown(page, state, ANNA)
    assert prompt == "Salon: you have no green. Play any card, black (trump) included."
    assert "You have no green: you may play any card, black included." in notes

    # §10.3 end, the ball: Jack is bound to green, Anna is free, John may only keep (§8 A2).
    state = seed_example_salon()
    prompt, notes, _ = await shown(page, state, JACK)
    assert prompt == "Ball: keep your ♣ green 1, or secretly change it to another green card."
    assert "You must follow the leader's salon color green" in notes
    prompt, notes, _ = await shown(page, state, ANNA)
    assert prompt == "Ball: keep your ◆ yellow 4, or secretly change it to any card in your hand."
    assert "You were void in green: you may change to any card in your hand." in notes
    prompt, notes, _ = await shown(page, state, JOHN)
    assert prompt == "Ball: you cannot change this time. Commit “keep”."
    assert "You must follow the leader's salon color green" in notes

    # §10.4: black was played, so the highest black wins; Anna is marked as not following green.
    _, _, verdict = await shown(page, seed_example_ball(), None)
    assert verdict == "Anna wins trick 1 with ♛ black 6: the highest black (trump)."
    assert await page.locator(".bq-trick.result .bq-place.seat-2 .bq-void").inner_text() == "♣ no green"
    assert await page.locator(".bq-trick.result .bq-void").count() == 1

    # §10.6 A: no black, so the leader's final color, yellow, wins though green was led (§8 A3).
    state = color_switch_ball()
    for seat, payload in enumerate((change("yellow-05"), KEEP, KEEP)):
        state = act(state, seat, payload)
    _, notes, verdict = await shown(page, state, None)
    assert (
        verdict
        == "Emily wins trick 5 with ◆ yellow 5: no black, so the highest yellow wins (the leader's final color)."
    )
    assert "Without black, the color of the leader's final card wins" in notes
