"""Events: facts that happened in a game. The state is the fold of its events.

Every engine defines its own event models by subclassing :class:`Event` with a literal
``type``. The core contributes the events every game shares (dice, concessions, the end)
and folds them itself, so game systems only evolve their own events.

Every event class with a ``type`` of its own must say whether it ``reveals`` something:
shows anybody, privately or publicly, what they could not know before (dice, a face turned
up, a look at a hidden thing, the end and its seed). A batch holding such an event is a
barrier: its actor cannot take it back alone, since taking back a look leaves the look. A
class that does not declare it cannot even be defined, so a new event cannot forget.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict

from rules.core.visibility import PUBLIC, Visibility


class UndeclaredReveal(TypeError):
    """An event class with a ``type`` of its own that does not declare ``reveals``."""


class Event(BaseModel):
    """Base of all events. ``reveals`` (declared by every concrete event class) marks
    information that undo may not silently erase."""

    model_config = ConfigDict(frozen=True)

    type: str
    visibility: Visibility = PUBLIC
    reveals: ClassVar[bool]

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        kind = cls.model_fields["type"].default
        if isinstance(kind, str) and kind and "reveals" not in cls.__dict__:
            raise UndeclaredReveal(
                f"{cls.__module__}.{cls.__qualname__} (type {kind!r}) must declare "
                "`reveals: ClassVar[bool]`: whether it shows anybody something they could "
                "not know before (then undo needs the other players' approval)"
            )

    @property
    def barrier(self) -> bool:
        """Whether undo may not silently take this event back (it revealed something)."""
        return type(self).reveals


def holds_back_undo(event: Event, actor: str | None) -> bool:
    """Whether ``event``, in an action of ``actor``, keeps that action from being taken back
    without the other players' approval: it reveals something, or shows something privately
    to a seat other than the actor (what a seat is shown of its own choice teaches it
    nothing; a look into something hidden declares ``reveals``)."""
    if event.barrier:
        return True
    return event.visibility.scope == "seats" and any(s != actor for s in event.visibility.seats)


class DiceRolled(Event):
    """Dice drawn from the game's seeded stream, with the counter range they used."""

    type: Literal["dice"] = "dice"
    purpose: str
    seat: str | None = None
    sides: int
    values: tuple[int, ...]
    counter_start: int
    counter_end: int
    reveals: ClassVar[bool] = True


class DiceMovedOn(Event):
    """The dice stream moves on to ``counter``, the first counter no roll ever used: written
    by an undo approved across rolls, so that the rolls taken back are not drawn again."""

    type: Literal["dice_moved_on"] = "dice_moved_on"
    counter: int
    reveals: ClassVar[bool] = False


class SeatConceded(Event):
    """A seat gave up; it takes no further part."""

    type: Literal["conceded"] = "conceded"
    seat: str
    reveals: ClassVar[bool] = False


class GameEnded(Event):
    """The game is over. ``winners`` may be empty (a draw or an abandoned game)."""

    type: Literal["ended"] = "ended"
    winners: tuple[str, ...] = ()
    reason: str
    reveals: ClassVar[bool] = True  # and the dice seed with it


class UnknownEvent(TypeError):
    """A fold met an event it has no rule for: every event a system emits must be folded
    (or deliberately ignored) by name, so a forgotten case fails loudly instead of being
    dropped from the state."""

    def __init__(self, system: str, event: Event) -> None:
        super().__init__(f"{system}: no fold for event {event.type!r} ({type(event).__name__})")
        self.event = event


CoreEvent = DiceRolled | DiceMovedOn | SeatConceded | GameEnded
CORE_EVENT_TYPES = frozenset(
    {"dice", "dice_moved_on", "conceded", "ended", "frame_opened", "frame_closed"}
)
