"""A game's record: the log as one user may read it, the export, and the verification of
every roll against the commitment once the seed is revealed."""

from __future__ import annotations

import json
from typing import Any

from bot.service.access import GameAccess
from bot.service.loaded import LoadedGame, rebuild_state, undone_batches, visibility_of
from bot.service.narration import narrate
from bot.service.read_models import (
    ExportedRecord,
    ExportedSeat,
    GameExport,
    HiddenRecord,
    LogPage,
    Verification,
)
from bot.service.standing import viewer_for
from bot.store.records import LogRow
from rules.core import engine
from rules.core.visibility import Viewer
from rules.core.wording import plural


def note_text(kind: str, payload: dict[str, Any]) -> str:
    """A stored note's line. Undo notes written before counts were worded properly
    ("took back 1 action(s)") read in today's words ("took back 1 action")."""
    text = str(payload["text"])
    batches = payload.get("batches")
    if kind == "undo" and isinstance(batches, list):
        count = len(batches)
        text = text.replace(f"{count} action(s)", plural(count, "action"))
    return text


def log_lines_of(game: LoadedGame, rows: list[LogRow], viewer: Viewer) -> list[str]:
    """Each log record ``viewer`` may read, as one numbered line."""
    undone = undone_batches(rows)
    lines: list[str] = []
    for row in rows:
        if row.kind in ("meta", "undo"):
            lines.append(f"`{row.seq:>4}` {note_text(row.kind, json.loads(row.payload))}")
            continue
        if row.kind != "event" or not visibility_of(row.scope).allows(viewer):
            continue
        event = engine.parse_event(game.system, json.loads(row.payload))
        line = narrate(game.system, event, game.state)
        if line is None:
            continue
        mark = " ~~(undone)~~" if row.batch in undone else ""
        lines.append(f"`{row.seq:>4}` {line}{mark}")
    return lines


class History:
    def __init__(self, access: GameAccess) -> None:
        self.access = access

    async def log_lines(self, channel_id: int, user_id: int | None, last: int = 20) -> LogPage:
        """The game's log as ``user_id`` may read it (public lines plus their seat's)."""
        game = await self.access.open_or_last(channel_id)
        viewer = viewer_for(game, user_id)
        lines = log_lines_of(game, await self.access.db.log(game.id), viewer)
        return LogPage(lines=tuple(lines[-max(1, min(last, 200)) :]))

    async def export(self, channel_id: int, user_id: int | None) -> GameExport:
        """Setup and log; secrets appear only for their seat or after the end."""
        game = await self.access.open_or_last(channel_id)
        finished = game.row.status == "finished"
        viewer = Viewer.as_referee() if finished else viewer_for(game, user_id)
        rows = await self.access.db.log(game.id)
        exported: list[ExportedRecord | HiddenRecord] = []
        for row in rows:
            if row.kind in ("event", "action") and not visibility_of(row.scope).allows(viewer):
                exported.append(HiddenRecord(seq=row.seq, batch=row.batch, kind=row.kind))
                continue
            exported.append(
                ExportedRecord(
                    seq=row.seq,
                    batch=row.batch,
                    kind=row.kind,
                    seat=row.seat,
                    user_id=row.user_id,
                    visibility=row.scope,
                    at=row.created_at,
                    payload=json.loads(row.payload),
                )
            )
        return GameExport(
            format="umpire-game/1",
            game_id=game.id,
            system=game.system.id,
            rules_version=game.row.rules_version,
            options=json.loads(game.row.options),
            seats=tuple(
                ExportedSeat(seat=s.seat, user_id=s.user_id, name=s.name) for s in game.seats
            ),
            status=game.row.status,
            commitment=game.row.commitment,
            seed=game.row.seed.hex() if finished else None,
            log=tuple(exported),
        )

    async def verify(self, channel_id: int) -> Verification:
        """Re-derive every roll (after the end) and compare the snapshot with the log."""
        game = await self.access.open_or_last(channel_id)
        rows = await self.access.db.log(game.id)
        consistent = True
        if game.state is not None:
            consistent = rebuild_state(game, rows) == game.state
        finished = game.row.status == "finished"
        report = None
        if finished:
            events = [
                engine.parse_event(game.system, json.loads(row.payload))
                for row in rows
                if row.kind == "event"
            ]
            report = engine.verify_rolls(game.row.seed, game.row.commitment, events)
        return Verification(
            game_id=game.id,
            status=game.row.status,
            commitment=game.row.commitment,
            seed=game.row.seed.hex() if finished else None,
            report=report,
            consistent=consistent,
        )
