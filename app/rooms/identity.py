"""Seat tokens and seat links: 256 random bits handed to the browser, only their hash kept."""

import hashlib
import secrets
import string

_CODE_ALPHABET = "".join(c for c in string.ascii_uppercase + string.digits if c not in "0O1IL")


def new_token() -> str:
    return secrets.token_urlsafe(32)


def hash_token(room_id: str, token: str) -> str:
    """The stored form; bound to the room, so a token is worthless at any other table."""
    return hashlib.sha256(f"{room_id}:{token}".encode()).hexdigest()


def new_room_code() -> str:
    """A short code friends can read aloud: 6 characters, no look-alikes (about 30 bits)."""
    return "".join(secrets.choice(_CODE_ALPHABET) for _ in range(6))


def new_seed() -> int:
    return secrets.randbits(62)
