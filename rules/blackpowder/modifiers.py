"""A modifier as the rules apply it: its value, what it is for and where the sheet says so,
so that every roll and refusal can show the table, the column or score, and the modifiers
used."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Modifier:
    value: int
    reason: str
    rule: str

    def shown(self) -> str:
        """``-4 target in medium or hard cover``."""
        return f"{self.value:+d} {self.reason}"


def total(modifiers: Iterable[Modifier]) -> int:
    return sum(m.value for m in modifiers)


def listed(modifiers: Iterable[Modifier]) -> str:
    """``+3 powder smoke, -1 obstacle crossed`` or ``no modifiers``."""
    shown = [m.shown() for m in modifiers]
    return ", ".join(shown) if shown else "no modifiers"
