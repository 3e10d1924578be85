"""Sending an outcome's posts through Discord.

Channel posts carry the board picture (rendered in a thread so the event loop stays free)
and ping only the users whose move it is; every other mention is suppressed. Private
lines go to the actor as an ephemeral reply and to anybody else by DM. When a DM cannot
be delivered (closed DMs, error 50007) the player is told in the channel, without the
private content, that `/act` works there with a private reply.

An outcome is delivered after it was committed, so no Discord failure here is raised to
the caller (whose error reply would wrongly say the game did not change). A reply the
interaction cannot carry (it expired, Discord answered with an error, the request timed
out) is posted in the channel instead and private lines go by DM; a picture the channel
refuses, or one that cannot be drawn, is left out with a note saying so; whatever still
fails is logged and, where possible, explained to the player as an action recorded whose
result could not be shown. Channel messages are paced (see :mod:`bot.discord_app.pacing`).
"""

from __future__ import annotations

import asyncio
import dataclasses
import io
import logging
import secrets
import weakref
from typing import Protocol

import aiohttp
import discord
from pydantic import BaseModel

from bot.discord_app.components import left_out, prompt_view, undo_view
from bot.discord_app.errors import reply_privately
from bot.discord_app.mentions import NO_MENTIONS, mentions_only
from bot.discord_app.open_questions import (
    ASKED_AGAIN,
    CLOSED,
    OpenQuestions,
    close_message,
)
from bot.discord_app.pacing import ChannelMessage, ChannelPacer, Closeup, Picture
from bot.discord_app.players import language_of
from bot.discord_app.threads import ThreadClosed, parent_of, while_open
from bot.messages import said, said_n
from bot.present.dashboard import dashboard_text
from bot.present.posts import Post, posts_for, with_heading
from bot.service import GameService
from bot.service.loaded import LoadedGame
from bot.service.outcome import Outcome
from bot.service.public_numbers import closeup_name
from bot.service.read_models import Dashboard
from bot.service.table_settings import game_language
from renderers import draw, draw_pictures
from renderers.alt_text import alt_text, closeup_alt_text
from rules.core.visibility import Viewer


class Courier(Protocol):
    """What delivery needs of the bot: its service, its channel pacer and its Discord
    lookups (the bot itself is one; delivery never needs to know it)."""

    @property
    def service(self) -> GameService: ...

    @property
    def pacer(self) -> ChannelPacer: ...

    def get_channel(
        self, id: int, /
    ) -> discord.abc.GuildChannel | discord.Thread | discord.abc.PrivateChannel | None: ...

    async def fetch_channel(
        self, channel_id: int, /
    ) -> discord.abc.GuildChannel | discord.abc.PrivateChannel | discord.Thread: ...

    def get_user(self, id: int, /) -> discord.User | None: ...

    def get_guild(self, id: int, /) -> discord.Guild | None: ...

    async def fetch_user(self, user_id: int, /) -> discord.User: ...

    @property
    def questions(self) -> OpenQuestions: ...


log = logging.getLogger("umpire.delivery")


class ChannelUnavailable(Exception):
    """The game's channel is gone or out of the bot's sight."""


# what sending to Discord can raise: API errors, timeouts, broken connections
SEND_FAILURES = (discord.HTTPException, aiohttp.ClientError, OSError, ChannelUnavailable)


async def _public_scene(bot: Courier, channel_id: int) -> tuple[LoadedGame, BaseModel] | None:
    """The channel's game and the scene of its board as everyone sees it, in the game's
    language; None before a game is under way or for a system without a picture."""
    game = await bot.service.game_in(channel_id)
    if game is None or game.state is None:
        return None
    view = game.system.view(game.state, Viewer.spectator())
    scene = game.system.scene_in(view, game_language(game.row.settings))
    return None if scene is None else (game, scene)


async def board_file(bot: Courier, channel_id: int) -> discord.File | None:
    """The whole board alone (``/game board``, the dashboard), its words in the game's
    language; None when there is none."""
    shown = await _public_scene(bot, channel_id)
    if shown is None:
        return None
    game, scene = shown
    png = await asyncio.get_running_loop().run_in_executor(None, draw, scene)
    if png is None:
        return None
    name = await bot.service.picture_name(game)
    described = alt_text(scene) or discord.utils.MISSING
    return discord.File(io.BytesIO(png), filename=name, description=described)


async def board_pictures(bot: Courier, channel_id: int) -> Picture | None:
    """The board after an action with its close-up of what happened (drawn together in a
    worker thread), None when the game has no board picture."""
    shown = await _public_scene(bot, channel_id)
    if shown is None:
        return None
    game, scene = shown
    drawn = await asyncio.get_running_loop().run_in_executor(None, draw_pictures, scene)
    if drawn is None:
        return None
    name = await bot.service.picture_name(game)
    closeup = None
    if drawn.closeup is not None:
        closeup = Closeup(closeup_name(name), drawn.closeup, closeup_alt_text(scene))
    return Picture(name, drawn.board, alt_text(scene), closeup)


def server_name(bot: Courier, guild_id: int | None) -> str | None:
    """The name of the server a game is played in, as the bot knows it (None: unknown)."""
    guild = bot.get_guild(guild_id) if guild_id is not None else None
    return guild.name if guild is not None else None


async def game_channel(bot: Courier, channel_id: int) -> discord.abc.Messageable | None:
    channel = bot.get_channel(channel_id)
    if channel is None:
        try:
            channel = await bot.fetch_channel(channel_id)
        except SEND_FAILURES:
            return None
    return channel if isinstance(channel, discord.abc.Messageable) else None


NO_PICTURE = said(
    "(The board picture is left out: I may not attach files in this channel. "
    "`/game board` shows it.)"
)
NOT_DRAWN = said(
    "(The action was recorded, but the board picture could not be drawn this time. "
    "`/game board` tries again.)"
)
NOT_SHOWN = said(
    "Your action was recorded, but I could not show the result (error id `{incident}`). "
    "`/game status` shows the game."
)
THREAD_CLOSED = said(
    "(The game's thread {thread} is archived and I may not reopen it (Manage Threads), "
    "so this is posted here.)"
)
NOT_POSTED = said(
    "Your action was recorded, but I could not post the result in <#{channel}> (the channel "
    "may be gone, or I may not send messages there)."
)


def with_note(text: str, note: str) -> str:
    """``text`` and ``note`` below it, when that fits in one Discord message."""
    noted = f"{text}\n{note}"
    return noted if len(noted) <= 2000 else text


async def send_in_channel(bot: Courier, channel_id: int, message: ChannelMessage) -> None:
    """Post one message in a game channel; without the picture if the channel refuses it.
    An archived game thread is reopened first; one the bot may not reopen gets the
    message in its parent channel instead, with a note saying why."""
    channel = await game_channel(bot, channel_id)
    if channel is None:
        raise ChannelUnavailable(channel_id)
    if message.picture is None and message.board:
        try:
            message = dataclasses.replace(message, picture=await fresh_board(bot, channel_id))
        except BoardFailed:
            note = NOT_DRAWN.in_(message.language)
            message = dataclasses.replace(message, text=with_note(message.text, note))
    try:
        await while_open(channel, lambda: post_in(channel, message))
    except ThreadClosed as closed:
        parent = await parent_of(closed.thread)
        if parent is None:
            raise ChannelUnavailable(channel_id) from None
        note = THREAD_CLOSED.filled(thread=f"<#{channel_id}>").in_(message.language)
        await post_in(parent, dataclasses.replace(message, text=f"{note}\n{message.text}"))


async def post_in(channel: discord.abc.Messageable, message: ChannelMessage) -> None:
    """Post ``message`` (its picture drawn already, if any) in ``channel``; without the
    picture, saying so, where the channel refuses files."""
    allowed = mentions_only(message.mentions)
    view = message.view or discord.utils.MISSING
    if message.picture is not None:
        try:
            await channel.send(
                message.text,
                files=message.picture.files(),
                embed=message.picture.embed(message.language) or discord.utils.MISSING,
                view=view,
                allowed_mentions=allowed,
            )
            return
        except discord.Forbidden:
            log.info("a channel refused a picture; posting the text alone")
        note = NO_PICTURE.in_(message.language)
        await channel.send(with_note(message.text, note), view=view, allowed_mentions=allowed)
        return
    await channel.send(message.text, view=view, allowed_mentions=allowed)


class BoardFailed(Exception):
    """The board picture could not be drawn (the reason is logged)."""


async def fresh_board(bot: Courier, channel_id: int) -> Picture | None:
    """The board picture, or None when the game has none; BoardFailed (logged) when it
    cannot be drawn."""
    try:
        return await board_pictures(bot, channel_id)
    except Exception:
        log.exception("the board picture in channel %s failed", channel_id)
        raise BoardFailed(channel_id) from None


async def deliver(
    bot: Courier,
    interaction: discord.Interaction | None,
    outcome: Outcome,
) -> None:
    """Send every post of ``outcome``; the interaction (if any) is answered first.

    Never raises: the outcome is already committed, so whatever fails here is logged and
    the actor told that the action was recorded.
    """
    try:
        await _deliver(bot, interaction, outcome)
    except Exception:
        incident = secrets.token_hex(4)
        log.exception("delivering game %s failed (%s)", outcome.game_id, incident)
        if interaction is not None:
            shown = NOT_SHOWN.filled(incident=incident).in_(language_of(interaction))
            await reply_privately(interaction, shown)
    try:
        await close_settled(bot, outcome.game_id)
    except Exception:  # old menus stay on screen; a click on one is refused anyway
        log.warning("closing answered questions of game %s failed", outcome.game_id, exc_info=True)
    try:
        await refresh_dashboard(bot, outcome.game_id, picture=outcome.picture)
    except Exception:  # the next action edits it again
        log.warning("the dashboard of game %s was not updated", outcome.game_id, exc_info=True)


# one dashboard edit at a time per game, so that two never post two messages (per event
# loop: a lock belongs to the loop it was first used in)
_dashboard_locks: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[int, asyncio.Lock]]
_dashboard_locks = weakref.WeakKeyDictionary()


def dashboard_lock(game_id: int) -> asyncio.Lock:
    locks = _dashboard_locks.setdefault(asyncio.get_running_loop(), {})
    return locks.setdefault(game_id, asyncio.Lock())


async def refresh_dashboard(bot: Courier, game_id: int, *, picture: bool) -> int | None:
    """Edit the game's dashboard message in place (with a fresh board picture when
    ``picture``); post it (and pin it, where the bot may) when there is none yet or it was
    deleted. Returns the message's id, None when the channel cannot be reached."""
    async with dashboard_lock(game_id):
        board = await bot.service.dashboard(game_id)
        channel = await game_channel(bot, board.channel_id)
        if channel is None:
            return None
        text = dashboard_text(board)
        drawn = await dashboard_picture(bot, board.channel_id) if picture else None
        try:
            return await while_open(
                channel, lambda: show_dashboard(bot, channel, game_id, board, text, drawn)
            )
        except ThreadClosed:
            log.warning("the dashboard of game %s waits: its thread stays archived", game_id)
            return None


async def show_dashboard(
    bot: Courier,
    channel: discord.abc.Messageable,
    game_id: int,
    board: Dashboard,
    text: str,
    drawn: Picture | None,
) -> int:
    """Edit the dashboard message, or post (and pin) it where there is none any more."""
    if board.message_id is not None:
        try:
            message = await editable(channel, board.message_id)
            if drawn is not None:
                await message.edit(
                    content=text, attachments=[drawn.file()], allowed_mentions=NO_MENTIONS
                )
            else:
                await message.edit(content=text, allowed_mentions=NO_MENTIONS)
            return board.message_id
        except discord.NotFound:
            log.info("the dashboard of game %s was deleted; posting it again", game_id)
    if drawn is None:
        drawn = await dashboard_picture(bot, board.channel_id)
    file = drawn.file() if drawn is not None else discord.utils.MISSING
    sent = await channel.send(text, file=file, allowed_mentions=NO_MENTIONS)
    await bot.service.keep_dashboard(game_id, sent.id)
    try:
        await sent.pin(reason="the game's dashboard")
    except SEND_FAILURES:
        log.info("the dashboard of game %s stays unpinned (no permission)", game_id)
    return sent.id


async def dashboard_picture(bot: Courier, channel_id: int) -> Picture | None:
    """The board picture for the dashboard; None when there is none or it failed."""
    try:
        return await fresh_board(bot, channel_id)
    except BoardFailed:
        return None


async def editable(
    channel: discord.abc.Messageable, message_id: int
) -> discord.Message | discord.PartialMessage:
    """The message to edit, without fetching it where the channel allows."""
    if isinstance(channel, discord.TextChannel | discord.Thread | discord.VoiceChannel):
        return channel.get_partial_message(message_id)
    return await channel.fetch_message(message_id)


async def close_settled(bot: Courier, game_id: int) -> None:
    """Close the DM questions of ``game_id`` the game has moved past (whichever process
    sent them, and before a restart too: the register is in the store)."""
    if not await bot.questions.asked(game_id):
        return
    still_open = await bot.service.open_questions(game_id)
    for question in await bot.questions.settled(game_id, still_open):
        await close_message(question.message, question.content, CLOSED.in_(question.language))


async def _deliver(
    bot: Courier,
    interaction: discord.Interaction | None,
    outcome: Outcome,
) -> None:
    actor_id = interaction.user.id if interaction else None
    posts = posts_for(outcome, actor_id)
    # with nothing for the channel (the compact and quiet settings) the reply is private
    in_game_channel = (
        interaction is not None
        and interaction.guild is not None
        and interaction.channel_id == outcome.channel_id
        and any(post.audience == "channel" for post in posts)
    )
    ephemeral = interaction is not None and interaction.guild is not None
    reply = interaction  # None once the interaction can no longer be answered
    answered = missed = False
    # the command answered the interaction itself (a thread's link, an edited question)
    acknowledged = reply is not None and reply.response.is_done()
    if reply is not None and not reply.response.is_done():
        try:
            await reply.response.defer(thinking=True, ephemeral=not in_game_channel)
        except SEND_FAILURES:
            log.warning("could not acknowledge game %s", outcome.game_id, exc_info=True)
            reply = None
    for post in posts:
        if post.audience == "channel":
            stamp = outcome.undo_request
            view = undo_view(outcome.game_id, stamp, outcome.language) if stamp else None
            picture = None
            text, board = post.text, post.board
            if reply is not None and in_game_channel and not answered:
                try:
                    picture = await fresh_board(bot, outcome.channel_id) if board else None
                except BoardFailed:
                    text, board = with_note(text, NOT_DRAWN.in_(outcome.language)), False
                try:
                    await reply.followup.send(
                        text,
                        files=picture.files() if picture else discord.utils.MISSING,
                        embed=(picture.embed(outcome.language) if picture else None)
                        or discord.utils.MISSING,
                        view=view or discord.utils.MISSING,
                        allowed_mentions=mentions_only(post.mentions),
                    )
                    answered = True
                    continue
                except SEND_FAILURES:
                    log.warning("reply on game %s failed", outcome.game_id, exc_info=True)
                    reply = None
            board = board and picture is None  # then drawn when it is sent
            message = ChannelMessage(
                text, list(post.mentions), picture, view, board, outcome.language
            )
            try:
                await bot.pacer.send(outcome.channel_id, message)
            except SEND_FAILURES:
                log.warning("a post of game %s was not delivered", outcome.game_id, exc_info=True)
                missed = True
        elif post.audience == "ephemeral" and interaction is not None:
            if reply is not None:
                try:
                    await reply.followup.send(
                        post.text, ephemeral=ephemeral, allowed_mentions=NO_MENTIONS
                    )
                    answered = answered or not in_game_channel
                    continue
                except SEND_FAILURES:
                    log.warning("private reply on game %s failed", outcome.game_id, exc_info=True)
                    reply = None
            await send_dm(bot, None, outcome, post)  # the private lines go by DM instead
        else:
            await send_dm(bot, reply, outcome, post)
    if reply is not None and (missed or not (answered or acknowledged)):
        closing = NOT_POSTED.filled(channel=outcome.channel_id) if missed else said("Done.")
        text = closing.in_(language_of(reply))
        try:
            await reply.followup.send(text, ephemeral=ephemeral, allowed_mentions=NO_MENTIONS)
        except SEND_FAILURES:
            log.warning("closing reply on game %s failed", outcome.game_id, exc_info=True)


async def send_dm(
    bot: Courier, interaction: discord.Interaction | None, outcome: Outcome, post: Post
) -> None:
    assert post.user_id is not None
    view = prompt_view(post.prompt) if post.prompt else discord.utils.MISSING
    language = post.language  # the reader's
    try:
        user = bot.get_user(post.user_id) or await bot.fetch_user(post.user_id)
        shown = post
        missing = left_out(post.prompt) if post.prompt else 0
        if missing:
            note = said_n(
                missing,
                "({count} more choice than these menus hold: type `/act` in the game's "
                "channel; its suggestions narrow to what you type.)",
                "({count} more choices than these menus hold: type `/act` in the game's "
                "channel; its suggestions narrow to what you type.)",
            )
            shown = dataclasses.replace(post, text=f"{post.text}\n{note.in_(language)}")
        # every DM about a game says which game: its system, server, channel and link
        text = with_heading(outcome, shown, server_name(bot, outcome.guild_id))
        sent = await user.send(text, view=view, allowed_mentions=NO_MENTIONS)
        if post.prompt is not None:
            for older in await bot.questions.sent(post.prompt, sent):
                again = ASKED_AGAIN.in_(older.language)
                await close_message(older.message, older.content, again)
        return
    except discord.Forbidden:
        log.info("DMs closed for user %s", post.user_id)
        reason = said("your DMs are closed")
    except SEND_FAILURES:
        log.warning("DM to %s failed", post.user_id, exc_info=True)
        reason = said("Discord did not take it")
    notice = said(
        "I could not send you a direct message ({reason}). "
        "Use `/act` in the game channel; my replies to you there are private.",
        reason=reason,
    )
    if interaction is not None and interaction.user.id == post.user_id:
        try:
            await interaction.followup.send(
                notice.in_(language_of(interaction)),
                ephemeral=interaction.guild is not None,
                allowed_mentions=NO_MENTIONS,
            )
            return
        except SEND_FAILURES:
            log.warning("closed-DM notice to %s failed", post.user_id, exc_info=True)
    message = ChannelMessage(
        f"<@{post.user_id}> {notice.in_(language)}", [post.user_id], language=outcome.language
    )
    try:
        await bot.pacer.send(outcome.channel_id, message)
    except SEND_FAILURES:
        log.warning("closed-DM notice of game %s not posted", outcome.game_id, exc_info=True)
