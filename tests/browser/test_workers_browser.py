"""Two workers behind HAProxy serve four Chromium pages at each of two tables, each table on its own
worker: every page comes in through the proxy (lobby, invite link, seat, socket), and both games of
The Harmony of Bremen are played to their end by clicking, at once."""

from collections.abc import Iterator

import pytest
from playwright.async_api import Browser, Page

from app.rooms.ownership import owner_of
from tests.browser.pages import click_a_card, create_table, invite_link, join_by_link, patiently
from tests.support.proxy import Cluster, cluster, served_by

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def two_workers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    with cluster(tmp_path_factory.mktemp("workers-browser")) as running:
        yield running


def code_of(page: Page) -> str:
    return page.url.rsplit("/", 1)[1].split("#")[0]


async def hosts_on_each_worker(browser: Browser, base_url: str) -> list[Page]:
    """A host's page per worker: tables made in the lobby through the proxy until both workers have one."""
    hosts: dict[int, Page] = {}
    for attempt in range(12):
        host = await create_table(browser, base_url, "bremen", f"Host{attempt}")
        owner = owner_of(code_of(host), 2)
        if owner in hosts:
            await host.context.close()
        else:
            hosts[owner] = host
        if len(hosts) == 2:
            return [hosts[0], hosts[1]]
    pytest.fail("the lobby never made a table on each worker")


async def test_four_browsers_at_each_of_two_tables_on_two_workers(two_workers: Cluster, browser: Browser) -> None:
    tables: list[list[Page]] = []
    for host in await hosts_on_each_worker(browser, two_workers.proxy.url):
        invite = await invite_link(host)
        assert invite.startswith(two_workers.proxy.url)
        guests = [await join_by_link(browser, invite, name) for name in ("Ken", "Aiko", "Sam")]
        await host.wait_for_selector(".seat-list >> text=Sam")
        await host.click("text=Start the game")
        tables.append([host, *guests])
    pages = [page for table in tables for page in table]
    for page in pages:
        await page.wait_for_selector(".bremen")
    for owner, table in enumerate(tables):  # each table's four sockets are at its owner, and only there
        code = code_of(table[0])
        assert await served_by(two_workers.workers[owner], code)
        assert not await served_by(two_workers.workers[1 - owner], code)

    for _ in patiently(300):
        if all([await page.locator(".b-result").count() for page in pages]):
            break
        for page in pages:
            if await click_a_card(page):
                await page.wait_for_timeout(20)
        await pages[0].wait_for_timeout(40)
    else:
        pytest.fail("the games did not end")
    for page in pages:
        await page.locator(".b-result .result-line").wait_for()
        assert await page.locator("#finished").is_visible()
