"""Errors the platform raises about tables (the games raise IllegalAction)."""


class TableError(Exception):
    """A request about a table that cannot be granted; `status` is the HTTP status to answer with."""

    def __init__(self, code: str, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status

    def __reduce__(self) -> tuple[type["TableError"], tuple[str, str, int]]:
        # Raised in a replay worker, it crosses back pickled (app/rooms/replay_pool.py), as what it says.
        return TableError, (self.code, self.message, self.status)


class StaleVersion(TableError):
    """An action made against a view that is no longer current; nothing was applied."""

    def __init__(self) -> None:
        super().__init__("stale_version", "The table has moved on; here is the current view.", 409)


class TooSoon(TableError):
    """Asked too often: nothing was done, and it may be asked again in `retry_after` seconds."""

    def __init__(self, code: str, message: str, retry_after: int) -> None:
        super().__init__(code, message, 429)
        self.retry_after = retry_after
