"""Posts: what a front end must send, to whom, and with which attachments."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from bot.present.defuse import defuse_mentions
from bot.service.outcome import Outcome, PromptDelivery
from rules.core.language import Language

Audience = Literal["channel", "dm", "ephemeral"]
MESSAGE_LIMIT = 2000
HEADING_ROOM = 200
"""Characters a DM keeps free for its heading (:func:`dm_heading`)."""


@dataclass(slots=True)
class Post:
    audience: Audience
    text: str
    user_id: int | None = None  # recipient of a DM or ephemeral reply
    mentions: list[int] = field(default_factory=list)  # users deliberately pinged
    board: bool = False  # attach a fresh board picture
    prompt: PromptDelivery | None = None


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
        public.append(
            " ".join(f"<@{uid}>" for uid in outcome.mentions) + f" — {outcome.mention_reason}."
        )
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
        posts.extend(Post(audience, text, user_id=user_id) for text in pieces)
    for delivery in outcome.prompts:
        text = defuse_mentions(delivery.prompt.text)
        posts.append(Post("dm", text, user_id=delivery.user_id, prompt=delivery))
    return posts


def dm_heading(outcome: Outcome, post: Post) -> str:
    """The line a DM opens with, so it says which game it belongs to: the system, the
    channel (a link a click away) and, for a question Umpire answers when time runs out,
    its deadline as Discord timestamps."""
    name = outcome.system_name or outcome.system
    where = f"<#{outcome.channel_id}>"
    if outcome.guild_id is not None:
        where += f" (https://discord.com/channels/{outcome.guild_id}/{outcome.channel_id})"
    heading = f"**{name}** in {where}"
    deadline = post.prompt.deadline if post.prompt is not None else None
    if deadline is not None and post.prompt is not None:
        at = int(deadline)
        by = "antworte bis" if post.prompt.language is Language.GERMAN else "answer by"
        heading += f" · {by} <t:{at}:f> (<t:{at}:R>)"
    return heading


def with_heading(outcome: Outcome, post: Post) -> str:
    """``post``'s text under its DM heading, within Discord's message limit."""
    heading = dm_heading(outcome, post)
    room = MESSAGE_LIMIT - len(heading) - 1
    text = post.text if len(post.text) <= room else post.text[: room - 1] + "…"
    return f"{heading}\n{text}"
