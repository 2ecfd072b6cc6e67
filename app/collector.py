"""The garbage collector's settings for a long-running game server."""

import gc

# Every move allocates a few hundred short-lived containers (views, events, messages), nearly all
# freed by reference counting alone. At CPython's default thresholds (700, 10, 10) the collector
# still took about a fifth of the server's CPU under load, most of it in full passes over every live
# table (bench/README.md). These run it about seventy times less often; the few cycles a server
# makes (exceptions, finished tasks) just wait a little longer to be freed.
THRESHOLDS = (50_000, 20, 10)


def settle() -> None:
    """Called once start-up is done: what it built (modules, rebuilt tables) is never scanned again."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
