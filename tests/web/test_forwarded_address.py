"""The address a worker counts a client by, through the generated HAProxy configuration.

The workers trust loopback, where the proxy is, and so here the clients too, as Docker's gateway
would be in a deployment: only the proxy's own X-Forwarded-For keeps a client from naming itself.
"""

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.support.proxy import Cluster, ProxyProcess, cluster

LOOKUPS = 5  # a minute, per client address


@pytest.fixture(scope="module")
def one_worker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    with cluster(tmp_path_factory.mktemp("forwarded"), workers=1, lookup_limit=f"{LOOKUPS}/minute") as running:
        yield running


async def statuses(proxy_url: str, forwarded_for: list[str]) -> list[int]:
    """Asks for a table that does not exist once per X-Forwarded-For value, as a client would."""
    async with httpx.AsyncClient(base_url=proxy_url) as client:
        return [
            (await client.get("/api/tables/ZZZZZZ", headers={"X-Forwarded-For": address})).status_code
            for address in forwarded_for
        ]


async def test_a_forged_forwarded_address_does_not_change_the_client_the_worker_counts(one_worker: Cluster) -> None:
    forged = [f"203.0.113.{i}" for i in range(1, LOOKUPS + 4)]
    assert await statuses(one_worker.proxy.url, forged) == [404] * LOOKUPS + [429] * 3


async def test_a_front_proxys_forwarded_address_is_the_client(one_worker: Cluster, tmp_path: Path) -> None:
    workers = [f"127.0.0.1:{w.port}" for w in one_worker.workers]
    behind = ProxyProcess(workers, tmp_path, front_proxies=("127.0.0.1",)).start()
    try:
        players = [f"198.51.100.{i}" for i in range(1, LOOKUPS + 4)]
        assert await statuses(behind.url, players) == [404] * len(players)  # each its own client
        assert await statuses(behind.url, ["192.0.2.1"] * (LOOKUPS + 1)) == [404] * LOOKUPS + [429]
    finally:
        behind.stop()
