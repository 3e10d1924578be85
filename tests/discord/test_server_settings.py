"""/server settings threads: a server's default for /game new without thread:, which only
members who may manage the server can change, kept in the store."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.service import GameService, Player
from bot.service.errors import UserError
from bot.service.server_defaults import ServerDefaults, read_defaults

from ._support import refusals
from .conftest import Table


def steward(simcord_env: Any, table: Table) -> Any:
    role = table.guild.create_role("stewards", permissions=discord.Permissions(manage_guild=True))
    return table.guild.add_member(simcord_env.create_user("dora"), roles=[role])


async def test_the_servers_default_opens_a_thread_for_each_new_game(
    simcord_env: Any, table: Table, service: GameService
) -> None:
    dora = steward(simcord_env, table)
    shown = await dora.slash(table.channel, "server settings")
    assert shown.response.ephemeral
    assert "set up in the channel itself" in shown.response.content
    changed = await dora.slash(table.channel, "server settings", threads=True)
    assert changed.response.content.startswith("Changed. New games in this server are set up in")
    assert await service.db.server_settings(table.guild.id) == '{"threads":true}'

    started = await table.alice.slash(table.channel, "game new", system="demo")
    assert "set up a game of Demo race in <#" in started.response.content
    [thread] = [c for c in table.channel.threads if "Demo race" in c.name]
    assert (await service.game_in(thread.id)) is not None
    assert await service.game_in(table.channel.id) is None

    # thread:false still sets a game up in the channel itself
    other = table.guild.create_text_channel("skirmish")
    await table.bob.slash(other, "game new", system="demo", thread=False)
    assert (await service.game_in(other.id)) is not None
    assert not [c for c in other.threads if "Demo race" in c.name]
    refusals(simcord_env)


async def test_only_stewards_change_the_servers_defaults(service: GameService) -> None:
    # Discord shows /server to managers alone; the service refuses anybody else anyway
    with pytest.raises(UserError, match="Only members who may manage this server"):
        await service.server_settings.change(7, Player(1, "alice"), threads=True)
    assert await service.db.server_settings(7) is None
    shown, changed = await service.server_settings.change(7, Player(1, "alice"))
    assert shown.threads is False and not changed  # showing is for everybody
    with pytest.raises(UserError, match="belong to a server"):
        await service.server_settings.change(None, Player(2, "dora", manager=True), threads=True)
    kept, changed = await service.server_settings.change(
        7, Player(2, "dora", manager=True), threads=True
    )
    assert kept.threads and changed
    assert (await service.server_settings.of(7)).threads


def test_defaults_an_earlier_release_could_not_read_fall_back_to_the_built_in_ones() -> None:
    assert read_defaults(None) == ServerDefaults()
    assert read_defaults("not json") == ServerDefaults()
    assert read_defaults('{"threads": true, "later": 1}').threads
