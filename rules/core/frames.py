"""Flow as data: the work a game has pending, kept in its state.

A game often stops half-way through something: a move interrupted by an overwatch chance,
a grenade whose victims still roll, an attack waiting for the target's reaction. Such work
is a :class:`Frame` on a stack in the state (:class:`StagedState`), so a game can wait for
days inside a question and resume after a restart exactly where it was.

* A plain :class:`Frame` is a *pending step*: work the rules carry on with by themselves
  (the rest of a route, an announced action) once the frames above it are gone.
* A :class:`Window` is an out-of-turn question to one seat: while it is on top, only that
  seat may act, and only with the answers the window allows. Its prompt (choices, deadline
  and the answer given when the deadline passes) is the system's to word.

Frames are pushed and popped only through the core events :class:`FrameOpened` and
:class:`FrameClosed`, which the core folds for every system, so the stack a decision
leaves behind is exactly the one the replayed log rebuilds.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, SerializeAsAny

from rules.core.events import Event
from rules.core.state import GameState


class Frame(BaseModel):
    """Pending work; systems subclass with a literal ``frame`` naming the kind."""

    model_config = ConfigDict(frozen=True)

    frame: str

    @property
    def awaits(self) -> bool:
        """Whether the game waits for somebody's answer here (a window) or goes on."""
        return False


class Window(Frame):
    """A question to ``seat`` that must be answered before play goes on."""

    seat: str

    @property
    def awaits(self) -> bool:
        return True


class StagedState(GameState):
    """A state with a stack of pending frames; the top is the last. Systems narrow the
    type of ``windows`` to their own frames."""

    windows: tuple[SerializeAsAny[Frame], ...] = ()

    def top(self) -> Frame | None:
        return self.windows[-1] if self.windows else None

    def waiting_window(self) -> Window | None:
        """The window on top of the stack, if the top is one."""
        top = self.top()
        return top if isinstance(top, Window) else None


class FrameOpened(Event):
    """A frame was pushed on top of the stack."""

    type: Literal["frame_opened"] = "frame_opened"
    frame: SerializeAsAny[Frame]
    reveals: ClassVar[bool] = False


class FrameClosed(Event):
    """The top frame was answered or carried on with; ``answer`` says how."""

    type: Literal["frame_closed"] = "frame_closed"
    answer: str = ""
    reveals: ClassVar[bool] = False
