"""The production bot started against a fake Discord on 127.0.0.1, until the block ends."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import discord
import pytest
import yarl

from bot.config import Settings
from bot.discord_app import create_bot
from bot.discord_app.app import UmpireBot
from bot.service import GameService
from tests.wire.fake_discord import FakeDiscord


@contextlib.asynccontextmanager
async def bot_on(
    fake: FakeDiscord,
    service: GameService,
    monkeypatch: pytest.MonkeyPatch,
    timeout: float,
    settings: Settings | None = None,
) -> AsyncIterator[UmpireBot]:
    """Point discord.py's REST base and gateway at ``fake``, start the bot on ``service``
    and wait (at most ``timeout`` per step) until it is ready; close it afterwards."""
    monkeypatch.setattr(discord.http.Route, "BASE", fake.api_base)
    monkeypatch.setattr(
        discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(fake.gateway_url)
    )
    settings = settings or Settings(_env_file=None)  # type: ignore[call-arg]
    bot = create_bot(settings, service=service, show_demo=True, reminders=False)
    bot._connection.guild_ready_timeout = 0.05
    runner = asyncio.create_task(bot.start("fake-token"))
    try:
        ready = asyncio.ensure_future(bot.wait_until_ready())
        done, _ = await asyncio.wait(
            {ready, runner}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED
        )
        if ready not in done:
            ready.cancel()
            if runner in done:
                runner.result()  # surfaces the start-up failure
            raise AssertionError(
                f"the bot did not become ready; requests: {fake.calls!r}; "
                f"unimplemented: {fake.unimplemented!r}"
            )
        yield bot
    finally:
        await asyncio.wait_for(bot.close(), timeout)
        runner.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.wait_for(runner, timeout)
