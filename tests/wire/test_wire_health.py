"""Health and Prometheus metrics over HTTP, from the real bot on the fake Discord: the
bot is healthy once connected, counts commands by outcome with their latency, reports
games by status and each shard's gateway latency, and says when it is stopping."""

from __future__ import annotations

import asyncio
import socket

import aiohttp
import pytest

from bot.config import Settings
from bot.discord_app import create_bot
from bot.discord_app.health import HealthServer, PortUnusable
from bot.discord_app.shutdown import drain
from bot.service import GameService, Player
from tests.wire.bot_on_fake import bot_on
from tests.wire.fake_discord import FakeDiscord
from tests.wire.test_wire import (
    ALICE_ID,
    BOB_ID,
    READY_TIMEOUT,
    STEP_TIMEOUT,
    callback_of,
    followup_of,
    sub,
)


def sample(text: str, name: str) -> float | None:
    """The value of one sample (``name`` with its labels) in a Prometheus exposition."""
    for line in text.splitlines():
        if line.startswith(name + " "):
            return float(line.split()[-1])
    return None


async def test_health_and_metrics(monkeypatch: pytest.MonkeyPatch, service: GameService) -> None:
    settings = Settings(_env_file=None, UMPIRE_METRICS_PORT=0)  # type: ignore[call-arg]
    async with (
        FakeDiscord() as fake,
        bot_on(fake, service, monkeypatch, READY_TIMEOUT, settings) as bot,
        aiohttp.ClientSession() as http,
    ):
        assert bot._health is not None
        base = f"http://127.0.0.1:{bot._health.port}"
        async with http.get(f"{base}/health") as response:
            assert response.status == 200
            body = await response.json()
        assert body["status"] == "ok" and list(body["shards"]) == ["0"]

        alice = fake.add_user(ALICE_ID, "alice")
        bob = fake.add_user(BOB_ID, "bob")
        token = await fake.run_slash(alice, "roll", [{"type": 3, "name": "dice", "value": "2d6"}])
        await fake.wait_for(callback_of(token), timeout=STEP_TIMEOUT)
        token = await fake.run_slash(alice, "game", sub("new", system="demo"))
        await fake.wait_for(followup_of(token), timeout=STEP_TIMEOUT)
        token = await fake.run_slash(bob, "game", sub("start"))  # not bob's to start
        await fake.wait_for(callback_of(token), timeout=STEP_TIMEOUT)

        text = ""
        for _ in range(int(STEP_TIMEOUT / 0.05)):  # `game new` counts once its dashboard is up
            async with http.get(f"{base}/metrics") as response:
                assert response.status == 200
                assert response.headers["Content-Type"].startswith("text/plain")
                text = await response.text()
            if sample(text, 'umpire_commands_total{command="game new",outcome="ok"}'):
                break
            await asyncio.sleep(0.05)
        assert sample(text, 'umpire_commands_total{command="roll",outcome="ok"}') == 1
        assert sample(text, 'umpire_commands_total{command="game new",outcome="ok"}') == 1
        assert sample(text, 'umpire_commands_total{command="game start",outcome="refused"}') == 1
        assert sample(text, 'umpire_command_latency_seconds_count{command="roll"}') == 1
        assert sample(text, 'umpire_games{status="lobby"}') == 1
        assert sample(text, 'umpire_games{status="active"}') == 0
        assert sample(text, 'umpire_gateway_latency_seconds{shard="0"}') is not None
        assert sample(text, 'umpire_errors_total{where="interaction"}') is None  # none yet

        assert await drain(bot, grace=STEP_TIMEOUT)
        async with http.get(f"{base}/health") as response:
            assert response.status == 503
            assert (await response.json())["status"] == "stopping"


async def test_a_port_in_use_is_one_clear_error(service: GameService) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        bot = create_bot(Settings(_env_file=None), service=service)  # type: ignore[call-arg]
        server = HealthServer(bot, "127.0.0.1", port)
        with pytest.raises(
            PortUnusable, match=f"cannot serve health and metrics on 127.0.0.1:{port}"
        ):
            await server.start()
        await server.stop()  # nothing left to clean up


@pytest.mark.parametrize("first", [True, False])
async def test_only_the_first_process_of_a_cluster_counts_the_games(
    service: GameService, first: bool
) -> None:
    """``umpire_games`` counts the whole database, so of a cluster's processes only the
    first (the one that tells Discord the commands) serves it: summed over processes,
    each game counts once."""
    await service.create(5000, 1, Player(101, "alice"), "demo")
    settings = Settings(_env_file=None, UMPIRE_SYNC_COMMANDS=first)  # type: ignore[call-arg]
    bot = create_bot(settings, service=service)
    response = await HealthServer(bot, "127.0.0.1", 0).metrics(None)  # type: ignore[arg-type]
    assert response.body is not None
    text = bytes(response.body).decode()  # type: ignore[arg-type]
    assert (sample(text, 'umpire_games{status="lobby"}') == 1) is first
    assert ("umpire_games{" in text) is first
