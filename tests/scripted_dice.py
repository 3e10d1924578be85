"""Dice chosen by the test: a roller that hands out scripted faces in order."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.core.actions import Action
from rules.core.events import DiceRolled, Event
from rules.core.rejection import Rejection
from rules.core.roller import Roller
from rules.core.state import GameState
from rules.core.system import GameSystem
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


def as_action(system: GameSystem[Any], state: GameState, seat: str, action: str | Action) -> Action:
    """``action`` itself, or what ``seat`` typing it would ask for (it must read)."""
    if isinstance(action, str):
        parsed = system.parse_notation(action, state, seat)
        assert not isinstance(parsed, Rejection), f"{action!r}: {parsed.message}"
        return parsed
    return action


def scripted_attempt(
    system: GameSystem[Any],
    state: GameState,
    seat: str,
    action: str | Action,
    faces: Sequence[int] = (),
) -> list[Event] | Rejection:
    """Decide ``action`` with scripted dice; every face must be used and every roll
    reported among the events, in order, and a refused action rolls nothing."""
    roller = ScriptedRoller(list(faces))
    outcome = system.decide(state, seat, as_action(system, state, seat, action), roller)
    if isinstance(outcome, Rejection):
        assert not roller.rolled, "a refused action rolled dice"
        return outcome
    assert roller.unused == [], f"scripted faces left over: {roller.unused}"
    assert [e for e in outcome if isinstance(e, DiceRolled)] == roller.rolled
    return outcome
