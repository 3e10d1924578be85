"""Where each command may be used, as Discord is told when the commands are synced.

Games live in server channels, so ``/game`` and ``/act`` are server-only and come with the
bot's server install. ``/roll``, ``/macro``, ``/rules``, ``/table`` and ``/help`` need no
game: they work in DMs and group chats too, and as a user-installed app in servers that do
not have the bot."""

from __future__ import annotations

from typing import TypeVar

from discord import app_commands

T = TypeVar("T")


def anywhere(command: T) -> T:
    """Usable in servers, DMs and group DMs; installable by servers and by users."""
    contexts = app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    installs = app_commands.allowed_installs(guilds=True, users=True)
    return installs(contexts(command))


def in_servers(command: T) -> T:
    """Usable only in a server that installed the bot."""
    contexts = app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
    installs = app_commands.allowed_installs(guilds=True, users=False)
    return installs(contexts(command))
