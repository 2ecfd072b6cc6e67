"""The real app as a separate process, started exactly as the Docker image starts it."""

import os
import signal
import socket
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]
# The suite plays thousands of tables from one address; tests of the per-client limits set their own.
UNLIMITED_CLIENT = {
    "create_limit": "100000/minute",
    "practice_limit": "100000/minute",
    "join_limit": "100000/minute",
    "lookup_limit": "100000/minute",
    "max_spectators_per_client": "10000",
    "spectator_chat_limit": "100000/minute",
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """`python -m app` on a free port against the given database; stop() or kill() it, start() again."""

    def __init__(
        self,
        database_url: str,
        log_path: Path,
        bot_delay: float = 0.0,
        command: list[str] | None = None,
        **settings: str,
    ) -> None:
        self.command = command or [sys.executable, "-m", "app"]
        self.database_url = database_url
        self.log_path = log_path
        self.env = {
            **os.environ,
            "DATABASE_URL": database_url,
            "ZASHIKI_HOST": "127.0.0.1",
            "ZASHIKI_BOT_DELAY_SECONDS": str(bot_delay),
            **{f"ZASHIKI_{k.upper()}": v for k, v in {**UNLIMITED_CLIENT, **settings}.items()},
        }
        self._use_port(free_port())
        self.process: subprocess.Popen[bytes] | None = None
        self.started = False

    def _use_port(self, port: int) -> None:
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        self.env["ZASHIKI_PORT"] = str(port)

    def start(self, timeout: float = 180) -> "ServerProcess":
        """Starts the server and waits until it answers. A first start whose free port another process
        took in the meantime (tests running in parallel) moves to another; a restart keeps its address."""
        for _ in range(5):
            if self._start(timeout):
                self.started = True
                return self
            self._use_port(free_port())
        raise RuntimeError(f"no free port: {self.log_path.read_text()[-3000:]}")

    def _start(self, timeout: float) -> bool:
        """True once the server answers; False if it could not bind a port it never had."""
        log = self.log_path.open("ab")
        logged = self.log_path.stat().st_size
        self.process = subprocess.Popen(self.command, cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                self.process = None
                output = self.log_path.read_text()
                if not self.started and "address already in use" in output[logged:].lower():
                    return False
                raise RuntimeError(f"server exited: {output[-3000:]}")
            try:
                if httpx.get(f"{self.url}/healthz", timeout=1).status_code == 200:
                    return True
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError(f"server did not start: {self.log_path.read_text()[-3000:]}")

    def stop(self) -> None:
        """A clean shutdown (SIGTERM), as `docker stop` does."""
        self._end(signal.SIGTERM)

    def kill(self) -> None:
        """A crash: SIGKILL, no chance to clean up."""
        self._end(signal.SIGKILL)

    def _end(self, sig: signal.Signals) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(sig)
            self.process.wait(timeout=20)
        self.process = None


def start_together(*servers: ServerProcess) -> None:
    """Starts servers at once, as a compose file's workers start (they migrate one at a time)."""
    with ThreadPoolExecutor(len(servers)) as pool:
        list(pool.map(ServerProcess.start, servers))
