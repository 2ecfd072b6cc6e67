"""Headless Chromium (Debian's package) driven by Playwright for Python."""

import shutil
from collections.abc import AsyncIterator

import pytest
from playwright.async_api import Browser, async_playwright, expect

from tests.support.databases import unavailable

# A page's assertions wait this long for it to draw what they expect: on a shared 2-core machine running
# four test workers, a push can take longer to be drawn than Playwright's own 5 s.
expect.set_options(timeout=15_000)

CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    path = chromium_path()
    if path is None:
        unavailable("Debian's chromium package (apt-get install chromium)")
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=path, args=CHROMIUM_FLAGS)
        yield browser
        await browser.close()
