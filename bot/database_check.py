"""``python -m bot check-db``: the full integrity check of the database file, for operators.

Start-up runs SQLite's quick check; this runs the full ``PRAGMA integrity_check`` (every
page, every index entry), reading the file without changing it, so it can run beside a
running bot. Exit status 0: sound; 1: damaged (the problems are listed with how to
recover); 2: the file cannot be read at all.
"""

from __future__ import annotations

import sys

from bot.store import DatabaseUnusable, integrity_report
from bot.store.failures import RECOVERY


def check_database(path: str) -> int:
    try:
        problems = integrity_report(path)
    except DatabaseUnusable as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if not problems:
        print(f"{path}: the full integrity check found no problems.")
        return 0
    print(f"{path}: the database file is damaged:")
    for line in problems:
        print(f"  - {line}")
    print(f"To recover: {RECOVERY}.")
    return 1
