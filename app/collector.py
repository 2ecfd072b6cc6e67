"""The garbage collector's settings for a long-running game server."""

import gc

# Every move allocates a few hundred short-lived containers (views, events, messages), nearly all
# freed by reference counting alone. At CPython's default thresholds (700, 10, 10) the collector
# still ran often, with a full pass over every live table every second or two: in a 24-second load
# run (bench/run, 200 tables) it took 3.4 s of the server's CPU, against 0.08 s at these. The few
# cycles a server makes (exceptions, finished tasks) just wait a little longer to be freed.
THRESHOLDS = (50_000, 20, 10)


def settle() -> None:
    """Called once start-up is done: what it built (modules, rebuilt tables) is never scanned again."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
