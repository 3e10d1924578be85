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
from rules.wasteland.seats import seat_label
from rules.wasteland.state import WastelandState


def tally(points: int, limit: int, pool: int) -> str:
    """``42 of 50 points`` (with the attackers' shared pool it is a share of)."""
    share = f", your share of the attackers' {pool}" if pool else ""
    return f"{points} of {limit} points{share}"


def _draft(e: ev.DraftUpdated) -> str:
    names = ", ".join(f"{x.profile}×{x.models}" for x in e.army.entries) or "empty"
    if e.points is None or e.limit is None:  # as earlier releases told it
        return f"Your draft: {names}."
    return f"Your draft: {names} ({tally(e.points, e.limit, e.pool)})."


def _added(e: ev.DraftEntryAdded) -> str:
    return (
        f"Your draft: entry {e.number} added, {e.entry.profile}×{e.entry.models}"
        f" ({tally(e.points, e.limit, e.pool)})."
    )


def _removed(e: ev.DraftEntryRemoved) -> str:
    if e.number == 0:
        return f"Your draft is cleared (0 of {e.limit} points)."
    what = f", {e.entry.profile}×{e.entry.models}" if e.entry is not None else ""
    return f"Your draft: entry {e.number} removed{what} ({tally(e.points, e.limit, e.pool)})."


LINES: dict[type[Event], Line] = {
    ev.Report: lambda e: e.text,
    ev.ListSubmitted: lambda e: f"{seat_label(e.seat)} has submitted an army list.",
    ev.DraftUpdated: _draft,
    ev.DraftEntryAdded: _added,
    ev.DraftEntryRemoved: _removed,
    ev.DeployTurn: lambda e: f"{seat_label(e.seat)} deploys." if e.seat else None,
    ev.TurnPassed: lambda e: f"{seat_label(e.seat)} to activate a unit." if e.seat else None,
    ev.SeatOut: lambda e: (
        f"{seat_label(e.seat)} has no units left and is out of the battle: it takes no more"
        f" turns and nothing waits on it. {e.meaning}"
    ),
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
