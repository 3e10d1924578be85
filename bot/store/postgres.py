"""The PostgreSQL store (psycopg 3, asyncio): the same contract as the SQLite one.

Chosen with ``UMPIRE_DATABASE_URL=postgresql://…``. A small pool of connections serves
the process, each in autocommit mode for reading; every write is one transaction, whole
or not at all. Where the SQLite store relies on its single writer, this one locks the
game's row (``SELECT … FOR UPDATE``) and checks its version before appending, and the
``(game_id, seq)`` primary key of the log remains the last word: a writer appends at
``version + 1`` and a collision, or a version that moved, means someone else moved
first (:class:`VersionConflict`), even across processes.
"""

from __future__ import annotations

import json
import select
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager
from typing import Any, TypeVar

import psycopg
from psycopg import AsyncConnection
from psycopg.conninfo import conninfo_to_dict, make_conninfo
from psycopg.pq import ConnStatus
from psycopg.rows import TupleRow
from psycopg_pool import AsyncConnectionPool

from bot.store.after_batch import game_after
from bot.store.conflicts import ChannelBusy, VersionConflict
from bot.store.failures import DatabaseUnusable, StoreFailure, one_line
from bot.store.pg_failures import is_pg_damage, pg_problem_of, redacted
from bot.store.reads import LOG_COLUMNS as _LOG_COLUMNS
from bot.store.reads import SharedReads
from bot.store.records import (
    DM_QUESTION_COLUMNS,
    UPDATABLE,
    DmQuestion,
    GameRow,
    LogRow,
    NewRecord,
    OpenGame,
    SeatRow,
    dm_question_of,
    dm_question_row,
)
from bot.store.schema_pg import migrate
from bot.store.timer_due import GAME_COLUMNS_OF_G, due_and_free

_INSERT_EVENT = (
    "INSERT INTO events (game_id, seq, batch, kind, seat, user_id, scope, payload, created_at) "
    "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)"
)
_CONNECT_SECONDS = 10  # how long start-up waits for the server before saying so
_POOL_SIZE = 4  # connections: commands of different channels write side by side
_WAIT_SECONDS = 10.0  # how long a command waits for a connection before failing

Pool = AsyncConnectionPool[AsyncConnection[TupleRow]]
W = TypeVar("W")
Work = Callable[[AsyncConnection[TupleRow]], Awaitable[W]]


class PostgresStore(SharedReads):
    MARK = "%s"
    LARGER = "GREATEST"
    SEATS_JSON = "json_agg(json_build_array(seat, user_id, name, position))"
    DICE_HIGH = (
        "SELECT max((payload::jsonb ->> 'counter_end')::bigint) FROM events "  # indexed
        "WHERE game_id = {game} AND kind = 'event' AND (payload::jsonb ->> 'type') = 'dice'"
    )
    ROW_STAMP = "games.xmin::text"

    def __init__(self, pool: Pool, where: str) -> None:
        self._pool = pool
        self.where = where  # the server's address, without its password
        # set once the server reports damaged data: from then on nothing more is written
        self.damaged = False

    @classmethod
    async def open(
        cls, url: str, *, pool_size: int = _POOL_SIZE, wait_seconds: float = _WAIT_SECONDS
    ) -> PostgresStore:
        """Connect to the server at ``url``, migrate its schema and open the pool.

        A malformed address, a server that cannot be reached or refuses the login, or a
        schema that cannot be brought up to date raises :class:`DatabaseUnusable` with one
        line naming the address (without its password) and the problem. Later, a command
        that cannot get a connection within ``wait_seconds`` fails with a
        :class:`StoreFailure` saying the server cannot be reached.
        """
        where = redacted(url)
        try:
            params = conninfo_to_dict(url)
        except psycopg.ProgrammingError as exc:
            reason = one_line(str(exc)).replace(url, where)
            problem = f"it is not a valid PostgreSQL address ({reason})"
            raise DatabaseUnusable(where, problem) from None
        for port in str(params.get("port") or "5432").split(","):
            if not port.isdigit() or not 0 < int(port) < 65536:
                problem = (
                    f"it is not a valid PostgreSQL address (the port {port!r} is not a "
                    "number from 1 to 65535)"
                )
                raise DatabaseUnusable(where, problem)
        if "connect_timeout" not in params:
            url = make_conninfo(url, connect_timeout=_CONNECT_SECONDS)
        try:
            conn = await AsyncConnection.connect(url, autocommit=True)
        except psycopg.Error as exc:
            problem = f"the server cannot be reached or refused the login ({one_line(str(exc))})"
            raise DatabaseUnusable(where, problem) from None
        try:
            await migrate(conn)
        except psycopg.Error as exc:
            problem = f"updating its schema failed: {pg_problem_of(exc)}"
            raise DatabaseUnusable(where, problem, damaged=is_pg_damage(exc)) from None
        finally:
            await conn.close()
        pool: Pool = AsyncConnectionPool(
            url,
            min_size=1,
            max_size=pool_size,
            kwargs={"autocommit": True},
            open=False,
            timeout=wait_seconds,
        )
        try:
            await pool.open(wait=True, timeout=_CONNECT_SECONDS)
        except psycopg.Error as exc:
            await pool.close()
            raise DatabaseUnusable(where, pg_problem_of(exc)) from None
        return cls(pool, where)

    async def close(self) -> None:
        await self._pool.close()

    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[AsyncConnection[TupleRow]]:
        """A connection of the pool for one command. One the server has dropped since it
        was last used (a restart of the server, a connection it ended) is told without a
        round trip, by its socket: an idle connection is never sent anything but a
        farewell, so a socket with something to read is one whose server went away. It
        is closed, for the pool to replace, and the next one taken; a new connection if
        need be. Checking with a query instead (``SELECT`` or an empty statement) would
        cost every command a round trip more."""
        for _ in range(self._pool.max_size + 1):
            async with self._pool.connection() as conn:
                if not _dropped(conn):
                    yield conn
                    return
                await conn.close()  # given back closed: the pool makes another
        raise psycopg.OperationalError("every connection of the pool was dropped at once")

    async def _run(
        self,
        work: Work[W],
        *,
        transaction: bool = False,
        landed: Work[W | None] | None = None,
    ) -> W:
        """``work`` on a connection of the pool (in one transaction if asked). When the
        server drops the connection under it (a restart, a failover), ``work`` runs once
        more on another: a read reads again, an update sets the same values again, and a
        batch (a compare-and-set) is first looked for with ``landed`` on the new
        connection, whose answer stands if it found the batch written after all. A
        write whose second try fails too may or may not have been saved, and says so."""
        lost = False
        for attempt in range(2):
            conn: AsyncConnection[TupleRow] | None = None
            try:
                async with self._connection() as conn:
                    if lost and landed is not None:
                        found = await landed(conn)
                        if found is not None:
                            return found
                    if not transaction:
                        return await work(conn)
                    async with conn.transaction():
                        return await work(conn)
            except psycopg.OperationalError as exc:
                if lost and landed is not None:
                    raise StoreFailure(pg_problem_of(exc), unsure=True) from exc
                if attempt or conn is None or not conn.broken:
                    raise
                lost = True
        raise AssertionError("unreachable")

    @contextmanager
    def _failures(self) -> Iterator[None]:
        """Server errors as :class:`StoreFailure`; damage found marks the store."""
        try:
            yield
        except psycopg.IntegrityError:
            raise
        except psycopg.Error as exc:
            damaged = is_pg_damage(exc)
            self.damaged = self.damaged or damaged
            raise StoreFailure(pg_problem_of(exc), damaged=damaged) from exc

    def _writable(self) -> None:
        if self.damaged:
            raise StoreFailure("the database is damaged", damaged=True)

    async def integrity_problems(self, *, limit: int = 20) -> list[str]:
        """What the store's own invariants say, a line per problem (none when sound): each
        game's log runs 1, 2, … without a gap up to the game's version. Finding any marks
        the store damaged, as the SQLite store's full check does."""
        try:
            rows = await self._all(
                "SELECT g.id, g.version, count(e.seq), COALESCE(max(e.seq), 0) "
                "FROM games g LEFT JOIN events e ON e.game_id = g.id GROUP BY g.id "
                "HAVING count(e.seq) <> g.version OR COALESCE(max(e.seq), 0) <> g.version "
                "ORDER BY g.id LIMIT %s",
                (limit,),
            )
        except StoreFailure as failure:
            self.damaged = True
            return [failure.problem]
        lines = [
            f"game {game_id} is at version {version} but its log holds {count} records up to {last}"
            for game_id, version, count, last in rows
        ]
        if lines:
            self.damaged = True
        return lines

    async def integrity_ok(self) -> bool:
        return not await self.integrity_problems()

    # -- reading ----------------------------------------------------------------------
    async def _all(self, sql: str, params: Sequence[Any]) -> list[TupleRow]:
        async def read(conn: AsyncConnection[TupleRow]) -> list[TupleRow]:
            cursor = await conn.execute(sql, params)
            return await cursor.fetchall()

        with self._failures():
            return await self._run(read)

    async def _change(self, sql: str, params: Sequence[Any]) -> int:
        """One statement that changes rows, as a command of its own: how many it changed."""

        async def change(conn: AsyncConnection[TupleRow]) -> int:
            cursor = await conn.execute(sql, params)
            return cursor.rowcount

        self._writable()
        with self._failures():
            return await self._run(change)

    async def _one(self, sql: str, params: Sequence[Any]) -> TupleRow | None:
        rows = await self._all(sql, params)
        return rows[0] if rows else None

    # -- reading records by position --------------------------------------------------
    async def records_at(self, game_id: int, seqs: Iterable[int]) -> dict[int, LogRow]:
        wanted = sorted(set(seqs))
        if not wanted:
            return {}
        rows = await self._all(
            f"SELECT {_LOG_COLUMNS} FROM events WHERE game_id = %s AND seq = ANY(%s)",
            (game_id, wanted),
        )
        return {int(row[0]): LogRow(*row) for row in rows}

    async def snapshot(self, game_id: int, version: int) -> str | bytes | None:
        """The snapshot kept at ``version`` (see :meth:`append`'s ``keep_snapshot``)."""
        row = await self._one(
            "SELECT state FROM snapshots WHERE game_id = %s AND version = %s", (game_id, version)
        )
        return bytes(row[0]) if row else None

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
        """Insert a game in its lobby with ``meta`` as batch 1 of its log, and seat its
        creator (batch 2) in the same transaction when ``creator_seat`` is given."""
        version = 1 if creator_seat is None else 2
        self._writable()

        async def insert(conn: AsyncConnection[TupleRow]) -> int:
            cursor = await conn.execute(
                "INSERT INTO games (channel_id, guild_id, system, rules_version, status, "
                "options, creator_id, seed, commitment, version, reminder_seconds, "
                "created_at, updated_at, settings) "
                "VALUES (%s, %s, %s, %s, 'lobby', %s, %s, %s, %s, %s, %s, %s, %s, %s) "
                "RETURNING id",
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
            inserted = await cursor.fetchone()
            assert inserted is not None
            game_id = int(inserted[0])
            rows = _event_rows(game_id, 0, [meta], now)
            if creator_seat is not None:
                seat, joined = creator_seat
                rows += _event_rows(game_id, 1, [joined], now)
                await conn.execute(
                    "INSERT INTO seats (game_id, seat, user_id, name, position) "
                    "VALUES (%s, %s, %s, %s, %s)",
                    (game_id, seat.seat, seat.user_id, seat.name, seat.position),
                )
            async with conn.cursor() as many:
                await many.executemany(_INSERT_EVENT, rows)
            return game_id

        async def landed(conn: AsyncConnection[TupleRow]) -> int | None:
            cursor = await conn.execute(
                "SELECT id FROM games WHERE channel_id = %s AND creator_id = %s "
                "AND created_at = %s AND commitment = %s",
                (channel_id, creator_id, now, commitment),
            )
            found = await cursor.fetchone()
            return int(found[0]) if found else None

        with self._failures():
            try:
                return await self._run(insert, transaction=True, landed=landed)
            except psycopg.IntegrityError as exc:
                raise ChannelBusy(one_line(str(exc))) from exc

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
        """Append ``records`` as one batch if the game is still at ``expected_version``
        (see the SQLite store's method of the same name). Returns the new version."""
        updates = _stored_updates(updates or {})
        self._writable()
        seq = expected_version + len(records)
        if records and not seat_changes:
            await self._append_at_once(
                game_id, expected_version, records, now, updates, keep_snapshot
            )
            return seq

        async def write(conn: AsyncConnection[TupleRow]) -> int:
            cursor = await conn.execute(
                "SELECT version FROM games WHERE id = %s FOR UPDATE", (game_id,)
            )
            found = await cursor.fetchone()
            if found is None or int(found[0]) != expected_version:
                raise VersionConflict(f"game {game_id} moved past version {expected_version}")
            async with conn.cursor() as many:
                await many.executemany(
                    _INSERT_EVENT, _event_rows(game_id, expected_version, records, now)
                )
            assignments = "".join(f", {column} = %s" for column in updates)
            await conn.execute(
                f"UPDATE games SET version = %s, updated_at = %s{assignments} WHERE id = %s",
                (seq, now, *updates.values(), game_id),
            )
            await _change_seats(conn, game_id, seat_changes)
            if keep_snapshot is not None:
                await conn.execute(
                    "INSERT INTO snapshots (game_id, version, rules_version, state) "
                    "VALUES (%s, %s, %s, %s) ON CONFLICT (game_id, version) DO UPDATE "
                    "SET rules_version = EXCLUDED.rules_version, state = EXCLUDED.state",
                    (game_id, seq, *keep_snapshot),
                )
            return seq

        async def landed(conn: AsyncConnection[TupleRow]) -> int | None:
            return (
                seq if await _batch_landed(conn, game_id, expected_version, records, now) else None
            )

        with self._failures():
            try:
                return await self._run(write, transaction=True, landed=landed)
            except psycopg.IntegrityError as exc:
                raise VersionConflict(one_line(str(exc))) from exc

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
        statement, which with ``exact`` moves the row only while its ``xmin`` is still
        the one read (any update of the row since, of whatever column, changed it)."""
        if not records:
            raise ValueError("a batch holds at least one record")
        stored = _stored_updates(updates or {})
        self._writable()
        if exact and read.stamp is None:  # nothing to tell an unchanged row by
            raise VersionConflict(f"game {read.row.id} was not read with its row's stamp")
        stamp = await self._append_at_once(
            read.row.id,
            read.row.version,
            records,
            now,
            stored,
            keep_snapshot,
            stamp=read.stamp if exact else None,
        )
        return game_after(read, records, now, stored, stamp)

    async def _append_at_once(
        self,
        game_id: int,
        expected_version: int,
        records: Sequence[NewRecord],
        now: float,
        updates: dict[str, Any],
        keep_snapshot: tuple[str, bytes] | None,
        *,
        stamp: str | None = None,
    ) -> str:
        """A batch without seat changes as one statement, one round trip: the game's row
        moves to the new version only where it still stands at ``expected_version`` (and,
        given a ``stamp``, is still that version of the row), and the records (and the
        snapshot kept) are inserted for the row it moved, so a game that moved on gets
        nothing; the log's primary key still refuses a second batch at one version. A
        single statement is one transaction of its own. Returns the row's new stamp."""
        seq = expected_version + len(records)
        assignments = "".join(f", {column} = %s" for column in updates)
        unchanged = " AND xmin = %s::xid" if stamp is not None else ""
        keep = ""
        if keep_snapshot is not None:
            keep = (
                ", kept AS (INSERT INTO snapshots (game_id, version, rules_version, state) "
                "SELECT id, %s, %s, %s FROM moved ON CONFLICT (game_id, version) DO UPDATE "
                "SET rules_version = EXCLUDED.rules_version, state = EXCLUDED.state)"
            )
        params: list[Any] = [seq, now, *updates.values(), game_id, expected_version]
        if stamp is not None:
            params.append(stamp)
        if keep_snapshot is not None:
            params += [seq, *keep_snapshot]
        params += [expected_version + 1, now, _records_json(expected_version, records)]
        statement = (
            "WITH moved AS (UPDATE games SET version = %s, updated_at = %s"
            f"{assignments} WHERE id = %s AND version = %s{unchanged} "
            f"RETURNING id, xmin::text AS stamp){keep}, "
            "logged AS (INSERT INTO events (game_id, seq, batch, kind, seat, "
            "user_id, scope, payload, created_at) SELECT moved.id, r.seq, %s, "
            "r.kind, r.seat, r.user_id, r.scope, r.payload, %s FROM moved, "
            "json_to_recordset(%s) AS r (seq BIGINT, kind TEXT, seat TEXT, "
            "user_id BIGINT, scope TEXT, payload TEXT) RETURNING seq) "
            "SELECT moved.stamp, (SELECT count(*) FROM logged) FROM moved"
        )

        async def write(conn: AsyncConnection[TupleRow]) -> str:
            cursor = await conn.execute(statement, params)
            moved = await cursor.fetchone()
            if moved is None or int(moved[1]) != len(records):
                raise VersionConflict(f"game {game_id} moved past version {expected_version}")
            return str(moved[0])

        async def landed(conn: AsyncConnection[TupleRow]) -> str | None:
            if not await _batch_landed(conn, game_id, expected_version, records, now):
                return None
            cursor = await conn.execute("SELECT xmin::text FROM games WHERE id = %s", (game_id,))
            row = await cursor.fetchone()
            return str(row[0]) if row else ""

        with self._failures():
            try:
                return await self._run(write, landed=landed)
            except psycopg.IntegrityError as exc:
                raise VersionConflict(one_line(str(exc))) from exc

    async def set_undo_request(
        self, game_id: int, expected_version: int, request: str | None
    ) -> None:
        """Store (or clear) the game's pending undo request if the game is still at
        ``expected_version``: the same compare-and-set as :meth:`append`."""
        changed = await self._change(
            "UPDATE games SET undo_request = %s WHERE id = %s AND version = %s",
            (request, game_id, expected_version),
        )
        if changed != 1:
            raise VersionConflict(f"game {game_id} moved past version {expected_version}")

    async def touch(self, game_id: int, **updates: Any) -> None:
        """Update bookkeeping columns (reminders) without a new version."""
        if not updates:
            raise ValueError("columns not updatable: []")
        stored = _stored_updates(updates)
        assignments = ", ".join(f"{column} = %s" for column in stored)
        await self._change(
            f"UPDATE games SET {assignments} WHERE id = %s", (*stored.values(), game_id)
        )

    # -- saved rolls ------------------------------------------------------------------
    async def roll_macros(self, guild_id: int, user_id: int) -> list[tuple[str, str]]:
        """(name, dice) of every roll the user saved in the server, by name."""
        rows = await self._all(
            "SELECT name, dice FROM roll_macros WHERE guild_id = %s AND user_id = %s "
            'ORDER BY name COLLATE "C"',
            (guild_id, user_id),
        )
        return [(str(name), str(dice)) for name, dice in rows]

    async def save_roll_macro(
        self, guild_id: int, user_id: int, name: str, dice: str, saved_at: float, limit: int
    ) -> bool | None:
        """Save ``dice`` under ``name``: True if it replaced a saved roll of that name,
        False if it was added, None (nothing written) if the user already has ``limit``.
        The user's saved rolls are locked for the transaction, so two saves at once cannot
        both slip under the limit."""
        self._writable()
        key = (guild_id, user_id, name)

        async def save(conn: AsyncConnection[TupleRow]) -> bool | None:
            await conn.execute(
                "SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))",
                (f"roll_macros:{guild_id}:{user_id}",),
            )
            cursor = await conn.execute(
                "SELECT 1 FROM roll_macros WHERE guild_id = %s AND user_id = %s AND name = %s",
                key,
            )
            replacing = await cursor.fetchone() is not None
            if not replacing:
                cursor = await conn.execute(
                    "SELECT count(*) FROM roll_macros WHERE guild_id = %s AND user_id = %s",
                    (guild_id, user_id),
                )
                counted = await cursor.fetchone()
                if counted is not None and int(counted[0]) >= limit:
                    return None
            await conn.execute(
                "INSERT INTO roll_macros (guild_id, user_id, name, dice, saved_at) "
                "VALUES (%s, %s, %s, %s, %s) ON CONFLICT (guild_id, user_id, name) "
                "DO UPDATE SET dice = EXCLUDED.dice, saved_at = EXCLUDED.saved_at",
                (*key, dice, saved_at),
            )
            return replacing

        with self._failures():
            return await self._run(save, transaction=True)

    async def delete_roll_macro(self, guild_id: int, user_id: int, name: str) -> bool:
        """Forget the saved roll; False if there was none of that name."""
        deleted = await self._change(
            "DELETE FROM roll_macros WHERE guild_id = %s AND user_id = %s AND name = %s",
            (guild_id, user_id, name),
        )
        return deleted == 1

    async def server_roll_macros(self, guild_id: int) -> list[tuple[str, str, int]]:
        """(name, dice, saved by) of every roll the server keeps for its members, by name."""
        rows = await self._all(
            "SELECT name, dice, saved_by FROM server_roll_macros WHERE guild_id = %s "
            'ORDER BY name COLLATE "C"',
            (guild_id,),
        )
        return [(str(name), str(dice), int(saved_by)) for name, dice, saved_by in rows]

    async def save_server_roll_macro(
        self, guild_id: int, name: str, dice: str, saved_by: int, saved_at: float, limit: int
    ) -> bool | None:
        """Save ``dice`` under ``name`` for the server: True if it replaced one of that
        name, False if it was added, None (nothing written) if the server has ``limit``.
        The server's saved rolls are locked for the transaction, as a player's are."""
        self._writable()
        with self._failures():
            async with self._pool.connection() as conn, conn.transaction():
                await conn.execute(
                    "SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))",
                    (f"server_roll_macros:{guild_id}",),
                )
                cursor = await conn.execute(
                    "SELECT 1 FROM server_roll_macros WHERE guild_id = %s AND name = %s",
                    (guild_id, name),
                )
                replacing = await cursor.fetchone() is not None
                if not replacing:
                    cursor = await conn.execute(
                        "SELECT count(*) FROM server_roll_macros WHERE guild_id = %s",
                        (guild_id,),
                    )
                    counted = await cursor.fetchone()
                    if counted is not None and int(counted[0]) >= limit:
                        return None
                await conn.execute(
                    "INSERT INTO server_roll_macros (guild_id, name, dice, saved_by, saved_at) "
                    "VALUES (%s, %s, %s, %s, %s) ON CONFLICT (guild_id, name) DO UPDATE SET "
                    "dice = EXCLUDED.dice, saved_by = EXCLUDED.saved_by, "
                    "saved_at = EXCLUDED.saved_at",
                    (guild_id, name, dice, saved_by, saved_at),
                )
        return replacing

    async def delete_server_roll_macro(self, guild_id: int, name: str) -> bool:
        """Forget the server's saved roll; False if there was none of that name."""
        self._writable()
        with self._failures():
            async with self._pool.connection() as conn:
                cursor = await conn.execute(
                    "DELETE FROM server_roll_macros WHERE guild_id = %s AND name = %s",
                    (guild_id, name),
                )
                return cursor.rowcount == 1

    # -- a server's defaults and each user's language -----------------------------------
    async def server_settings(self, guild_id: int) -> str | None:
        """The server's defaults as the JSON last saved (None: never changed)."""
        row = await self._one(
            "SELECT settings FROM server_settings WHERE guild_id = %s", (guild_id,)
        )
        return str(row[0]) if row else None

    async def save_server_settings(self, guild_id: int, settings: str, changed_at: float) -> None:
        await self._change(
            "INSERT INTO server_settings (guild_id, settings, changed_at) "
            "VALUES (%s, %s, %s) ON CONFLICT (guild_id) "
            "DO UPDATE SET settings = EXCLUDED.settings, changed_at = EXCLUDED.changed_at",
            (guild_id, settings, changed_at),
        )

    async def user_languages(self, user_ids: Iterable[int]) -> dict[int, str]:
        """The language last seen of each of ``user_ids`` that has one."""
        wanted = sorted(set(user_ids))
        if not wanted:
            return {}
        rows = await self._all(
            "SELECT user_id, language FROM user_languages WHERE user_id = ANY(%s)", (wanted,)
        )
        return {int(user_id): str(language) for user_id, language in rows}

    async def save_user_language(self, user_id: int, language: str, seen_at: float) -> None:
        await self._change(
            "INSERT INTO user_languages (user_id, language, seen_at) "
            "VALUES (%s, %s, %s) ON CONFLICT (user_id) "
            "DO UPDATE SET language = EXCLUDED.language, seen_at = EXCLUDED.seen_at",
            (user_id, language, seen_at),
        )

    # -- DM questions on screen ----------------------------------------------------------
    async def keep_dm_question(self, question: DmQuestion) -> None:
        self._writable()
        with self._failures():
            async with self._pool.connection() as conn:
                await conn.execute(
                    "INSERT INTO dm_questions (message_id, channel_id, game_id, user_id, seat, "
                    "prompt_key, content, language, sent_at) "
                    "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s) ON CONFLICT (message_id) "
                    "DO NOTHING",
                    dm_question_row(question),
                )

    async def dm_questions(self, game_id: int) -> list[DmQuestion]:
        rows = await self._all(
            f"SELECT {DM_QUESTION_COLUMNS} FROM dm_questions WHERE game_id = %s "
            "ORDER BY sent_at, message_id",
            (game_id,),
        )
        return [dm_question_of(row) for row in rows]

    async def drop_dm_questions(self, message_ids: Sequence[int]) -> list[int]:
        wanted = sorted(set(message_ids))
        if not wanted:
            return []
        self._writable()
        with self._failures():
            async with self._pool.connection() as conn:
                cursor = await conn.execute(
                    "DELETE FROM dm_questions WHERE message_id = ANY(%s) RETURNING message_id",
                    (wanted,),
                )
                rows = await cursor.fetchall()
        return sorted(int(row[0]) for row in rows)

    # -- timers, each fired once (``bot.store.timer_due``) -----------------------------
    async def claim_timers(
        self, kind: str, now: float, *, owner: str, lease_seconds: float, limit: int = 50
    ) -> list[GameRow]:
        """Due ``kind`` timers nobody holds, leased to ``owner`` (see the contract).

        One statement: the due games are locked ``FOR UPDATE SKIP LOCKED`` (another
        process claiming at the same moment passes over them rather than waiting), then
        leased; the upsert leases a timer only if its row is still free when written, so
        a claim whose snapshot missed a lease committed meanwhile does not return it."""
        condition, params = due_and_free(kind, now, larger=self.LARGER)
        expires = now + lease_seconds
        self._writable()
        rows = await self._all(
            self._sql(
                f"WITH due AS (SELECT {GAME_COLUMNS_OF_G} FROM games g "
                f"LEFT JOIN timer_leases l ON l.game_id = g.id AND l.kind = {{m}} "
                f"WHERE {condition} ORDER BY g.id LIMIT {{m}} FOR UPDATE OF g SKIP LOCKED), "
                "leased AS (INSERT INTO timer_leases (game_id, kind, version, owner, expires_at) "
                "SELECT id, {m}, version, {m}, {m} FROM due "
                "ON CONFLICT (game_id, kind) DO UPDATE SET version = EXCLUDED.version, "
                "owner = EXCLUDED.owner, expires_at = EXCLUDED.expires_at "
                "WHERE timer_leases.expires_at <= {m} OR (timer_leases.owner IS NULL "
                "AND timer_leases.version <> EXCLUDED.version) RETURNING game_id) "
                "SELECT due.* FROM due JOIN leased ON leased.game_id = due.id ORDER BY due.id"
            ),
            (kind, *params, limit, kind, owner, expires, now),
        )
        return [GameRow(*row) for row in rows]

    async def fire_timer(self, kind: str, game_id: int, owner: str, fired_at: float) -> bool:
        """The timer fired (see the contract): one transaction, only while ``owner`` holds it."""
        self._writable()

        async def fire(conn: AsyncConnection[TupleRow]) -> bool:
            cursor = await conn.execute(
                "DELETE FROM timer_leases WHERE game_id = %s AND kind = %s AND owner = %s "
                "RETURNING version",
                (game_id, kind, owner),
            )
            leased = await cursor.fetchone()
            if leased is not None and kind == "reminder":  # unless the game moved on
                await conn.execute(
                    "UPDATE games SET reminded_at = %s WHERE id = %s AND version = %s",
                    (fired_at, game_id, leased[0]),
                )
            return leased is not None

        with self._failures():
            return await self._run(fire, transaction=True)

    async def renew_timers(self, owner: str, until: float) -> int:
        """Extend ``owner``'s leases to ``until`` (see the contract)."""
        return await self._change(
            "UPDATE timer_leases SET expires_at = %s WHERE owner = %s AND expires_at < %s",
            (until, owner, until),
        )

    async def rest_timer(self, kind: str, game_id: int, owner: str, until: float | None) -> bool:
        """Nothing due before ``until`` at the claimed version (see the contract)."""
        rested = await self._change(
            "UPDATE timer_leases SET owner = NULL, expires_at = %s "
            "WHERE game_id = %s AND kind = %s AND owner = %s",
            (until, game_id, kind, owner),
        )
        return rested == 1


async def _batch_landed(
    conn: AsyncConnection[TupleRow],
    game_id: int,
    expected_version: int,
    records: Sequence[NewRecord],
    now: float,
) -> bool:
    """Whether the batch of ``records`` appended after ``expected_version`` at ``now`` is
    in the log: its first record stands at ``expected_version + 1`` just as written (a
    batch another writer appended there differs at least in its time or its payload)."""
    first = records[0]
    cursor = await conn.execute(
        "SELECT kind, seat, user_id, scope, payload, created_at FROM events "
        "WHERE game_id = %s AND seq = %s",
        (game_id, expected_version + 1),
    )
    found = await cursor.fetchone()
    return found == (first.kind, first.seat, first.user_id, first.scope, first.payload, now)


def _dropped(conn: AsyncConnection[TupleRow]) -> bool:
    """Whether the server has dropped this idle connection (see ``_connection``)."""
    if conn.closed or conn.pgconn.status != ConnStatus.OK:
        return True
    readable, _, _ = select.select([conn.pgconn.socket], [], [], 0)
    return bool(readable)


def _stored_updates(updates: dict[str, Any]) -> dict[str, Any]:
    """``updates`` checked against the updatable columns, a text snapshot as bytes (the
    column is BYTEA; readers take a snapshot as either)."""
    unknown = set(updates) - UPDATABLE
    if unknown:
        raise ValueError(f"columns not updatable: {sorted(unknown)}")
    stored = dict(updates)
    if isinstance(stored.get("state"), str):
        stored["state"] = stored["state"].encode("utf-8")
    return stored


def _records_json(version: int, records: Sequence[NewRecord]) -> str:
    """A batch's records as one JSON parameter (read with ``json_to_recordset``): one
    text to send instead of an array a column, which psycopg dumps element by element."""
    return json.dumps(
        [
            {
                "seq": version + 1 + i,
                "kind": r.kind,
                "seat": r.seat,
                "user_id": r.user_id,
                "scope": r.scope,
                "payload": r.payload,
            }
            for i, r in enumerate(records)
        ]
    )


def _event_rows(
    game_id: int, version: int, records: Sequence[NewRecord], now: float
) -> list[tuple[Any, ...]]:
    """Rows of one batch appended after ``version``; seqs and batch start at ``version + 1``."""
    return [
        (game_id, version + 1 + i, version + 1, r.kind, r.seat, r.user_id, r.scope, r.payload, now)
        for i, r in enumerate(records)
    ]


async def _change_seats(
    conn: AsyncConnection[TupleRow],
    game_id: int,
    seat_changes: Sequence[tuple[str, SeatRow | str]],
) -> None:
    for change, value in seat_changes:
        if change == "add" and isinstance(value, SeatRow):
            await conn.execute(
                "INSERT INTO seats (game_id, seat, user_id, name, position) "
                "VALUES (%s, %s, %s, %s, %s)",
                (game_id, value.seat, value.user_id, value.name, value.position),
            )
        elif change == "remove" and isinstance(value, str):
            await conn.execute(
                "DELETE FROM seats WHERE game_id = %s AND seat = %s", (game_id, value)
            )
        elif change == "hand" and isinstance(value, SeatRow):
            await conn.execute(
                "UPDATE seats SET user_id = %s, name = %s WHERE game_id = %s AND seat = %s",
                (value.user_id, value.name, game_id, value.seat),
            )
