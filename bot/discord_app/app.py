"""The bot object: built by :func:`create_bot`, started by ``python -m bot``.

The token is read only in ``main()``; everything else comes from :class:`Settings`.
``setup_hook`` opens the database, loads one cog per feature (the slash commands, the
answers given with buttons and menus, the timers) and syncs the slash commands.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.config import Settings
from bot.discord_app.delivery import send_in_channel
from bot.discord_app.errors import UmpireTree
from bot.discord_app.health import HealthServer
from bot.discord_app.metrics import Metrics
from bot.discord_app.open_questions import OpenQuestions
from bot.discord_app.pacing import ChannelMessage, ChannelPacer
from bot.discord_app.players import language_of
from bot.discord_app.translator import CatalogueTranslator
from bot.service import GameService
from bot.store import Store, open_store
from bot.store.failures import StoreFailure

log = logging.getLogger("umpire.app")

COGS = (
    "bot.discord_app.cogs.game",
    "bot.discord_app.cogs.play",
    "bot.discord_app.cogs.dice",
    "bot.discord_app.cogs.lookup",
    "bot.discord_app.cogs.admin",
    "bot.discord_app.cogs.server",
    "bot.discord_app.cogs.answers",
    "bot.discord_app.cogs.timers",
)


class UmpireBot(commands.AutoShardedBot):
    def __init__(
        self,
        settings: Settings,
        *,
        service: GameService | None = None,
        show_demo: bool = False,
        reminders: bool = True,
    ) -> None:
        # slash commands, buttons and menus arrive as interactions, which need no intent;
        # the guilds intent keeps the channel and thread cache the pacer posts through
        intents = discord.Intents.none()
        intents.guilds = True
        shards: dict[str, Any] = {}  # discord.py takes no shard ids rather than None
        if settings.shard_ids is not None:
            shards["shard_ids"] = settings.shard_ids
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            tree_cls=UmpireTree,
            allowed_mentions=discord.AllowedMentions.none(),
            help_command=None,
            # a process of a cluster serves its own shards (all of them when unset)
            shard_count=settings.shard_count,
            **shards,
        )
        self.settings = settings
        self._service = service
        self.show_demo = show_demo
        self.run_timers = reminders  # the timers cog answers overdue prompts and reminds
        self._db: Store | None = None
        self.pacer = ChannelPacer(self._post_in_channel)
        # DM questions on screen, closed once settled (kept in the store)
        self.questions = OpenQuestions(lambda: self.service.db, self.dm_message)
        self.metrics = Metrics()
        self.stopping = False  # set when told to stop: /health then says so
        self._health: HealthServer | None = None

    @property
    def service(self) -> GameService:
        assert self._service is not None, "the service starts in setup_hook"
        return self._service

    async def setup_hook(self) -> None:
        if self._service is None:
            self._db = await open_store(self.settings.database_location)
            self._service = GameService(
                self._db, default_reminder_seconds=int(self.settings.reminder_hours * 3600)
            )
        for extension in COGS:
            await self.load_extension(extension)
        await self.tree.set_translator(CatalogueTranslator())  # the German command names
        if self.settings.metrics_port is not None:
            self._health = HealthServer(
                self, self.settings.metrics_host, self.settings.metrics_port
            )
            await self._health.start()
        if self.settings.sync_commands:  # one process of a cluster tells Discord
            await sync_commands(self.tree, self.settings.dev_guild_id)

    async def close(self) -> None:
        self.stopping = True
        await super().close()  # unloads the cogs first, which stops the timers
        if self._health is not None:
            await self._health.stop()
        if self._db is not None:
            await self._db.close()

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Remember the language each user was last seen in, for what reaches them later
        without their asking (reminders, questions others' actions raise)."""
        try:
            await self.service.languages.seen(interaction.user.id, language_of(interaction))
        except StoreFailure:  # the command itself meets the trouble and says so
            log.warning("language of user %s not remembered", interaction.user.id)

    async def on_app_command_completion(
        self, interaction: discord.Interaction, command: object
    ) -> None:
        self.metrics.handled(interaction, "ok")

    def dm_message(self, channel_id: int, message_id: int) -> discord.PartialMessage:
        """A message of a DM channel, to edit without fetching it first."""
        channel = self.get_partial_messageable(channel_id, type=discord.ChannelType.private)
        return channel.get_partial_message(message_id)

    async def _post_in_channel(self, channel_id: int, message: ChannelMessage) -> None:
        await send_in_channel(self, channel_id, message)


async def sync_commands(tree: app_commands.CommandTree[Any], dev_guild_id: int | None) -> None:
    """Tell Discord the commands. With a development server, they go to that server only
    (instantly, as they change) and the global list is emptied, so the server never shows
    every command twice; otherwise they are global."""
    if dev_guild_id:
        guild = discord.Object(dev_guild_id)
        tree.copy_global_to(guild=guild)
        tree.clear_commands(guild=None)
        await tree.sync()  # the empty global list replaces any global commands of before
        await tree.sync(guild=guild)
        return
    await tree.sync()


def create_bot(
    settings: Settings,
    *,
    service: GameService | None = None,
    show_demo: bool = False,
    reminders: bool = True,
) -> UmpireBot:
    """Build the bot without connecting; ``main()`` supplies the token to ``start``."""
    return UmpireBot(settings, service=service, show_demo=show_demo, reminders=reminders)
