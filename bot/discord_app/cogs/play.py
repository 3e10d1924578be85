"""/act: submit a game action in the system's notation, with legal actions autocompleted.

Game systems need no cog of their own to be playable: their legal-action listing drives
the autocomplete, their notation parser reads what was typed, and private actions (secret
picks) are answered privately.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app.delivery import deliver
from bot.discord_app.players import language_of, player_of
from bot.discord_app.reach import in_servers
from bot.messages import said
from bot.service.errors import UserError
from bot.service.typing_choices import action_choices

if TYPE_CHECKING:
    from bot.discord_app.app import UmpireBot


class PlayCog(commands.Cog):
    def __init__(self, bot: UmpireBot) -> None:
        self.bot = bot

    async def action_autocomplete(
        self, interaction: discord.Interaction[UmpireBot], current: str
    ) -> list[app_commands.Choice[str]]:
        if interaction.channel_id is None:
            return []
        pairs = await action_choices(
            self.bot.service,
            interaction.channel_id,
            interaction.user.id,
            current,
            language_of(interaction),
        )
        # a hint of what the verb takes keeps what was typed: it is no filter of its own
        return [app_commands.Choice(name=name[:100], value=value[:100]) for name, value in pairs]

    @in_servers
    @app_commands.command(name="act", description="Make a move in this channel's game")
    @app_commands.describe(action="What to do (suggestions list what is legal now)")
    @app_commands.autocomplete(action=action_autocomplete)
    async def act(
        self, interaction: discord.Interaction[UmpireBot], action: app_commands.Range[str, 1, 300]
    ) -> None:
        if interaction.guild is None or interaction.channel_id is None:
            raise UserError(said("Use `/act` in the game's channel (DM choices come as menus)."))
        outcome = await self.bot.service.act(
            interaction.channel_id,
            player_of(interaction),
            action,
            language=language_of(interaction),
        )
        await deliver(self.bot, interaction, outcome)


async def setup(bot: UmpireBot) -> None:
    await bot.add_cog(PlayCog(bot))
