"""The public view of a game after each step of its log, rebuilt by replaying the log.

A step is one batch of the log (one accepted command, an undo or a lobby change). The
state after a batch is the fold of every event not yet taken back at that point: an undo
record refolds from the start without the batches it names, as the game did when it was
undone. Only the spectator's view of that state ever leaves this module, so nothing
hidden reaches what is built from it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import groupby
from typing import Any

from pydantic import BaseModel

from bot.store.records import LogRow
from rules.core import engine
from rules.core.events import Event
from rules.core.language import Language
from rules.core.state import GameState
from rules.core.system import GameSystem
from rules.core.visibility import Viewer


@dataclass(frozen=True, slots=True)
class BatchState:
    """The log's records of one batch and the state after it (None before the first
    event: the game was still in its lobby)."""

    batch: int
    rows: tuple[LogRow, ...]
    state: GameState | None


def states_after_batches(
    system: GameSystem[Any], options: BaseModel, seats: tuple[str, ...], rows: list[LogRow]
) -> Iterator[BatchState]:
    """Each batch of ``rows`` (the whole log, in order) with the state after it."""
    start = system.initial_state(options, seats)
    state: GameState | None = None
    folded: list[tuple[int, Event]] = []  # every event so far with its batch
    undone: set[int] = set()
    for batch, grouped in groupby(rows, key=lambda row: row.batch):
        records = tuple(grouped)
        taken_back = False
        for row in records:
            if row.kind == "event":
                event = engine.parse_event(system, json.loads(row.payload))
                folded.append((batch, event))
                state = engine.evolve(system, start if state is None else state, event)
            elif row.kind == "undo":
                undone.update(int(b) for b in json.loads(row.payload)["batches"])
                taken_back = True
        if taken_back:
            live = [event for at, event in folded if at not in undone]
            state = engine.fold(system, start, live) if live else None
        yield BatchState(batch, records, state)


def public_view(system: GameSystem[Any], state: GameState | None) -> BaseModel | None:
    """What a spectator sees of ``state`` (None in the lobby)."""
    return None if state is None else system.view(state, Viewer.spectator())


def public_scene(
    system: GameSystem[Any], state: GameState | None, language: Language = Language.ENGLISH
) -> BaseModel | None:
    """The board picture's scene of the public view, its words in ``language`` (None: no
    board to draw)."""
    view = public_view(system, state)
    return None if view is None else system.scene_in(view, language)
