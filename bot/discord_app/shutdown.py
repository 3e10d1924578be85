"""Stopping the bot gracefully: on SIGTERM (systemd, ``docker stop``, the cluster
launcher) or SIGINT the bot lets the timers finish their pass, waits until the replies
under way are sent and the channel pacer has sent everything waiting, then closes
(at most ``grace`` seconds; whatever is still running then is cut off).

A reply under way is a task discord.py started for an interaction: a slash command
(``CommandTree-invoker``) or a click or form (``discord-ui-…-dispatch``,
``discord-ui-dynamic-item-…``). Every action is committed before its reply, so a reply
cut off after the grace period never loses a move, only its message.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from typing import TYPE_CHECKING

from bot.discord_app.cogs.timers import TimersCog

if TYPE_CHECKING:
    from bot.discord_app.app import UmpireBot

log = logging.getLogger("umpire.bot")
GRACE_SECONDS = 25.0  # within the cluster launcher's and docker's default 30 s
REPLY_TASKS = (
    "CommandTree-invoker",
    "discord-ui-view-dispatch",
    "discord-ui-modal-dispatch",
    "discord-ui-dynamic-item",
)


def replies_under_way() -> list[asyncio.Task[object]]:
    """The interaction tasks still running in this event loop."""
    return [
        task
        for task in asyncio.all_tasks()
        if not task.done() and task.get_name().startswith(REPLY_TASKS)
    ]


async def drain(bot: UmpireBot, grace: float = GRACE_SECONDS, poll: float = 0.05) -> bool:
    """Let the timers finish their pass and wait until no reply is under way and nothing
    waits in the pacer; False if ``grace`` seconds were not enough."""
    bot.stopping = True
    loop = asyncio.get_running_loop()
    deadline = loop.time() + grace
    timers = bot.get_cog("Timers")
    if isinstance(timers, TimersCog):
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(timers.finish(), grace)
    while replies_under_way() or bot.pacer.busy():
        if loop.time() >= deadline:
            log.warning(
                "stopping with %s replies still under way after %ss",
                len(replies_under_way()),
                grace,
            )
            return False
        await asyncio.sleep(poll)
    return True


async def serve(bot: UmpireBot, token: str, *, grace: float = GRACE_SECONDS) -> None:
    """Run the bot on Discord until it fails or SIGTERM or SIGINT asks it to stop; then
    finish what is under way (:func:`drain`) and close."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    try:
        async with bot:
            running = asyncio.create_task(bot.start(token), name="umpire-gateway")
            asked = asyncio.create_task(stop.wait(), name="umpire-stop")
            done, _ = await asyncio.wait({running, asked}, return_when=asyncio.FIRST_COMPLETED)
            if running in done:
                asked.cancel()
                running.result()  # a failure to start (a refused token) ends here
                return
            log.info("stopping: finishing the replies under way")
            await drain(bot, grace)
            await bot.close()
            with contextlib.suppress(asyncio.CancelledError):
                await running
    finally:
        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.remove_signal_handler(signum)
