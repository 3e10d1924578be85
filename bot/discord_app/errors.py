"""One place that turns failures into replies: users never see a traceback."""

from __future__ import annotations

import logging
import secrets

import aiohttp
import discord
from discord import app_commands

from bot.discord_app.mentions import NO_MENTIONS
from bot.discord_app.metrics import metrics_of
from bot.discord_app.players import language_of
from bot.messages import said
from bot.present.defuse import defuse_mentions
from bot.service.errors import UserError, unexpected
from bot.store import StoreFailure

log = logging.getLogger("umpire.errors")


async def reply_privately(interaction: discord.Interaction, text: str) -> None:
    """Answer only the person who asked (ephemeral; inside DMs a plain reply is private)."""
    text = defuse_mentions(text)  # refusals often quote what was typed
    text = text if len(text) <= 2000 else text[:1999] + "…"
    ephemeral = interaction.guild is not None
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=ephemeral, allowed_mentions=NO_MENTIONS)
        else:
            await interaction.response.send_message(
                text, ephemeral=ephemeral, allowed_mentions=NO_MENTIONS
            )
    except (discord.HTTPException, aiohttp.ClientError, OSError):  # timeouts included
        log.warning("could not deliver an error reply", exc_info=True)


def unwrap(error: BaseException) -> BaseException:
    while isinstance(error, app_commands.CommandInvokeError | app_commands.TransformerError):
        if error.__cause__ is None:
            break
        error = error.__cause__
    if isinstance(error, app_commands.CommandInvokeError):
        return error.original
    return error


async def handle_error(interaction: discord.Interaction, error: BaseException) -> None:
    """Explain refusals, in the language of the person who asked; log anything unexpected
    under an id the user is shown."""
    error = unwrap(error)
    metrics = metrics_of(interaction.client)
    language = language_of(interaction)
    if isinstance(error, UserError | StoreFailure):  # a refusal, or the disk's full, …
        if metrics is not None:
            metrics.handled(interaction, "refused")
        text = error.in_(language) if isinstance(error, UserError) else error.message
        await reply_privately(interaction, text)
        return
    if isinstance(error, app_commands.CheckFailure):
        if metrics is not None:
            metrics.handled(interaction, "refused")
        await reply_privately(
            interaction,
            str(error) or said("You cannot use this command here.").in_(language),
        )
        return
    if isinstance(error, app_commands.CommandOnCooldown):
        if metrics is not None:
            metrics.handled(interaction, "refused")
        await reply_privately(
            interaction,
            said("Slow down: try again in {seconds} s.", seconds=f"{error.retry_after:.0f}").in_(
                language
            ),
        )
        return
    if metrics is not None:
        metrics.handled(interaction, "error")
    incident = secrets.token_hex(4)
    log.error("unexpected error %s in %s", incident, interaction.data, exc_info=error)
    await reply_privately(interaction, unexpected(incident).in_(language))


class UmpireTree(app_commands.CommandTree[discord.Client]):
    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await handle_error(interaction, error)
