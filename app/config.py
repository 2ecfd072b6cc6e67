"""Settings, read once from the environment (prefix ZASHIKI_, or DATABASE_URL)."""

from functools import lru_cache
from pathlib import Path
from typing import Self

from pydantic import AliasChoices, Field, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

ROOT = Path(__file__).resolve().parent.parent


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="ZASHIKI_")

    database_url: str = Field(
        default=f"sqlite+aiosqlite:///{ROOT / 'data' / 'zashiki.db'}",
        validation_alias=AliasChoices("DATABASE_URL", "ZASHIKI_DATABASE_URL"),
    )
    host: str = "127.0.0.1"
    port: int = 8000
    bot_delay_seconds: float = 0.8  # human pace for bot moves; tests set 0
    max_message_bytes: int = 4096
    max_messages_per_second: float = 20.0  # per connection, sustained
    message_burst: int = 40
    max_name_length: int = 24
    outbox_size: int = 64  # pushes queued per connection before a slow browser is dropped
    # A socket that stops answering the server's pings is closed within interval + timeout, so the
    # table learns of a dead connection (a phone that lost its network) in seconds, not a minute.
    ws_ping_interval_seconds: float = 5
    ws_ping_timeout_seconds: float = 10
    reconnect_grace_seconds: float = 30  # a seat whose connection dropped shows as reconnecting, then away
    secure_cookies: bool = False  # set behind HTTPS (implied by an https public_origin)

    # --- where the server is reached (SECURITY.md) ---
    # The address players type, e.g. https://cards.example.org, when the server is reached by a
    # domain name (usually behind a reverse proxy). Requests naming another public host are refused,
    # and only pages of this origin may act.
    public_origin: str | None = None
    # A public domain name served over HTTPS (the compose profile `https`, Caddy): the public origin
    # is then https://{domain}, unless ZASHIKI_PUBLIC_ORIGIN says otherwise.
    domain: str | None = None
    # Proxies whose X-Forwarded-For / X-Forwarded-Proto are believed (comma-separated addresses or
    # networks, "*" for any); with none, the client address is the socket's peer.
    trusted_proxies: str = ""

    # --- several workers behind a proxy that routes by table code (README: "Several workers") ---
    workers: int = Field(default=1, ge=1)  # server processes sharing the database
    worker_index: int = Field(default=0, ge=0)  # this one, 0-based: it owns the codes app/rooms/ownership.py gives it

    # --- table lifetime ---
    max_tables: int = 2000  # tables held in memory at once
    idle_table_seconds: float = 300  # a table nobody is connected to leaves memory after this long
    waiting_table_hours: float = 6  # a table never started, with no seated player around, expires
    sweep_seconds: float = 30  # how often idle and expired tables are looked for

    # --- per client (one address; IPv6 by its /64) ---
    create_limit: str = "6/minute;60/hour"  # new tables
    practice_limit: str = "3/minute;20/hour"  # of them practice tables ("Learn <game>": bots play every other seat)
    join_limit: str = "30/minute"  # seats taken
    lookup_limit: str = "120/minute"  # table codes asked for: pages, API, sockets
    max_spectators_per_client: int = 8  # spectator sockets open at once, over all tables
    max_spectators_per_table: int = 32
    max_tabs_per_seat: int = 4  # a seat's oldest tab is closed when a newer one would exceed this
    turn_timer_choices: list[int] = [30, 60, 120, 300]  # seconds per decision a table's creator may pick

    # --- chat (SECURITY.md): how fast, and how much of it a table keeps ---
    chat_lines_per_second: float = 0.5  # per seat, over all its tabs and browsers, sustained
    chat_burst: int = 5
    spectator_chat_lines_per_second: float = 1.0  # all of a table's spectators together
    spectator_chat_burst: int = 10
    spectator_chat_limit: str = "20/minute"  # per client address, over all its sockets and tables
    chat_kept_lines: int = Field(default=100, ge=1)  # per table: the oldest line goes (stored, too)
    chat_kept_bytes: int = Field(default=32_768, ge=1024)  # per table, counting names and text in UTF-8
    chat_kept_days: float = 30  # a table nobody seated has been at for this long loses its chat

    # --- replays of game records and reviews (SECURITY.md): in worker processes, off the tables' event loop ---
    replay_workers: int = Field(default=1, ge=1)  # processes; each replays one game at a time
    replays_at_once: int = Field(default=8, ge=1)  # queued or running, over all clients
    replays_per_client: int = Field(default=2, ge=1)  # queued or running for one address

    # --- seat links (a seat opened in another browser) ---
    seat_link_minutes: float = 60  # a link works once, within this long
    max_browsers_per_seat: int = 4  # browsers a seat may be shared with at once

    @model_validator(mode="after")
    def _one_of_the_workers(self) -> Self:
        if self.worker_index >= self.workers:
            raise ValueError(f"ZASHIKI_WORKER_INDEX={self.worker_index} is not one of {self.workers} workers (0-based)")
        return self

    @model_validator(mode="after")
    def _origin_of_the_domain(self) -> Self:
        if not self.public_origin and self.domain:
            self.public_origin = f"https://{self.domain}"
        return self


@lru_cache
def get_settings() -> Settings:
    return Settings()
