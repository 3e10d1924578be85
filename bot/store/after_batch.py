"""The game as a batch leaves it, worked out from the game as it was read and what the
batch wrote (:meth:`bot.store.contract.Store.advance`): what the next command on the game
starts from without reading it again."""

from __future__ import annotations

import json
from collections.abc import Sequence
from operator import attrgetter
from typing import Any

from bot.store.records import GameRow, NewRecord, OpenGame

_COLUMNS = {column: at for at, column in enumerate(GameRow.__slots__)}
_VALUES = attrgetter(*GameRow.__slots__)


def game_after(
    read: OpenGame,
    records: Sequence[NewRecord],
    now: float,
    updates: dict[str, Any],
    stamp: str | None,
) -> OpenGame:
    """``read`` after the batch of ``records`` appended at ``now`` with ``updates`` set:
    the row as the database now holds it, the same seats (a batch that changes seats is
    not advanced this way), the dice counter past the batch's rolls, and the row's new
    ``stamp`` where the database gave one."""
    values = list(_VALUES(read.row))  # what dataclasses.replace does, a good deal faster
    values[_COLUMNS["version"]] = read.row.version + len(records)
    values[_COLUMNS["updated_at"]] = now
    for column, value in updates.items():
        values[_COLUMNS[column]] = value
    high = max(read.next_dice_counter, dice_high(records))
    return OpenGame(GameRow(*values), read.seats, high, stamp)


def dice_high(records: Sequence[NewRecord]) -> int:
    """The highest ``counter_end`` of the batch's dice events (0 without any): what the
    stores' ``DICE_HIGH`` query reads of the same records once they are in the log."""
    high = 0
    for record in records:
        if record.kind != "event" or '"dice"' not in record.payload:
            continue
        payload = json.loads(record.payload)
        if isinstance(payload, dict) and payload.get("type") == "dice":
            end = payload.get("counter_end")
            if isinstance(end, int | float):
                high = max(high, int(end))
    return high
