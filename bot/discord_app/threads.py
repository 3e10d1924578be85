"""Game threads that Discord archived while the game waited (a thread archives itself
after a week without messages; play-by-post games wait longer than that).

Whatever the game posts or edits there (a reminder, a timer's answer, the dashboard) first
reopens the thread with ``Thread.edit(archived=False)``: when the cached thread says it
is archived, and again when Discord answers that it is (error 50083: the cache may not
know yet). A thread the bot may not reopen (one locked by a moderator, without Manage
Threads) raises :class:`ThreadClosed`, and the caller falls back: channel posts go to the
thread's parent channel with a note saying why, the dashboard waits."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

import aiohttp
import discord

log = logging.getLogger("umpire.delivery")

ARCHIVED = 50083
"""Discord's error code for a post or an edit in an archived thread."""

T = TypeVar("T")


class ThreadClosed(Exception):
    """The game's thread is archived and the bot may not reopen it."""

    def __init__(self, thread: discord.Thread) -> None:
        super().__init__(thread.id)
        self.thread = thread


async def reopen(thread: discord.Thread) -> bool:
    """Unarchive ``thread``; False when Discord refuses (a locked thread, no permission)."""
    try:
        await thread.edit(archived=False)
    except (discord.HTTPException, aiohttp.ClientError, OSError):
        log.info("the archived thread %s could not be reopened", thread.id, exc_info=True)
        return False
    log.info("reopened the archived game thread %s", thread.id)
    return True


async def while_open(channel: discord.abc.Messageable, act: Callable[[], Awaitable[T]]) -> T:
    """``act`` (a post or an edit) in ``channel``, reopening it first where it is an
    archived thread; :class:`ThreadClosed` when it stays archived."""
    if not isinstance(channel, discord.Thread):
        return await act()
    if channel.archived and not await reopen(channel):
        raise ThreadClosed(channel)
    try:
        return await act()
    except discord.HTTPException as error:
        if error.code != ARCHIVED:
            raise
        if not await reopen(channel):
            raise ThreadClosed(channel) from error
    return await act()


async def parent_of(thread: discord.Thread) -> discord.abc.Messageable | None:
    """The channel ``thread`` belongs to (None when it cannot be reached)."""
    if isinstance(thread.parent, discord.TextChannel):
        return thread.parent
    try:
        fetched = await thread.guild.fetch_channel(thread.parent_id)
    except (discord.HTTPException, aiohttp.ClientError, OSError):
        return None
    return fetched if isinstance(fetched, discord.abc.Messageable) else None
