"""/server settings: a server's defaults for new games and who saves its rolls, changed by
its stewards."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app.players import language_of, player_of
from bot.discord_app.reach import in_servers
from bot.messages import said

if TYPE_CHECKING:
    from bot.discord_app.app import UmpireBot


class ServerCog(commands.Cog):
    def __init__(self, bot: UmpireBot) -> None:
        self.bot = bot

    # shown to members who may manage the server (a server can grant it to others in its
    # integration settings); the service checks Manage Server either way
    server = in_servers(
        app_commands.Group(
            name="server",
            description="This server's defaults for new games",
            default_permissions=discord.Permissions(manage_guild=True),
        )
    )

    @server.command(name="settings", description="Show or change this server's defaults")
    @app_commands.describe(
        threads="Whether /game new opens a thread for each game unless thread: is given",
        member_rolls="Whether every member may save rolls for the whole server (default: managers)",
    )
    async def settings(
        self,
        interaction: discord.Interaction[UmpireBot],
        threads: bool | None = None,
        member_rolls: bool | None = None,
    ) -> None:
        defaults, changed = await self.bot.service.server_settings.change(
            interaction.guild_id, player_of(interaction), threads=threads, member_rolls=member_rolls
        )
        shown = defaults.describe()
        if changed:
            shown = said("Changed. {settings}", settings=shown)
        await interaction.response.send_message(shown.in_(language_of(interaction)), ephemeral=True)


async def setup(bot: UmpireBot) -> None:
    await bot.add_cog(ServerCog(bot))
