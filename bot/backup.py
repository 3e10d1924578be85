"""``python -m bot backup --to FILE [--db PATH]``: a consistent copy of the SQLite database,
taken with SQLite's online backup API while the bot runs (playing goes on meanwhile; a
write that lands during the copy makes SQLite copy again from the start), then checked
with the full integrity check before it is given its name.

Exit status 0: copied and sound; 1: refused (the target exists, the copy is damaged);
2: the database cannot be read, or it is a PostgreSQL server, which ``pg_dump`` backs up
(``deploy/README.md``).
"""

from __future__ import annotations

import contextlib
import sqlite3
import sys
from pathlib import Path

from bot.store import DatabaseUnusable, integrity_report
from bot.store.failures import problem_of
from bot.store.pg_failures import is_postgres, redacted

PAGES_PER_STEP = 256  # pages copied between chances for the bot to write


def main_backup(location: str, target: str) -> int:
    if is_postgres(location):
        print(
            f"error: {redacted(location)} is a PostgreSQL server: back it up with "
            "`pg_dump -Fc` (see deploy/README.md)",
            file=sys.stderr,
        )
        return 2
    source, copy = Path(location), Path(target)
    if not source.is_file():
        print(f"error: there is no database file {source} to back up", file=sys.stderr)
        return 2
    if copy.exists():
        print(f"error: {copy} already exists; name a new file for the backup", file=sys.stderr)
        return 1
    partial = copy.with_name(copy.name + ".partial")
    try:
        copy.parent.mkdir(parents=True, exist_ok=True)
        partial.unlink(missing_ok=True)
        games = _copy(source, partial)
    except (sqlite3.Error, OSError) as exc:
        partial.unlink(missing_ok=True)
        reason = problem_of(exc) if isinstance(exc, sqlite3.Error) else exc.strerror or str(exc)
        print(f"error: cannot back up {source}: {reason}", file=sys.stderr)
        return 2
    try:
        problems = integrity_report(str(partial))
    except DatabaseUnusable as error:
        problems = [str(error)]
    if problems:
        partial.unlink(missing_ok=True)
        print(f"error: the copy of {source} is damaged, so it was not kept:", file=sys.stderr)
        for line in problems:
            print(f"  - {line}", file=sys.stderr)
        return 1
    partial.rename(copy)
    size = copy.stat().st_size
    print(f"{source}: {games} games backed up to {copy} ({size:,} bytes), checked sound.")
    return 0


def _copy(source: Path, target: Path) -> int:
    """Copy ``source`` into the new file ``target`` page by page; the games it holds."""
    uri = f"{source.expanduser().absolute().as_uri()}?mode=ro"  # never created nor changed
    with (
        contextlib.closing(sqlite3.connect(uri, uri=True)) as reader,
        contextlib.closing(sqlite3.connect(target)) as writer,
    ):
        reader.backup(writer, pages=PAGES_PER_STEP)
        writer.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
        row = writer.execute("SELECT count(*) FROM games").fetchone()
    return int(row[0]) if row else 0
