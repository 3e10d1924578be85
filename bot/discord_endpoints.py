"""Where the bot finds Discord: Discord's own servers, or, for tests, a stand-in on this
machine named by ``UMPIRE_DISCORD_API`` (the REST API's base) and
``UMPIRE_DISCORD_GATEWAY`` (the gateway), loopback addresses only (``bot.config``).

discord.py keeps both as class attributes (``Route.BASE`` and
``DiscordWebSocket.DEFAULT_GATEWAY``, the gateway a bot with a fixed shard count
connects to), so setting them once at start-up points every request and every shard's
connection of the process at the stand-in. ``python -m bot cluster`` passes its
environment on to each process, which is how the cluster's own tests run the real
launcher and real bot processes against a fake Discord.
"""

from __future__ import annotations

import discord
import yarl

from bot.config import Settings


def use_discord_at(settings: Settings) -> None:
    """Point this process at the stand-in the settings name, if they name one."""
    if settings.discord_api is not None:
        discord.http.Route.BASE = settings.discord_api.rstrip("/")
    if settings.discord_gateway is not None:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.discord_gateway)
