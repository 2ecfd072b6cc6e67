"""Simultaneous secret choices: one mechanism for every game's sealed step."""

from dataclasses import dataclass
from typing import Generic, TypeVar

from app.engine.contract import IllegalAction, Seat

C = TypeVar("C")


@dataclass(frozen=True, slots=True)
class Commits(Generic[C]):
    """Choices from several seats, kept secret until the last expected seat has chosen.

    A choice is final once made. Nothing here is ever put into a view: games expose only
    `has_chosen` until `is_complete`, then reveal every choice in one state change.
    """

    expected: frozenset[Seat]
    choices: tuple[C | None, ...]  # by seat

    @classmethod
    def open(cls, seats: int, expected: frozenset[Seat] | None = None) -> "Commits[C]":
        """A fresh step in which `expected` (default: every seat) must choose."""
        who = frozenset(range(seats)) if expected is None else expected
        return cls(expected=who, choices=(None,) * seats)

    def waiting_on(self) -> frozenset[Seat]:
        return frozenset(s for s in self.expected if self.choices[s] is None)

    def has_chosen(self, seat: Seat) -> bool:
        return seat in self.expected and self.choices[seat] is not None

    def is_complete(self) -> bool:
        return not self.waiting_on()

    def commit(self, seat: Seat, choice: C, code: str = "already_committed") -> "Commits[C]":
        """The commits with `seat`'s choice added; a second choice raises `code`."""
        if seat not in self.expected:
            raise IllegalAction("wrong_step", "You cannot do that now.")
        if self.choices[seat] is not None:
            raise IllegalAction(code, "You have already chosen.")
        return Commits(self.expected, self.choices[:seat] + (choice,) + self.choices[seat + 1 :])

    def chosen(self, seat: Seat) -> C | None:
        """The seat's own choice: for its own view, and for the reveal."""
        return self.choices[seat]

    def flags(self) -> list[bool]:
        """Public 'has chosen' flags by seat: all the table may know before the reveal."""
        return [c is not None for c in self.choices]
