"""``python -m bot migrate-store --from sqlite:///path --to postgresql://…``: move every game
from the SQLite file to a PostgreSQL database, and prove the copy.

Everything is copied in one PostgreSQL transaction, whole or not at all: games (with their
ids, so buttons already on Discord keep naming the right game), seats, every log record,
kept snapshots and saved rolls (players' and servers'). Then the copy is checked: the same
number of rows in every table, every row the same, and every game's log replayed on both
sides to the same state (which also equals the snapshot the game carries). Running it again
copies nothing new and checks again, so it is safe to re-run; a target holding other games
is refused. The bot must be stopped meanwhile. The SQLite file is first brought up to the
current schema, as starting the bot on it would.
"""

from __future__ import annotations

import asyncio
import sqlite3
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg

from bot.service.access import GameAccess
from bot.service.errors import UserError
from bot.service.loaded import rebuild_state
from bot.service.snapshots import decode_state
from bot.store import Database, DatabaseUnusable, PostgresStore, Store
from bot.store.failures import one_line
from bot.store.pg_failures import is_postgres, pg_problem_of, redacted
from bot.store.records import DM_QUESTION_COLUMNS, GameRow

# table: (its columns, its key) in the order they are copied
TABLES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "games": (GameRow.__slots__, ("id",)),
    "seats": (("game_id", "seat", "user_id", "name", "position"), ("game_id", "seat")),
    "events": (
        ("game_id", "seq", "batch", "kind", "seat", "user_id", "scope", "payload", "created_at"),
        ("game_id", "seq"),
    ),
    "snapshots": (("game_id", "version", "rules_version", "state"), ("game_id", "version")),
    "roll_macros": (
        ("guild_id", "user_id", "name", "dice", "saved_at"),
        ("guild_id", "user_id", "name"),
    ),
    "server_roll_macros": (
        ("guild_id", "name", "dice", "saved_by", "saved_at"),
        ("guild_id", "name"),
    ),
    "server_settings": (("guild_id", "settings", "changed_at"), ("guild_id",)),
    "user_languages": (("user_id", "language", "seen_at"), ("user_id",)),
    "dm_questions": (tuple(c.strip() for c in DM_QUESTION_COLUMNS.split(",")), ("message_id",)),
}
_BYTES = {("games", "state"), ("snapshots", "state")}  # BYTEA on PostgreSQL
# what identifies a game: a game of the same id that differs here is another game
_IDENTITY = ("id", "channel_id", "creator_id", "seed", "commitment", "created_at")


class CopyRefused(Exception):
    """The copy cannot be made (or does not match); the message says why, in one line."""


@dataclass
class CopyReport:
    counts: dict[str, int] = field(default_factory=dict)  # rows of each table, both sides
    new_games: int = 0  # games the target did not hold before
    replayed: int = 0  # games whose log was replayed on both sides
    not_replayed: list[str] = field(default_factory=list)  # games of systems not installed

    def lines(self) -> list[str]:
        counted = ", ".join(f"{count} {table}" for table, count in self.counts.items())
        said = [
            f"copied: {counted}",
            f"{self.new_games} games new to the target, "
            f"{self.counts.get('games', 0) - self.new_games} already there",
            f"{self.replayed} games replayed to the same state on both sides",
        ]
        said += [f"not replayed: {reason}" for reason in self.not_replayed]
        return said


def sqlite_path(location: str) -> str:
    """The file named by ``sqlite:///path`` (absolute) or by a plain path."""
    if location.startswith("sqlite://"):
        path = location[len("sqlite://") :]
        if not path.startswith("/") or path == "/":
            raise CopyRefused(f"{location} names no file: write sqlite:///absolute/path")
        return path
    if "://" in location:
        raise CopyRefused(f"{redacted(location)} is not an SQLite file (sqlite:///path)")
    return location


async def copy_store(source: str, target: str) -> CopyReport:
    """Copy the SQLite file ``source`` into the PostgreSQL database ``target`` and check
    the copy. Raises :class:`CopyRefused` or :class:`DatabaseUnusable`."""
    path = sqlite_path(source)
    if not is_postgres(target):
        raise CopyRefused(f"{redacted(target)} is not a postgresql:// address")
    if not Path(path).is_file():  # opening would make an empty one
        raise CopyRefused(f"there is no SQLite file at {path}")
    old = await Database.open(path)  # checked and migrated, as the bot would at start
    await old.close()
    new = await PostgresStore.open(target)  # reachable, with the current schema
    await new.close()
    rows = _read_sqlite(path)
    try:
        async with await psycopg.AsyncConnection.connect(target) as conn:
            new_games, counts = await _write(conn, rows)
    except psycopg.Error as exc:
        raise CopyRefused(f"copying failed: {pg_problem_of(exc)}; nothing was copied") from None
    report = CopyReport(counts=counts, new_games=new_games)
    await _replay_everything(path, target, [int(row[0]) for row in rows["games"]], report)
    return report


def _read_sqlite(path: str) -> dict[str, list[tuple[Any, ...]]]:
    conn = sqlite3.connect(path)
    try:
        return {
            table: [
                _stored(table, columns, row)
                for row in conn.execute(
                    f"SELECT {', '.join(columns)} FROM {table} ORDER BY {', '.join(key)}"
                )
            ]
            for table, (columns, key) in TABLES.items()
        }
    finally:
        conn.close()


def _stored(table: str, columns: Sequence[str], row: Sequence[Any]) -> tuple[Any, ...]:
    """A source row as PostgreSQL holds it: a text snapshot (older releases) as bytes."""
    return tuple(
        value.encode("utf-8") if isinstance(value, str) and (table, column) in _BYTES else value
        for column, value in zip(columns, row, strict=True)
    )


async def _write(
    conn: psycopg.AsyncConnection[tuple[Any, ...]], rows: dict[str, list[tuple[Any, ...]]]
) -> tuple[int, dict[str, int]]:
    """Insert what the target lacks and compare, in one transaction that a difference rolls
    back; returns how many games were new and the rows of each table. Games and seats
    already there take the source's values (the source is the truth); log records,
    snapshots and saved rolls already there are kept, so one that differs is found."""
    game_columns = TABLES["games"][0]
    at = [game_columns.index(column) for column in _IDENTITY]
    wanted = {row[0]: tuple(row[i] for i in at) for row in rows["games"]}
    async with conn.transaction():
        cursor = await conn.execute(
            f"SELECT {', '.join(_IDENTITY)} FROM games ORDER BY id FOR UPDATE"
        )
        present = {row[0]: tuple(row) for row in await cursor.fetchall()}
        strangers = [
            game_id for game_id, identity in present.items() if wanted.get(game_id) != identity
        ]
        if strangers:
            raise CopyRefused(
                f"the target already holds {len(strangers)} other games (game {strangers[0]} "
                "first); copy into an empty database"
            )
        for table, (columns, key) in TABLES.items():
            names = ", ".join(columns)
            marks = ", ".join(["%s"] * len(columns))
            keys = ", ".join(key)
            if table == "games":
                changes = ", ".join(f"{c} = EXCLUDED.{c}" for c in columns if c != "id")
                conflict = f"ON CONFLICT ({keys}) DO UPDATE SET {changes}"
            elif table == "seats":
                await conn.execute("DELETE FROM seats WHERE game_id = ANY(%s)", (list(present),))
                conflict = ""
            else:
                conflict = f"ON CONFLICT ({keys}) DO NOTHING"
            async with conn.cursor() as cursor:
                await cursor.executemany(
                    f"INSERT INTO {table} ({names}) VALUES ({marks}) {conflict}", rows[table]
                )
        await conn.execute(
            "SELECT setval(pg_get_serial_sequence('games', 'id'), "
            "(SELECT COALESCE(max(id), 0) + 1 FROM games), false)"
        )
        counts = await _compare(conn, rows)
    return len(set(wanted) - set(present)), counts


async def _compare(
    conn: psycopg.AsyncConnection[tuple[Any, ...]], rows: dict[str, list[tuple[Any, ...]]]
) -> dict[str, int]:
    """The rows of every table, which must be the source's exactly; their counts."""
    counts = {}
    for table, (columns, key) in TABLES.items():
        cursor = await conn.execute(
            f"SELECT {', '.join(columns)} FROM {table} ORDER BY {', '.join(key)}"
        )
        copied = [tuple(row) for row in await cursor.fetchall()]
        if len(copied) != len(rows[table]):
            raise CopyRefused(
                f"the target holds {len(copied)} {table} rows, the source {len(rows[table])}"
            )
        for theirs, ours in zip(copied, rows[table], strict=True):
            if theirs != ours:
                where = dict(zip(key, ours[: len(key)], strict=True))
                raise CopyRefused(f"the {table} row {where} differs between source and target")
        counts[table] = len(copied)
    return counts


async def _replay_everything(
    path: str, target: str, game_ids: list[int], report: CopyReport
) -> None:
    """Replay every game's log on both sides: the same state, equal to its snapshot."""
    old = await Database.open(path)
    new = await PostgresStore.open(target)
    try:
        for game_id in game_ids:
            try:
                theirs = await _replayed(old, game_id)
                ours = await _replayed(new, game_id)
            except UserError as refusal:
                report.not_replayed.append(f"game {game_id}: {refusal}")
                continue
            if ours != theirs:  # the rows are the same: this would be a fault of the bot's
                raise CopyRefused(
                    f"game {game_id} replays differently from the source although its rows "
                    "were copied unchanged"
                )
            report.replayed += 1
    finally:
        await old.close()
        await new.close()


async def _replayed(store: Store, game_id: int) -> object:
    access = GameAccess(store, default_reminder_seconds=0, clock=lambda: 0.0, seed_source=bytes)
    row = await store.game(game_id)
    if row is None:
        raise CopyRefused(f"game {game_id} is missing")
    game = await access.load(row)
    if row.state is None:
        return None
    state = rebuild_state(game, await store.log(game_id))
    if row.rules_version == game.system.rules_version:
        carried = decode_state(game.system.state_model, row.state)
        if carried != state:
            raise CopyRefused(f"game {game_id}'s snapshot differs from its replayed log")
    return state


def main_copy(source: str, target: str) -> int:
    """The command: 0 when copied and checked, 1 when refused, 2 when a store is unusable."""
    try:
        report = asyncio.run(copy_store(source, target))
    except DatabaseUnusable as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except CopyRefused as refused:
        print(f"error: {one_line(str(refused))}", file=sys.stderr)
        return 1
    for line in report.lines():
        print(line)
    return 0
