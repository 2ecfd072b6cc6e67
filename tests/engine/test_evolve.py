"""evolve: a frozen state with some fields changed; a misspelt field is refused, never added."""

from dataclasses import FrozenInstanceError, dataclass

import pytest

from app.engine import evolve


@dataclass(frozen=True)
class Point:
    x: int
    y: int


def test_evolve_changes_the_named_fields_of_a_copy() -> None:
    start = Point(1, 2)
    moved = evolve(start, y=5)
    assert moved == Point(1, 5) and start == Point(1, 2)
    with pytest.raises(FrozenInstanceError):
        moved.x = 3  # type: ignore[misc]


def test_a_name_that_is_not_a_field_is_refused() -> None:
    with pytest.raises(TypeError, match="Point has no field z"):
        evolve(Point(1, 2), z=3)
