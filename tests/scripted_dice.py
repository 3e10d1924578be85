"""Dice chosen by the test: a roller that hands out scripted faces in order."""

from __future__ import annotations

from rules.core.events import DiceRolled
from rules.core.roller import Roller
from rules.core.visibility import PUBLIC, Visibility


class ScriptedRoller(Roller):
    """Hands out the given faces instead of drawing from the seeded stream."""

    def __init__(self, faces: list[int]) -> None:
        super().__init__(b"unused", 0)
        self._faces = list(faces)

    @property
    def unused(self) -> list[int]:
        """Faces that were scripted but never rolled."""
        return list(self._faces)

    def roll(self, count: int, sides: int = 10, **kwargs: object) -> DiceRolled:
        wanted = max(0, count)
        if wanted > len(self._faces):
            purpose = kwargs.get("purpose", "")
            raise AssertionError(
                f"the {purpose!s} roll wants {wanted} dice but only {self._faces} are scripted"
            )
        values = tuple(self._faces.pop(0) for _ in range(wanted))
        visibility = kwargs.get("visibility", PUBLIC)
        assert isinstance(visibility, Visibility)
        event = DiceRolled(
            purpose=str(kwargs.get("purpose", "")),
            seat=seat if isinstance(seat := kwargs.get("seat"), str) else None,
            sides=sides,
            values=values,
            counter_start=0,
            counter_end=len(values),
            visibility=visibility,
        )
        self.rolled.append(event)
        return event
