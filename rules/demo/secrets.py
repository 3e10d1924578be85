"""What the demo race keeps secret: each stance until both are picked."""

from __future__ import annotations

from collections.abc import Callable

from rules.core.events import Event
from rules.core.secrets import Secret, jsonish, spelled
from rules.demo.model import STANCES, DemoState, StancePicked


def secrets(state: DemoState, describe: Callable[[Event], str | None]) -> list[Secret]:
    """Each stance picked before the reveal."""
    if state.phase != "pick":
        return []
    found = []
    for seat, stance in state.picks.items():
        own_line = describe(StancePicked(seat=seat, stance=stance))
        found.append(
            Secret(
                "stance",
                f"{seat}'s secret stance {stance}",
                spelled(
                    own_line or "",  # the picker's own confirmation
                    jsonish(seat, stance),  # a view's or payload's stances
                    f"'{seat}': '{stance}'",  # a Python repr
                    jsonish("stance", stance),  # the pick action and its event
                    f"{seat.title()}: **{stance}**",  # the reveal line, early
                    f"Stance: {stance}",  # the runner's card (/game sheet), as text
                    f'"name": "Stance", "value": "{stance}"',  # and as data
                ),
                frozenset({seat}),
                on_board=True,
            )
        )
    return found


def disguise(state: DemoState) -> DemoState | None:
    """The same race with every secret stance changed."""
    if state.phase != "pick" or not state.picks:
        return None
    other = {s: STANCES[(STANCES.index(v) + 1) % len(STANCES)] for s, v in state.picks.items()}
    return state.model_copy(update={"picks": other})
