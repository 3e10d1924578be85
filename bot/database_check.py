"""``python -m bot check-db``: the full integrity check of the database, for operators.

Start-up runs SQLite's quick check; this runs the full ``PRAGMA integrity_check`` (every
page, every index entry), reading the file without changing it, so it can run beside a
running bot. On PostgreSQL (a ``postgresql://`` address) it checks the store's own
invariants instead: every game's log runs without a gap up to the game's version. Exit
status 0: sound; 1: damaged (the problems are listed with how to recover); 2: the
database cannot be read at all.
"""

from __future__ import annotations

import asyncio
import sys

from bot.store import DatabaseUnusable, PostgresStore, integrity_report
from bot.store.failures import RECOVERY
from bot.store.pg_failures import is_postgres, redacted


def check_database(path: str) -> int:
    try:
        problems = asyncio.run(_server_problems(path)) if is_postgres(path) else None
        if problems is None:
            problems = integrity_report(path)
    except DatabaseUnusable as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    where = redacted(path)
    if not problems:
        print(f"{where}: the full integrity check found no problems.")
        return 0
    print(f"{where}: the database file is damaged:")
    for line in problems:
        print(f"  - {line}")
    print(f"To recover: {RECOVERY}.")
    return 1


async def _server_problems(url: str) -> list[str]:
    store = await PostgresStore.open(url)
    try:
        return await store.integrity_problems()
    finally:
        await store.close()
