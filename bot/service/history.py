"""A game's record: the log as one user may read it, the export, and the verification of
every roll against the commitment once the seed is revealed.

Reading a long game's whole log is CPU work (tens of thousands of records parsed, narrated
or replayed), so each reading loads the rows and then does that work in a worker thread,
leaving the event loop free for every other channel.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Mapping
from typing import Any

from bot.service.access import GameAccess
from bot.service.errors import UserError
from bot.service.export_files import PackedExport, packed
from bot.service.loaded import LoadedGame, rebuild_state, undone_batches, visibility_of
from bot.service.narration import narrate
from bot.service.public_numbers import log_numbers
from bot.service.read_models import (
    ExportedRecord,
    ExportedSeat,
    GameExport,
    LogPage,
    OutOfSequence,
    Verification,
)
from bot.service.roll_sequence import first_counter_break
from bot.service.standing import viewer_for
from bot.service.undo_notes import batches_to_name, record_note
from bot.store.reader import Reader
from bot.store.records import LogRow
from rules.core import engine
from rules.core.events import Event
from rules.core.language import Language
from rules.core.visibility import Viewer
from rules.core.wording import plural

EXPORT_FORMAT = "umpire-game/2"
PAGE_RECORDS = 15  # log records a page: well under Discord's 2,000 characters as a rule


def log_line(
    game: LoadedGame,
    row: LogRow,
    number: str | None,
    undone: set[int],
    viewer: Viewer,
    actions: Mapping[int, LogRow],
    language: Language = Language.ENGLISH,
) -> str | None:
    """The log line of one record as ``viewer`` reads it, or None when it makes none (an
    action record, a record the viewer may not see, an event narrated by nothing).
    ``actions`` holds the action records earlier releases' undo notes need; events are
    narrated in ``language`` (the log itself is English)."""
    if row.kind in ("meta", "undo"):
        return f"`{number or '':>4}` {record_note(game, row, actions)}"
    if row.kind != "event" or number is None or not visibility_of(row.scope).allows(viewer):
        return None
    event = engine.parse_event(game.system, json.loads(row.payload))
    line = narrate(game.system, event, game.state, language)
    if line is None:
        return None
    mark = " ~~(undone)~~" if row.batch in undone else ""
    return f"`{number:>4}` {line}{mark}"


def log_lines_of(game: LoadedGame, rows: list[LogRow], viewer: Viewer) -> list[str]:
    """Each log record ``viewer`` may read, as one line with its public number."""
    undone = undone_batches(rows)
    numbers = log_numbers(rows, lambda row: visibility_of(row.scope).allows(viewer))
    actions = {row.seq: row for row in rows if row.kind == "action"}
    lines = (log_line(game, row, numbers.get(row.seq), undone, viewer, actions) for row in rows)
    return [line for line in lines if line is not None]


def page_lines(
    game: LoadedGame,
    rows: list[LogRow],
    undone: set[int],
    viewer: Viewer,
    numbering: tuple[int, int],
    actions: Mapping[int, LogRow],
) -> list[str]:
    """The lines of ``rows``, a stretch of the log whose numbering starts at ``numbering``
    (public records before it, and the viewer's others since the last of them)."""
    public, since = numbering

    def readable(row: LogRow) -> bool:
        return visibility_of(row.scope).allows(viewer)

    numbers = log_numbers(rows, readable, public, since)
    lines = (log_line(game, row, numbers.get(row.seq), undone, viewer, actions) for row in rows)
    return [line for line in lines if line is not None]


def reader_of(viewer: Viewer) -> Reader:
    return Reader(seat=viewer.seat, everything=viewer.referee)


def exported_log(rows: list[LogRow], viewer: Viewer, finished: bool) -> tuple[ExportedRecord, ...]:
    """The records ``viewer`` may read. Before the end nothing in them counts records
    the reader may not see: no store positions, and undo records without batch ids."""
    undone = undone_batches(rows)
    numbers = log_numbers(rows, lambda row: visibility_of(row.scope).allows(viewer))
    exported: list[ExportedRecord] = []
    for row in rows:
        if row.seq not in numbers:
            continue
        payload: Any = json.loads(row.payload)
        if row.kind == "undo" and not finished:
            payload = {"text": payload["text"]}
        exported.append(
            ExportedRecord(
                number=numbers[row.seq],
                seq=row.seq if finished else None,
                batch=row.batch if finished else None,
                kind=row.kind,
                seat=row.seat,
                user_id=row.user_id,
                visibility=row.scope,
                undone=row.batch in undone,
                at=row.created_at,
                payload=payload,
            )
        )
    return tuple(exported)


def export_of(game: LoadedGame, rows: list[LogRow], viewer: Viewer) -> GameExport:
    finished = game.row.status == "finished"
    # every part is validated already; one validation of the whole would hold the
    # interpreter for as long as a long game's log takes
    return GameExport.model_construct(
        format=EXPORT_FORMAT,
        game_id=game.id,
        system=game.system.id,
        rules_version=game.row.rules_version,
        options=json.loads(game.row.options),
        seats=tuple(ExportedSeat(seat=s.seat, user_id=s.user_id, name=s.name) for s in game.seats),
        status=game.row.status,
        commitment=game.row.commitment,
        seed=game.row.seed.hex() if finished else None,
        log=exported_log(rows, viewer, finished),
    )


def verification_of(game: LoadedGame, rows: list[LogRow]) -> Verification:
    """Replay the log against the snapshot and, after the end, check every roll."""
    consistent = True
    if game.state is not None:
        consistent = rebuild_state(game, rows) == game.state
    finished = game.row.status == "finished"
    report = None
    out_of_sequence = None
    if finished:
        events: dict[int, Event] = {
            row.seq: engine.parse_event(game.system, json.loads(row.payload))
            for row in rows
            if row.kind == "event"
        }
        report = engine.verify_rolls(game.row.seed, game.row.commitment, events.values())
        broken = first_counter_break(rows, events)
        if broken is not None:
            number = log_numbers(rows, lambda row: True)[broken.seq]
            out_of_sequence = OutOfSequence(
                number=number, purpose=broken.purpose, expected=broken.expected, found=broken.found
            )
    return Verification(
        game_id=game.id,
        status=game.row.status,
        commitment=game.row.commitment,
        seed=game.row.seed.hex() if finished else None,
        report=report,
        consistent=consistent,
        out_of_sequence=out_of_sequence,
    )


class History:
    def __init__(self, access: GameAccess) -> None:
        self.access = access

    async def log_lines(self, channel_id: int, user_id: int | None, last: int = 20) -> LogPage:
        """The game's log as ``user_id`` may read it (public lines plus their seat's)."""
        game = await self.access.open_or_last(channel_id)
        viewer = viewer_for(game, user_id)
        rows = await self.access.db.log(game.id)
        lines = await asyncio.to_thread(log_lines_of, game, rows, viewer)
        return LogPage(lines=tuple(lines[-max(1, min(last, 200)) :]))

    async def log_page(
        self,
        channel_id: int,
        user_id: int | None,
        page: int | None = None,
        *,
        game_id: int | None = None,
        upto: int | None = None,
    ) -> LogPage:
        """Page ``page`` (None: the newest) of the log as ``user_id`` may read it.

        Pages hold :data:`PAGE_RECORDS` records each that make lines, counted back from
        the newest, so the newest page is always full and the first holds what is left.
        Only that page's records are read from the store. Paging on through one viewing
        passes the ``game_id`` and ``upto`` (the last record then) the first page gave,
        so the pages stay put while the game moves on.
        """
        game = await self.access.game_being_read(channel_id, game_id)
        viewer = viewer_for(game, user_id)
        reader = reader_of(viewer)
        db = self.access.db
        upto = game.version if upto is None else min(upto, game.version)
        total = await db.readable_lines(game.id, reader, upto)
        pages = max(1, -(-total // PAGE_RECORDS))
        number = pages if page is None else page
        if not 1 <= number <= pages:
            raise UserError(
                f"The log has {plural(pages, 'page')}: ask for a page from 1 to {pages}."
            )
        end = total - (pages - number) * PAGE_RECORDS
        start = max(0, end - PAGE_RECORDS)
        rows = await db.readable_slice(game.id, reader, upto, start, end - start, total=total)
        lines: list[str] = []
        if rows:
            numbering = await db.numbering_before(game.id, reader, rows[0].seq)
            undone = undone_batches(await db.undo_records(game.id, upto))
            actions = await db.records_at(game.id, batches_to_name(rows))
            lines = await asyncio.to_thread(
                page_lines, game, rows, undone, viewer, numbering, actions
            )
        return LogPage(lines=tuple(lines), page=number, pages=pages, game_id=game.id, upto=upto)

    async def export(self, channel_id: int, user_id: int | None) -> GameExport:
        """Setup and log; secrets appear only for their seat or after the end."""
        game = await self.access.open_or_last(channel_id)
        finished = game.row.status == "finished"
        viewer = Viewer.as_referee() if finished else viewer_for(game, user_id)
        rows = await self.access.db.log(game.id)
        return await asyncio.to_thread(export_of, game, rows, viewer)

    async def export_files(self, channel_id: int, user_id: int | None) -> PackedExport:
        """The export as compressed files small enough to send."""
        export = await self.export(channel_id, user_id)
        return await asyncio.to_thread(packed, export)

    async def verify(self, channel_id: int) -> Verification:
        """Re-derive every roll (after the end) and compare the snapshot with the log."""
        game = await self.access.open_or_last(channel_id)
        rows = await self.access.db.log(game.id)
        return await asyncio.to_thread(verification_of, game, rows)
