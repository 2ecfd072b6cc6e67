"""How often: a token bucket, for limits kept by one owner (a socket's messages, a table's chat)."""


class TokenBucket:
    """Allows `burst` at once and `rate` per second sustained; `now` is any clock in seconds."""

    def __init__(self, rate: float, burst: int, now: float) -> None:
        self.rate, self.capacity = rate, float(burst)
        self.tokens, self.stamp = float(burst), now

    def take(self, now: float) -> float:
        """Takes one token: 0 if there was one, else the seconds until there is (nothing is taken)."""
        self.tokens = min(self.capacity, self.tokens + max(0.0, now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return (1 - self.tokens) / self.rate
        self.tokens -= 1
        return 0.0
