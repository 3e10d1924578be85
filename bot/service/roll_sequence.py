"""Whether a game's rolls used the dice stream in order, so none could have been chosen.

Re-deriving each roll from its counter proves the dice came from the seed, but not that
they are the dice the game was due: a host who could skip ahead to a counter with better
values would still pass. So every counter must be accounted for. Walking the whole log in
order (rolls of undone actions included: they stay in the log), each roll must start
where the previous one ended, the first at 0. The one exception follows an undo that took
rolls back: the next roll may start either where the live rolls ended (the undone actions'
counters are drawn again, as a replay of the remaining log gives them) or where the last
roll of all ended (the stream moves on with fresh dice); after that it is contiguous again.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from bot.store.records import LogRow
from rules.core.events import DiceRolled, Event


@dataclass(frozen=True, slots=True)
class CounterBreak:
    """The first roll that does not start where the game's dice stream stood."""

    seq: int  # the roll's record in the log
    purpose: str
    expected: tuple[int, ...]  # the counters it could have started at, in order
    found: int


def first_counter_break(rows: list[LogRow], events: dict[int, Event]) -> CounterBreak | None:
    """The first roll in ``rows`` that skips or repeats counters, or None.

    ``events`` holds the parsed event of every event record, by ``seq``.
    """
    ends: list[tuple[int, int]] = []  # (batch, counter_end) of every roll so far
    undone: set[int] = set()
    allowed: tuple[int, ...] = (0,)
    for row in rows:
        if row.kind == "undo":
            undone.update(int(batch) for batch in json.loads(row.payload)["batches"])
            live = next((end for batch, end in reversed(ends) if batch not in undone), 0)
            newest = max((end for _, end in ends), default=0)
            allowed = tuple(sorted({live, newest}))
            continue
        event = events.get(row.seq)
        if not isinstance(event, DiceRolled):
            continue
        if event.counter_start not in allowed:
            return CounterBreak(row.seq, event.purpose, allowed, event.counter_start)
        ends.append((row.batch, event.counter_end))
        allowed = (event.counter_end,)
    return None
