"""/roll: dice notation, rolled from a fresh seeded stream and shown die by die; /macro:
the rolls a player saved under a name, and those a server keeps for all its members, for
``/roll name:``.

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
from bot.discord_app.players import language_of, player_of
from bot.discord_app.reach import anywhere
from bot.messages import Message, said
from bot.present.defuse import defuse_mentions, mention_count
from bot.service.errors import UserError
from bot.service.roll_macros import MAX_NAME_LENGTH, NO_SAVED_ROLLS, SavedRoll, notation_problem
from rules.core.dice import PackedDiceStream, new_seed
from rules.core.language import Language
from rules.notation import NotationError, format_result, parse_command, roll_expression

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


def rolled_privately(expression: str) -> bool:
    """Whether the dice ask to be rolled privately (Dice Maiden's ``p 2d6``)."""
    try:
        return parse_command(expression).private
    except NotationError:
        return False


NOTHING_TO_ROLL = said(
    "Give the dice to roll, such as `dice:4d6k3`, or the `name:` of a roll you"
    " saved with `/macro save`."
)
SERVER = said("server")  # marks one of the server's saved rolls


def saved_roll_text(
    saved: SavedRoll, seed: bytes | None = None, language: Language = Language.ENGLISH
) -> str:
    """A saved roll rolled, under a line naming it (and the server, for one of its own)."""
    heading = f"🎲 `{saved.name}`" + (f" ({SERVER.in_(language)})" if saved.server else "")
    return f"{heading}\n{roll_text(saved.dice, seed, limit=LIMIT - len(heading) - 1)}"


def saved_choice(roll: SavedRoll, language: Language = Language.ENGLISH) -> str:
    """A saved roll as its autocomplete suggestion shows it."""
    return f"{roll.name} — {roll.dice}" + (f" · {SERVER.in_(language)}" if roll.server else "")


def saved_list_text(
    saved: list[SavedRoll],
    shared: list[SavedRoll] | None = None,
    limit: int = LIMIT,
    language: Language = Language.ENGLISH,
) -> str:
    """The player's saved rolls and the server's, as ``/macro list`` shows them."""
    shared = shared or []
    if not saved and not shared:
        return NO_SAVED_ROLLS.in_(language)
    lines: list[str] = []
    for heading, rolls in (
        (said("Your saved rolls here ({count}):", count=len(saved)), saved),
        (
            said("This server's saved rolls ({count}), for every member:", count=len(shared)),
            shared,
        ),
    ):
        if not rolls:
            continue
        lines.append(heading.in_(language))
        for roll in rolls:
            line = f"• `{roll.name}` — `{roll.dice.replace('`', 'ˋ')}`"
            if sum(len(x) + 1 for x in lines) + len(line) > limit - 2:
                lines.append("…")
                return defuse_mentions("\n".join(lines))
            lines.append(line)
    return defuse_mentions("\n".join(lines))


def saved_text(saved: SavedRoll, replaced: bool) -> Message:
    """The answer to ``/macro save``."""
    dice = saved.dice.replace("`", "ˋ")
    if saved.server and replaced:
        text = said(
            "Replaced `{name}` for everyone in this server: `{dice}`."
            " Roll it with `/roll name:{name}`.",
            name=saved.name,
            dice=dice,
        )
    elif saved.server:
        text = said(
            "Saved `{name}` for everyone in this server: `{dice}`."
            " Roll it with `/roll name:{name}`.",
            name=saved.name,
            dice=dice,
        )
    elif replaced:
        text = said(
            "Replaced `{name}`: `{dice}`. Roll it with `/roll name:{name}`.",
            name=saved.name,
            dice=dice,
        )
    else:
        text = said(
            "Saved `{name}`: `{dice}`. Roll it with `/roll name:{name}`.",
            name=saved.name,
            dice=dice,
        )
    return text


def _where(interaction: discord.Interaction[UmpireBot]) -> tuple[int, int]:
    """(server, user) that saved rolls belong to; server 0 outside any server."""
    return interaction.guild_id or 0, interaction.user.id


class DiceCog(commands.Cog):
    def __init__(self, bot: UmpireBot) -> None:
        self.bot = bot

    async def offered_autocomplete(
        self, interaction: discord.Interaction[UmpireBot], current: str
    ) -> list[app_commands.Choice[str]]:
        """What ``/roll name:`` can roll: the player's own, then the server's (marked)."""
        offered = await self.bot.service.roll_macros.offered(*_where(interaction))
        language = language_of(interaction)
        return matching_choices(((saved_choice(r, language), r.name) for r in offered), current)

    async def saved_autocomplete(
        self, interaction: discord.Interaction[UmpireBot], current: str
    ) -> list[app_commands.Choice[str]]:
        """The player's own saved rolls, or the server's with ``server:true``."""
        macros = self.bot.service.roll_macros
        if getattr(interaction.namespace, "server", False):
            saved = await macros.server_saved(interaction.guild_id or 0)
        else:
            saved = await macros.saved(*_where(interaction))
        language = language_of(interaction)
        return matching_choices(((saved_choice(r, language), r.name) for r in saved), current)

    @anywhere
    @app_commands.command(
        name="roll", description="Roll dice, e.g. 6d10>=6 or 4d6k3; several with ;"
    )
    @app_commands.describe(
        dice="Dice notation (see /help roll)",
        name="A roll you saved with /macro save",
        private="Only you see the result",
    )
    @app_commands.autocomplete(name=offered_autocomplete)
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
            text = saved_roll_text(saved, language=language_of(interaction))
            private = private or rolled_privately(saved.dice)
        elif dice is not None:
            text = roll_text(dice)
            private = private or rolled_privately(dice)
        else:
            raise UserError(NOTHING_TO_ROLL)
        await interaction.response.send_message(
            text, ephemeral=private and interaction.guild is not None, allowed_mentions=NO_MENTIONS
        )

    macro = anywhere(app_commands.Group(name="macro", description="Rolls you saved under a name"))

    @macro.command(name="save", description="Save dice under a name, to roll with /roll name:")
    @app_commands.describe(
        name="Letters, digits, - and _ (saving again under a name replaces it)",
        dice="Dice notation, e.g. 6 4d6k3",
        server="Save it for every member of this server (Manage Server, or as the server allows)",
    )
    async def macro_save(
        self,
        interaction: discord.Interaction[UmpireBot],
        name: app_commands.Range[str, 1, MAX_NAME_LENGTH],
        dice: app_commands.Range[str, 1, 500],
        server: bool = False,
    ) -> None:
        macros = self.bot.service.roll_macros
        if server:
            saved, replaced = await macros.save_for_server(
                interaction.guild_id or 0, player_of(interaction), name, dice
            )
        else:
            saved, replaced = await macros.save(*_where(interaction), name, dice)
        await interaction.response.send_message(
            defuse_mentions(saved_text(saved, replaced).in_(language_of(interaction))),
            ephemeral=interaction.guild is not None,
            allowed_mentions=NO_MENTIONS,
        )

    @macro.command(name="list", description="The rolls you saved here, and the server's")
    async def macro_list(self, interaction: discord.Interaction[UmpireBot]) -> None:
        macros = self.bot.service.roll_macros
        saved = await macros.saved(*_where(interaction))
        shared = await macros.server_saved(interaction.guild_id or 0)
        await interaction.response.send_message(
            saved_list_text(saved, shared, language=language_of(interaction)),
            ephemeral=interaction.guild is not None,
            allowed_mentions=NO_MENTIONS,
        )

    @macro.command(name="delete", description="Forget a saved roll")
    @app_commands.describe(
        name="The saved roll to forget",
        server="Forget one of the server's saved rolls rather than your own",
    )
    @app_commands.autocomplete(name=saved_autocomplete)
    async def macro_delete(
        self,
        interaction: discord.Interaction[UmpireBot],
        name: app_commands.Range[str, 1, 100],
        server: bool = False,
    ) -> None:
        macros = self.bot.service.roll_macros
        if server:
            gone = await macros.delete_for_server(
                interaction.guild_id or 0, player_of(interaction), name
            )
        else:
            gone = await macros.delete(*_where(interaction), name)
        if gone.server:
            done = said("Deleted `{name}` from the server's saved rolls.", name=gone.name)
        else:
            done = said("Deleted `{name}`.", name=gone.name)
        await interaction.response.send_message(
            done.in_(language_of(interaction)),
            ephemeral=interaction.guild is not None,
            allowed_mentions=NO_MENTIONS,
        )


async def setup(bot: UmpireBot) -> None:
    await bot.add_cog(DiceCog(bot))
