"""An action's stream is Random(f"{seed}:{k}") exactly, however it is drawn from."""

from random import Random

import pytest

from app.engine import rng_for


@pytest.mark.parametrize(("seed", "k"), [(0, 1), (7, 2), (2**61 + 5, 4000)])
def test_the_lazily_seeded_stream_is_the_plain_one(seed: int, k: int) -> None:
    def draws(rng: Random) -> list[object]:
        deck = list(range(60))
        rng.shuffle(deck)
        return [
            deck,
            rng.choice("abcdef"),
            rng.randrange(1000),
            rng.random(),
            rng.sample(range(100), 5),
            rng.getrandbits(70),
            rng.uniform(0, 1),
            rng.gauss(0, 1),
        ]

    assert draws(rng_for(seed, k)) == draws(Random(f"{seed}:{k}"))
    first_choice = rng_for(seed, k)
    assert first_choice.choice(range(52)) == Random(f"{seed}:{k}").choice(range(52))
