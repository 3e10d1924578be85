"""Persistence: SQLite games, seats and the append-only log of each game."""

from bot.store.database import Database, VersionConflict, integrity_report
from bot.store.failures import DatabaseUnusable, StoreFailure
from bot.store.reader import Reader
from bot.store.records import GameRow, LogRow, SeatRow

__all__ = [
    "Database",
    "DatabaseUnusable",
    "GameRow",
    "LogRow",
    "Reader",
    "SeatRow",
    "StoreFailure",
    "VersionConflict",
    "integrity_report",
]
