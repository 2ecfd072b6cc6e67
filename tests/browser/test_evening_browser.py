"""The evening panel says whose score is whose, in both languages, and names each bot for its seat.

The page's own modules draw a finished evening on a page served straight from the tree (no server):
a person and two bots from the start, the second game's result ranked with scores.
"""

import pytest
from playwright.async_api import Browser

from tests.browser.pages import harness, open_page

pytestmark = pytest.mark.browser

HARNESS = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="stylesheet" href="/static/css/zashiki.css"></head>
<body><main id="app" class="table-page"><section id="evening" class="panel evening"></section></main>
<script type="module">
import { makeContext } from "/static/js/context.js";
import { renderEvening } from "/static/js/evening.js";
import { translator } from "/static/js/i18n.js";
const seats = [
  { seat: 0, name: "Mina", bot: false, human: true, presence: "connected" },
  { seat: 1, name: "Bot 2", bot: true, human: false, presence: "connected" },
  { seat: 2, name: "Bot 3", bot: true, human: false, presence: "connected" },
];
const table = { status: "finished", game_no: 1 };
const data = {
  games: [{ n: 1, over: true, replayable: true,
            outcome: { winners: [2], result: "ranked", reason: null, scores: [136, 118, 137] } }],
  totals: { wins: [0, 0, 1], scores: [136, 118, 137] },
};
window.show = (lang) => {
  document.documentElement.lang = lang;
  const ctx = makeContext({ view: null, previous: null, catalog: null, seat: 0, seats, t: translator(lang), lang,
                            send: () => {}, check: () => {}, busy: false, redraw: () => {} });
  // Already fetched for this status and game: the panel draws what it holds.
  const evening = { key: `${table.status}:${table.game_no}`, data };
  renderEvening(evening, document.getElementById("evening"), ctx, "ABCDEF", table, () => {});
};
window.ready = true;
</script></body></html>"""


serve = harness("/evening", HARNESS)


async def test_the_evening_names_whose_score_is_whose(browser: Browser) -> None:
    page = await open_page(browser, "about:blank")
    await page.route("http://evening.test/**", serve)
    await page.goto("http://evening.test/evening")
    await page.wait_for_function("window.ready === true")

    await page.evaluate("window.show('en')")
    game = page.locator(".evening-games li")
    assert "Won by Bot 3 · Scores: Mina (136), Bot 2 (118), and Bot 3 (137)" in await game.inner_text()
    assert await page.locator(".evening-totals tbody th .name").all_inner_texts() == ["Mina", "Bot 2", "Bot 3"]

    await page.evaluate("window.show('ja')")
    assert "得点: Mina（136点）、ボット2（118点）、ボット3（137点）" in await game.inner_text()
    assert await page.locator(".evening-totals tbody th .name").all_inner_texts() == ["Mina", "ボット2", "ボット3"]
