"""The public lines of a stretch of the log, as everybody may read them (no numbers): what
the compact channel posts sum up and what the dashboard shows last."""

from __future__ import annotations

import json

from bot.service.loaded import LoadedGame, undone_batches
from bot.service.narration import narrate
from bot.store.records import LogRow
from rules.core import engine
from rules.core.language import Language
from rules.core.state import GameState


def public_lines(
    game: LoadedGame,
    rows: list[LogRow],
    state: GameState | None,
    language: Language = Language.ENGLISH,
) -> list[str]:
    """One line per public event of ``rows`` that makes one, in ``language``, leaving out
    the events of batches an undo among ``rows`` took back; ``state`` names things."""
    undone = undone_batches(rows)
    lines = []
    for row in rows:
        if row.kind != "event" or row.scope != "public" or row.batch in undone:
            continue
        event = engine.parse_event(game.system, json.loads(row.payload))
        line = narrate(game.system, event, state, language)
        if line is not None:
            lines.append(line)
    return lines
