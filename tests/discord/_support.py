"""Helpers for reading what users of the simulated server see."""

from __future__ import annotations

import json
import re
from typing import Any

import discord
from simcord.actors import MemberActor

from bot.service.errors import UserError
from bot.service.game_service import GameService

from .conftest import Table

STANCE = re.compile(r"\b(attack|defend|feint)\b", re.IGNORECASE)


def visible_text(message: Any) -> str:
    """Everything a reader sees of a message: content, embeds and attachment names."""
    parts = [message.content or ""]
    for embed in message.embeds:
        parts.append(json.dumps(embed.to_dict(), ensure_ascii=False))
    parts.extend(attachment.filename for attachment in message.attachments)
    return "\n".join(parts)


DASHBOARD = "📋 **"


def board_pictures(message: discord.Message) -> list[discord.Attachment]:
    """The whole-board pictures a post carries (its close-up aside), after checking how
    a post with a close-up is laid out: the close-up first, shown large, then the board,
    which the post's embed shows as a thumbnail."""
    boards = [a for a in message.attachments if a.filename.startswith("board-")]
    closeups = [a for a in message.attachments if a.filename.startswith("closeup-")]
    assert all(a.filename.endswith(".png") for a in message.attachments)
    assert len(boards) + len(closeups) == len(message.attachments)
    if closeups:
        [closeup], [board] = closeups, boards
        assert message.attachments[0] is closeup
        assert closeup.filename == "closeup-" + board.filename.removeprefix("board-")
        [embed] = message.embeds
        assert embed.thumbnail.url is not None
        assert embed.thumbnail.url.endswith(board.filename)
        assert (closeup.description or "").startswith("Close-up of the latest action")
    return boards


def is_post(message: discord.Message) -> bool:
    """A message the bot posted about the game: neither the dashboard (edited in place)
    nor Discord's notice that a message was pinned."""
    return message.type is not discord.MessageType.pins_add and not message.content.startswith(
        DASHBOARD
    )


def public_messages(table: Table) -> list[discord.Message]:
    """Channel posts a spectator (carol, not seated) can see, without the dashboard."""
    return [m for m in table.channel.history(viewer=table.carol) if is_post(m)]


def dashboards(table: Table) -> list[discord.Message]:
    """The dashboard messages in the channel (one per game)."""
    return [m for m in table.channel.history(viewer=table.carol) if m.content.startswith(DASHBOARD)]


def public_texts(table: Table) -> list[str]:
    return [visible_text(m) for m in public_messages(table)]


def dm_history(actor: MemberActor) -> list[discord.Message]:
    return actor.user.dm_channel.history()


def close_dms(env: Any, *actors: MemberActor) -> None:
    """These players have closed DMs from server members: Discord answers 50007."""
    for actor in actors:
        env.inject_error(
            "POST",
            f"/channels/{actor.user.dm_channel.id}/messages",
            status=403,
            code=50007,
            message="Cannot send messages to this user",
            times=None,
        )


def prompt_in(actor: MemberActor) -> discord.Message:
    """The latest DM carrying a select menu."""
    with_menus = [m for m in dm_history(actor) if m.components]
    assert with_menus, f"{actor.name} has no DM with a menu"
    return with_menus[-1]


def refusals(env: Any) -> list[UserError]:
    """Acknowledge the errors the command tree saw; every one must be a refusal."""
    found = []
    for error in env.errors:
        original = getattr(error, "original", error)
        assert isinstance(original, UserError), repr(error)
        found.append(original)
    return found


async def start_demo(table: Table, *, goal: int | None = None) -> None:
    options = {"options": f"goal={goal}"} if goal else {}
    await table.alice.slash(table.channel, "game new", system="demo", **options)
    await table.bob.slash(table.channel, "game join")
    await table.alice.slash(table.channel, "game start")


async def pick_both(table: Table, red: str = "feint", blue: str = "attack") -> None:
    """Both players answer their stance prompt in the channel."""
    await table.alice.slash(table.channel, "act", action=f"pick {red}")
    await table.bob.slash(table.channel, "act", action=f"pick {blue}")


async def mover(service: GameService, table: Table) -> tuple[MemberActor, MemberActor]:
    """(player whose turn it is, the other player)."""
    game = await service.game_in(table.channel.id)
    assert game is not None
    waiting = json.loads(game.row.waiting_on)
    assert len(waiting) == 1, waiting
    seat = game.user_of(waiting[0])
    assert seat is not None
    if seat.user_id == table.alice.id:
        return table.alice, table.bob
    return table.bob, table.alice


async def confirmed(actor: MemberActor, table: Table, command: str, button: str) -> Any:
    """``command`` in the game channel, then its confirmation button pressed: the press."""
    asked = await actor.slash(table.channel, command)
    assert asked.response.ephemeral and asked.response.components, asked.response.content
    return await actor.click(asked.response, label=button)


async def end_game(table: Table, actor: MemberActor | None = None) -> Any:
    """``/game end`` by the creator (or ``actor``), confirmed."""
    return await confirmed(actor or table.alice, table, "game end", "End the game")


HEADING = re.compile(r"^\*\*[^*\n]+\*\* in <#\d+>[^\n]*\n")


def dm_body(message: discord.Message) -> str:
    """A DM's text under the heading that names its game (which every DM about a game
    has: checked here)."""
    assert HEADING.match(message.content), message.content
    return HEADING.sub("", message.content, count=1)


def question_of(message: discord.Message) -> str:
    """A DM question's own text: without the heading naming its game (checked here) and
    without the note added when it closed."""
    content = message.content
    assert HEADING.match(content), content
    text = HEADING.sub("", content, count=1)
    return text.split("\n✅ Answered:")[0].split("\n⌛ ")[0]


def forget_questions(bot: Any) -> None:
    """From now on the bot keeps no record of the DM questions it sends, as a release that
    kept them in the process alone before a restart: the questions stay on screen however
    the game moves on, and only a click finds them stale."""

    async def unrecorded(delivery: Any, message: Any) -> list[Any]:
        return []

    bot.questions.sent = unrecorded
