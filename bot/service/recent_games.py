"""The open games this process last read or wrote, by channel: where the next command on a
channel's game starts from without reading the game again.

A remembered game is only a guess at the database: another process of a cluster, a timer
or a setting may have changed the game since. A command decided on one therefore writes
its batch only onto exactly that row (:meth:`bot.store.contract.Store.advance` with
``exact``), and is decided again on a fresh read when the row changed or when the guess
led to a refusal (see :meth:`bot.service.access.GameAccess.open`). What is kept is bounded
by a number of games and by the bytes of their snapshots; the games used least recently
are forgotten first.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

from bot.store.records import OpenGame
from rules.core.state import GameState

GAMES = 1024
"""How many channels' games a process remembers at most."""
SNAPSHOT_BYTES = 16 * 2**20
"""How many bytes of stored snapshots those games may hold together."""


@dataclass(frozen=True, slots=True)
class Remembered:
    """A channel's open game as the store last gave it or the last batch left it, with
    what a command works out from it anew each time otherwise: the state its snapshot
    holds (states are frozen, so one object serves every command) and which seat is
    asked which question in it."""

    read: OpenGame
    state: GameState | None = None
    prompt_keys: frozenset[tuple[str, str]] | None = None


class RecentGames:
    def __init__(self, games: int = GAMES, snapshot_bytes: int = SNAPSHOT_BYTES) -> None:
        self._games: OrderedDict[int, Remembered] = OrderedDict()
        self._limit = games
        self._bytes_limit = snapshot_bytes
        self._bytes = 0

    def __len__(self) -> int:
        return len(self._games)

    def get(self, channel_id: int) -> Remembered | None:
        found = self._games.get(channel_id)
        if found is not None:
            self._games.move_to_end(channel_id)
        return found

    def keep(self, found: Remembered) -> None:
        """Remember ``found`` as its channel's game; a game no longer open is forgotten."""
        row = found.read.row
        if row.status not in ("lobby", "active"):
            self.forget(row.channel_id)
            return
        before = self._games.get(row.channel_id)
        if before is not None:
            self._bytes -= _size(before)
        self._games[row.channel_id] = found
        self._games.move_to_end(row.channel_id)
        self._bytes += _size(found)
        while len(self._games) > self._limit or self._bytes > self._bytes_limit:
            _, oldest = self._games.popitem(last=False)
            self._bytes -= _size(oldest)

    def forget(self, channel_id: int) -> None:
        dropped = self._games.pop(channel_id, None)
        if dropped is not None:
            self._bytes -= _size(dropped)


def _size(found: Remembered) -> int:
    return len(found.read.row.state or b"")
