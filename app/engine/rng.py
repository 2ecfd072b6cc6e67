"""Seeded randomness: the only source of chance in any game."""

from random import Random


def rng_for(seed: int, k: int) -> Random:
    """The stream of the k-th accepted action (k = 1, 2, …); setup uses Random(seed)."""
    return _SeededOnFirstDraw(f"{seed}:{k}")


class _SeededOnFirstDraw(Random):
    """Exactly `Random(key)`, but seeded only when first drawn from.

    Most actions draw nothing, and seeding a Mersenne Twister costs more than a whole Bremen move.
    Every other method of Random draws through `random` or `getrandbits`.
    """

    def __init__(self, key: str) -> None:  # Random.__init__ would seed at once
        self._unseeded: str | None = key
        self.gauss_next = None  # as Random.seed leaves it

    def random(self) -> float:
        if self._unseeded is not None:
            self._seed_now()
        return Random.random(self)

    def getrandbits(self, k: int, /) -> int:
        if self._unseeded is not None:
            self._seed_now()
        return Random.getrandbits(self, k)

    def _seed_now(self) -> None:
        key, self._unseeded = self._unseeded, None
        Random.seed(self, key)
