"""One way to change a game's frozen state: evolve(state, field=value, …)."""

from typing import TypeVar

R = TypeVar("R")


def evolve(record: R, **changes: object) -> R:
    """A frozen dataclass with some fields changed, as `dataclasses.replace` gives it, several times faster.

    Every action builds new states; copying the fields as one dict skips the frozen `__init__`, which
    sets them one by one. A name that is not a field raises, as `replace` would: a misspelt field is
    never silently added.
    """
    fields = record.__dict__
    if not changes.keys() <= fields.keys():
        raise TypeError(f"{type(record).__name__} has no field {', '.join(sorted(changes.keys() - fields.keys()))}")
    copy = object.__new__(type(record))
    object.__setattr__(copy, "__dict__", {**fields, **changes})
    return copy
