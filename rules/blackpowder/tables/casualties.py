"""Falling back and fleeing out of a melee (003 Aus dem Kampf zurückweichen und fliehen):
one die per model; each 0 removes a model when falling back, each 0-3 when fleeing."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from rules.blackpowder.dice import check_faces
from rules.blackpowder.rules_cited import FALL_BACK_AND_FLIGHT

Leaving = Literal["fall-back", "flight"]
LOSING_FACES: dict[Leaving, frozenset[int]] = {
    "fall-back": frozenset({0}),
    "flight": frozenset({0, 1, 2, 3}),
}


@dataclass(frozen=True)
class Losses:
    leaving: Leaving
    faces: tuple[int, ...]

    @property
    def removed(self) -> int:
        return sum(1 for f in self.faces if f in LOSING_FACES[self.leaving])

    def explain(self) -> str:
        lost = " or ".join(str(f) for f in sorted(LOSING_FACES[self.leaving]))
        faces = " ".join(str(f) for f in self.faces)
        word = "fall back" if self.leaving == "fall-back" else "flight"
        return (
            f"{word} out of melee ({FALL_BACK_AND_FLIGHT}): each {lost} removes a model; "
            f"dice {faces}: {self.removed} removed"
        )


def leaving_melee(leaving: Leaving, faces: Sequence[int]) -> Losses:
    """The models lost by a unit of ``len(faces)`` models leaving a melee."""
    return Losses(leaving, check_faces(faces))
