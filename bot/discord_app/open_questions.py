"""The DM questions on players' screens, by game, so that a question the game has moved past
(answered with ``/act``, answered by Umpire when its time ran out, asked again, or the game
over) is edited to say so and loses its menu and buttons instead of looking live.

The register lives in the process: after a restart the older questions stay on screen,
and a click on one is refused as expired and closes it then (see the answers cog)."""

from __future__ import annotations

import logging
from collections.abc import Collection
from dataclasses import dataclass

import aiohttp
import discord

from bot.present.posts import MESSAGE_LIMIT
from bot.service.outcome import PromptDelivery

log = logging.getLogger("umpire.delivery")

CLOSED = "⌛ This question has closed: the game has moved on."
ASKED_AGAIN = "⌛ This question was asked again in a newer message."


@dataclass(frozen=True, slots=True)
class SentQuestion:
    """A prompt sent by DM, and the message that carries it."""

    game_id: int
    user_id: int
    seat: str
    key: str
    message: discord.Message


class OpenQuestions:
    def __init__(self) -> None:
        self._by_game: dict[int, list[SentQuestion]] = {}

    def sent(self, delivery: PromptDelivery, message: discord.Message) -> list[SentQuestion]:
        """Remember the DM ``message`` carrying ``delivery``; the same question sent earlier
        to the same player, now superseded, is returned for closing."""
        asked = self._by_game.setdefault(delivery.game_id, [])
        older = [
            q
            for q in asked
            if (q.user_id, q.seat, q.key) == (delivery.user_id, delivery.seat, delivery.prompt.key)
        ]
        asked[:] = [q for q in asked if q not in older]
        asked.append(
            SentQuestion(
                delivery.game_id, delivery.user_id, delivery.seat, delivery.prompt.key, message
            )
        )
        return older

    def settled(
        self, game_id: int, still_open: Collection[tuple[int, str, str]]
    ) -> list[SentQuestion]:
        """Forget and return the questions of ``game_id`` whose ``(user, seat, key)`` is no
        longer among ``still_open`` (answered, or the seat handed to somebody else)."""
        asked = self._by_game.get(game_id, [])
        done = [q for q in asked if (q.user_id, q.seat, q.key) not in still_open]
        kept = [q for q in asked if q not in done]
        if kept:
            self._by_game[game_id] = kept
        else:
            self._by_game.pop(game_id, None)
        return done

    def forget(self, message_id: int) -> None:
        """Stop tracking the question in ``message_id`` (closed by its own answer)."""
        for game_id, asked in list(self._by_game.items()):
            kept = [q for q in asked if q.message.id != message_id]
            if kept:
                self._by_game[game_id] = kept
            else:
                del self._by_game[game_id]

    def games(self) -> tuple[int, ...]:
        """The games with questions on screen."""
        return tuple(self._by_game)


async def close_message(message: discord.Message, note: str) -> None:
    """Edit a question's message: its menu and buttons go and ``note`` says why. A message
    that cannot be edited any more is left as it is (a click on it is refused anyway)."""
    text = f"{message.content}\n{note}"
    if len(text) > MESSAGE_LIMIT:
        text = f"{message.content[: MESSAGE_LIMIT - len(note) - 2]}…\n{note}"
    try:
        await message.edit(content=text, view=None)
    except (discord.HTTPException, aiohttp.ClientError, OSError):
        log.warning("could not close the question in message %s", message.id, exc_info=True)
