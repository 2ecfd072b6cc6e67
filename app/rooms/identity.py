"""Seat tokens and seat links: 256 random bits handed to the browser, only their hash kept."""

import hashlib
import secrets
import string

CODE_ALPHABET = "".join(c for c in string.ascii_uppercase + string.digits if c not in "0O1IL")


def new_token() -> str:
    return secrets.token_urlsafe(32)


def hash_token(room_id: str, token: str) -> str:
    """The stored form; bound to the room, so a token is worthless at any other table."""
    return hashlib.sha256(f"{room_id}:{token}".encode()).hexdigest()


def new_room_code(initials: str = CODE_ALPHABET) -> str:
    """A short code friends can read aloud: 6 characters, no look-alikes (about 30 bits), beginning
    with one of `initials` (a worker draws codes it owns)."""
    return secrets.choice(initials) + "".join(secrets.choice(CODE_ALPHABET) for _ in range(5))


def new_seed() -> int:
    return secrets.randbits(62)
