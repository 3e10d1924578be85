"""The SQLite database behind the service (aiosqlite, WAL, full sync).

One connection serves the whole process; a write lock keeps transactions from
interleaving on it, and the ``(game_id, seq)`` primary key of the log is the
compare-and-set that makes concurrent writers (even across processes) safe: a writer
appends at ``version + 1`` and a collision means someone else moved first.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import aiosqlite

from bot.store.records import GameRow, LogRow, NewRecord, SeatRow
from bot.store.schema import migrate

_GAME_COLUMNS = ", ".join(GameRow.__slots__)
_UPDATABLE = frozenset(
    {
        "status",
        "state",
        "reminder_seconds",
        "waiting_on",
        "waiting_since",
        "reminded_at",
        "undo_request",
        "ended_at",
        "seed",
        "paused",
        "rules_version",
    }
)


class VersionConflict(Exception):
    """Another write reached the game first; reload and try again."""


class ChannelBusy(Exception):
    """The channel already holds an open game."""


class Database:
    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn
        self._write = asyncio.Lock()

    @classmethod
    async def open(cls, path: str) -> Database:
        if path != ":memory:" and not path.startswith("file:"):
            Path(path).expanduser().parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(path, isolation_level=None)
        await conn.execute("PRAGMA journal_mode=WAL")
        await conn.execute("PRAGMA synchronous=FULL")
        await conn.execute("PRAGMA foreign_keys=ON")
        await conn.execute("PRAGMA busy_timeout=5000")
        await migrate(conn)
        return cls(conn)

    async def close(self) -> None:
        await self._conn.close()

    # -- reading ----------------------------------------------------------------------
    async def _one(self, sql: str, params: Sequence[Any]) -> Any:
        rows = await self._conn.execute_fetchall(sql, params)
        return next(iter(rows), None)

    async def _all(self, sql: str, params: Sequence[Any]) -> list[Any]:
        return list(await self._conn.execute_fetchall(sql, params))

    async def game(self, game_id: int) -> GameRow | None:
        row = await self._one(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return GameRow(*row) if row else None

    async def open_game(self, channel_id: int) -> GameRow | None:
        row = await self._one(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ? "
            "AND status IN ('lobby', 'active')",
            (channel_id,),
        )
        return GameRow(*row) if row else None

    async def latest_game(self, channel_id: int) -> GameRow | None:
        row = await self._one(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1",
            (channel_id,),
        )
        return GameRow(*row) if row else None

    async def seats(self, game_id: int) -> list[SeatRow]:
        rows = await self._all(
            "SELECT seat, user_id, name, position FROM seats WHERE game_id = ? ORDER BY position",
            (game_id,),
        )
        return [SeatRow(*row) for row in rows]

    async def log(self, game_id: int, after_seq: int = 0) -> list[LogRow]:
        rows = await self._all(
            "SELECT seq, batch, kind, seat, user_id, scope, payload, created_at FROM events "
            "WHERE game_id = ? AND seq > ? ORDER BY seq",
            (game_id, after_seq),
        )
        return [LogRow(*row) for row in rows]

    async def public_records(self, game_id: int) -> int:
        """How many records of the game's log everybody may read."""
        rows = await self._all(
            "SELECT count(*) FROM events WHERE game_id = ? AND scope = 'public'", (game_id,)
        )
        return int(rows[0][0])

    async def games_of_user(self, user_id: int, include_finished: bool = False) -> list[GameRow]:
        statuses = "('lobby', 'active', 'finished')" if include_finished else "('lobby', 'active')"
        rows = await self._all(
            f"SELECT {', '.join('g.' + c for c in GameRow.__slots__)} FROM games g "
            "JOIN seats s ON s.game_id = g.id "
            f"WHERE s.user_id = ? AND g.status IN {statuses} ORDER BY g.updated_at DESC",
            (user_id,),
        )
        return [GameRow(*row) for row in rows]

    async def waiting_games(
        self, now: float, *, minimum_seconds: float | None = None
    ) -> list[GameRow]:
        """Active games whose awaited players have been quiet for the reminder delay, or
        (with ``minimum_seconds``) for at least that long, whatever the reminder delay."""
        if minimum_seconds is not None:
            rows = await self._all(
                f"SELECT {_GAME_COLUMNS} FROM games WHERE status = 'active' AND paused IS NULL "
                "AND waiting_since IS NOT NULL AND waiting_since + ? <= ?",
                (minimum_seconds, now),
            )
            return [GameRow(*row) for row in rows]
        rows = await self._all(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE status = 'active' AND paused IS NULL "
            "AND waiting_since IS NOT NULL "
            "AND MAX(waiting_since, COALESCE(reminded_at, 0)) + reminder_seconds <= ?",
            (now,),
        )
        return [GameRow(*row) for row in rows]

    async def count_games(self) -> int:
        row = await self._one("SELECT COUNT(*) FROM games", ())
        return int(row[0])

    # -- writing ----------------------------------------------------------------------
    async def create_game(
        self,
        *,
        channel_id: int,
        guild_id: int | None,
        system: str,
        rules_version: str,
        options: str,
        creator_id: int,
        seed: bytes,
        commitment: str,
        reminder_seconds: int,
        now: float,
        meta: NewRecord,
        creator_seat: tuple[SeatRow, NewRecord] | None = None,
    ) -> int:
        """Insert a game in its lobby with ``meta`` as batch 1 of its log.

        ``creator_seat`` seats the creator in the same transaction, logged as batch 2, so
        a crash never leaves a game whose creator is not seated.
        """
        version = 1 if creator_seat is None else 2
        async with self._write:
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                cursor = await self._conn.execute(
                    "INSERT INTO games (channel_id, guild_id, system, rules_version, status, "
                    "options, creator_id, seed, commitment, version, reminder_seconds, "
                    "created_at, updated_at) VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        channel_id,
                        guild_id,
                        system,
                        rules_version,
                        options,
                        creator_id,
                        seed,
                        commitment,
                        version,
                        reminder_seconds,
                        now,
                        now,
                    ),
                )
                game_id = cursor.lastrowid
                assert game_id is not None
                rows = _event_rows(game_id, 0, [meta], now)
                if creator_seat is not None:
                    seat, joined = creator_seat
                    rows += _event_rows(game_id, 1, [joined], now)
                    await self._conn.execute(
                        "INSERT INTO seats (game_id, seat, user_id, name, position) "
                        "VALUES (?, ?, ?, ?, ?)",
                        (game_id, seat.seat, seat.user_id, seat.name, seat.position),
                    )
                await self._conn.executemany(_INSERT_EVENT, rows)
                await self._conn.commit()
            except sqlite3.IntegrityError as exc:
                await self._conn.rollback()
                raise ChannelBusy(str(exc)) from exc
            except BaseException:
                await self._conn.rollback()
                raise
        return game_id

    async def append(
        self,
        game_id: int,
        expected_version: int,
        records: Sequence[NewRecord],
        now: float,
        *,
        updates: dict[str, Any] | None = None,
        seat_changes: Sequence[tuple[str, SeatRow | str]] = (),
    ) -> int:
        """Append ``records`` as one batch if the game is still at ``expected_version``.

        ``updates`` sets game columns in the same transaction; ``seat_changes`` holds
        ``("add", SeatRow)``, ``("remove", seat_id)`` or ``("hand", SeatRow)`` (the seat
        passes to another member). Returns the new version.
        """
        updates = dict(updates or {})
        unknown = set(updates) - _UPDATABLE
        if unknown:
            raise ValueError(f"columns not updatable: {sorted(unknown)}")
        async with self._write:
            # The whole transaction runs as one call on the database thread: one hop
            # instead of one per statement, and nothing else can interleave with it.
            return int(
                await self._conn._execute(  # type: ignore[no-untyped-call]
                    _append_in_thread,
                    self._conn._conn,
                    game_id,
                    expected_version,
                    records,
                    now,
                    updates,
                    seat_changes,
                )
            )

    async def touch(self, game_id: int, **updates: Any) -> None:
        """Update bookkeeping columns (reminders) without a new version."""
        unknown = set(updates) - _UPDATABLE
        if unknown or not updates:
            raise ValueError(f"columns not updatable: {sorted(unknown)}")
        assignments = ", ".join(f"{column} = ?" for column in updates)
        async with self._write:
            await self._conn.execute(
                f"UPDATE games SET {assignments} WHERE id = ?", (*updates.values(), game_id)
            )
            await self._conn.commit()

    async def integrity_ok(self) -> bool:
        row = await self._one("PRAGMA integrity_check", ())
        return bool(row and row[0] == "ok")


_INSERT_EVENT = (
    "INSERT INTO events (game_id, seq, batch, kind, seat, user_id, scope, payload, created_at) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
)


def _event_rows(
    game_id: int, version: int, records: Sequence[NewRecord], now: float
) -> list[tuple[Any, ...]]:
    """Rows of one batch appended after ``version``; seqs and batch start at ``version + 1``."""
    return [
        (game_id, version + 1 + i, version + 1, r.kind, r.seat, r.user_id, r.scope, r.payload, now)
        for i, r in enumerate(records)
    ]


def _append_in_thread(
    conn: sqlite3.Connection,
    game_id: int,
    expected_version: int,
    records: Sequence[NewRecord],
    now: float,
    updates: dict[str, Any],
    seat_changes: Sequence[tuple[str, SeatRow | str]],
) -> int:
    """Body of :meth:`Database.append`, run on the connection's own thread."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        conn.executemany(_INSERT_EVENT, _event_rows(game_id, expected_version, records, now))
        seq = expected_version + len(records)
        assignments = "".join(f", {column} = ?" for column in updates)
        cursor = conn.execute(
            f"UPDATE games SET version = ?, updated_at = ?{assignments} "
            "WHERE id = ? AND version = ?",
            (seq, now, *updates.values(), game_id, expected_version),
        )
        if cursor.rowcount != 1:
            raise VersionConflict(f"game {game_id} moved past version {expected_version}")
        for change, value in seat_changes:
            if change == "add" and isinstance(value, SeatRow):
                conn.execute(
                    "INSERT INTO seats (game_id, seat, user_id, name, position) "
                    "VALUES (?, ?, ?, ?, ?)",
                    (game_id, value.seat, value.user_id, value.name, value.position),
                )
            elif change == "remove" and isinstance(value, str):
                conn.execute("DELETE FROM seats WHERE game_id = ? AND seat = ?", (game_id, value))
            elif change == "hand" and isinstance(value, SeatRow):
                conn.execute(
                    "UPDATE seats SET user_id = ?, name = ? WHERE game_id = ? AND seat = ?",
                    (value.user_id, value.name, game_id, value.seat),
                )
        conn.commit()
    except sqlite3.IntegrityError as exc:
        conn.rollback()
        raise VersionConflict(str(exc)) from exc
    except BaseException:
        conn.rollback()
        raise
    return seq
