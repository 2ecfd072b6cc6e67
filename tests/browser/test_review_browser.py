"""Four browsers finish a game, open its review, step through it, play again, and the table shows the evening.

The review must show every hand exactly as dealt (each seat's, not only the reviewer's own), step by
the keyboard and jump to a clicked log line; after playing again the table lists both games with the
evening's totals and a link to the first game's review.
"""

from pathlib import Path

import pytest
from playwright.async_api import Browser, Page, expect

from tests.browser.pages import create_table, invite_link, join_by_link, patiently, shoot
from tests.browser.test_accessibility_browser import violations
from tests.browser.test_bremen_browser import click_a_card
from tests.support.server import ServerProcess

pytestmark = pytest.mark.browser
# A whole game is replayed in a worker at the lowest priority: on a busy machine that can take a while.
REPLAY_MS = 30_000


async def hand_of(page: Page) -> list[str]:
    """The cards of the hand the page shows, by their labels."""
    return [str(await card.get_attribute("aria-label")) for card in await page.locator(".my-hand .card").all()]


async def test_four_browsers_review_a_game_and_the_evening(
    sqlite_server: ServerProcess, browser: Browser, tmp_path: Path
) -> None:
    host = await create_table(browser, sqlite_server.url, "bremen", "Mina")
    invite = await invite_link(host)
    guests = [
        await join_by_link(browser, invite, name, locale)
        for name, locale in [("Ken", "ja-JP"), ("Aiko", "en-US"), ("Sam", "en-US")]
    ]
    await expect(host.locator(".seat-list", has_text="Sam")).to_be_visible()
    await host.click("text=Start the game")
    pages = [host, *guests]
    for page in pages:
        await expect(page.locator(".my-hand .card").first).to_be_visible()
    dealt = [await hand_of(page) for page in pages]

    # During the game, "look back" reviews only this seat's own views.
    look_back = host.locator('[data-key="look-back"]')
    await expect(look_back).to_be_visible()
    behind = await host.context.new_page()
    await behind.goto(sqlite_server.url + str(await look_back.get_attribute("href")))
    await expect(behind.locator("#review-note")).to_have_text(
        "The game is still on: you see only what your seat was shown."
    )
    await expect(behind.locator("#review-seats button")).to_have_text(["Mina"])
    assert await hand_of(behind) == dealt[0]
    await behind.close()

    for _ in patiently(300):
        if all([await p.locator(".b-result").count() for p in pages]):
            break
        for page in pages:
            if await click_a_card(page):
                await page.wait_for_timeout(30)
        await host.wait_for_timeout(50)
    else:
        pytest.fail("the game did not end")

    # Over: the review opens from the result, at the last move, with every seat's view on offer.
    result = await host.locator(".finished-result").inner_text()
    await host.locator('#finished [data-key="review"]').click()
    await expect(host.locator("#review-title")).to_have_text(
        "Game 1 at table " + host.url.rsplit("/", 3)[1], timeout=REPLAY_MS
    )
    position = host.locator("#review-position")
    await expect(position).to_contain_text("Move ")
    total = int((await position.inner_text()).rsplit(" ", 1)[1])
    await expect(position).to_have_text(f"Move {total} of {total}")
    await expect(host.locator("#review-result")).to_have_text(result)

    # By the keyboard: Home to the deal, then a step forward and back.
    await host.keyboard.press("Home")
    await expect(position).to_have_text(f"Move 0 of {total}")
    await host.keyboard.press("ArrowRight")
    await expect(position).to_have_text(f"Move 1 of {total}")
    await host.keyboard.press("ArrowLeft")
    await expect(position).to_have_text(f"Move 0 of {total}")

    # Every hand as it was dealt, seen from each seat in turn.
    for seat, name in enumerate(["Mina", "Ken", "Aiko", "Sam"]):
        await host.locator("#review-seats button", has_text=name).click()
        await expect(host.locator("#review-seats button", has_text=name)).to_have_attribute("aria-pressed", "true")
        assert await hand_of(host) == dealt[seat]
    # ... or every seat's at once, one under another.
    await host.locator('#review-seats [data-key="seen-every"]').click()
    for seat in range(4):
        cards = await host.locator(f".review-seat.seat-{seat} .my-hand .card").all()
        assert [str(await card.get_attribute("aria-label")) for card in cards] == dealt[seat]
    await shoot(host, "review-every-seat", tmp_path, full_page=False)
    found = await violations(host, "review en")

    # A log line takes the review to its move.
    line = host.locator("#log-lines li:visible").nth(4)
    version = await line.get_attribute("data-v")
    await line.locator("button").click()
    await expect(host.locator('#log-lines li[aria-current="step"]').first).to_have_attribute("data-v", str(version))
    await host.mouse.wheel(0, -5000)  # back to the top: the step bar is sticky, a whole-page picture shows it there
    await expect(host.locator("#review-title")).to_be_in_viewport()
    await shoot(host, "review", tmp_path)
    await host.keyboard.press("End")
    await expect(position).to_have_text(f"Move {total} of {total}")

    # The record downloads, and opens on the review page of any Zashiki to the same end.
    async with host.expect_download() as download:
        await host.locator("#review-download").click()
    record = tmp_path / "record.json"
    await (await download.value).save_as(record)
    table = host.url.rsplit("/", 2)[0]
    await host.goto(f"{sqlite_server.url}/review")
    await host.locator("#review-file").set_input_files(record)
    await expect(host.locator("#review-title")).to_have_text("A game record", timeout=REPLAY_MS)
    await expect(position).to_have_text(f"Move {total} of {total}")
    await expect(host.locator("#review-result")).to_have_text(result)
    await host.goto(table)

    # Another player, in Japanese, opens the same review from the evening panel.
    ken = guests[0]
    await ken.locator('#evening [data-key="review-1"]').click()
    await expect(ken.locator("#review-title")).to_contain_text("第1ゲーム")
    await expect(ken.locator(".review-page .b-result")).to_be_visible()
    await shoot(ken, "review-ja", tmp_path)
    found += await violations(ken, "review ja")
    assert not found, "\n".join(found)

    # Play again from the table: the evening lists both games, the first with its review and the totals.
    await host.locator('[data-key="again"]').click()
    for page in [host, *guests[1:]]:
        await expect(page.locator("#evening li", has_text="Game 2")).to_contain_text("being played")
        await expect(page.locator("#evening li", has_text="Game 1")).to_contain_text("Everyone")
        await expect(page.locator("#evening .evening-totals tbody tr")).to_have_count(4)
    await expect(host.locator('#evening [data-key="review-1"]')).to_have_attribute(
        "href", "/" + "/".join(host.url.split("/")[3:5]) + "/games/1"
    )
    await shoot(host, "evening", tmp_path)
