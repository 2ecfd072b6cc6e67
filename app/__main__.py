"""`python -m app`: serve Zashiki (the Docker image's command and the quick start's)."""

import uvicorn

from app.config import get_settings


def main() -> None:
    settings = get_settings()
    shown = "localhost" if settings.host in {"0.0.0.0", "127.0.0.1"} else settings.host
    print(f"Zashiki is starting: open http://{shown}:{settings.port}/ in your browser", flush=True)
    uvicorn.run(
        "app.main:create_app",
        factory=True,
        host=settings.host,
        port=settings.port,
        ws_max_size=settings.max_message_bytes * 4,
        ws_ping_interval=settings.ws_ping_interval_seconds,
        ws_ping_timeout=settings.ws_ping_timeout_seconds,
        log_level="info",
        # Forwarded client addresses are believed from the declared proxies only (SECURITY.md).
        proxy_headers=bool(settings.trusted_proxies),
        forwarded_allow_ips=settings.trusted_proxies or None,
        # Per-request access lines and per-message compression cost more than they give on
        # a game's small, frequent messages.
        access_log=False,
        ws_per_message_deflate=False,
    )


if __name__ == "__main__":
    main()
