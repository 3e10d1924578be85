"""The numbers players see for log records and board pictures.

The store numbers every record of a game's log in one sequence (``seq``), private ones
included, so showing ``seq`` would tell everybody how many secret records (an army-list
draft edited three times, say) a player has made. What users see counts public records
only: the n-th public record is number ``n``. A record only some readers may see is
numbered after the public record before it, ``n.k`` being the k-th such record that this
reader may see since public record ``n``; another reader's count never shows in it.

The numbers are worked out from each record's scope when the log is read, so games saved
by earlier releases are numbered the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from bot.store.records import LogRow

PUBLIC_SCOPE = "public"


def log_numbers(
    rows: Iterable[LogRow],
    readable: Callable[[LogRow], bool],
    public: int = 0,
    since: int = 0,
) -> dict[int, str]:
    """The number a reader sees for each record they may read (``readable``), by ``seq``.

    ``rows`` may start part-way through the log: ``public`` and ``since`` are then where
    the numbering stands before the first of them (``Database.numbering_before``).
    """
    numbers: dict[int, str] = {}
    for row in rows:
        if row.scope == PUBLIC_SCOPE:
            public += 1
            since = 0
            numbers[row.seq] = str(public)
        elif readable(row):
            since += 1
            numbers[row.seq] = f"{public}.{since}"
    return numbers


def picture_name(game_id: int, public: int) -> str:
    """A board picture's file name: the game and its public record count when drawn."""
    return f"board-{game_id}-v{public}.png"


def closeup_name(board: str) -> str:
    """The file name of the close-up drawn with the board picture called ``board``."""
    return "closeup-" + board.removeprefix("board-")
