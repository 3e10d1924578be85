"""Opening the configured store: PostgreSQL for a ``postgresql://`` address, else SQLite."""

from __future__ import annotations

from bot.store.contract import Store
from bot.store.database import Database
from bot.store.failures import DatabaseUnusable
from bot.store.pg_failures import is_postgres, redacted
from bot.store.postgres import PostgresStore


async def open_store(location: str) -> Store:
    """The store at ``location``: a ``postgresql://`` (or ``postgres://``) address opens the
    PostgreSQL store, a file path the SQLite one. Any other address (``mysql://…``, a
    mistyped scheme) raises :class:`DatabaseUnusable` rather than quietly using a file."""
    if is_postgres(location):
        return await PostgresStore.open(location)
    if "://" in location:
        raise DatabaseUnusable(
            redacted(location),
            "only postgresql:// addresses name a database server (unset "
            "UMPIRE_DATABASE_URL to keep games in the SQLite file UMPIRE_DATABASE)",
        )
    return await Database.open(location)
