"""What the service needs from a store, whichever database holds the games.

:class:`Store` is the one contract; ``database.Database`` (SQLite, the default) and
``postgres.PostgresStore`` (PostgreSQL, chosen with ``UMPIRE_DATABASE_URL``) both keep it.
Every write is one transaction, whole or not at all; :meth:`Store.append` and
:meth:`Store.set_undo_request` are compare-and-sets on the game's version that raise
``VersionConflict`` when another writer moved first, and :meth:`Store.create_game` raises
``ChannelBusy`` when the channel already holds an open game. Database problems met by a
command raise ``StoreFailure``; a store that cannot be used at all raises
``DatabaseUnusable`` when it is opened.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from bot.store.reader import Reader
from bot.store.records import DmQuestion, GameRow, LogRow, NewRecord, OpenGame, SeatRow


class Store(Protocol):
    # set once the database reports damage: from then on nothing more is written
    damaged: bool

    async def close(self) -> None: ...

    async def integrity_problems(self, *, limit: int = 20) -> list[str]:
        """No lines when the store is sound, else its first ``limit`` problems."""
        ...

    async def integrity_ok(self) -> bool: ...

    # -- reading ----------------------------------------------------------------------
    async def game(self, game_id: int) -> GameRow | None: ...

    async def open_game(self, channel_id: int) -> GameRow | None: ...

    async def latest_game(self, channel_id: int) -> GameRow | None: ...

    async def open_game_seated(self, channel_id: int) -> OpenGame | None:
        """The channel's open game with its seats and :meth:`next_dice_counter`, read in
        one round trip (what a command reads before it decides)."""
        ...

    async def seats(self, game_id: int) -> list[SeatRow]: ...

    async def log(self, game_id: int, after_seq: int = 0) -> list[LogRow]: ...

    # the log a page at a time, for one reader (see ``bot.store.reader``)
    async def readable_lines(self, game_id: int, reader: Reader, upto: int) -> int:
        """How many line records (events, notes, undos) up to ``upto`` ``reader`` sees."""
        ...

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
        """``limit`` line records ``reader`` sees from the ``offset``-th on, with every
        record between them so that they can be numbered; with ``total`` (what
        :meth:`readable_lines` counted) a slice near the end is read from the end."""
        ...

    async def numbering_before(self, game_id: int, reader: Reader, seq: int) -> tuple[int, int]:
        """Public records before ``seq``, and records ``reader`` alone sees since the last."""
        ...

    async def undo_records(self, game_id: int, upto: int) -> list[LogRow]: ...

    async def records_at(self, game_id: int, seqs: Iterable[int]) -> dict[int, LogRow]: ...

    async def actions_of(self, game_id: int, seat: str, upto: int, limit: int) -> list[LogRow]:
        """The seat's last ``limit`` action records up to ``upto``, newest first."""
        ...

    async def snapshot_versions(self, game_id: int, rules_version: str) -> list[int]: ...

    async def snapshot(self, game_id: int, version: int) -> str | bytes | None: ...

    async def next_dice_counter(self, game_id: int) -> int: ...

    async def public_records(self, game_id: int) -> int: ...

    async def games_of_user(
        self, user_id: int, include_finished: bool = False
    ) -> list[GameRow]: ...

    async def waiting_games(
        self, now: float, *, minimum_seconds: float | None = None
    ) -> list[GameRow]: ...

    async def count_games(self) -> int: ...

    async def games_by_status(self) -> dict[str, int]: ...

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
        settings: str | None = None,  # the game's settings as JSON (None: the defaults)
    ) -> int: ...

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
    ) -> int: ...

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
        """Append ``records`` (at least one) as one batch to the game as ``read`` holds it,
        as :meth:`append` does without seat changes, in one round trip (one hand-off to
        SQLite's thread, one statement on PostgreSQL); return the game as it stands after
        (``bot.store.after_batch``), for the next command to start from without reading it
        again. Refused with ``VersionConflict``, nothing written, when the game moved past
        ``read``'s version or, with ``exact``, when anything in its row changed since it
        was read (a setting, a reminder's mark, an undo request, a dashboard message):
        a command decided on a copy remembered from earlier writes only onto that very row."""
        ...

    async def set_undo_request(
        self, game_id: int, expected_version: int, request: str | None
    ) -> None: ...

    async def touch(self, game_id: int, **updates: Any) -> None: ...

    # -- saved rolls ------------------------------------------------------------------
    async def roll_macros(self, guild_id: int, user_id: int) -> list[tuple[str, str]]: ...

    async def save_roll_macro(
        self, guild_id: int, user_id: int, name: str, dice: str, saved_at: float, limit: int
    ) -> bool | None: ...

    async def delete_roll_macro(self, guild_id: int, user_id: int, name: str) -> bool: ...

    async def server_roll_macros(self, guild_id: int) -> list[tuple[str, str, int]]:
        """(name, dice, saved by) of every roll the server keeps for its members, by name."""
        ...

    async def save_server_roll_macro(
        self, guild_id: int, name: str, dice: str, saved_by: int, saved_at: float, limit: int
    ) -> bool | None:
        """As :meth:`save_roll_macro`, for the server's rolls."""
        ...

    async def delete_server_roll_macro(self, guild_id: int, name: str) -> bool: ...

    # -- a server's defaults and each user's language -----------------------------------
    async def server_settings(self, guild_id: int) -> str | None:
        """The server's defaults as the JSON last saved (None: never changed)."""
        ...

    async def save_server_settings(
        self, guild_id: int, settings: str, changed_at: float
    ) -> None: ...

    async def user_languages(self, user_ids: Iterable[int]) -> dict[int, str]:
        """The language last seen of each of ``user_ids`` that has one."""
        ...

    async def save_user_language(self, user_id: int, language: str, seen_at: float) -> None: ...

    # -- DM questions on screen (``bot.discord_app.open_questions``) --------------------
    async def keep_dm_question(self, question: DmQuestion) -> None:
        """Remember a question sent by DM until it is closed."""
        ...

    async def dm_questions(self, game_id: int) -> list[DmQuestion]:
        """The questions of ``game_id`` still on screen, oldest first."""
        ...

    async def drop_dm_questions(self, message_ids: Sequence[int]) -> list[int]:
        """Forget these questions; returns those this call forgot (a question two
        processes close at once is closed by the one that forgot it)."""
        ...

    # -- timers, each fired once by one process (``bot.store.timer_due``) --------------
    async def claim_timers(
        self, kind: str, now: float, *, owner: str, lease_seconds: float, limit: int = 50
    ) -> list[GameRow]:
        """Up to ``limit`` games whose ``kind`` timer is due at ``now`` and held by nobody,
        each now leased to ``owner`` until ``now + lease_seconds``: no other claim returns
        them meanwhile, whichever process (or store instance) makes it."""
        ...

    async def fire_timer(self, kind: str, game_id: int, owner: str, fired_at: float) -> bool:
        """The timer fired: a reminder's game is marked reminded at ``fired_at`` (unless it
        moved past the version it was claimed at: a new wait is reminded afresh) and the
        lease ends, in one transaction. False (nothing written) when ``owner`` no longer
        holds the lease (it expired and another process took the timer over)."""
        ...

    async def renew_timers(self, owner: str, until: float) -> int:
        """Every lease ``owner`` still holds now lasts until ``until`` (never shortened):
        the heartbeat of a live process, whose claims thus outlast a short lease while
        a dead one's run out soon. How many leases were renewed."""
        ...

    async def rest_timer(self, kind: str, game_id: int, owner: str, until: float | None) -> bool:
        """Nothing is due at the claimed version of the game before ``until`` (never, if
        None): the lease becomes a rest that a later version of the game ends at once.
        False (nothing written) when ``owner`` no longer holds the lease."""
        ...
