"""The game dashboard on Discord: one message a game, pinned where the bot may pin, edited
in place after every action; `/game status` links it and posts it again when it was
deleted; the posts setting keeps routine actions out of the channel and survives a
restart."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable

import discord
import pytest
from simcord.backend.models.channel import Overwrite
from simcord.enums import OverwriteType

from bot.discord_app.app import UmpireBot
from bot.service import GameService
from bot.store import Database

from ._support import dashboards, mover, pick_both, public_messages, start_demo
from .conftest import Table, build_bot


async def test_one_dashboard_is_pinned_and_edited_after_every_action(
    simcord_env, table: Table, service: GameService
) -> None:
    await start_demo(table)
    [board] = dashboards(table)
    assert board.pinned and "secret stances" in board.content
    await pick_both(table)
    actor, _ = await mover(service, table)
    await actor.slash(table.channel, "act", action="step")
    [after] = dashboards(table)
    assert after.id == board.id  # edited in place, never posted again
    assert after.edited_at is not None
    assert "round 1" in after.content and "steps" in after.content  # the latest line
    assert "<t:" in after.content and ":R>" in after.content  # the deadline, relative
    assert "Distance run" in after.content  # the seats' figures
    assert [m.id for m in table.channel.pinned_messages()] == [board.id]
    game = await service.game_in(table.channel.id)
    assert game is not None and game.row.dashboard_message == board.id


async def test_without_the_right_to_pin_the_dashboard_is_posted_unpinned(
    simcord_env, table: Table
) -> None:
    denied = discord.Permissions(manage_messages=True)
    overwrite = Overwrite(simcord_env.backend.bot_user.id, OverwriteType.MEMBER, deny=denied.value)
    simcord_env.backend.edit_channel(table.channel.id, {}, overwrites=[overwrite])
    await start_demo(table)
    [board] = dashboards(table)
    assert not board.pinned
    assert simcord_env.errors == []


async def test_status_links_the_dashboard_and_posts_it_again_when_deleted(
    simcord_env, table: Table, service: GameService
) -> None:
    await start_demo(table)
    [board] = dashboards(table)
    shown = await table.bob.slash(table.channel, "game status")
    link = f"/channels/{table.guild.id}/{table.channel.id}/{board.id}"
    assert link in str(shown.response.embeds[0].to_dict())

    simcord_env.backend.delete_message(table.channel.id, board.id)
    shown = await table.bob.slash(table.channel, "game status")
    [again] = dashboards(table)
    assert again.id != board.id and again.pinned
    assert f"/{again.id}" in str(shown.response.embeds[0].to_dict())
    game = await service.game_in(table.channel.id)
    assert game is not None and game.row.dashboard_message == again.id


async def test_quiet_posts_leave_routine_actions_to_the_dashboard(
    simcord_env, table: Table, service: GameService
) -> None:
    await start_demo(table)
    changed = await table.alice.slash(table.channel, "game settings", posts="quiet")
    assert not changed.response.ephemeral and "posts" in changed.response.content
    before = len(public_messages(table))
    await pick_both(table)
    actor, _ = await mover(service, table)
    stepped = await actor.slash(table.channel, "act", action="step")
    assert len(public_messages(table)) == before  # nothing new in the channel
    assert stepped.response.ephemeral  # the actor alone is told what they did
    [board] = dashboards(table)
    assert "steps" in board.content and "Posts: quiet" in board.content


@pytest.fixture
async def reopen(tmp_path) -> AsyncIterator[Callable[[], Awaitable[UmpireBot]]]:
    """Fresh bots on the same database file, as after a process restart."""
    opened: list[Database] = []

    async def build() -> UmpireBot:
        database = await Database.open(str(tmp_path / "umpire.db"))
        opened.append(database)
        return build_bot(tmp_path, GameService(database))

    yield build
    for database in opened:
        await database.close()


async def test_settings_are_kept_across_a_restart(
    simcord_env, table: Table, reopen: Callable[[], Awaitable[UmpireBot]]
) -> None:
    await start_demo(table)
    await table.alice.slash(table.channel, "game settings", posts="compact", board="every round")
    await table.bob.slash(table.channel, "game settings", reminders="dm", quiet_hours="22-07 UTC+1")
    await simcord_env.restart_bot(await reopen())
    shown = await table.bob.slash(table.channel, "game settings")
    assert shown.response.ephemeral
    text = shown.response.content
    assert "Channel posts: compact; board pictures: every round." in text
    assert "Your reminders by DM, quiet hours 22-07 UTC+01:00." in text
