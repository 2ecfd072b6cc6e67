"""Two Chromium pages, one in Japanese, chat and react at a table; text stays text."""

from pathlib import Path

import pytest
from playwright.async_api import Browser, expect

from tests.browser.pages import create_table, invite_link, join_by_link, shoot
from tests.support.server import ServerProcess

pytestmark = pytest.mark.browser


async def test_two_pages_chat_in_both_languages(sqlite_server: ServerProcess, browser: Browser, tmp_path: Path) -> None:
    host = await create_table(browser, sqlite_server.url, "bremen", "Mina")
    invite = await invite_link(host)
    ken = await join_by_link(browser, invite, "Ken", locale="ja-JP", width=390)
    others = [await join_by_link(browser, invite, name) for name in ("Aiko", "Sam")]

    await host.fill("#chat-text", "<b>good</b> luck")
    await host.press("#chat-text", "Enter")
    await expect(ken.locator("#chat-lines")).to_contain_text("Mina: <b>good</b> luck")  # as text, never markup
    assert await ken.locator("#chat-lines b").count() == 0
    await ken.fill("#chat-text", "よろしくお願いします")
    await ken.click("#chat-form button")
    await expect(host.locator("#chat-lines")).to_contain_text("Ken: よろしくお願いします")
    await expect(host.locator("#chat-text")).to_have_value("")

    # During play the creator keeps Bremen's table talk to reactions; the rule stands beside the chat.
    await host.select_option('[data-key="chat-mode"]', "reactions")
    await host.click("text=Start the game")
    await expect(ken.locator("#chat-rule")).to_contain_text("会話の制限")
    await expect(ken.locator("#chat-form")).to_be_hidden()
    await expect(ken.locator("#chat-note")).to_contain_text("リアクション")
    await ken.click('[data-key="react-nice"]')
    await expect(host.locator("#chat-lines li").last).to_have_text("Ken nice!")
    await expect(ken.locator("#chat-lines li").last).to_have_text("Ken ナイス！")
    await host.click('[data-key="react-clap"]')
    await expect(others[1].locator("#chat-lines li").last).to_have_text("Mina 👏")
    await shoot(ken, "chat-phone-ja", tmp_path)
