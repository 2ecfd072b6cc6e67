"""Seeded randomness: the only source of chance in any game."""

from random import Random


def rng_for(seed: int, k: int) -> Random:
    """The stream of the k-th accepted action (k = 1, 2, …); setup uses Random(seed)."""
    return Random(f"{seed}:{k}")
