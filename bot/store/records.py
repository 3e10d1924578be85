"""Plain records read from and written to the database."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any


@dataclass(frozen=True, slots=True)
class SeatRow:
    seat: str
    user_id: int
    name: str
    position: int


@dataclass(frozen=True, slots=True)
class GameRow:
    id: int
    channel_id: int
    guild_id: int | None
    system: str
    rules_version: str
    status: str
    options: str
    creator_id: int
    seed: bytes
    commitment: str
    version: int
    state: str | bytes | None  # a snapshot: compressed JSON (older rows: JSON text)
    reminder_seconds: int
    waiting_on: str
    waiting_since: float | None
    reminded_at: float | None
    undo_request: str | None
    created_at: float
    updated_at: float
    ended_at: float | None
    paused: str | None = None  # JSON: who paused the game, when and why
    dashboard_message: int | None = None  # the dashboard's Discord message (schema 6)
    settings: str | None = None  # JSON: verbosity, board cadence, absence, reminders
    summary_since: int = 0  # the version up to which the channel has been told

    @property
    def awaited(self) -> tuple[str, ...]:
        """The seats the game waits on, as its ``waiting_on`` column lists them."""
        return awaited_seats(self.waiting_on)


@lru_cache(maxsize=256)
def awaited_seats(waiting_on: str) -> tuple[str, ...]:
    """The seats a ``waiting_on`` column lists (a JSON list): read once for each of the
    few texts there are, since every command on a game reads it."""
    return tuple(json.loads(waiting_on))


@lru_cache(maxsize=256)
def waiting_on_column(seats: tuple[str, ...]) -> str:
    """The ``waiting_on`` column that lists ``seats``."""
    return json.dumps(list(seats))


@dataclass(frozen=True, slots=True)
class OpenGame:
    """A channel's open game as a command reads it, in one round trip to the store: its
    row, its seats (by position) and the first dice counter no roll has ever used; and
    which version of the row this is (``stamp``: SQLite's ``revision`` column,
    PostgreSQL's ``xmin``), so that a write can check that nothing in it changed since
    (:meth:`bot.store.contract.Store.advance`); None where it was not read with one."""

    row: GameRow
    seats: list[SeatRow]
    next_dice_counter: int
    stamp: str | None = None


@dataclass(frozen=True, slots=True)
class LogRow:
    """One record of the log. ``kind`` is action, event, undo or meta."""

    seq: int
    batch: int
    kind: str
    seat: str | None
    user_id: int | None
    scope: str
    payload: str
    created_at: float


@dataclass(frozen=True, slots=True)
class DmQuestion:
    """A question sent by DM whose menu is still on its reader's screen: the message
    (``message_id`` in the DM channel ``channel_id``) and its words, the game, the seat
    and the prompt it asks, and the reader's language, so that any process can close it
    once the game has moved past it."""

    message_id: int
    channel_id: int
    game_id: int
    user_id: int
    seat: str
    prompt_key: str
    content: str
    language: str
    sent_at: float


DM_QUESTION_COLUMNS = (
    "message_id, channel_id, game_id, user_id, seat, prompt_key, content, language, sent_at"
)


def dm_question_row(question: DmQuestion) -> tuple[Any, ...]:
    """``question`` as the values of :data:`DM_QUESTION_COLUMNS`."""
    return tuple(getattr(question, name.strip()) for name in DM_QUESTION_COLUMNS.split(","))


def dm_question_of(row: Sequence[Any]) -> DmQuestion:
    """A row read as :data:`DM_QUESTION_COLUMNS`."""
    message_id, channel_id, game_id, user_id, seat, key, content, language, sent_at = row
    return DmQuestion(
        int(message_id),
        int(channel_id),
        int(game_id),
        int(user_id),
        str(seat),
        str(key),
        str(content),
        str(language),
        float(sent_at),
    )


@dataclass(frozen=True, slots=True)
class NewRecord:
    kind: str
    seat: str | None
    user_id: int | None
    scope: str
    payload: str


# the game columns a batch (``updates``) or a bookkeeping write (``touch``) may set
UPDATABLE = frozenset(
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
        "dashboard_message",
        "settings",
        "summary_since",
    }
)
