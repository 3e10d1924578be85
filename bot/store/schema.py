"""Numbered schema migrations, applied in order at start-up and safe to re-run."""

from __future__ import annotations

import re
import sqlite3
from importlib import resources

import aiosqlite

_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


def available() -> list[tuple[int, str]]:
    """(number, sql) of every bundled migration, in order."""
    found = []
    for entry in resources.files("bot.store.migrations").iterdir():
        match = _NAME.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.read_text(encoding="utf-8")))
    found.sort()
    return found


async def current_version(conn: aiosqlite.Connection) -> int:
    async with conn.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    return int(row[0]) if row else 0


async def migrate(conn: aiosqlite.Connection) -> int:
    """Apply every migration newer than the database; returns the resulting version."""
    version = await current_version(conn)
    for number, sql in available():
        if number <= version:
            continue
        await conn.execute("BEGIN IMMEDIATE")
        try:
            for statement in _statements(sql):
                await conn.execute(statement)
            await conn.execute(f"PRAGMA user_version = {number}")
            await conn.commit()
        except BaseException:
            await conn.rollback()
            raise
        version = number
    return version


def _statements(sql: str) -> list[str]:
    """The statements of a migration, one by one: a semicolon ends one only where SQLite
    says the statement is complete there (not inside a trigger's body)."""
    lines = [line for line in sql.splitlines() if not line.strip().startswith("--")]
    found, pending = [], ""
    for part in "\n".join(lines).split(";"):
        pending += part + ";"
        if sqlite3.complete_statement(pending):
            found.append(pending)
            pending = ""
    found.append(pending)  # an unfinished last statement, for SQLite to refuse
    statements = (text.strip().rstrip(";").rstrip() for text in found)
    return [statement for statement in statements if statement]
