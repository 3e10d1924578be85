"""The SQLite database behind the service (aiosqlite, WAL, full sync).

One connection serves the whole process; a write lock keeps transactions from
interleaving on it, and the ``(game_id, seq)`` primary key of the log is the
compare-and-set that makes concurrent writers (even across processes) safe: a writer
appends at ``version + 1`` and a collision means someone else moved first.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from bot.store.after_batch import game_after
from bot.store.conflicts import ChannelBusy, VersionConflict
from bot.store.failures import DatabaseUnusable, StoreFailure, is_damage, one_line, problem_of
from bot.store.reads import SharedReads
from bot.store.records import (
    DM_QUESTION_COLUMNS,
    DmQuestion,
    GameRow,
    LogRow,
    NewRecord,
    OpenGame,
    SeatRow,
    dm_question_of,
    dm_question_row,
)
from bot.store.records import UPDATABLE as _UPDATABLE
from bot.store.schema import migrate
from bot.store.timer_due import GAME_COLUMNS_OF_G, due_and_free

__all__ = ["ChannelBusy", "Database", "VersionConflict", "integrity_report"]


class Database(SharedReads):
    MARK = "?"
    BY_SCOPE = " INDEXED BY events_by_scope"
    DICE_HIGH = (
        "SELECT MAX(json_extract(payload, '$.counter_end')) FROM events "  # indexed
        "WHERE game_id = {game} AND kind = 'event' AND json_extract(payload, '$.type') = 'dice'"
    )

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn
        self._write = asyncio.Lock()
        # set once SQLite reports a damaged page: from then on nothing more is written
        self.damaged = False

    @classmethod
    async def open(cls, path: str) -> Database:
        """Open (creating if need be), check and migrate the database at ``path``.

        A file that is not a database, is damaged (``PRAGMA quick_check``), cannot be
        written or whose folder cannot be made raises :class:`DatabaseUnusable` with one
        line naming the file and the problem; the connection is closed first, so the
        process can exit at once.
        """
        if path != ":memory:" and not path.startswith("file:"):
            try:
                Path(path).expanduser().parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                reason = exc.strerror or str(exc)
                raise DatabaseUnusable(path, f"its folder cannot be made ({reason})") from None
        try:
            conn = await aiosqlite.connect(path, isolation_level=None)
        except sqlite3.Error as exc:
            raise DatabaseUnusable(path, problem_of(exc), damaged=is_damage(exc)) from None
        try:
            await conn.execute("PRAGMA journal_mode=WAL")
            await conn.execute("PRAGMA synchronous=FULL")
            await conn.execute("PRAGMA foreign_keys=ON")
            await conn.execute("PRAGMA busy_timeout=5000")
            damage = await _quick_check(conn)
            if damage is not None:
                raise DatabaseUnusable(
                    path, f"the database file is damaged ({damage})", damaged=True
                )
            await _probe_writing(conn)
            try:
                await migrate(conn)
            except sqlite3.Error as exc:
                problem = f"updating its schema failed: {problem_of(exc)}"
                raise DatabaseUnusable(path, problem, damaged=is_damage(exc)) from None
        except sqlite3.Error as exc:
            await conn.close()
            raise DatabaseUnusable(path, problem_of(exc), damaged=is_damage(exc)) from None
        except BaseException:
            await conn.close()
            raise
        return cls(conn)

    async def close(self) -> None:
        await self._conn.close()

    @contextmanager
    def _failures(self) -> Iterator[None]:
        """SQLite errors as :class:`StoreFailure`; damage found marks the database."""
        try:
            yield
        except sqlite3.IntegrityError:
            raise
        except sqlite3.Error as exc:
            damaged = is_damage(exc)
            self.damaged = self.damaged or damaged
            raise StoreFailure(problem_of(exc), damaged=damaged) from exc

    def _writable(self) -> None:
        if self.damaged:
            raise StoreFailure("the database file is damaged", damaged=True)

    async def integrity_problems(self, *, limit: int = 20) -> list[str]:
        """The full ``PRAGMA integrity_check``: no lines when the file is sound, else the
        first ``limit`` problems SQLite found. Finding any marks the database damaged."""
        try:
            rows = await self._all(f"PRAGMA integrity_check({int(limit)})", ())
        except StoreFailure as failure:
            self.damaged = True
            return [failure.problem]
        lines = _integrity_problems(rows)
        if lines:
            self.damaged = True
        return lines

    # -- reading ----------------------------------------------------------------------
    async def _one(self, sql: str, params: Sequence[Any]) -> Any:
        with self._failures():
            rows = await self._conn.execute_fetchall(sql, params)
        return next(iter(rows), None)

    async def _all(self, sql: str, params: Sequence[Any]) -> list[Any]:
        with self._failures():
            return list(await self._conn.execute_fetchall(sql, params))

    async def snapshot(self, game_id: int, version: int) -> str | bytes | None:
        """The snapshot kept at ``version`` (see :meth:`append`'s ``keep_snapshot``)."""
        row = await self._one(
            "SELECT state FROM snapshots WHERE game_id = ? AND version = ?", (game_id, version)
        )
        return row[0] if row else None

    # -- reading records by position --------------------------------------------------
    async def records_at(self, game_id: int, seqs: Iterable[int]) -> dict[int, LogRow]:
        """The records at these positions of the log, by ``seq``."""
        wanted = sorted(set(seqs))
        found: dict[int, LogRow] = {}
        for start in range(0, len(wanted), 500):  # within SQLite's bound-parameter limit
            part = wanted[start : start + 500]
            marks = ", ".join("?" for _ in part)
            rows = await self._all(
                "SELECT seq, batch, kind, seat, user_id, scope, payload, created_at FROM events "
                f"WHERE game_id = ? AND seq IN ({marks})",
                (game_id, *part),
            )
            found.update((int(row[0]), LogRow(*row)) for row in rows)
        return found

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
        settings: str | None = None,
    ) -> int:
        """Insert a game in its lobby with ``meta`` as batch 1 of its log.

        ``creator_seat`` seats the creator in the same transaction, logged as batch 2, so
        a crash never leaves a game whose creator is not seated.
        """
        version = 1 if creator_seat is None else 2
        self._writable()
        async with self._write:
            with self._failures():
                await self._conn.execute("BEGIN IMMEDIATE")
                try:
                    cursor = await self._conn.execute(
                        "INSERT INTO games (channel_id, guild_id, system, rules_version, status, "
                        "options, creator_id, seed, commitment, version, reminder_seconds, "
                        "created_at, updated_at, settings) "
                        "VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
                            settings,
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
        keep_snapshot: tuple[str, bytes] | None = None,
    ) -> int:
        """Append ``records`` as one batch if the game is still at ``expected_version``.

        ``updates`` sets game columns in the same transaction; ``seat_changes`` holds
        ``("add", SeatRow)``, ``("remove", seat_id)`` or ``("hand", SeatRow)`` (the seat
        passes to another member). ``keep_snapshot`` (rules version, encoded state) also
        keeps the state after this batch in the ``snapshots`` table. Returns the new version.
        """
        updates = dict(updates or {})
        unknown = set(updates) - _UPDATABLE
        if unknown:
            raise ValueError(f"columns not updatable: {sorted(unknown)}")
        self._writable()
        async with self._write:
            # The whole transaction runs as one call on the database thread: one hop
            # instead of one per statement, and nothing else can interleave with it.
            with self._failures():
                await self._conn._execute(  # type: ignore[no-untyped-call]
                    _append_in_thread,
                    self._conn._conn,
                    game_id,
                    expected_version,
                    records,
                    now,
                    updates,
                    seat_changes,
                    keep_snapshot,
                )
        return expected_version + len(records)

    async def advance(
        self,
        read: OpenGame,
        records: Sequence[NewRecord],
        now: float,
        *,
        updates: dict[str, Any] | None = None,
        keep_snapshot: tuple[str, bytes] | None = None,
        exact: bool = False,
    ) -> OpenGame:
        """Append ``records`` to the game as ``read`` holds it (see the contract): one
        call on the database thread, whose UPDATE with ``exact`` moves the game's row only
        while its ``revision`` is still the one read (any update of the row since, of
        whatever column, raised it)."""
        if not records:
            raise ValueError("a batch holds at least one record")
        updates = dict(updates or {})
        unknown = set(updates) - _UPDATABLE
        if unknown:
            raise ValueError(f"columns not updatable: {sorted(unknown)}")
        self._writable()
        row = read.row
        if exact and read.stamp is None:  # nothing to tell an unchanged row by
            raise VersionConflict(f"game {row.id} was not read with its row's stamp")
        async with self._write:
            try:
                revision = await self._conn._execute(  # type: ignore[no-untyped-call]
                    _append_in_thread,
                    self._conn._conn,
                    row.id,
                    row.version,
                    records,
                    now,
                    updates,
                    (),
                    keep_snapshot,
                    read.stamp if exact else None,
                )
            except sqlite3.Error as exc:  # as _failures() has it, without its generator
                if isinstance(exc, sqlite3.IntegrityError):
                    raise
                self.damaged = self.damaged or is_damage(exc)
                raise StoreFailure(problem_of(exc), damaged=is_damage(exc)) from exc
        return game_after(read, records, now, updates, str(revision))

    async def set_undo_request(
        self, game_id: int, expected_version: int, request: str | None
    ) -> None:
        """Store (or clear) the game's pending undo request if the game is still at
        ``expected_version``: the same compare-and-set as :meth:`append`, without a new
        version, so a request never lands on a game that moved on after it was asked."""
        self._writable()
        async with self._write:
            with self._failures():
                cursor = await self._conn.execute(
                    "UPDATE games SET undo_request = ? WHERE id = ? AND version = ?",
                    (request, game_id, expected_version),
                )
                await self._conn.commit()
        if cursor.rowcount != 1:
            raise VersionConflict(f"game {game_id} moved past version {expected_version}")

    async def touch(self, game_id: int, **updates: Any) -> None:
        """Update bookkeeping columns (reminders) without a new version."""
        unknown = set(updates) - _UPDATABLE
        if unknown or not updates:
            raise ValueError(f"columns not updatable: {sorted(unknown)}")
        assignments = ", ".join(f"{column} = ?" for column in updates)
        self._writable()
        async with self._write:
            with self._failures():
                await self._conn.execute(
                    f"UPDATE games SET {assignments} WHERE id = ?", (*updates.values(), game_id)
                )
                await self._conn.commit()

    # -- saved rolls ------------------------------------------------------------------
    async def roll_macros(self, guild_id: int, user_id: int) -> list[tuple[str, str]]:
        """(name, dice) of every roll the user saved in the server, by name."""
        rows = await self._all(
            "SELECT name, dice FROM roll_macros WHERE guild_id = ? AND user_id = ? ORDER BY name",
            (guild_id, user_id),
        )
        return [(str(name), str(dice)) for name, dice in rows]

    async def save_roll_macro(
        self, guild_id: int, user_id: int, name: str, dice: str, saved_at: float, limit: int
    ) -> bool | None:
        """Save ``dice`` under ``name``: True if it replaced a saved roll of that name,
        False if it was added, None (nothing written) if the user already has ``limit``."""
        self._writable()
        async with self._write:
            with self._failures():
                conn = self._conn
                await conn.execute("BEGIN IMMEDIATE")
                try:
                    key = (guild_id, user_id, name)
                    found = await conn.execute_fetchall(
                        "SELECT 1 FROM roll_macros WHERE guild_id = ? AND user_id = ? AND name = ?",
                        key,
                    )
                    replacing = bool(list(found))
                    if not replacing:
                        counted = await conn.execute_fetchall(
                            "SELECT COUNT(*) FROM roll_macros WHERE guild_id = ? AND user_id = ?",
                            (guild_id, user_id),
                        )
                        if int(next(iter(counted))[0]) >= limit:
                            await conn.rollback()
                            return None
                    await conn.execute(
                        "INSERT OR REPLACE INTO roll_macros (guild_id, user_id, name, dice,"
                        " saved_at) VALUES (?, ?, ?, ?, ?)",
                        (*key, dice, saved_at),
                    )
                    await conn.commit()
                except BaseException:
                    await conn.rollback()
                    raise
        return replacing

    async def delete_roll_macro(self, guild_id: int, user_id: int, name: str) -> bool:
        """Forget the saved roll; False if there was none of that name."""
        self._writable()
        async with self._write:
            with self._failures():
                cursor = await self._conn.execute(
                    "DELETE FROM roll_macros WHERE guild_id = ? AND user_id = ? AND name = ?",
                    (guild_id, user_id, name),
                )
                await self._conn.commit()
        return cursor.rowcount == 1

    async def server_roll_macros(self, guild_id: int) -> list[tuple[str, str, int]]:
        """(name, dice, saved by) of every roll the server keeps for its members, by name."""
        rows = await self._all(
            "SELECT name, dice, saved_by FROM server_roll_macros WHERE guild_id = ? ORDER BY name",
            (guild_id,),
        )
        return [(str(name), str(dice), int(saved_by)) for name, dice, saved_by in rows]

    async def save_server_roll_macro(
        self, guild_id: int, name: str, dice: str, saved_by: int, saved_at: float, limit: int
    ) -> bool | None:
        """Save ``dice`` under ``name`` for the server: True if it replaced one of that
        name, False if it was added, None (nothing written) if the server has ``limit``."""
        self._writable()
        async with self._write:
            with self._failures():
                conn = self._conn
                await conn.execute("BEGIN IMMEDIATE")
                try:
                    found = await conn.execute_fetchall(
                        "SELECT 1 FROM server_roll_macros WHERE guild_id = ? AND name = ?",
                        (guild_id, name),
                    )
                    replacing = bool(list(found))
                    if not replacing:
                        counted = await conn.execute_fetchall(
                            "SELECT COUNT(*) FROM server_roll_macros WHERE guild_id = ?",
                            (guild_id,),
                        )
                        if int(next(iter(counted))[0]) >= limit:
                            await conn.rollback()
                            return None
                    await conn.execute(
                        "INSERT OR REPLACE INTO server_roll_macros (guild_id, name, dice,"
                        " saved_by, saved_at) VALUES (?, ?, ?, ?, ?)",
                        (guild_id, name, dice, saved_by, saved_at),
                    )
                    await conn.commit()
                except BaseException:
                    await conn.rollback()
                    raise
        return replacing

    async def delete_server_roll_macro(self, guild_id: int, name: str) -> bool:
        """Forget the server's saved roll; False if there was none of that name."""
        self._writable()
        async with self._write:
            with self._failures():
                cursor = await self._conn.execute(
                    "DELETE FROM server_roll_macros WHERE guild_id = ? AND name = ?",
                    (guild_id, name),
                )
                await self._conn.commit()
        return cursor.rowcount == 1

    # -- a server's defaults and each user's language -----------------------------------
    async def server_settings(self, guild_id: int) -> str | None:
        """The server's defaults as the JSON last saved (None: never changed)."""
        row = await self._one(
            "SELECT settings FROM server_settings WHERE guild_id = ?", (guild_id,)
        )
        return str(row[0]) if row else None

    async def save_server_settings(self, guild_id: int, settings: str, changed_at: float) -> None:
        self._writable()
        async with self._write:
            with self._failures():
                await self._conn.execute(
                    "INSERT OR REPLACE INTO server_settings (guild_id, settings, changed_at)"
                    " VALUES (?, ?, ?)",
                    (guild_id, settings, changed_at),
                )
                await self._conn.commit()

    async def user_languages(self, user_ids: Iterable[int]) -> dict[int, str]:
        """The language last seen of each of ``user_ids`` that has one."""
        wanted = sorted(set(user_ids))
        if not wanted:
            return {}
        marks = ", ".join("?" * len(wanted))
        rows = await self._all(
            f"SELECT user_id, language FROM user_languages WHERE user_id IN ({marks})", wanted
        )
        return {int(user_id): str(language) for user_id, language in rows}

    async def save_user_language(self, user_id: int, language: str, seen_at: float) -> None:
        self._writable()
        async with self._write:
            with self._failures():
                await self._conn.execute(
                    "INSERT OR REPLACE INTO user_languages (user_id, language, seen_at)"
                    " VALUES (?, ?, ?)",
                    (user_id, language, seen_at),
                )
                await self._conn.commit()

    # -- DM questions on screen ----------------------------------------------------------
    async def keep_dm_question(self, question: DmQuestion) -> None:
        self._writable()
        async with self._write:
            with self._failures():
                await self._conn.execute(
                    "INSERT OR REPLACE INTO dm_questions (message_id, channel_id, game_id, "
                    "user_id, seat, prompt_key, content, language, sent_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    dm_question_row(question),
                )
                await self._conn.commit()

    async def dm_questions(self, game_id: int) -> list[DmQuestion]:
        rows = await self._all(
            f"SELECT {DM_QUESTION_COLUMNS} FROM dm_questions WHERE game_id = ? "
            "ORDER BY sent_at, message_id",
            (game_id,),
        )
        return [dm_question_of(row) for row in rows]

    async def drop_dm_questions(self, message_ids: Sequence[int]) -> list[int]:
        wanted = sorted(set(message_ids))
        if not wanted:
            return []
        self._writable()
        marks = ", ".join("?" * len(wanted))
        async with self._write:
            with self._failures():
                rows = await self._conn.execute_fetchall(
                    f"DELETE FROM dm_questions WHERE message_id IN ({marks}) RETURNING message_id",
                    wanted,
                )
                await self._conn.commit()
        return sorted(int(row[0]) for row in rows)

    # -- timers, each fired once (``bot.store.timer_due``) -----------------------------
    async def claim_timers(
        self, kind: str, now: float, *, owner: str, lease_seconds: float, limit: int = 50
    ) -> list[GameRow]:
        """Due ``kind`` timers nobody holds, leased to ``owner`` (see the contract). One
        immediate transaction finds and leases them, so even several processes sharing
        the file never lease one timer twice."""
        condition, params = due_and_free(kind, now, larger=self.LARGER)
        self._writable()
        async with self._write:
            with self._failures():
                await self._conn.execute("BEGIN IMMEDIATE")
                try:
                    rows = await self._conn.execute_fetchall(
                        self._sql(
                            f"SELECT {GAME_COLUMNS_OF_G} FROM games g LEFT JOIN timer_leases l "
                            f"ON l.game_id = g.id AND l.kind = {{m}} WHERE {condition} "
                            "ORDER BY g.id LIMIT {m}"
                        ),
                        (kind, *params, limit),
                    )
                    games = [GameRow(*row) for row in rows]
                    await self._conn.executemany(
                        "INSERT INTO timer_leases (game_id, kind, version, owner, expires_at) "
                        "VALUES (?, ?, ?, ?, ?) ON CONFLICT (game_id, kind) DO UPDATE SET "
                        "version = excluded.version, owner = excluded.owner, "
                        "expires_at = excluded.expires_at",
                        [(g.id, kind, g.version, owner, now + lease_seconds) for g in games],
                    )
                    await self._conn.commit()
                except BaseException:
                    await self._conn.rollback()
                    raise
        return games

    async def fire_timer(self, kind: str, game_id: int, owner: str, fired_at: float) -> bool:
        """The timer fired (see the contract): one transaction, only while ``owner`` holds it."""
        self._writable()
        async with self._write:
            with self._failures():
                await self._conn.execute("BEGIN IMMEDIATE")
                try:
                    leased = list(
                        await self._conn.execute_fetchall(
                            "DELETE FROM timer_leases WHERE game_id = ? AND kind = ? "
                            "AND owner = ? RETURNING version",
                            (game_id, kind, owner),
                        )
                    )
                    held = len(leased) == 1
                    if held and kind == "reminder":  # unless the game moved on meanwhile
                        await self._conn.execute(
                            "UPDATE games SET reminded_at = ? WHERE id = ? AND version = ?",
                            (fired_at, game_id, leased[0][0]),
                        )
                    await self._conn.commit()
                except BaseException:
                    await self._conn.rollback()
                    raise
        return held

    async def renew_timers(self, owner: str, until: float) -> int:
        """Extend ``owner``'s leases to ``until`` (see the contract)."""
        self._writable()
        async with self._write:
            with self._failures():
                cursor = await self._conn.execute(
                    "UPDATE timer_leases SET expires_at = ? WHERE owner = ? AND expires_at < ?",
                    (until, owner, until),
                )
                await self._conn.commit()
        return cursor.rowcount

    async def rest_timer(self, kind: str, game_id: int, owner: str, until: float | None) -> bool:
        """Nothing due before ``until`` at the claimed version (see the contract)."""
        self._writable()
        async with self._write:
            with self._failures():
                cursor = await self._conn.execute(
                    "UPDATE timer_leases SET owner = NULL, expires_at = ? "
                    "WHERE game_id = ? AND kind = ? AND owner = ?",
                    (until, game_id, kind, owner),
                )
                await self._conn.commit()
        return cursor.rowcount == 1

    async def integrity_ok(self) -> bool:
        return not await self.integrity_problems()


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
    keep_snapshot: tuple[str, bytes] | None = None,
    revision: str | None = None,
) -> int:
    """Body of :meth:`Database.append` (and :meth:`Database.advance`, which passes the
    ``revision`` the row must still be), run on the connection's own thread; returns the
    row's new revision. The records go in first: a batch at a version already taken
    collides on the log's key."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        conn.executemany(_INSERT_EVENT, _event_rows(game_id, expected_version, records, now))
        seq = expected_version + len(records)
        assignments = "".join(f", {column} = ?" for column in updates)
        condition, was = ("", ()) if revision is None else (" AND revision = ?", (int(revision),))
        moved = conn.execute(
            f"UPDATE games SET version = ?, updated_at = ?, revision = revision + 1"
            f"{assignments} WHERE id = ? AND version = ?{condition} RETURNING revision",
            (seq, now, *updates.values(), game_id, expected_version, *was),
        ).fetchall()
        if len(moved) != 1:
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
        if keep_snapshot is not None:
            conn.execute(
                "INSERT OR REPLACE INTO snapshots (game_id, version, rules_version, state) "
                "VALUES (?, ?, ?, ?)",
                (game_id, seq, *keep_snapshot),
            )
        conn.commit()
    except sqlite3.IntegrityError as exc:
        conn.rollback()
        raise VersionConflict(str(exc)) from exc
    except BaseException:
        conn.rollback()
        raise
    return int(moved[0][0])


async def _quick_check(conn: aiosqlite.Connection) -> str | None:
    """The first problem ``PRAGMA quick_check`` finds (a damaged page, a broken index
    structure), or None when the file is sound. Cheap enough for every start-up."""
    rows = list(await conn.execute_fetchall("PRAGMA quick_check(1)"))
    first = str(rows[0][0]) if rows else "no answer"
    return None if first == "ok" else one_line(first)


async def _probe_writing(conn: aiosqlite.Connection) -> None:
    """Write the header's user version back unchanged and roll back: SQLite opens a file it
    may not write read-only without a word, and only this shows it at start-up."""
    rows = list(await conn.execute_fetchall("PRAGMA user_version"))
    version = int(rows[0][0]) if rows else 0
    await conn.execute("BEGIN IMMEDIATE")
    try:
        await conn.execute(f"PRAGMA user_version = {version}")
    finally:
        await conn.rollback()


def integrity_report(path: str, *, limit: int = 20) -> list[str]:
    """The full ``PRAGMA integrity_check`` of the file at ``path``, read without changing
    it (a missing file is not created): no lines when it is sound, else its first
    ``limit`` problems. A file that cannot be read at all raises DatabaseUnusable."""
    uri = (
        path
        if path.startswith("file:")
        else f"{Path(path).expanduser().absolute().as_uri()}?mode=ro"
    )
    try:
        conn = sqlite3.connect(uri, uri=True)
    except sqlite3.Error as exc:
        raise DatabaseUnusable(path, problem_of(exc), damaged=is_damage(exc)) from None
    try:
        rows = conn.execute(f"PRAGMA integrity_check({int(limit)})").fetchall()
    except sqlite3.Error as exc:
        if is_damage(exc):
            return [problem_of(exc)]
        raise DatabaseUnusable(path, problem_of(exc)) from None
    finally:
        conn.close()
    return _integrity_problems(rows)


def _integrity_problems(rows: Iterable[Sequence[object]]) -> list[str]:
    """What ``PRAGMA integrity_check`` found, a line each; none when it said "ok"."""
    lines = [one_line(str(row[0])) for row in rows]
    return [] if lines == ["ok"] else lines
