"""What runs on the clock: overdue prompts answered for the awaited player (e.g. an
overwatch chance declined) and the absent-player deadline (a warning, then the turn passed
or the game paused) about every minute, and reminders to players who have been quiet too
long about every five minutes, where each chose and outside their quiet hours."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from bot.discord_app.delivery import SEND_FAILURES, deliver, game_channel, server_name
from bot.discord_app.mentions import NO_MENTIONS
from bot.discord_app.pacing import ChannelMessage
from bot.durations import elapsed_said
from bot.messages import Message, said
from bot.present.posts import SERVER_NAME, game_link
from bot.service.read_models import DueReminder
from rules.core.language import Language

if TYPE_CHECKING:
    from bot.discord_app.app import UmpireBot

log = logging.getLogger("umpire.bot")
PROMPT_INTERVAL = 60.0  # overdue prompts are answered within about a minute
REMINDER_EVERY = 5  # reminders every fifth pass, about every five minutes


class TimersCog(commands.Cog, name="Timers"):
    def __init__(self, bot: UmpireBot) -> None:
        self.bot = bot
        self._task: asyncio.Task[None] | None = None
        self._stopping = False
        self._wake = asyncio.Event()  # ends the pause between passes early

    async def cog_load(self) -> None:
        if self.bot.run_timers:
            self._task = asyncio.create_task(self._run_forever(), name="umpire-reminders")

    async def finish(self) -> None:
        """Stop after the pass under way (a stopping bot lets it post what it claimed)."""
        self._stopping = True
        self._wake.set()
        if self._task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        await self.bot.service.timers.stop_renewing()  # nothing is held after the last pass

    async def cog_unload(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        await self.bot.service.timers.stop_renewing()

    async def send_reminders(self) -> int:
        """Post a reminder in each game whose awaited players have been quiet too long,
        saying how long it has really waited; from the second reminder of one wait on,
        each awaited player gets it by DM too."""
        sent = 0
        for due in await self.bot.service.due_reminders():
            channel = await game_channel(self.bot, due.channel_id)
            if channel is None:
                await self.bot.service.reminder_sent(due.game_id)  # not again until the delay
                continue
            if due.users:
                pings = " ".join(f"<@{u}>" for u in due.users)
                text = said(
                    "⏰ {pings} — {waiting} `/game status` shows what you can do.",
                    pings=pings,
                    waiting=waiting_said(due),
                ).in_(due.language)  # nobody asked for it: in the game's language
                try:
                    message = ChannelMessage(text, list(due.users), language=due.language)
                    await self.bot.pacer.send(due.channel_id, message)
                    sent += 1
                except SEND_FAILURES:  # one channel's trouble must not cost the others theirs
                    log.warning("reminder for game %s not delivered", due.game_id, exc_info=True)
            # marked once posted: a process that dies before this leaves the reminder to
            # another once its claim runs out
            await self.bot.service.reminder_sent(due.game_id)
            self.bot.metrics.timers.labels("reminder").inc()
            if due.dm_users:
                await self._remind_by_dm(due)
        return sent

    async def absent_players(self) -> int:
        """Warn players nearing the absent-player deadline; pass their turn (or pause the
        game) once it is over, posting the result like any action's."""
        warnings, outcomes = await self.bot.service.absent_players()
        self.bot.metrics.timers.labels("absent").inc(len(warnings) + len(outcomes))
        for warning in warnings:
            pings = " ".join(f"<@{u}>" for u in warning.users)
            at = f"<t:{int(warning.deadline)}:R>"
            if warning.action == "pass":
                then = said("without a move your turn is passed {at}", at=at)
            else:
                then = said("without a move the game is paused {at}", at=at)
            text = said(
                "⚠️ {pings} — {then} (the game's absent-player deadline).", pings=pings, then=then
            ).in_(warning.language)
            try:
                message = ChannelMessage(text, list(warning.users), language=warning.language)
                await self.bot.pacer.send(warning.channel_id, message)
            except SEND_FAILURES:
                log.warning("absence warning of game %s not posted", warning.game_id)
        for outcome in outcomes:
            await deliver(self.bot, None, outcome)
        return len(warnings) + len(outcomes)

    async def _remind_by_dm(self, due: DueReminder) -> None:
        """Each awaited player's reminder by DM, in the language they were last seen in."""
        languages = await self.bot.service.languages.of(due.dm_users)
        server = server_name(self.bot, due.guild_id)
        for user_id in due.dm_users:
            text = reminder_dm_text(due, languages[user_id], server)
            try:
                user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
                await user.send(text, allowed_mentions=NO_MENTIONS)
            except SEND_FAILURES:  # closed DMs: the channel reminder stands
                log.info("reminder DM to %s not delivered", user_id)

    async def expire_prompts(self) -> int:
        """Answer overdue prompts (e.g. decline an overwatch attack) and post the results."""
        outcomes = await self.bot.service.expire_prompts()
        self.bot.metrics.timers.labels("deadline").inc(len(outcomes))
        for outcome in outcomes:
            try:
                await deliver(self.bot, None, outcome)
            except discord.HTTPException:
                log.warning("timeout result for game %s not posted", outcome.game_id)
        return len(outcomes)

    async def _run_forever(self) -> None:
        await self.bot.wait_until_ready()
        passes = 0
        while not self.bot.is_closed() and not self._stopping:
            try:
                await self.expire_prompts()
                await self.absent_players()
                if passes % REMINDER_EVERY == 0:
                    await self.send_reminders()
            except Exception:
                log.exception("reminder pass failed")
                self.bot.metrics.errors.labels("timers").inc()
            passes += 1
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), PROMPT_INTERVAL)


def waiting_said(due: DueReminder) -> Message:
    """How long the game has really waited, and since when as a Discord timestamp."""
    return said(
        "the game has been waiting on you for {waited} (since {since}).",
        waited=elapsed_said(due.waited_seconds),
        since=f"<t:{int(due.waiting_since)}:R>",
    )


def waiting_text(due: DueReminder, language: Language = Language.ENGLISH) -> str:
    return waiting_said(due).in_(language)


def reminder_dm_text(due: DueReminder, language: Language, server: str | None = None) -> str:
    """The reminder one awaited player gets by DM: the game, its server, a link to its
    channel and how long it has waited, in the player's ``language``."""
    where: Message | str = game_link(due.guild_id, due.channel_id)
    if server:
        shown = server if len(server) <= SERVER_NAME else server[: SERVER_NAME - 1] + "…"
        where = said("{where} on **{server}**", where=where, server=shown.replace("*", ""))
    game = (
        said("Your game of {system}", system=due.system_name)
        if due.system_name
        else said("Your game")
    )
    return said(
        "⏰ {game} in {where}: {waiting} `/game status` there shows what to do.",
        game=game,
        where=where,
        waiting=waiting_said(due),
    ).in_(language)


async def setup(bot: UmpireBot) -> None:
    await bot.add_cog(TimersCog(bot))
