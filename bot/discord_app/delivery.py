"""Sending an outcome's posts through Discord.

Channel posts carry the board picture (rendered in a thread so the event loop stays free)
and ping only the users whose move it is; every other mention is suppressed. Private
lines go to the actor as an ephemeral reply and to anybody else by DM. When a DM cannot
be delivered (closed DMs, error 50007) the player is told in the channel, without the
private content, that `/act` works there with a private reply.
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import TYPE_CHECKING

import discord

from bot.discord_app.components import prompt_view, undo_view
from bot.discord_app.mentions import NO_MENTIONS, mentions_only
from bot.present.posts import Post, posts_for
from bot.service.outcome import Outcome
from renderers import render_view
from rules.core.visibility import Viewer

if TYPE_CHECKING:
    from bot.discord_app.app import UmpireBot

log = logging.getLogger("umpire.delivery")


async def board_file(bot: UmpireBot, channel_id: int) -> discord.File | None:
    game = await bot.service.game_in(channel_id)
    if game is None or game.state is None or game.system.renderer is None:
        return None
    view = game.system.view(game.state, Viewer.spectator())
    loop = asyncio.get_running_loop()
    png = await loop.run_in_executor(None, render_view, game.system.renderer, view)
    if png is None:
        return None
    return discord.File(io.BytesIO(png), filename=f"board-{game.id}-v{game.version}.png")


async def game_channel(bot: UmpireBot, channel_id: int) -> discord.abc.Messageable | None:
    channel = bot.get_channel(channel_id)
    if channel is None:
        try:
            channel = await bot.fetch_channel(channel_id)
        except discord.HTTPException:
            return None
    return channel if isinstance(channel, discord.abc.Messageable) else None


async def deliver(
    bot: UmpireBot,
    interaction: discord.Interaction | None,
    outcome: Outcome,
) -> None:
    """Send every post of ``outcome``; the interaction (if any) is answered first."""
    actor_id = interaction.user.id if interaction else None
    posts = posts_for(outcome, actor_id)
    in_game_channel = (
        interaction is not None
        and interaction.guild is not None
        and interaction.channel_id == outcome.channel_id
    )
    answered = False
    if interaction is not None and not interaction.response.is_done():
        await interaction.response.defer(thinking=True, ephemeral=not in_game_channel)
    for post in posts:
        if post.audience == "channel":
            file = await board_file(bot, outcome.channel_id) if post.board else None
            view = undo_view(outcome) if outcome.undo_request else discord.utils.MISSING
            kwargs = {"allowed_mentions": mentions_only(post.mentions), "view": view}
            if file is not None:
                kwargs["file"] = file
            if in_game_channel and interaction is not None and not answered:
                await interaction.followup.send(post.text, **kwargs)  # type: ignore[arg-type]
                answered = True
            else:
                channel = await game_channel(bot, outcome.channel_id)
                if channel is not None:
                    await channel.send(post.text, **kwargs)  # type: ignore[arg-type]
        elif post.audience == "ephemeral" and interaction is not None:
            await interaction.followup.send(
                post.text, ephemeral=interaction.guild is not None, allowed_mentions=NO_MENTIONS
            )
            answered = answered or not in_game_channel
        else:
            await send_dm(bot, interaction, outcome, post)
    if interaction is not None and not answered:
        await interaction.followup.send(
            "Done.", ephemeral=interaction.guild is not None, allowed_mentions=NO_MENTIONS
        )


async def send_dm(
    bot: UmpireBot, interaction: discord.Interaction | None, outcome: Outcome, post: Post
) -> None:
    assert post.user_id is not None
    view = prompt_view(post.prompt) if post.prompt else discord.utils.MISSING
    try:
        user = bot.get_user(post.user_id) or await bot.fetch_user(post.user_id)
        await user.send(post.text, view=view, allowed_mentions=NO_MENTIONS)
        return
    except discord.Forbidden:
        log.info("DMs closed for user %s", post.user_id)
    except discord.HTTPException:
        log.warning("DM to %s failed", post.user_id, exc_info=True)
    notice = (
        "I could not send you a direct message (your DMs are closed). "
        "Use `/act` in the game channel; my replies to you there are private."
    )
    if interaction is not None and interaction.user.id == post.user_id:
        await interaction.followup.send(
            notice, ephemeral=interaction.guild is not None, allowed_mentions=NO_MENTIONS
        )
        return
    channel = await game_channel(bot, outcome.channel_id)
    if channel is not None:
        await channel.send(
            f"<@{post.user_id}> {notice}", allowed_mentions=mentions_only([post.user_id])
        )
