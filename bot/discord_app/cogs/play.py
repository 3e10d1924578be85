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

from bot.discord_app.choices import MAX_CHOICES, matching_choices
from bot.discord_app.delivery import deliver
from bot.discord_app.players import language_of, player_of
from bot.discord_app.reach import in_servers
from bot.messages import said
from bot.service.errors import UserError

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
        game = await self.bot.service.game_in(interaction.channel_id)
        if game is None or game.state is None or game.row.status != "active":
            return []
        seat = game.seat_of(interaction.user.id)
        if seat is None:
            return []
        legal = self.bot.service.suggestions.of(game, seat)
        found = matching_choices(
            ((f"{c.notation} — {c.label}", c.notation) for c in legal), current
        )
        if current.strip() and not found:
            # nothing suggested fits: say what the verb being typed takes (choosing the
            # hint keeps what was typed)
            for usage in game.system.typing_hints(game.state, seat, current):
                shown = said("{usage} (type it out)", usage=usage).in_(language_of(interaction))
                hint = app_commands.Choice(name=shown[:100], value=current)
                found.append(hint)
        return found[:MAX_CHOICES]

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
