"""Which worker owns a table: its code's first character, dealt round-robin over the workers.

The rule is simple enough for a proxy to apply with one pattern per worker (app/haproxy.py), and a
table keeps its owner for life: the code never changes. With N workers, worker i owns the codes
whose first character sits at a position p of the code alphabet with p mod N == i.
"""

from app.rooms.identity import CODE_ALPHABET


def initials_of(worker: int, workers: int) -> str:
    """The first characters of the codes `worker` (0-based) of `workers` owns."""
    if not 0 <= worker < workers:
        raise ValueError(f"worker {worker} is not one of {workers}")
    return CODE_ALPHABET[worker::workers]


def owner_of(code: str, workers: int) -> int:
    """The worker that owns the table with this code (any case); a code no table can have goes to worker 0."""
    position = CODE_ALPHABET.find(code[:1].upper())
    return max(position, 0) % workers
