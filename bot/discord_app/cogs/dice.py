"""/roll: dice notation, rolled from a fresh seeded stream and shown die by die.

``/roll`` draws with derivation version 2 (:class:`~rules.core.dice.PackedDiceStream`,
four dice per HMAC block); games keep version 1, which their recorded rolls verify with.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app.mentions import NO_MENTIONS
from bot.present.defuse import defuse_mentions, mention_count
from bot.service.errors import UserError
from rules.core.dice import PackedDiceStream, new_seed
from rules.notation import NotationError, format_result, roll_expression

if TYPE_CHECKING:
    from bot.discord_app.app import UmpireBot


def roll_text(expression: str, seed: bytes | None = None) -> str:
    """Roll ``expression`` and format it; syntax errors become a UserError with a caret."""
    try:
        result = roll_expression(expression, PackedDiceStream(seed or new_seed()))
    except NotationError as error:
        raise UserError(f"{error.message}\n```\n{error.render()}\n```See `/help roll`.") from None
    # labels and comments are echoed: defused mentions take one more character each
    return defuse_mentions(format_result(result, limit=2000 - mention_count(expression)))


class DiceCog(commands.Cog):
    def __init__(self, bot: UmpireBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="roll", description="Roll dice, e.g. 6d10>=6 or 4d6k3; several with ;"
    )
    @app_commands.describe(dice="Dice notation (see /help roll)", private="Only you see the result")
    async def roll(
        self,
        interaction: discord.Interaction[UmpireBot],
        dice: app_commands.Range[str, 1, 500],
        private: bool = False,
    ) -> None:
        text = roll_text(dice)
        await interaction.response.send_message(
            text, ephemeral=private and interaction.guild is not None, allowed_mentions=NO_MENTIONS
        )


async def setup(bot: UmpireBot) -> None:
    await bot.add_cog(DiceCog(bot))
