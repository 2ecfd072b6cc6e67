"""Database faults, logged once per outage rather than once per refused request."""

import logging

log = logging.getLogger("app.persistence")


class StoreUnavailable(RuntimeError):
    """The database could not be read or written; nothing was changed."""


class FaultLog:
    """Logs the first failure of a run with its traceback, and the recovery with how many failed between.

    During an outage every move is refused (rightly); a traceback each would bury the log, and on a
    full disk make matters worse.
    """

    def __init__(self, what: str) -> None:
        self.what = what
        self.failures = 0

    def failed(self, exc: BaseException) -> None:
        if self.failures == 0:  # the driver's own error, without the wrapper that carries it
            log.error("%s is failing; requests are refused until it recovers", self.what, exc_info=exc.__cause__ or exc)
        self.failures += 1

    def succeeded(self) -> None:
        if self.failures:
            log.warning("%s has recovered; %d requests were refused meanwhile", self.what, self.failures)
            self.failures = 0
