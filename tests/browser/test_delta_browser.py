"""The page's own patch module (static/js/table/delta.js), run in Chromium, rebuilds from what a tab was
sent the very view the game shows that seat at every version: for every game, for a tab there from the
start, one that reconnected mid-game, and one that missed a message and was sent a fresh snapshot."""

import pytest
from playwright.async_api import Browser

from app.games import RULES_BY_SLUG
from tests.rooms.test_delta import play
from tests.support.server import ServerProcess

# Runs the messages through the module as messages.js does: a patch of a version this tab does not hold
# is not applied (the page sends `sync`; the snapshot that answers it follows in the stream).
DRAW = """async (messages) => {
  const { applyPatch, unpackView } = await import("/static/js/table/delta.js");
  let wire = null, version = -1;
  const drawn = [];
  for (const message of messages) {
    if (message.type !== "state") continue;
    if (message.patch && message.base !== version) { drawn.push(["sync", message.version]); continue; }
    wire = message.patch ? applyPatch(wire, message.patch) : message.view;
    version = message.version;
    drawn.push([version, unpackView(wire)]);
  }
  return drawn;
}"""


@pytest.mark.parametrize("slug", list(RULES_BY_SLUG))
async def test_the_pages_patch_module_draws_the_games_own_view_at_every_version(
    sqlite_server: ServerProcess, browser: Browser, slug: str
) -> None:
    page = await browser.new_page()
    await page.goto(sqlite_server.url + "/")
    seats = max(RULES_BY_SLUG[slug].seat_counts)
    async for tab, expected in play(slug, seats, seed=5):
        drawn = await page.evaluate(DRAW, tab.delivered)
        views = [(version, view) for version, view in drawn if version != "sync"]
        assert len(views) == len(tab.views), f"seat {tab.seat} drew a view for each state it could apply"
        for version, view in views:
            assert view == expected[version], f"{slug}: seat {tab.seat}'s page at version {version}"
        assert [v for v, _ in drawn if v == "sync"] == ["sync"] * tab.asked_sync
