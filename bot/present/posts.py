"""Posts: what a front end must send, to whom, and with which attachments."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from bot.messages import said
from bot.present.defuse import defuse_mentions
from bot.service.outcome import Outcome, PromptDelivery
from rules.core.language import Language

Audience = Literal["channel", "dm", "ephemeral"]
MESSAGE_LIMIT = 2000
HEADING_ROOM = 200
"""Characters a DM keeps free for its heading (:func:`dm_heading`)."""
SERVER_NAME = 50
"""Characters of a server's name a DM heading shows at most."""


@dataclass(slots=True)
class Post:
    audience: Audience
    text: str
    user_id: int | None = None  # recipient of a DM or ephemeral reply
    mentions: list[int] = field(default_factory=list)  # users deliberately pinged
    board: bool = False  # attach a fresh board picture
    prompt: PromptDelivery | None = None
    language: Language = Language.ENGLISH  # its reader's (a DM's, an ephemeral reply's)


def chunk(lines: list[str], limit: int = MESSAGE_LIMIT) -> list[str]:
    """Join lines into as few messages as fit under ``limit`` characters each."""
    messages: list[str] = []
    current = ""
    for whole in lines:
        for line in _pieces(whole, limit):
            candidate = f"{current}\n{line}" if current else line
            if len(candidate) > limit:
                messages.append(current)
                current = line
            else:
                current = candidate
    if current:
        messages.append(current)
    return messages


def _pieces(line: str, limit: int) -> list[str]:
    """``line`` cut into parts of at most ``limit`` characters, so that nothing is lost."""
    return [line[start : start + limit] for start in range(0, len(line), limit)] or [line]


def posts_for(outcome: Outcome, actor_id: int | None) -> list[Post]:
    """The posts an outcome calls for; the actor's private lines become an ephemeral reply."""
    posts: list[Post] = []
    public = [defuse_mentions(line) for line in outcome.public]  # names are user text
    if outcome.mentions:
        # nobody asked for it: in the game's language, for as many as are mentioned
        reason = outcome.mention_reason.counted(len(outcome.mentions)).in_(outcome.language)
        public.append(" ".join(f"<@{uid}>" for uid in outcome.mentions) + f" — {reason}.")
    messages = chunk(public)
    for index, text in enumerate(messages):
        last = index == len(messages) - 1
        posts.append(
            Post(
                "channel",
                text,
                mentions=list(outcome.mentions) if last else [],
                board=outcome.board and last,
            )
        )
    private = dict(outcome.private)
    if outcome.withheld and actor_id is not None:  # the actor still sees what they did
        private[actor_id] = outcome.withheld + private.get(actor_id, [])
    for user_id, lines in private.items():
        audience: Audience = "ephemeral" if user_id == actor_id else "dm"
        safe = [defuse_mentions(line) for line in lines]
        # an ephemeral reply may still go by DM (see the front end): room for a heading
        pieces = chunk(safe, MESSAGE_LIMIT - HEADING_ROOM)
        language = outcome.reader_language(user_id)
        posts.extend(Post(audience, text, user_id=user_id, language=language) for text in pieces)
    for delivery in outcome.prompts:
        text = defuse_mentions(delivery.prompt.text)
        posts.append(
            Post("dm", text, user_id=delivery.user_id, prompt=delivery, language=delivery.language)
        )
    return posts


def game_link(guild_id: int | None, channel_id: int) -> str:
    """A game's channel as a mention and, in a server, a link a click away."""
    where = f"<#{channel_id}>"
    if guild_id is not None:
        where += f" (https://discord.com/channels/{guild_id}/{channel_id})"
    return where


def game_heading(
    system: str, guild_id: int | None, channel_id: int, server: str | None, language: Language
) -> str:
    """``**Tannhäuser** in <#…> (link) on My Server``: which game a DM is about."""
    where = game_link(guild_id, channel_id)
    if server:
        shown = server if len(server) <= SERVER_NAME else server[: SERVER_NAME - 1] + "…"
        return said(
            "**{system}** in {where} on **{server}**",
            system=system,
            where=where,
            server=defuse_mentions(shown.replace("*", "")),
        ).in_(language)
    return said("**{system}** in {where}", system=system, where=where).in_(language)


def dm_heading(outcome: Outcome, post: Post, server: str | None = None) -> str:
    """The line a DM opens with, so it says which game it belongs to: the system, the
    channel (a link a click away), the server's name when known and, for a question
    Umpire answers when time runs out, its deadline as Discord timestamps; in the
    reader's language."""
    name = outcome.system_name or outcome.system
    heading = game_heading(name, outcome.guild_id, outcome.channel_id, server, post.language)
    deadline = post.prompt.deadline if post.prompt is not None else None
    if deadline is not None:
        at = int(deadline)
        by = said("answer by {at}", at=f"<t:{at}:f> (<t:{at}:R>)").in_(post.language)
        heading += f" · {by}"
    return heading


def with_heading(outcome: Outcome, post: Post, server: str | None = None) -> str:
    """``post``'s text under its DM heading, within Discord's message limit."""
    heading = dm_heading(outcome, post, server)
    room = MESSAGE_LIMIT - len(heading) - 1
    text = post.text if len(post.text) <= room else post.text[: room - 1] + "…"
    return f"{heading}\n{text}"
