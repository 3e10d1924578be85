"""Long work behind a private progress message: the reply is deferred privately, a message
counts the work as a worker thread reports it (edited every few seconds, never more often,
to stay well inside Discord's rate limits), and the caller then turns the message into its
answer. When the work fails the message is deleted and the failure goes on to the error
handler, which answers privately."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

import discord

log = logging.getLogger("umpire.progress")

EDIT_SECONDS = 2.0  # how often the progress message is edited

T = TypeVar("T")
Progress = Callable[[int, int], None]


async def with_progress(
    interaction: discord.Interaction,
    work: Callable[[Progress], Awaitable[T]],
    words: Callable[[int, int], str],
    every: float = EDIT_SECONDS,
) -> tuple[T, discord.WebhookMessage | None]:
    """The result of ``work`` (handed a progress callback it may call from any thread) and
    the private progress message (None when Discord did not return it); the interaction
    must already be deferred privately."""
    counted = [0, 0]  # done, to do: written by the worker thread

    def progress(done: int, total: int) -> None:
        counted[0], counted[1] = done, total

    message = await interaction.followup.send(words(0, 0), ephemeral=True, wait=True)
    task = asyncio.ensure_future(work(progress))
    shown = (0, 0)
    while not task.done():
        await asyncio.wait({task}, timeout=every)
        if message is None or task.done() or (counted[0], counted[1]) == shown:
            continue
        shown = (counted[0], counted[1])
        try:
            await message.edit(content=words(*shown))
        except discord.HTTPException:
            log.warning("could not edit a progress message", exc_info=True)
    try:
        return task.result(), message
    except Exception:
        if message is not None:
            with contextlib.suppress(discord.HTTPException):
                await message.delete()
        raise
