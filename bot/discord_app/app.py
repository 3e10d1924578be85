"""The bot object: built by :func:`create_bot`, started by ``python -m bot``.

The token is read only in ``main()``; everything else comes from :class:`Settings`.
``setup_hook`` opens the database, loads one cog per concern, registers the persistent
components and syncs the slash commands.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

import discord
from discord.ext import commands

from bot.config import Settings
from bot.discord_app.components import (
    PromptButton,
    PromptSelect,
    UndoApprove,
    choice_digest,
)
from bot.discord_app.delivery import SEND_FAILURES, deliver, game_channel, send_in_channel
from bot.discord_app.errors import UmpireTree, handle_error
from bot.discord_app.pacing import ChannelMessage, ChannelPacer
from bot.service import GameService, Player
from bot.service.errors import ChoiceExpired
from bot.store import Database

log = logging.getLogger("umpire.bot")
COGS = (
    "bot.discord_app.cogs.game",
    "bot.discord_app.cogs.play",
    "bot.discord_app.cogs.dice",
    "bot.discord_app.cogs.lookup",
    "bot.discord_app.cogs.admin",
)
PROMPT_INTERVAL = 60.0  # overdue prompts are answered within about a minute
REMINDER_EVERY = 5  # reminders every fifth pass, about every five minutes


def player_of(interaction: discord.Interaction) -> Player:
    """The person behind an interaction, with their Manage Server permission."""
    manager = False
    permissions = getattr(interaction, "permissions", None)
    if interaction.guild is not None and permissions is not None:
        manager = bool(permissions.manage_guild)
    return Player(interaction.user.id, interaction.user.display_name, manager=manager)


class UmpireBot(commands.AutoShardedBot):
    def __init__(
        self,
        settings: Settings,
        *,
        service: GameService | None = None,
        show_demo: bool = False,
        reminders: bool = True,
    ) -> None:
        intents = discord.Intents.default()
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            tree_cls=UmpireTree,
            allowed_mentions=discord.AllowedMentions.none(),
            help_command=None,
        )
        self.settings = settings
        self._service = service
        self.show_demo = show_demo
        self._db: Database | None = None
        self._reminders: asyncio.Task[None] | None = None
        self._run_reminders = reminders
        self.pacer = ChannelPacer(self._post_in_channel)

    @property
    def service(self) -> GameService:
        assert self._service is not None, "the service starts in setup_hook"
        return self._service

    async def setup_hook(self) -> None:
        if self._service is None:
            self._db = await Database.open(self.settings.database_path)
            self._service = GameService(
                self._db, default_reminder_seconds=int(self.settings.reminder_hours * 3600)
            )
        for extension in COGS:
            await self.load_extension(extension)
        self.add_dynamic_items(PromptSelect, PromptButton, UndoApprove)
        if self.settings.dev_guild_id:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        await self.tree.sync()
        if self._run_reminders:
            self._reminders = asyncio.create_task(self._remind_forever(), name="umpire-reminders")

    async def close(self) -> None:
        if self._reminders is not None:
            self._reminders.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reminders
        await super().close()
        if self._db is not None:
            await self._db.close()

    async def _post_in_channel(self, channel_id: int, message: ChannelMessage) -> None:
        await send_in_channel(self, channel_id, message)

    # -- components ---------------------------------------------------------------------
    async def answer_prompt(
        self, interaction: discord.Interaction, game_id: int, version: int, notation: str
    ) -> None:
        try:
            game = await self.service.game_by_id(game_id)
            outcome = await self.service.act(
                game.row.channel_id,
                player_of(interaction),
                notation,
                expected_version=version,
                game_id=game_id,
            )
            await deliver(self, interaction, outcome)
        except Exception as error:  # one handler for every failure, as for commands
            await handle_error(interaction, error)

    async def answer_prompt_button(
        self,
        interaction: discord.Interaction,
        game_id: int,
        version: int,
        seat: str,
        index: int,
        digest: str,
    ) -> None:
        """A prompt button names its answer by position; check it still means the same."""
        try:
            game = await self.service.game_by_id(game_id)
            notation = None
            if game.state is not None and not game.state.finished:
                for prompt in game.system.prompts(game.state):
                    choices = prompt.choices
                    if prompt.seat == seat and index < len(choices):
                        if choice_digest(choices[index].notation) == digest:
                            notation = choices[index].notation
                        break
            if notation is None:
                raise ChoiceExpired()
        except Exception as error:
            await handle_error(interaction, error)
            return
        await self.answer_prompt(interaction, game_id, version, notation)

    async def approve_undo(
        self, interaction: discord.Interaction, game_id: int, version: int
    ) -> None:
        try:
            game = await self.service.game_by_id(game_id)
            outcome = await self.service.approve_undo(
                game.row.channel_id,
                player_of(interaction),
                expected_version=version,
                game_id=game_id,
            )
            await deliver(self, interaction, outcome)
        except Exception as error:
            await handle_error(interaction, error)

    # -- reminders ----------------------------------------------------------------------
    async def send_reminders(self) -> int:
        """Post a reminder in each game whose awaited players have been quiet too long."""
        sent = 0
        for due in await self.service.due_reminders():
            channel = await game_channel(self, due.channel_id)
            if channel is None:
                continue
            pings = " ".join(f"<@{u}>" for u in due.users)
            text = (
                f"⏰ {pings} — the game has been waiting on you for {due.reminder_hours:g} "
                "hour(s). `/game status` shows what you can do."
            )
            try:
                await self.pacer.send(due.channel_id, ChannelMessage(text, list(due.users)))
                sent += 1
            except SEND_FAILURES:  # one channel's trouble must not cost the others theirs
                log.warning("reminder for game %s not delivered", due.game_id, exc_info=True)
        return sent

    async def expire_prompts(self) -> int:
        """Answer overdue prompts (e.g. decline an overwatch attack) and post the results."""
        outcomes = await self.service.expire_prompts()
        for outcome in outcomes:
            try:
                await deliver(self, None, outcome)
            except discord.HTTPException:
                log.warning("timeout result for game %s not posted", outcome.game_id)
        return len(outcomes)

    async def _remind_forever(self) -> None:
        await self.wait_until_ready()
        passes = 0
        while not self.is_closed():
            try:
                await self.expire_prompts()
                if passes % REMINDER_EVERY == 0:
                    await self.send_reminders()
            except Exception:
                log.exception("reminder pass failed")
            passes += 1
            await asyncio.sleep(PROMPT_INTERVAL)


def create_bot(
    settings: Settings,
    *,
    service: GameService | None = None,
    show_demo: bool = False,
    reminders: bool = True,
) -> UmpireBot:
    """Build the bot without connecting; ``main()`` supplies the token to ``start``."""
    return UmpireBot(settings, service=service, show_demo=show_demo, reminders=reminders)
