"""Events: facts that happened in a game. The state is the fold of its events.

Every engine defines its own event models by subclassing :class:`Event` with a literal
``type``. The core contributes the events every game shares (dice, concessions, the end)
and folds them itself, so game systems only evolve their own events.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict

from rules.core.visibility import PUBLIC, Visibility


class Event(BaseModel):
    """Base of all events. ``barrier`` marks information that undo may not silently erase."""

    model_config = ConfigDict(frozen=True)

    type: str
    visibility: Visibility = PUBLIC
    barrier: ClassVar[bool] = False


class DiceRolled(Event):
    """Dice drawn from the game's seeded stream, with the counter range they used."""

    type: Literal["dice"] = "dice"
    purpose: str
    seat: str | None = None
    sides: int
    values: tuple[int, ...]
    counter_start: int
    counter_end: int
    barrier: ClassVar[bool] = True


class SeatConceded(Event):
    """A seat gave up; it takes no further part."""

    type: Literal["conceded"] = "conceded"
    seat: str


class GameEnded(Event):
    """The game is over. ``winners`` may be empty (a draw or an abandoned game)."""

    type: Literal["ended"] = "ended"
    winners: tuple[str, ...] = ()
    reason: str
    barrier: ClassVar[bool] = True


class UnknownEvent(TypeError):
    """A fold met an event it has no rule for: every event a system emits must be folded
    (or deliberately ignored) by name, so a forgotten case fails loudly instead of being
    dropped from the state."""

    def __init__(self, system: str, event: Event) -> None:
        super().__init__(f"{system}: no fold for event {event.type!r} ({type(event).__name__})")
        self.event = event


CoreEvent = DiceRolled | SeatConceded | GameEnded
CORE_EVENT_TYPES = frozenset({"dice", "conceded", "ended", "frame_opened", "frame_closed"})
