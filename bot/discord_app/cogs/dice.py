"""/roll: dice notation, rolled from a fresh seeded stream and shown die by die; /macro:
the rolls a player saved under a name, for ``/roll name:``.

``/roll`` draws with derivation version 2 (:class:`~rules.core.dice.PackedDiceStream`,
four dice per HMAC block); games keep version 1, which their recorded rolls verify with.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app.choices import matching_choices
from bot.discord_app.mentions import NO_MENTIONS
from bot.discord_app.players import language_of
from bot.discord_app.reach import anywhere
from bot.messages import Message, said
from bot.present.defuse import defuse_mentions, mention_count
from bot.service.errors import UserError
from bot.service.roll_macros import MAX_NAME_LENGTH, SavedRoll, notation_problem
from rules.core.dice import PackedDiceStream, new_seed
from rules.core.language import Language
from rules.notation import NotationError, format_result, roll_expression

if TYPE_CHECKING:
    from bot.discord_app.app import UmpireBot

LIMIT = 2000


def roll_text(expression: str, seed: bytes | None = None, *, limit: int = LIMIT) -> str:
    """Roll ``expression`` and format it; syntax errors become a UserError with a caret."""
    try:
        result = roll_expression(expression, PackedDiceStream(seed or new_seed()))
    except NotationError as error:
        raise UserError(notation_problem(error)) from None
    # labels and comments are echoed: defused mentions take one more character each
    return defuse_mentions(format_result(result, limit=limit - mention_count(expression)))


def saved_roll_text(saved: SavedRoll, seed: bytes | None = None) -> str:
    """A saved roll rolled, under a line naming it."""
    heading = f"🎲 `{saved.name}`"
    return f"{heading}\n{roll_text(saved.dice, seed, limit=LIMIT - len(heading) - 1)}"


def saved_text(saved: SavedRoll, replaced: bool) -> Message:
    """What saving a roll answers."""
    dice = saved.dice.replace("`", "ˋ")
    if replaced:
        return said(
            "Replaced `{name}`: `{dice}`. Roll it with `/roll name:{name}`.",
            name=saved.name,
            dice=dice,
        )
    return said(
        "Saved `{name}`: `{dice}`. Roll it with `/roll name:{name}`.", name=saved.name, dice=dice
    )


def saved_list_text(
    saved: list[SavedRoll], limit: int = LIMIT, language: Language = Language.ENGLISH
) -> str:
    if not saved:
        return said(
            "You have no saved rolls here yet; save one with `/macro save name:stats dice:6 4d6k3`."
        ).in_(language)
    lines = [said("Your saved rolls here ({count}):", count=len(saved)).in_(language)]
    for roll in saved:
        line = f"• `{roll.name}` — `{roll.dice.replace('`', 'ˋ')}`"
        if sum(len(x) + 1 for x in lines) + len(line) > limit - 2:
            lines.append("…")
            break
        lines.append(line)
    return defuse_mentions("\n".join(lines))


def _where(interaction: discord.Interaction[UmpireBot]) -> tuple[int, int]:
    """(server, user) that saved rolls belong to; server 0 outside any server."""
    return interaction.guild_id or 0, interaction.user.id


class DiceCog(commands.Cog):
    def __init__(self, bot: UmpireBot) -> None:
        self.bot = bot

    async def saved_autocomplete(
        self, interaction: discord.Interaction[UmpireBot], current: str
    ) -> list[app_commands.Choice[str]]:
        saved = await self.bot.service.roll_macros.saved(*_where(interaction))
        return matching_choices(((f"{r.name} — {r.dice}", r.name) for r in saved), current)

    @anywhere
    @app_commands.command(
        name="roll", description="Roll dice, e.g. 6d10>=6 or 4d6k3; several with ;"
    )
    @app_commands.describe(
        dice="Dice notation (see /help roll)",
        name="A roll you saved with /macro save",
        private="Only you see the result",
    )
    @app_commands.autocomplete(name=saved_autocomplete)
    async def roll(
        self,
        interaction: discord.Interaction[UmpireBot],
        dice: app_commands.Range[str, 1, 500] | None = None,
        name: app_commands.Range[str, 1, 100] | None = None,
        private: bool = False,
    ) -> None:
        if dice is not None and name is not None:
            raise UserError(
                said("Give either `dice:` to roll or the `name:` of a saved roll, not both.")
            )
        if name is not None:
            saved = await self.bot.service.roll_macros.find(*_where(interaction), name)
            text = saved_roll_text(saved)
        elif dice is not None:
            text = roll_text(dice)
        else:
            raise UserError(
                said(
                    "Give the dice to roll, such as `dice:4d6k3`, or the `name:` of a roll you"
                    " saved with `/macro save`."
                )
            )
        await interaction.response.send_message(
            text, ephemeral=private and interaction.guild is not None, allowed_mentions=NO_MENTIONS
        )

    macro = anywhere(app_commands.Group(name="macro", description="Rolls you saved under a name"))

    @macro.command(name="save", description="Save dice under a name, to roll with /roll name:")
    @app_commands.describe(
        name="Letters, digits, - and _ (saving again under a name replaces it)",
        dice="Dice notation, e.g. 6 4d6k3",
    )
    async def macro_save(
        self,
        interaction: discord.Interaction[UmpireBot],
        name: app_commands.Range[str, 1, MAX_NAME_LENGTH],
        dice: app_commands.Range[str, 1, 500],
    ) -> None:
        saved, replaced = await self.bot.service.roll_macros.save(*_where(interaction), name, dice)
        await interaction.response.send_message(
            defuse_mentions(saved_text(saved, replaced).in_(language_of(interaction))),
            ephemeral=interaction.guild is not None,
            allowed_mentions=NO_MENTIONS,
        )

    @macro.command(name="list", description="The rolls you saved here")
    async def macro_list(self, interaction: discord.Interaction[UmpireBot]) -> None:
        saved = await self.bot.service.roll_macros.saved(*_where(interaction))
        await interaction.response.send_message(
            saved_list_text(saved, language=language_of(interaction)),
            ephemeral=interaction.guild is not None,
            allowed_mentions=NO_MENTIONS,
        )

    @macro.command(name="delete", description="Forget a saved roll")
    @app_commands.describe(name="The saved roll to forget")
    @app_commands.autocomplete(name=saved_autocomplete)
    async def macro_delete(
        self, interaction: discord.Interaction[UmpireBot], name: app_commands.Range[str, 1, 100]
    ) -> None:
        gone = await self.bot.service.roll_macros.delete(*_where(interaction), name)
        await interaction.response.send_message(
            said("Deleted `{name}`.", name=gone.name).in_(language_of(interaction)),
            ephemeral=interaction.guild is not None,
            allowed_mentions=NO_MENTIONS,
        )


async def setup(bot: UmpireBot) -> None:
    await bot.add_cog(DiceCog(bot))
