"""Models removed from a unit, saying whether that was the last of them (the unit is wiped
out and leaves the table)."""

from __future__ import annotations

from collections.abc import Sequence

from rules.blackpowder.events import Casualties
from rules.blackpowder.state import BPUnit


def casualties(unit: BPUnit, models: Sequence[str]) -> Casualties:
    left = {m.id for m in unit.models} - set(models)
    return Casualties(unit=unit.id, models=tuple(models), wiped_out=not left)
