"""When a timer is due, and when nobody holds it: the SQL both stores claim timers with.

Four kinds of timer run on the games table: a ``reminder`` (the awaited players have been
quiet for the game's reminder delay since they were last reminded), a ``deadline``
(the game has waited at least :data:`DEADLINE_FLOOR` seconds, so one of its prompts may
have run out; the service looks at the prompts themselves), ``absent`` (the same wait,
for the absent-player deadline kept in the game's settings: its warning and its pass or
pause) and ``owed`` (the settings hold a reminder owed to a player in quiet hours). A
process *claims* due timers by writing a lease row in ``timer_leases`` (schema 7) with
itself as owner until an expiry; it then fires the timer and deletes the lease
(:meth:`Store.fire_timer`), or turns it into a rest saying nothing is due at this
version of the game before a time (:meth:`Store.rest_timer`). A process that dies while
holding a lease stops holding it when the lease expires, and the next claim takes the
timer over.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.store.records import GameRow

TIMER_KINDS = ("reminder", "deadline", "absent", "owed")
DEADLINE_FLOOR = 60.0
"""Seconds a game waits before its prompts' deadlines are looked at (none is shorter)."""

GAME_COLUMNS_OF_G = ", ".join("g." + column for column in GameRow.__slots__)


def due_and_free(kind: str, now: float, *, larger: str) -> tuple[str, Sequence[Any]]:
    """The condition (on ``games g`` left-joined with its ``timer_leases l`` of ``kind``)
    that the game's timer is due at ``now`` and nobody holds it, with its parameters in
    order; ``{m}`` marks a parameter, ``larger`` names the store's two-value maximum."""
    if kind not in TIMER_KINDS:
        raise ValueError(f"unknown timer kind {kind!r}")
    waiting = "g.status = 'active' AND g.paused IS NULL AND g.waiting_since IS NOT NULL"
    if kind == "reminder":
        due = f"{larger}(g.waiting_since, COALESCE(g.reminded_at, 0)) + g.reminder_seconds <= {{m}}"
        params: list[Any] = [now]
    elif kind == "owed":
        due = "g.settings LIKE {m} AND g.waiting_since <= {m}"
        params = ['%"owed"%', now]
    else:  # a deadline, or the absent-player one
        due = "g.waiting_since + {m} <= {m}"
        params = [DEADLINE_FLOOR, now]
    # free: no row, a lease or rest that ran out, or a rest of an earlier version
    free = (
        "(l.game_id IS NULL OR l.expires_at <= {m} OR (l.owner IS NULL AND l.version <> g.version))"
    )
    return f"{waiting} AND {due} AND {free}", (*params, now)
