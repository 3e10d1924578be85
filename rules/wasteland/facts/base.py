"""What every narrated fact shares: the base event, a rolled test and a modifier.

A fact changes nothing in the state (the units, objectives and scores it touches change
through their own events); it records what was rolled and decided so the narration can
tell it, and a replay shows it exactly as it happened.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from rules.core.events import Event


class Fact(Event):
    """A narrated fact (dice, modifiers, results); folding it changes nothing."""


class Check(BaseModel):
    """A rolled (or automatic) single test: ``need`` after modifiers, the die, the result."""

    model_config = ConfigDict(frozen=True)

    need: int
    raw: int | None
    passed: bool

    def text(self) -> str:
        if self.raw is None:
            return "auto pass" if self.passed else "auto fail"
        mark = "✓" if self.passed else "✗"
        return f"{self.raw} vs {self.need}+ {mark}"


class Modifier(BaseModel):
    """One named modifier to a roll (``cover`` -2)."""

    model_config = ConfigDict(frozen=True)

    label: str
    value: int
