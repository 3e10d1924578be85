"""/help and the owners' /admin commands."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app.choices import matching_choices
from bot.discord_app.cogs.lookup import channel_system
from bot.discord_app.players import language_of
from bot.discord_app.reach import anywhere, in_servers
from bot.help_text import help_text, help_topics
from bot.messages import said, said_n
from bot.service.errors import UserError
from bot.store.failures import check_report

if TYPE_CHECKING:
    from bot.discord_app.app import UmpireBot


class AdminCog(commands.Cog):
    def __init__(self, bot: UmpireBot) -> None:
        self.bot = bot

    async def topic_autocomplete(
        self, interaction: discord.Interaction[UmpireBot], current: str
    ) -> list[app_commands.Choice[str]]:
        topics = help_topics(self.bot.show_demo)
        return matching_choices(((topic, topic) for topic in topics), current)

    @anywhere
    @app_commands.command(name="help", description="How to use Umpire")
    @app_commands.describe(topic="A topic: the commands, or a game system and its options")
    @app_commands.autocomplete(topic=topic_autocomplete)
    async def help(
        self, interaction: discord.Interaction[UmpireBot], topic: str | None = None
    ) -> None:
        here = await channel_system(self.bot.service, interaction.channel_id)
        await interaction.response.send_message(
            help_text(topic, self.bot.show_demo, here, language_of(interaction)),
            ephemeral=interaction.guild is not None,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    # hidden from members without Administrator (a server can grant it to others in its
    # integration settings); the owners-only check below stands either way
    admin = in_servers(
        app_commands.Group(
            name="admin",
            description="Bot owners only",
            default_permissions=discord.Permissions(administrator=True),
        )
    )

    def _owners_only(self, interaction: discord.Interaction[UmpireBot]) -> None:
        allowed = set(self.bot.settings.owner_ids) | set(self.bot.settings.admin_ids)
        if interaction.user.id not in allowed:
            raise UserError(said("Only the bot's owners and admins can use /admin."))

    @admin.command(name="stats", description="How many games the bot holds")
    async def stats(self, interaction: discord.Interaction[UmpireBot]) -> None:
        self._owners_only(interaction)
        games = await self.bot.service.db.count_games()
        stored = said_n(games, "{count} game stored", "{count} games stored")
        servers = said_n(len(self.bot.guilds), "{count} server", "{count} servers")
        await interaction.response.send_message(
            said("{stored}; {servers}.", stored=stored, servers=servers).in_(
                language_of(interaction)
            ),
            ephemeral=True,
        )

    @admin.command(name="check", description="Check every page of the database for damage")
    async def check(self, interaction: discord.Interaction[UmpireBot]) -> None:
        self._owners_only(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        problems = await self.bot.service.db.integrity_problems()
        await interaction.followup.send(check_report(problems), ephemeral=True)


async def setup(bot: UmpireBot) -> None:
    await bot.add_cog(AdminCog(bot))
