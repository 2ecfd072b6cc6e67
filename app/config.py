"""Settings, read once from the environment (prefix ZASHIKI_, or DATABASE_URL)."""

from functools import lru_cache
from pathlib import Path

from pydantic import AliasChoices, Field
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
    max_connections_per_table: int = 32
    max_tables: int = 2000  # live tables held in memory
    max_name_length: int = 24
    outbox_size: int = 64  # pushes queued per connection before a slow browser is dropped
    secure_cookies: bool = False  # set behind HTTPS


@lru_cache
def get_settings() -> Settings:
    return Settings()
