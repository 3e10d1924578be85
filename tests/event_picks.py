"""Picking the events of one kind out of what a decision returned."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

from rules.core.events import Event

E = TypeVar("E", bound=Event)


def of(events: Iterable[Event], kind: type[E]) -> list[E]:
    """The events of ``kind``, in order."""
    return [e for e in events if isinstance(e, kind)]


def one(events: Iterable[Event], kind: type[E]) -> E:
    """The one event of ``kind`` (the test fails unless there is exactly one)."""
    found = of(events, kind)
    assert len(found) == 1, f"expected one {kind.__name__}, got {found}"
    return found[0]
