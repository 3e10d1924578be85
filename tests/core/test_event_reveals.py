"""Every event says whether it reveals something, so undo can never take a look back freely.

A class that forgets cannot be defined; every event class of every registered system (and
the core's own) declares ``reveals`` in its own body, not by inheritance, so a new fact
deriving from a system's base cannot slip through on its parent's answer.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal, Union, get_args, get_origin

import pytest
from pydantic import TypeAdapter

from rules.core import events as core_events
from rules.core.events import DiceMovedOn, DiceRolled, Event, GameEnded, UndeclaredReveal
from rules.core.frames import FrameClosed, FrameOpened
from rules.core.system import GameSystem
from rules.tannhauser.events import CrateSeen
from rules.wasteland.facts.battle import CounterTurned
from tests.setups import every_system


def members(annotation: Any) -> list[type[Event]]:
    """The event classes of a union (possibly annotated with a discriminator)."""
    args = get_args(annotation)
    if get_origin(annotation) is Union or (args and get_origin(annotation) is not None):
        found: list[type[Event]] = []
        for arg in args:
            found += members(arg)
        return found
    if isinstance(annotation, type) and issubclass(annotation, Event):
        return [annotation]
    return []


def event_classes(system: GameSystem[Any]) -> list[type[Event]]:
    adapter: TypeAdapter[Any] = system.event_adapter
    return members(adapter._type)


CORE = [DiceRolled, DiceMovedOn, core_events.SeatConceded, GameEnded, FrameOpened, FrameClosed]


@pytest.mark.parametrize("system", every_system(), ids=lambda s: s.id)
def test_every_event_class_of_every_system_declares_whether_it_reveals(
    system: GameSystem[Any],
) -> None:
    classes = event_classes(system)
    assert len(classes) > 3, classes
    undeclared = [c.__name__ for c in [*classes, *CORE] if "reveals" not in c.__dict__]
    assert not undeclared
    assert all(isinstance(c.reveals, bool) for c in classes)


def test_an_event_class_that_does_not_declare_it_cannot_be_defined() -> None:
    with pytest.raises(UndeclaredReveal, match=r"Forgetful.*must declare `reveals"):

        class Forgetful(Event):
            type: Literal["forgetful"] = "forgetful"

    class Declared(Event):
        type: Literal["declared"] = "declared"
        reveals: ClassVar[bool] = False

    assert not Declared().barrier


def test_looks_and_turned_counters_reveal_without_dice() -> None:
    """A private look into a crate and a counter turned by an interaction roll no dice but
    show somebody something: both hold back a free undo."""
    assert CrateSeen(seat="a", feature="f", crate="c", contents="x").barrier
    assert CounterTurned(objective="Counter 8", number=9).barrier
    assert DiceRolled(purpose="p", sides=6, values=(1,), counter_start=0, counter_end=1).barrier
    assert not DiceMovedOn(counter=3).barrier
