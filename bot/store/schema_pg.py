"""Numbered schema migrations of the PostgreSQL store, applied in order at start-up.

They live in ``migrations_pg/NNNN_*.sql``, one transaction each (PostgreSQL changes its
schema transactionally, so a migration is applied whole or not at all), and the number
reached is kept in the one-row table ``umpire_schema``. An advisory lock held while
migrating lets several processes start against the same database at once: one applies
the migrations, the others wait and find them done.
"""

from __future__ import annotations

import re
from importlib import resources

from psycopg import AsyncConnection
from psycopg.rows import TupleRow

_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")
# the advisory lock key of schema changes (any fixed number: "umpire" in ASCII)
_LOCK = 0x756D70697265


def available() -> list[tuple[int, str]]:
    """(number, sql) of every bundled migration, in order."""
    found = []
    for entry in resources.files("bot.store.migrations_pg").iterdir():
        match = _NAME.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.read_text(encoding="utf-8")))
    found.sort()
    return found


async def current_version(conn: AsyncConnection[TupleRow]) -> int:
    """The number of the last migration applied; 0 for an empty database."""
    cursor = await conn.execute("SELECT to_regclass('umpire_schema') IS NOT NULL")
    row = await cursor.fetchone()
    if row is None or not row[0]:
        return 0
    cursor = await conn.execute("SELECT version FROM umpire_schema")
    row = await cursor.fetchone()
    return int(row[0]) if row else 0


async def migrate(conn: AsyncConnection[TupleRow], *, up_to: int | None = None) -> int:
    """Apply every migration newer than the database (up to ``up_to``, all by default);
    returns the resulting version. ``conn`` must be in autocommit mode."""
    await conn.execute("SELECT pg_advisory_lock(%s)", (_LOCK,))
    try:
        await conn.execute(
            "CREATE TABLE IF NOT EXISTS umpire_schema ("
            "one BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (one), version INTEGER NOT NULL)"
        )
        version = await current_version(conn)
        for number, sql in available():
            if number <= version or (up_to is not None and number > up_to):
                continue
            async with conn.transaction():
                await conn.execute(sql.encode("utf-8"))  # several statements, no parameters
                await conn.execute(
                    "INSERT INTO umpire_schema (version) VALUES (%s) "
                    "ON CONFLICT (one) DO UPDATE SET version = EXCLUDED.version",
                    (number,),
                )
            version = number
        return version
    finally:
        await conn.execute("SELECT pg_advisory_unlock(%s)", (_LOCK,))
