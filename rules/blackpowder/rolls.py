"""A roll of one die per model against a score, with the modifiers applied to every die:
to hit with ranged weapons and in melee, to kill."""

from __future__ import annotations

from dataclasses import dataclass

from rules.blackpowder.modifiers import Modifier, listed, total


@dataclass(frozen=True)
class Roll:
    """A roll of one die per model against ``score``, with the modifiers applied to each."""

    what: str
    score: int
    modifiers: tuple[Modifier, ...]
    faces: tuple[int, ...]

    @property
    def modifier(self) -> int:
        return total(self.modifiers)

    @property
    def successes(self) -> int:
        return sum(1 for f in self.faces if f + self.modifier >= self.score)

    def explain(self) -> str:
        faces = " ".join(str(f) for f in self.faces) or "none"
        return (
            f"{self.what}: {self.score}+ ({listed(self.modifiers)}); dice {faces}: {self.successes}"
        )
