"""One line of text per Wasteland event for the channel, the DM or the log.

Each narrated fact has one line here, built from the event's own fields (dice, needed
numbers, modifiers, ids and names), so a replay tells a game exactly as it was played.
The legacy :class:`~rules.wasteland.events.Report` of games saved by earlier releases is
told as it was written.
"""

from __future__ import annotations

from rules.core.events import Event
from rules.wasteland import events as ev
from rules.wasteland.narration import battle, combat, command, setup, units
from rules.wasteland.narration.lines import Line
from rules.wasteland.state import WastelandState


def _draft(e: ev.DraftUpdated) -> str:
    names = ", ".join(f"{x.profile}×{x.models}" for x in e.army.entries) or "empty"
    return f"Your draft: {names}."


LINES: dict[type[Event], Line] = {
    ev.Report: lambda e: e.text,
    ev.ListSubmitted: lambda e: f"{e.seat} has submitted an army list.",
    ev.DraftUpdated: _draft,
    ev.DeployTurn: lambda e: f"{e.seat} deploys." if e.seat else None,
    ev.TurnPassed: lambda e: f"{e.seat} to activate a unit." if e.seat else None,
    **units.LINES,
    **battle.LINES,
    **setup.LINES,
    **command.LINES,
    **combat.LINES,
}


def describe(event: Event, state: WastelandState | None = None) -> str | None:
    """The line for ``event`` (None for events told only by the pictures and views).

    The names a line needs travel in its event, so ``state`` is not read: a line is the
    same whatever state it is told against, or none."""
    line = LINES.get(type(event))
    return line(event) if line else None
