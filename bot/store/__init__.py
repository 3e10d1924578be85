"""Persistence: games, seats and the append-only log of each game, in SQLite (the
default) or PostgreSQL, behind one contract (:class:`Store`)."""

from bot.store.conflicts import ChannelBusy, VersionConflict
from bot.store.contract import Store
from bot.store.database import Database, integrity_report
from bot.store.failures import DatabaseUnusable, StoreFailure
from bot.store.opening import open_store
from bot.store.postgres import PostgresStore
from bot.store.reader import Reader
from bot.store.records import GameRow, LogRow, SeatRow

__all__ = [
    "ChannelBusy",
    "Database",
    "DatabaseUnusable",
    "GameRow",
    "LogRow",
    "PostgresStore",
    "Reader",
    "SeatRow",
    "Store",
    "StoreFailure",
    "VersionConflict",
    "integrity_report",
    "open_store",
]
