"""Persistence: games, seats and the append-only log of each game, behind one contract
(:class:`Store`) that the service depends on; SQLite keeps them (:class:`Database`)."""

from bot.store.conflicts import ChannelBusy, VersionConflict
from bot.store.contract import Store
from bot.store.database import Database, integrity_report
from bot.store.failures import DatabaseUnusable, StoreFailure
from bot.store.records import GameRow, LogRow, SeatRow

__all__ = [
    "ChannelBusy",
    "Database",
    "DatabaseUnusable",
    "GameRow",
    "LogRow",
    "SeatRow",
    "Store",
    "StoreFailure",
    "VersionConflict",
    "integrity_report",
]
