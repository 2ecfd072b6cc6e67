"""The wire: what a browser may send, checked at the edge (see docs/protocol.md)."""

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class Act(_Message):
    """An action for the game, made against the version the sender saw."""

    type: Literal["act"]
    version: Annotated[int, Field(ge=0)]
    action: dict[str, object]
    id: Annotated[str, Field(max_length=64)] | None = None  # the client's id, echoed back


class Again(_Message):
    """At a finished table: deal the next game to the same seats. `version` is the finished game's last."""

    type: Literal["again"]
    version: Annotated[int, Field(ge=0)]
    id: Annotated[str, Field(max_length=64)] | None = None


class Check(_Message):
    """Would this action be accepted now? Answered, never applied: composers ask instead of re-deriving rules."""

    type: Literal["check"]
    action: dict[str, object]
    id: Annotated[str, Field(max_length=64)] | None = None


class Hint(_Message):
    """What would the game's bot do in my place, and why? Answered to the asker alone; the log says it asked."""

    type: Literal["hint"]
    id: Annotated[str, Field(max_length=64)] | None = None


class Say(_Message):
    """A chat line: text, or one of the quick reactions."""

    type: Literal["say"]
    text: Annotated[str, Field(max_length=1000)] | None = None
    reaction: Annotated[str, Field(max_length=16)] | None = None
    id: Annotated[str, Field(max_length=64)] | None = None


class Sync(_Message):
    """A request for the current view (after a gap in versions)."""

    type: Literal["sync"]


class AskSeat(_Message):
    """A watching tab asks the host for a seat back (its browser lost it)."""

    type: Literal["ask_seat"]
    seat: Annotated[int, Field(ge=0, le=7)]
    name: Annotated[str, Field(max_length=100)] | None = None  # who it says it is; else the name it watches by
    id: Annotated[str, Field(max_length=64)] | None = None


class AnswerAsk(_Message):
    """The host grants or declines a tab's ask for a seat."""

    type: Literal["answer_ask"]
    ask: Annotated[str, Field(max_length=32)]
    grant: bool
    id: Annotated[str, Field(max_length=64)] | None = None


class Ping(_Message):
    type: Literal["ping"]


ClientMessage = Annotated[
    Act | Again | Check | Hint | Say | Sync | Ping | AskSeat | AnswerAsk, Field(discriminator="type")
]
client_message = TypeAdapter(ClientMessage)
