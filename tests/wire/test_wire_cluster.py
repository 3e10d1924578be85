"""A process of a cluster over the wire: it identifies with its own shards and leaves
the slash commands to the first process; stopping it lets the reply under way finish."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.config import Settings
from bot.discord_app.shutdown import drain, replies_under_way
from bot.service import GameService
from tests.wire.bot_on_fake import bot_on
from tests.wire.fake_discord import FakeDiscord
from tests.wire.test_wire import ALICE_ID, READY_TIMEOUT, STEP_TIMEOUT, sub


async def test_a_cluster_process_serves_its_shards_and_syncs_nothing(
    monkeypatch: pytest.MonkeyPatch, service: GameService
) -> None:
    settings = Settings(
        _env_file=None,  # type: ignore[call-arg]
        UMPIRE_SHARD_COUNT=3,
        UMPIRE_SHARD_IDS=[2],
        UMPIRE_SYNC_COMMANDS=False,
    )
    async with FakeDiscord() as fake:
        async with bot_on(fake, service, monkeypatch, READY_TIMEOUT, settings) as bot:
            assert bot.shard_count == 3 and bot.shard_ids == [2]
            assert fake.identifies == [[2, 3]]
            assert not [call for call in fake.calls if "/commands" in call.path]
        assert fake.unimplemented == []


async def test_stopping_waits_for_the_reply_under_way(
    monkeypatch: pytest.MonkeyPatch, service: GameService
) -> None:
    slow_calls = []
    status = service.status

    async def slow_status(*args: Any, **kwargs: Any) -> Any:
        slow_calls.append(args)
        await asyncio.sleep(0.5)  # a command still working when the bot is told to stop
        return await status(*args, **kwargs)

    monkeypatch.setattr(service, "status", slow_status)
    async with FakeDiscord() as fake, bot_on(fake, service, monkeypatch, READY_TIMEOUT) as bot:
        alice = fake.add_user(ALICE_ID, "alice")
        token = await fake.run_slash(alice, "game", sub("status"))
        for _ in range(int(STEP_TIMEOUT / 0.01)):
            if slow_calls:
                break
            await asyncio.sleep(0.01)
        assert slow_calls and replies_under_way()
        assert not [call for call in fake.calls if token in call.path]
        assert await drain(bot, grace=STEP_TIMEOUT)
        # drained: the reply went out before the bot would close
        assert [call for call in fake.calls if token in call.path]
        assert not replies_under_way()
