"""The command tree as Discord is told it: game commands only in servers, the lookups and
dice anywhere (DMs and user installs included), /admin hidden from non-administrators,
/server from members who may not manage the server, and a development server that never
shows a command twice."""

from __future__ import annotations

from typing import Any

import discord

from bot.discord_app.app import UmpireBot, sync_commands

GUILD, BOT_DM, PRIVATE_CHANNEL = 0, 1, 2
GUILD_INSTALL, USER_INSTALL = 0, 1


def payloads(bot: UmpireBot) -> dict[str, dict[str, Any]]:
    return {c.name: c.to_dict(bot.tree) for c in bot.tree.get_commands()}


def test_game_commands_are_for_servers_and_lookups_work_anywhere(
    simcord_env: Any, simcord_bot: UmpireBot
) -> None:
    synced = payloads(simcord_bot)
    for name in ("game", "act", "admin", "server"):
        assert synced[name]["contexts"] == [GUILD], name
        assert synced[name]["integration_types"] == [GUILD_INSTALL], name
    for name in ("roll", "macro", "rules", "table", "help"):
        assert sorted(synced[name]["contexts"]) == [GUILD, BOT_DM, PRIVATE_CHANNEL], name
        assert sorted(synced[name]["integration_types"]) == [GUILD_INSTALL, USER_INSTALL], name


def test_admin_is_hidden_from_members_without_administrator(
    simcord_env: Any, simcord_bot: UmpireBot
) -> None:
    synced = payloads(simcord_bot)
    administrator = discord.Permissions(administrator=True).value
    assert int(synced["admin"]["default_member_permissions"]) == administrator
    manage_server = discord.Permissions(manage_guild=True).value
    assert int(synced["server"]["default_member_permissions"]) == manage_server
    others = [n for n, p in synced.items() if n not in ("admin", "server")]
    assert all(synced[n].get("default_member_permissions") is None for n in others)


class RecordingTree:
    """Stands in for the command tree: records what would be synced where."""

    def __init__(self) -> None:
        self.global_commands = ["game", "roll"]
        self.guild_commands: dict[int, list[str]] = {}
        self.synced: list[tuple[str, list[str]]] = []

    def copy_global_to(self, *, guild: discord.abc.Snowflake) -> None:
        self.guild_commands[guild.id] = list(self.global_commands)

    def clear_commands(self, *, guild: discord.abc.Snowflake | None) -> None:
        if guild is None:
            self.global_commands = []

    async def sync(self, *, guild: discord.abc.Snowflake | None = None) -> None:
        where = "global" if guild is None else f"guild {guild.id}"
        shown = self.global_commands if guild is None else self.guild_commands[guild.id]
        self.synced.append((where, list(shown)))


async def test_a_development_server_gets_each_command_once() -> None:
    tree = RecordingTree()
    await sync_commands(tree, 42)  # type: ignore[arg-type]
    assert tree.synced == [("global", []), ("guild 42", ["game", "roll"])]

    everywhere = RecordingTree()
    await sync_commands(everywhere, None)  # type: ignore[arg-type]
    assert everywhere.synced == [("global", ["game", "roll"])]
