"""The DM questions on players' screens, by game, so that a question the game has moved past
(answered with ``/act``, answered by Umpire when its time ran out, asked again, or the game
over) is edited to say so and loses its menu and buttons instead of looking live.

The register is kept in the store (``dm_questions``): each question's DM message, its
words, the game, seat and prompt it asks and its reader's language. Whichever process of
the bot delivers a game's next outcome closes what the game has moved past, after a
restart too, and a question two processes close at once is closed by the one whose store
call forgot it (:meth:`bot.store.contract.Store.drop_dm_questions`)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Collection
from dataclasses import dataclass

import aiohttp
import discord

from bot.messages import said
from bot.present.posts import MESSAGE_LIMIT
from bot.service.outcome import PromptDelivery
from bot.service.user_languages import language_named
from bot.store.contract import Store
from bot.store.records import DmQuestion
from rules.core.language import Language

log = logging.getLogger("umpire.delivery")

CLOSED = said("⌛ This question has closed: the game has moved on.")
ASKED_AGAIN = said("⌛ This question was asked again in a newer message.")

MessageOf = Callable[[int, int], discord.PartialMessage]
"""The message ``message_id`` of the DM channel ``channel_id``, to edit without fetching."""


@dataclass(frozen=True, slots=True)
class SentQuestion:
    """A prompt sent by DM, the message that carries it and the words it was sent with."""

    game_id: int
    user_id: int
    seat: str
    key: str
    message: discord.Message | discord.PartialMessage
    content: str
    language: Language


class OpenQuestions:
    """The register of DM questions on screen, in the store ``store()`` gives."""

    def __init__(self, store: Callable[[], Store], message_of: MessageOf) -> None:
        self.store = store
        self.message_of = message_of

    def _sent(self, question: DmQuestion) -> SentQuestion:
        return SentQuestion(
            question.game_id,
            question.user_id,
            question.seat,
            question.prompt_key,
            self.message_of(question.channel_id, question.message_id),
            question.content,
            language_named(question.language),
        )

    async def sent(self, delivery: PromptDelivery, message: discord.Message) -> list[SentQuestion]:
        """Remember the DM ``message`` carrying ``delivery``; the same question sent earlier
        to the same player, now superseded, is returned for closing."""
        db = self.store()
        asked = (delivery.user_id, delivery.seat, delivery.prompt.key)
        older = [
            q
            for q in await db.dm_questions(delivery.game_id)
            if (q.user_id, q.seat, q.prompt_key) == asked and q.message_id != message.id
        ]
        await db.keep_dm_question(
            DmQuestion(
                message_id=message.id,
                channel_id=message.channel.id,
                game_id=delivery.game_id,
                user_id=delivery.user_id,
                seat=delivery.seat,
                prompt_key=delivery.prompt.key,
                content=message.content,
                language=delivery.language.value,
                sent_at=message.created_at.timestamp(),
            )
        )
        return await self._claimed(older)

    async def settled(
        self, game_id: int, still_open: Collection[tuple[int, str, str]]
    ) -> list[SentQuestion]:
        """Forget and return the questions of ``game_id`` whose ``(user, seat, key)`` is no
        longer among ``still_open`` (answered, or the seat handed to somebody else)."""
        asked = await self.store().dm_questions(game_id)
        return await self._claimed(
            [q for q in asked if (q.user_id, q.seat, q.prompt_key) not in still_open]
        )

    async def asked(self, game_id: int) -> bool:
        """Whether any question of ``game_id`` is on screen."""
        return bool(await self.store().dm_questions(game_id))

    async def forget(self, message_id: int) -> None:
        """Stop tracking the question in ``message_id`` (closed by its own answer)."""
        await self.store().drop_dm_questions([message_id])

    async def _claimed(self, questions: list[DmQuestion]) -> list[SentQuestion]:
        """Those of ``questions`` this call forgot (another process forgot the others, and
        closes them)."""
        if not questions:
            return []
        dropped = set(await self.store().drop_dm_questions([q.message_id for q in questions]))
        return [self._sent(q) for q in questions if q.message_id in dropped]


async def close_message(
    message: discord.Message | discord.PartialMessage, content: str, note: str
) -> None:
    """Edit a question's message, whose words are ``content``: its menu and buttons go and
    ``note`` says why. A message that cannot be edited any more is left as it is (a click
    on it is refused anyway)."""
    text = f"{content}\n{note}"
    if len(text) > MESSAGE_LIMIT:
        text = f"{content[: MESSAGE_LIMIT - len(note) - 2]}…\n{note}"
    try:
        await message.edit(content=text, view=None)
    except (discord.HTTPException, aiohttp.ClientError, OSError):
        log.warning("could not close the question in message %s", message.id, exc_info=True)
