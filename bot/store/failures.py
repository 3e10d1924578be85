"""What goes wrong with the database file itself, in words an operator or a player can act on.

SQLite reports a full disk, a read-only file or a damaged page as error codes; the store
turns them into :class:`DatabaseUnusable` when the file cannot be opened at start-up and
:class:`StoreFailure` when a command meets them later. Both carry one line naming the
problem, never a traceback.
"""

from __future__ import annotations

import sqlite3

# how to get a damaged database back, said wherever damage is found (see docs/operations.md)
RECOVERY = (
    "restore the latest backup (docs/operations.md, 'Restoring a backup') "
    "or move the file aside to start with an empty one"
)

_PROBLEMS = {
    sqlite3.SQLITE_FULL: "the database disk is full",
    sqlite3.SQLITE_READONLY: "the database is read-only",
    sqlite3.SQLITE_CORRUPT: "the database file is damaged",
    sqlite3.SQLITE_NOTADB: "the file is not an SQLite database",
    sqlite3.SQLITE_CANTOPEN: "the database file cannot be opened (SQLite must be able to "
    "write both the file and its folder)",
    sqlite3.SQLITE_IOERR: "the disk could not be read or written",
    sqlite3.SQLITE_PERM: "the database file may not be accessed",
    sqlite3.SQLITE_BUSY: "the database is locked by another program",
    sqlite3.SQLITE_LOCKED: "the database is locked by another program",
    sqlite3.SQLITE_NOMEM: "the bot ran out of memory",
}


def problem_of(error: sqlite3.Error) -> str:
    """What ``error`` means for the database file, in a few words."""
    code = getattr(error, "sqlite_errorcode", None)
    known = _PROBLEMS.get(code & 0xFF) if isinstance(code, int) else None
    return known or f"the database failed ({error})"


def one_line(report: str) -> str:
    """An SQLite check report on one line, without the name of the schema it is about."""
    text = report.replace("*** in database main ***", " ")
    return " ".join(text.split())


def is_damage(error: sqlite3.Error) -> bool:
    """Whether ``error`` says the file's content is damaged (not merely unreachable)."""
    code = getattr(error, "sqlite_errorcode", None)
    return isinstance(code, int) and code & 0xFF in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB)


class DatabaseUnusable(Exception):
    """The database file cannot be used at all: start-up stops with this one line."""

    def __init__(self, path: str, problem: str, *, damaged: bool = False) -> None:
        advice = f"; {RECOVERY}" if damaged else ""
        super().__init__(f"cannot use the database {path}: {problem}{advice}")
        self.path = path
        self.problem = problem
        self.damaged = damaged


class StoreFailure(Exception):
    """A command met a database problem; nothing it asked for was written, or (``unsure``:
    the connection to a database server was lost while it was being saved, and could not
    be had again to look) it may have been.

    ``message`` is for the person who asked, like a refusal's.
    """

    def __init__(self, problem: str, *, damaged: bool = False, unsure: bool = False) -> None:
        advice = (
            " The bot's operator must restore it from a backup (`python -m bot check-db` "
            "checks it)."
            if damaged
            else ""
        )
        result = (
            "it may or may not have been saved: look at the game before trying again"
            if unsure
            else "nothing was changed"
        )
        message = f"{problem[0].upper()}{problem[1:]}; {result}.{advice}"
        super().__init__(message)
        self.problem = problem
        self.damaged = damaged
        self.unsure = unsure
        self.message = message


def check_report(problems: list[str]) -> str:
    """What ``/admin check`` answers for the problems the full integrity check found."""
    if not problems:
        return "The full integrity check of the database found no problems."
    listed = "\n".join(f"- {line[:200]}" for line in problems[:10])
    return (
        "The database file is damaged; games will not be changed until it is repaired. "
        f"To recover, {RECOVERY}.\n{listed}"
    )[:2000]
