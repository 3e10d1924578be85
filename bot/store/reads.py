"""The reads both stores make in the same SQL: games, seats and the log, whole or a page at
a time for one reader. Each store supplies how a query runs (``_all``, ``_one``) and how
its driver marks a parameter (``MARK``: ``?`` for SQLite, ``%s`` for PostgreSQL); the
queries themselves are written once, here."""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from typing import Any

from bot.store.reader import Reader
from bot.store.records import GameRow, LogRow, OpenGame, SeatRow

GAME_COLUMNS = ", ".join(GameRow.__slots__)
LOG_COLUMNS = "seq, batch, kind, seat, user_id, scope, payload, created_at"
LINES = "kind IN ('event', 'meta', 'undo')"
"""The records that make log lines (an action record has none of its own)."""


class SharedReads:
    """The reads; a store subclasses it and runs the queries its own way."""

    MARK = "?"
    LARGER = "MAX"
    """The function picking the larger of two values (PostgreSQL says ``GREATEST``)."""
    SEATS_JSON = "json_group_array(json_array(seat, user_id, name, position))"
    """A JSON array of the seats' rows (PostgreSQL: ``json_agg`` of ``json_build_array``)."""
    BY_SCOPE = ""
    """How a query names the index ``events_by_scope`` it is to read (SQLite's planner,
    without statistics, would walk the primary key and read every payload instead)."""
    DICE_HIGH = ""
    """The highest ``counter_end`` of the dice events of the game ``{game}`` names (each
    database reads JSON its own way; both are served by an index on it)."""
    ROW_STAMP = "games.revision"
    """Which version of a games row was read: a number every update of the row changes
    (SQLite: the ``revision`` column the store and a trigger raise; PostgreSQL: ``xmin``)."""

    async def _all(self, sql: str, params: Sequence[Any]) -> list[Any]:
        """Every row ``sql`` finds (each store answers it over its own connection)."""
        raise NotImplementedError

    async def _one(self, sql: str, params: Sequence[Any]) -> Any:
        """The first row ``sql`` finds, or None."""
        raise NotImplementedError

    def _sql(self, text: str) -> str:
        """``text`` with its ``{m}`` parameter marks in this store's style."""
        return text.replace("{m}", self.MARK)

    async def game(self, game_id: int) -> GameRow | None:
        row = await self._one(
            self._sql(f"SELECT {GAME_COLUMNS} FROM games WHERE id = {{m}}"), (game_id,)
        )
        return GameRow(*row) if row else None

    async def open_game(self, channel_id: int) -> GameRow | None:
        row = await self._one(
            self._sql(
                f"SELECT {GAME_COLUMNS} FROM games WHERE channel_id = {{m}} "
                "AND status IN ('lobby', 'active')"
            ),
            (channel_id,),
        )
        return GameRow(*row) if row else None

    async def latest_game(self, channel_id: int) -> GameRow | None:
        row = await self._one(
            self._sql(
                f"SELECT {GAME_COLUMNS} FROM games WHERE channel_id = {{m}} "
                "ORDER BY id DESC LIMIT 1"
            ),
            (channel_id,),
        )
        return GameRow(*row) if row else None

    async def open_game_seated(self, channel_id: int) -> OpenGame | None:
        """The channel's open game with its seats and where its dice stream stands, read
        in one statement, one round trip: what every command on a game reads first."""
        row = await self._one(self._seated_sql(), (channel_id,))
        if row is None:
            return None
        *game, seats, high, stamp = row
        listed = json.loads(seats) if isinstance(seats, str) else seats or []
        return OpenGame(
            GameRow(*game),
            sorted((SeatRow(*seat) for seat in listed), key=lambda seat: seat.position),
            int(high or 0),
            None if stamp is None else str(stamp),
        )

    @classmethod
    @cache
    def _seated_sql(cls) -> str:
        """The statement of :meth:`open_game_seated` in this store's SQL (built once)."""
        return (
            f"SELECT {GAME_COLUMNS}, (SELECT {cls.SEATS_JSON} FROM seats "
            f"WHERE game_id = games.id), ({cls.DICE_HIGH.format(game='games.id')}), "
            f"{cls.ROW_STAMP} FROM games "
            f"WHERE channel_id = {cls.MARK} AND status IN ('lobby', 'active')"
        )

    async def next_dice_counter(self, game_id: int) -> int:
        """The first counter of the game's dice stream that no roll has ever used.

        Every roll (``dice`` event) records the counters it used as ``counter_start`` up to
        ``counter_end`` (exclusive); this is the highest ``counter_end`` in the whole log,
        rolls taken back by an undo included, or 0 before the first roll. After an undo
        approved across dice the game draws on from here, never the same dice again.
        """
        row = await self._one(self._sql(self.DICE_HIGH.format(game="{m}")), (game_id,))
        return int(row[0]) if row and row[0] is not None else 0

    async def seats(self, game_id: int) -> list[SeatRow]:
        rows = await self._all(
            self._sql(
                "SELECT seat, user_id, name, position FROM seats WHERE game_id = {m} "
                "ORDER BY position"
            ),
            (game_id,),
        )
        return [SeatRow(*row) for row in rows]

    async def log(self, game_id: int, after_seq: int = 0) -> list[LogRow]:
        rows = await self._all(
            self._sql(
                f"SELECT {LOG_COLUMNS} FROM events WHERE game_id = {{m}} AND seq > {{m}} "
                "ORDER BY seq"
            ),
            (game_id, after_seq),
        )
        return [LogRow(*row) for row in rows]

    async def snapshot_versions(self, game_id: int, rules_version: str) -> list[int]:
        """The versions of the game's earlier snapshots under ``rules_version``, newest first."""
        rows = await self._all(
            self._sql(
                "SELECT version FROM snapshots WHERE game_id = {m} AND rules_version = {m} "
                "ORDER BY version DESC"
            ),
            (game_id, rules_version),
        )
        return [int(row[0]) for row in rows]

    async def public_records(self, game_id: int) -> int:
        """How many records of the game's log everybody may read."""
        row = await self._one(
            self._sql("SELECT count(*) FROM events WHERE game_id = {m} AND scope = 'public'"),
            (game_id,),
        )
        return int(row[0]) if row else 0

    async def games_of_user(self, user_id: int, include_finished: bool = False) -> list[GameRow]:
        """The games ``user_id`` holds a seat in, open ones (and finished ones if asked),
        the most recently changed first."""
        statuses = "('lobby', 'active', 'finished')" if include_finished else "('lobby', 'active')"
        rows = await self._all(
            self._sql(
                f"SELECT {', '.join('g.' + c for c in GameRow.__slots__)} FROM games g "
                "JOIN seats s ON s.game_id = g.id "
                f"WHERE s.user_id = {{m}} AND g.status IN {statuses} ORDER BY g.updated_at DESC"
            ),
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
                self._sql(
                    f"SELECT {GAME_COLUMNS} FROM games WHERE status = 'active' "
                    "AND paused IS NULL AND waiting_since IS NOT NULL "
                    "AND waiting_since + {m} <= {m}"
                ),
                (minimum_seconds, now),
            )
            return [GameRow(*row) for row in rows]
        rows = await self._all(
            self._sql(
                f"SELECT {GAME_COLUMNS} FROM games WHERE status = 'active' AND paused IS NULL "
                "AND waiting_since IS NOT NULL "
                f"AND {self.LARGER}(waiting_since, COALESCE(reminded_at, 0)) "
                "+ reminder_seconds <= {m}"
            ),
            (now,),
        )
        return [GameRow(*row) for row in rows]

    async def count_games(self) -> int:
        row = await self._one("SELECT count(*) FROM games", ())
        return int(row[0]) if row else 0

    async def games_by_status(self) -> dict[str, int]:
        """How many games are in their lobby, active and finished (for the metrics),
        counted on the index ``games_waiting`` that starts with the status."""
        rows = await self._all(
            "SELECT status, count(*) FROM games "
            "WHERE status IN ('lobby', 'active', 'finished') GROUP BY status",
            (),
        )
        return {str(status): int(count) for status, count in rows}

    # -- the log a page at a time (index events_by_scope) -----------------------------
    async def readable_lines(self, game_id: int, reader: Reader, upto: int) -> int:
        """How many records up to ``upto`` that make log lines ``reader`` may see."""
        condition, params = reader.condition(self.MARK)
        row = await self._one(
            self._sql(
                f"SELECT count(*) FROM events{self.BY_SCOPE} WHERE game_id = {{m}} "
                f"AND seq <= {{m}} AND {LINES} AND {condition}"
            ),
            (game_id, upto, *params),
        )
        return int(row[0]) if row else 0

    async def readable_slice(
        self,
        game_id: int,
        reader: Reader,
        upto: int,
        offset: int,
        limit: int,
        *,
        total: int | None = None,
    ) -> list[LogRow]:
        """The ``limit`` line records ``reader`` may see from the ``offset``-th on (oldest
        first, up to ``upto``), with every record between them, whoever may read it, so
        that the caller can number them. Given ``total`` (:meth:`readable_lines`), a
        slice nearer the end is found counting back from ``upto``, so the newest pages
        read a page's worth of records rather than the whole log before them."""
        condition, params = reader.condition(self.MARK)
        backwards = total is not None and total - offset - limit < offset
        order, skip = ("DESC", max(0, (total or 0) - offset - limit)) if backwards else ("", offset)
        if backwards and offset + limit > (total or 0):
            limit = max(0, (total or 0) - offset)
        found = await self._all(
            self._sql(
                "SELECT seq FROM events WHERE game_id = {m} AND seq <= {m} "
                f"AND {LINES} AND {condition} ORDER BY seq {order} LIMIT {{m}} OFFSET {{m}}"
            ),
            (game_id, upto, *params, limit, skip),
        )
        if not found:
            return []
        seqs = [int(row[0]) for row in found]
        first, last = min(seqs), max(seqs)
        rows = await self._all(
            self._sql(
                f"SELECT {LOG_COLUMNS} FROM events "
                "WHERE game_id = {m} AND seq BETWEEN {m} AND {m} ORDER BY seq"
            ),
            (game_id, first, last),
        )
        return [LogRow(*row) for row in rows]

    async def numbering_before(self, game_id: int, reader: Reader, seq: int) -> tuple[int, int]:
        """Where the log's public numbering stands just before record ``seq``: how many
        public records come before it, and how many records only some may see, readable
        by ``reader``, follow the last of those (see :mod:`bot.service.public_numbers`)."""
        row = await self._one(
            self._sql(
                f"SELECT count(*), max(seq) FROM events{self.BY_SCOPE} "
                "WHERE game_id = {m} AND scope = 'public' AND seq < {m}"
            ),
            (game_id, seq),
        )
        public = int(row[0]) if row else 0
        last_public = int(row[1] or 0) if row else 0
        condition, params = reader.condition(self.MARK)
        since = await self._one(
            self._sql(
                "SELECT count(*) FROM events WHERE game_id = {m} AND seq > {m} AND seq < {m} "
                f"AND scope != 'public' AND {condition}"
            ),
            (game_id, last_public, seq, *params),
        )
        return public, int(since[0]) if since else 0

    async def undo_records(self, game_id: int, upto: int) -> list[LogRow]:
        """The game's undo records up to ``upto`` (they name the batches taken back)."""
        rows = await self._all(
            self._sql(
                f"SELECT {LOG_COLUMNS} FROM events{self.BY_SCOPE} WHERE game_id = {{m}} "
                "AND scope = 'public' AND kind = 'undo' AND seq <= {m} ORDER BY seq"
            ),
            (game_id, upto),
        )
        return [LogRow(*row) for row in rows]

    async def actions_of(self, game_id: int, seat: str, upto: int, limit: int) -> list[LogRow]:
        """The seat's last ``limit`` action records up to ``upto``, newest first
        (index events_by_seat)."""
        rows = await self._all(
            self._sql(
                f"SELECT {LOG_COLUMNS} FROM events WHERE game_id = {{m}} AND seat = {{m}} "
                "AND kind = 'action' AND seq <= {m} ORDER BY seq DESC LIMIT {m}"
            ),
            (game_id, seat, upto, limit),
        )
        return [LogRow(*row) for row in rows]
