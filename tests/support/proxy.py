"""HAProxy from Debian's package, in front of real workers on loopback, as deploy/haproxy.cfg runs it."""

import shutil
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx

from app.haproxy import config
from tests.support.databases import postgres_database, unavailable
from tests.support.server import ServerProcess, free_port, start_together


def haproxy_binary() -> str:
    """The installed haproxy; skipped locally (failed in CI) without it."""
    found = shutil.which("haproxy") or ("/usr/sbin/haproxy" if Path("/usr/sbin/haproxy").exists() else None)
    if found is None:
        unavailable("haproxy is not installed (apt-get install haproxy)")
    assert found is not None
    return found


class ProxyProcess:
    """haproxy with the generated configuration for these worker addresses (behind these front
    proxies' networks), on a free loopback port."""

    def __init__(self, workers: list[str], folder: Path, front_proxies: tuple[str, ...] = ()) -> None:
        self.workers = workers
        self.front_proxies = front_proxies
        name = "haproxy-behind" if front_proxies else "haproxy"
        self.config_path = folder / f"{name}.cfg"
        self.log_path = folder / f"{name}.log"
        self.process: subprocess.Popen[bytes] | None = None

    def _use_port(self, port: int) -> None:
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        self.config_path.write_text(config(self.workers, f"127.0.0.1:{port}", self.front_proxies))

    def start(self, timeout: float = 20) -> "ProxyProcess":
        """Starts the proxy and waits until it answers from a worker; a free port another process took
        in the meantime (tests running in parallel) is traded for another."""
        for _ in range(5):
            self._use_port(free_port())
            if self._start(timeout):
                return self
        raise RuntimeError(f"no free port for haproxy: {self.log_path.read_text()[-3000:]}")

    def _start(self, timeout: float) -> bool:
        logged = self.log_path.stat().st_size if self.log_path.exists() else 0
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(
                [haproxy_binary(), "-db", "-f", str(self.config_path)], stdout=log, stderr=subprocess.STDOUT
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                output = self.log_path.read_text()
                if "cannot bind socket" in output[logged:].lower():
                    return False
                raise RuntimeError(f"haproxy exited: {output[-3000:]}")
            try:
                if httpx.get(f"{self.url}/healthz", timeout=1).status_code == 200:
                    return True
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"haproxy did not answer: {self.log_path.read_text()[-3000:]}")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)
        self.process = None


@dataclass
class Cluster:
    """Workers on one PostgreSQL database, in index order, behind the proxy."""

    database_url: str
    workers: list[ServerProcess]
    proxy: ProxyProcess


@contextmanager
def cluster(folder: Path, workers: int = 2, **settings: str) -> Iterator[Cluster]:
    """`workers` real workers (with these settings) and HAProxy on loopback, as the `workers` compose
    profile runs them."""
    with postgres_database() as url:
        processes = [
            ServerProcess(
                url,
                folder / f"worker{i}.log",
                workers=str(workers),
                worker_index=str(i),
                trusted_proxies="127.0.0.1",
                **settings,
            )
            for i in range(workers)
        ]
        start_together(*processes)
        try:
            proxy = ProxyProcess([f"127.0.0.1:{w.port}" for w in processes], folder).start()
            try:
                yield Cluster(url, processes, proxy)
            finally:
                proxy.stop()
        finally:
            for process in processes:
                process.stop()


async def served_by(worker: ServerProcess, code: str) -> bool:
    """Whether this worker holds the table with its players' tabs open (asked directly, past the proxy)."""
    async with httpx.AsyncClient() as client:
        table = (await client.get(f"{worker.url}/api/tables/{code}")).json()
    return any(seat["presence"] == "connected" and not seat["bot"] for seat in table["seats"])
