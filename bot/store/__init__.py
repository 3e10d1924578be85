"""Persistence: SQLite games, seats and the append-only log of each game."""

from bot.store.database import Database, VersionConflict
from bot.store.records import GameRow, LogRow, SeatRow

__all__ = ["Database", "GameRow", "LogRow", "SeatRow", "VersionConflict"]
