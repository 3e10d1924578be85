"""One process of a two-process cluster against the fake Discord, for the wire test:
``python -m tests.wire.cluster_bot API_BASE GATEWAY_URL STORE SHARD_ID``.

It is the production bot (``create_bot``) with Settings ``UMPIRE_SHARD_COUNT=2`` and
``UMPIRE_SHARD_IDS=[SHARD_ID]`` (only shard 0 syncs the commands), on the store at
``STORE``, with discord.py's REST base and gateway pointed at the fake; it runs until it
is stopped.
"""

from __future__ import annotations

import asyncio
import sys

import discord
import yarl

from bot.config import Settings
from bot.discord_app import create_bot
from bot.service import GameService
from bot.store import open_store
from bot.systems import install_systems


async def run(api_base: str, gateway: str, location: str, shard: int) -> None:
    discord.http.Route.BASE = api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)
    settings = Settings(
        _env_file=None,  # type: ignore[call-arg]
        UMPIRE_SHARD_COUNT=2,
        UMPIRE_SHARD_IDS=[shard],
        UMPIRE_SYNC_COMMANDS=shard == 0,
    )
    store = await open_store(location)
    try:
        service = GameService(store)
        bot = create_bot(settings, service=service, show_demo=True, reminders=False)
        bot._connection.guild_ready_timeout = 0.05
        await bot.start("fake-token")
    finally:
        await store.close()


if __name__ == "__main__":
    install_systems(unlisted=True)
    asyncio.run(run(sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])))
