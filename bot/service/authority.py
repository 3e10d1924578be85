"""Who may run a game: its creator and members who can manage the server.

Seated players act for their own seat only, and everybody else watches. Stewards (the
creator and anyone with Manage Server) may also end a game, pause and resume it, and
take a seat away from an absent player or hand it to another member. A pause is stored
with the game as :class:`Pause`; while it lasts nobody can act and no clock runs.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass

from bot.durations import span_said
from bot.messages import Message, said
from bot.service.errors import UserError
from bot.service.loaded import LoadedGame
from bot.service.player import Player
from rules.core.state import GameState

REASON_LIMIT = 200


def is_steward(game: LoadedGame, player: Player) -> bool:
    return player.user_id == game.row.creator_id or player.manager


def require_steward(game: LoadedGame, player: Player, doing: Message) -> None:
    """Refuse unless ``player`` created the game or manages the server."""
    if not is_steward(game, player):
        raise UserError(
            said(
                "Only the game's creator or a member with Manage Server can {doing}.",
                doing=doing,
            )
        )


def tidy_reason(reason: str | None) -> str:
    """A pause reason on one line, at most 200 characters."""
    text = " ".join((reason or "").split())
    if len(text) > REASON_LIMIT:
        raise UserError(said("Keep the reason to {limit} characters.", limit=REASON_LIMIT))
    return text


@dataclass(frozen=True, slots=True)
class Pause:
    """Who paused the game, their name then, when (epoch seconds) and why."""

    by: int
    name: str
    at: float
    reason: str = ""

    def to_json(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def of(cls, game: LoadedGame) -> Pause | None:
        if not game.row.paused:
            return None
        data = json.loads(game.row.paused)
        return cls(int(data["by"]), str(data["name"]), float(data["at"]), str(data["reason"]))

    def describe(self) -> Message:
        if self.reason:
            return said("paused by {name}: {reason}", name=self.name, reason=self.reason)
        return said("paused by {name}", name=self.name)


def refuse_while_paused(game: LoadedGame) -> None:
    pause = Pause.of(game)
    if pause is not None and game.row.status == "active":
        raise UserError(
            said(
                "The game is {paused}. Nothing can be played until the game's "
                "creator or a member with Manage Server uses `/game resume`.",
                paused=pause.describe(),
            )
        )


def span(seconds: float) -> str:
    """A rough, readable length of time: '40 minutes', '3 hours', '2 days' (in English;
    :func:`bot.durations.span_said` in any language)."""
    return span_said(seconds).english


def require_seat(game: LoadedGame, player: Player) -> str:
    """The seat ``player`` holds; spectators are refused."""
    seat = game.seat_of(player.user_id)
    if seat is None:
        raise UserError(said("You are not seated in this game; spectators can only watch."))
    return seat


def require_under_way(game: LoadedGame) -> GameState:
    """The state of a game that has started, has not ended and is not paused."""
    if game.row.status == "lobby" or game.state is None:
        raise UserError(
            said("The game has not started yet. Use `/game start` when all are seated.")
        )
    if game.row.status == "finished":
        raise UserError(said("This game is over."))
    refuse_while_paused(game)
    return game.state
