"""What every part of the service shares: the store, the per-channel locks, the clock and
the seed source, and the two ways of touching a game: loading it and appending a batch.

Each part of the service (lobby, play, stewardship, undo, …) holds one :class:`GameAccess`;
changes to a channel's game run under :meth:`GameAccess.lock` so they happen one at a time.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from bot.messages import said
from bot.service.errors import ChoiceExpired, UserError
from bot.service.loaded import LoadedGame, rebuild_state
from bot.service.recent_games import RecentGames, Remembered
from bot.service.snapshots import decode_state
from bot.store.conflicts import VersionConflict
from bot.store.contract import Store
from bot.store.records import GameRow, NewRecord, SeatRow
from rules.core.registry import UnknownSystem, get_system
from rules.core.state import GameState
from rules.core.system import GameSystem

NEVER_PLAYED = said("No game has been played in this channel yet.")


class GameAccess:
    def __init__(
        self,
        db: Store,
        *,
        default_reminder_seconds: int,
        clock: Callable[[], float],
        seed_source: Callable[[], bytes],
    ) -> None:
        self.db = db
        self.default_reminder_seconds = default_reminder_seconds
        self.clock = clock
        self.seed_source = seed_source
        self._locks: dict[int, asyncio.Lock] = {}
        self.recent = RecentGames()

    def lock(self, channel_id: int) -> asyncio.Lock:
        """The lock every change to ``channel_id``'s game runs under."""
        lock = self._locks.get(channel_id)
        if lock is None:
            lock = self._locks[channel_id] = asyncio.Lock()
        return lock

    # -- loading ----------------------------------------------------------------------
    async def load(
        self, row: GameRow, seats: list[SeatRow] | None = None, next_dice: int | None = None
    ) -> LoadedGame:
        """The game of ``row`` with its state; ``seats`` (and the first dice counter no
        roll has used, ``next_dice``) where already read with the row."""
        system = system_of(row)
        if seats is None:
            seats = await self.db.seats(row.id)
        game = LoadedGame(row=row, seats=seats, system=system, state=None, next_dice=next_dice)
        if row.state is None:
            return game
        if row.rules_version != system.rules_version:
            # saved under other rules: its snapshot may mean something else now, but its
            # events (read through the system's upcasts) are the truth
            game.state = rebuild_state(game, await self.db.log(row.id))
        else:
            game.state = decode_state(system.state_model, row.state)
        return game

    async def open(
        self, channel_id: int, *, component: bool = False, remembered: bool = False
    ) -> LoadedGame:
        """The channel's open game; for a ``component`` (a button or menu of a game that
        has since ended) no open game means the choice has expired. The game, its seats
        and where its dice stream stands are read in one round trip to the store.

        With ``remembered``, the game as this process last read or wrote it, where it
        remembers one (:mod:`bot.service.recent_games`), without reading it: the command
        then makes one round trip, its write. Such a game is marked ``remembered``: a
        refusal decided on it must be decided again on a fresh read, and its batch is
        written only onto exactly that row (else :class:`Outdated` is raised)."""
        kept = self.recent.get(channel_id) if remembered else None
        if kept is not None:
            read = kept.read
            if kept.state is None:
                game = await self.load(read.row, read.seats, read.next_dice_counter)
            else:
                game = LoadedGame(
                    row=read.row,
                    seats=read.seats,
                    system=system_of(read.row),
                    state=kept.state,
                    next_dice=read.next_dice_counter,
                    prompt_keys=kept.prompt_keys,
                )
            game.read, game.remembered = read, True
            return game
        found = await self.db.open_game_seated(channel_id)
        if found is None:
            self.recent.forget(channel_id)
            if component:
                raise ChoiceExpired()
            if await self.db.latest_game(channel_id) is not None:
                raise UserError(
                    said("The last game in this channel is over. Start a new one with `/game new`.")
                )
            raise UserError(said("There is no game in this channel. Start one with `/game new`."))
        game = await self.load(found.row, found.seats, found.next_dice_counter)
        game.read = found
        self.recent.keep(Remembered(found, game.state))
        return game

    async def _row_in(self, channel_id: int) -> GameRow | None:
        """The row of the channel's open game, else of its most recent one."""
        return await self.db.open_game(channel_id) or await self.db.latest_game(channel_id)

    async def game_in(self, channel_id: int) -> LoadedGame | None:
        """The channel's open game, else its most recent one, else None."""
        row = await self._row_in(channel_id)
        return await self.load(row) if row else None

    async def system_in(self, channel_id: int) -> str | None:
        """The system id of the channel's open or most recent game, without loading it."""
        row = await self._row_in(channel_id)
        return row.system if row else None

    async def open_or_last(self, channel_id: int) -> LoadedGame:
        """The channel's open or most recent game; refused when there never was one."""
        game = await self.game_in(channel_id)
        if game is None:
            raise UserError(NEVER_PLAYED)
        return game

    async def game_being_read(self, channel_id: int, game_id: int | None) -> LoadedGame:
        """The channel's game (its last, once over) or, while paging on through one viewing,
        the game ``game_id`` it began on: expired when that is not this channel's."""
        if game_id is None:
            return await self.open_or_last(channel_id)
        game = await self.game_by_id(game_id)
        if game.row.channel_id != channel_id:
            raise ChoiceExpired()
        return game

    async def require_a_game(self, channel_id: int) -> None:
        """Refuse, reading only the games table, when the channel never had a game."""
        if await self._row_in(channel_id) is None:
            raise UserError(NEVER_PLAYED)

    async def game_by_id(self, game_id: int) -> LoadedGame:
        if not 0 < game_id < 2**63:  # a nonsense id (no SQLite integer) names no game
            raise ChoiceExpired()
        row = await self.db.game(game_id)
        if row is None:
            raise ChoiceExpired()
        return await self.load(row)

    # -- writing ----------------------------------------------------------------------
    async def append(
        self,
        game: LoadedGame,
        records: list[NewRecord],
        *,
        updates: dict[str, Any] | None = None,
        seat_changes: list[tuple[str, SeatRow | str]] | None = None,
        keep_snapshot: tuple[str, bytes] | None = None,
        leaves: tuple[GameState, frozenset[tuple[str, str]]] | None = None,
    ) -> int:
        """Append one batch at the game's next version; returns that version.
        ``keep_snapshot`` (rules version, encoded state) also keeps the state after it.

        A game read as its channel's open game is advanced in one round trip and
        remembered as the batch leaves it (with the state and prompt keys it ``leaves``,
        where given); a ``remembered`` one only if its row is still exactly as
        remembered, else :class:`Outdated` (nothing written)."""
        channel_id = game.row.channel_id
        read = game.read
        if read is not None and records and not seat_changes:
            try:
                after = await self.db.advance(
                    read,
                    records,
                    self.clock(),
                    updates=updates,
                    keep_snapshot=keep_snapshot,
                    exact=game.remembered,
                )
            except VersionConflict:
                self.recent.forget(channel_id)
                if game.remembered:
                    raise Outdated() from None
                raise lost_race() from None
            except BaseException:
                self.recent.forget(channel_id)
                raise
            game.remembered = False  # written: nothing to decide again
            self.recent.keep(Remembered(after, *(leaves or (None, None))))
            return after.row.version
        self.recent.forget(channel_id)
        try:
            return await self.db.append(
                game.id,
                game.version,
                records,
                self.clock(),
                updates=updates,
                seat_changes=seat_changes or [],
                keep_snapshot=keep_snapshot,
            )
        except VersionConflict:
            raise lost_race() from None

    async def set_undo_request(self, game: LoadedGame, request: str | None) -> None:
        """Store the game's undo request if the game is still at the version loaded."""
        self.recent.forget(game.row.channel_id)
        try:
            await self.db.set_undo_request(game.id, game.version, request)
        except VersionConflict:
            raise lost_race() from None


def system_of(row: GameRow) -> GameSystem[Any]:
    """The installed system the game of ``row`` is played with."""
    try:
        return get_system(row.system)
    except UnknownSystem:
        raise UserError(
            said(
                "This channel's game uses the system '{system}', which is not installed.",
                system=row.system,
            )
        ) from None


class Outdated(Exception):
    """The game changed since this process remembered it (another process, a timer or a
    setting wrote to it): nothing was written, and the command is to be decided again on
    a fresh read of the game."""


def lost_race() -> UserError:
    """The refusal when another change reached the game first."""
    return UserError(
        said(
            "Someone else changed the game at the same moment; nothing of yours was "
            "applied. Look at the game and try again."
        )
    )
