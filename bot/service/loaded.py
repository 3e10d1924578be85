"""A game as loaded from the database: its row, seats, system and current state."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from bot.store.records import GameRow, LogRow, OpenGame, SeatRow
from rules.core import engine
from rules.core.events import Event
from rules.core.state import GameState
from rules.core.system import GameSystem
from rules.core.visibility import PUBLIC, REFEREE, Visibility, only


@dataclass(slots=True)
class LoadedGame:
    row: GameRow
    seats: list[SeatRow]
    system: GameSystem[Any]
    state: GameState | None  # None while in the lobby
    # the first dice counter no roll of the log has used, where read with the game
    next_dice: int | None = None
    # the game as the store gave it, when read as a channel's open game: a batch is then
    # written with :meth:`bot.store.contract.Store.advance`, which returns it as it stands after
    read: OpenGame | None = None
    # a copy this process remembered from its last read or write of the game, not read
    # afresh: a refusal decided on it is decided again on a fresh read, and its batch is
    # written only if the game's row is still exactly that copy (cleared once written)
    remembered: bool = False
    # which seat is asked which question in ``state``, where already worked out
    prompt_keys: frozenset[tuple[str, str]] | None = None

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def version(self) -> int:
        return self.row.version

    def options(self) -> BaseModel:
        return self.system.options_model.model_validate_json(self.row.options)

    def seat_of(self, user_id: int) -> str | None:
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.seat
        return None

    def user_of(self, seat: str) -> SeatRow | None:
        for row in self.seats:
            if row.seat == seat:
                return row
        return None

    def seat_name(self, seat: str) -> str:
        row = self.user_of(seat)
        label = self.system.seat_label(seat)
        return f"{label} ({row.name})" if row else label

    def seat_ids(self) -> tuple[str, ...]:
        return tuple(seat.seat for seat in self.seats)


def scope_of(visibility: Visibility) -> str:
    if visibility.scope == "seats":
        return "seats:" + ",".join(visibility.seats)
    return visibility.scope


def visibility_of(scope: str) -> Visibility:
    if scope.startswith("seats:"):
        return only(*[s for s in scope[6:].split(",") if s])
    return REFEREE if scope == "referee" else PUBLIC


def undone_batches(rows: list[LogRow]) -> set[int]:
    undone: set[int] = set()
    for row in rows:
        if row.kind == "undo":
            undone.update(int(b) for b in json.loads(row.payload)["batches"])
    return undone


def live_events(
    system: GameSystem[Any], rows: list[LogRow], also_undone: Iterable[int] = ()
) -> list[tuple[LogRow, Event]]:
    """Every event row not taken back by an undo (or in ``also_undone``), parsed, in order."""
    undone = undone_batches(rows) | set(also_undone)
    return [
        (row, engine.parse_event(system, json.loads(row.payload)))
        for row in rows
        if row.kind == "event" and row.batch not in undone
    ]


def rebuild_state(game: LoadedGame, rows: list[LogRow]) -> GameState:
    """The state as the fold of the log: the reference the snapshot must always equal."""
    state = game.system.initial_state(game.options(), game.seat_ids())
    live = live_events(game.system, rows)
    return engine.fold(game.system, state, (event for _, event in live))
