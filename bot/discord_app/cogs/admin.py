"""/help and the owners' /admin commands."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.help_text import HELP_TOPICS, help_text
from bot.service.errors import UserError

if TYPE_CHECKING:
    from bot.discord_app.app import UmpireBot


class AdminCog(commands.Cog):
    def __init__(self, bot: UmpireBot) -> None:
        self.bot = bot

    @app_commands.command(name="help", description="How to use Umpire")
    @app_commands.describe(topic="A topic: " + ", ".join(HELP_TOPICS))
    @app_commands.choices(topic=[app_commands.Choice(name=t, value=t) for t in HELP_TOPICS])
    async def help(
        self, interaction: discord.Interaction[UmpireBot], topic: str | None = None
    ) -> None:
        await interaction.response.send_message(
            help_text(topic),
            ephemeral=interaction.guild is not None,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    admin = app_commands.Group(name="admin", description="Bot owners only")

    @admin.command(name="stats", description="How many games the bot holds")
    async def stats(self, interaction: discord.Interaction[UmpireBot]) -> None:
        allowed = set(self.bot.settings.owner_ids) | set(self.bot.settings.admin_ids)
        if interaction.user.id not in allowed:
            raise UserError("Only the bot's owners and admins can use /admin.")
        games = await self.bot.service.db.count_games()
        await interaction.response.send_message(
            f"{games} game(s) stored; {len(self.bot.guilds)} server(s).", ephemeral=True
        )


async def setup(bot: UmpireBot) -> None:
    await bot.add_cog(AdminCog(bot))
