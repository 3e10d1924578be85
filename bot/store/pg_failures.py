"""What goes wrong with a PostgreSQL server, in the same words as the SQLite store's.

The server reports problems as SQLSTATE codes; a command that meets one gets a
:class:`~bot.store.failures.StoreFailure` naming the problem, and a server that cannot be
used at start-up a :class:`~bot.store.failures.DatabaseUnusable`. Addresses are shown
without their password.
"""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

import psycopg

from bot.store.failures import one_line

# SQLSTATE classes and codes the operator can act on
_PROBLEMS = {
    "53100": "the database disk is full",
    "53200": "the database server ran out of memory",
    "53300": "the database server has too many connections",
    "25006": "the database is read-only",
    "42501": "the database user may not do this (check its privileges)",
    "57P01": "the database server was shut down",
    "57P03": "the database server is starting up or shutting down",
    "XX001": "the database is damaged",
    "XX002": "the database is damaged",
}
_DAMAGE = frozenset({"XX001", "XX002"})
POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def is_postgres(location: str) -> bool:
    """Whether ``location`` names a PostgreSQL server rather than an SQLite file."""
    return location.lower().startswith(POSTGRES_SCHEMES)


def redacted(url: str) -> str:
    """``url`` with its password (if any) replaced by ``***``."""
    try:
        parts = urlsplit(url)
        password = parts.password
    except ValueError:
        return url.split("@", 1)[-1] if "@" in url else url
    if password is None:
        return url
    user = parts.username or ""
    host = parts.netloc.rsplit("@", 1)[-1]
    return urlunsplit(parts._replace(netloc=f"{user}:***@{host}"))


def pg_problem_of(error: psycopg.Error) -> str:
    """What ``error`` means for the database, in a few words."""
    code = error.sqlstate
    if code is not None and code in _PROBLEMS:
        return _PROBLEMS[code]
    if isinstance(error, psycopg.OperationalError) and code is None:
        return f"the database server cannot be reached ({one_line(str(error))})"
    return f"the database failed ({one_line(str(error))})"


def is_pg_damage(error: psycopg.Error) -> bool:
    """Whether ``error`` says stored data is damaged (not merely unreachable)."""
    return error.sqlstate in _DAMAGE
