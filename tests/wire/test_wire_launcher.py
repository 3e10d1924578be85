"""The real cluster launcher over the wire: ``python -m bot cluster --processes 2
--shards 2``, as an operator starts it, pointed at the fake Discord by
``UMPIRE_DISCORD_API`` and ``UMPIRE_DISCORD_GATEWAY``, on one database (PostgreSQL, else
an SQLite file in the test's folder).

Each of its two processes identifies with its own shard from a connection of its own,
only the first tells Discord the slash commands, and the commands typed in each shard's
guild are answered (the fake sends a guild's events to its shard's connection only, so an
answer there is that process's). SIGTERM to the launcher stops both processes, and the
launcher then exits with status 0, leaving nothing running.

The launcher runs in the test's folder, in a session of its own, with no Discord or Umpire
setting of the machine's environment: no ``.env`` of the checkout or of a developer is
read, and whatever it leaves behind can be found (and, on failure, killed) as its group.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import discord
import pytest
from pydantic import ValidationError

from bot.__main__ import main
from bot.cluster import recommended_shards
from bot.config import Settings
from bot.discord_endpoints import use_discord_at
from bot.store import open_store
from tests.wire.fake_discord import APP_ID, CHANNEL_ID, GUILD_ID, Call, FakeDiscord
from tests.wire.test_wire import (
    ALICE_ID,
    BOB_ID,
    assert_no_error_replies,
    callback_of,
    followup_of,
    sub,
)
from tests.wire.test_wire_two_processes import OTHER_CHANNEL, OTHER_GUILD

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 30.0  # for each step of starting and answering
STOP_TIMEOUT = 20.0  # SIGTERM to exit, with no reply under way (the grace is 25 s)
SYSTEM = "squad"  # a listed system: the product on Discord offers no demo race


def launcher_environment(fake: FakeDiscord, location: str) -> dict[str, str]:
    """The machine's environment without its Discord or Umpire settings, plus the test's:
    a token, the fake's addresses, the database; this checkout's code first (an
    installed copy of the package may be another checkout's)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "UMPIRE_"))}
    env.update(
        PYTHONPATH=str(ROOT),
        DISCORD_TOKEN="fake-token",
        UMPIRE_DISCORD_API=fake.api_base,
        UMPIRE_DISCORD_GATEWAY=fake.gateway_url,
    )
    if location.startswith("postgresql://"):
        env["UMPIRE_DATABASE_URL"] = location
    else:
        env["UMPIRE_DATABASE"] = location
    return env


def start_launcher(fake: FakeDiscord, location: str, folder: Path) -> subprocess.Popen[bytes]:
    output = (folder / "cluster.log").open("wb")
    with output:  # the launcher and its processes keep their own copies
        return subprocess.Popen(
            [sys.executable, "-m", "bot", "cluster", "--processes", "2", "--shards", "2"],
            cwd=folder,  # no .env but the folder's, which has none
            env=launcher_environment(fake, location),
            stdin=subprocess.DEVNULL,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group, holding its processes too
        )


def group_alive(group: int) -> bool:
    """Whether any process of the process group ``group`` is still there."""
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    return True


async def ended(process: subprocess.Popen[bytes], timeout: float) -> int | None:
    """The exit status once ``process`` ends, None if it is still running after
    ``timeout`` seconds; the event loop (and the fake) keeps serving meanwhile."""
    deadline = time.monotonic() + timeout
    while process.poll() is None and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    return process.poll()


def synced(call: Call) -> bool:
    return call.method == "PUT" and call.path.endswith("/commands")


async def test_the_cluster_launcher_serves_every_shard_and_stops_on_sigterm(
    tmp_path: Path, shared_location: str
) -> None:
    location = shared_location
    log = tmp_path / "cluster.log"
    async with FakeDiscord() as fake:
        fake.add_guild(OTHER_GUILD, OTHER_CHANNEL)  # shard 0's; GUILD_ID is shard 1's
        launcher = start_launcher(fake, location, tmp_path)
        try:
            await fake.wait_for(synced, timeout=TIMEOUT)
            await fake.wait_identified(2, TIMEOUT)
            assert sorted(fake.identifies) == [[0, 2], [1, 2]], fake.identifies
            assert fake.shard_of(GUILD_ID) == 1 and fake.shard_of(OTHER_GUILD) == 0
            alice = fake.add_user(ALICE_ID, "alice")
            bob = fake.add_user(BOB_ID, "bob")
            # /help in each shard's guild: each process answers its own
            for guild in (OTHER_GUILD, GUILD_ID):
                token = await fake.run_slash(alice, "help", guild_id=guild)
                [helped] = await fake.wait_for(callback_of(token), timeout=TIMEOUT)
                assert helped.json["data"]["content"].startswith("**Umpire referees wargames")
            # a game set up and joined in shard 1's guild, on the shared database
            token = await fake.run_slash(alice, "game", sub("new", system=SYSTEM))
            await fake.wait_for(followup_of(token), timeout=TIMEOUT)
            token = await fake.run_slash(bob, "game", sub("join"))
            [joined] = await fake.wait_for(followup_of(token), timeout=TIMEOUT)
            assert "bob joined" in joined.json["content"], joined.json
            assert_no_error_replies(fake)
            store = await open_store(location)  # the processes' shared database
            try:
                seated = await store.open_game_seated(CHANNEL_ID)
            finally:
                await store.close()
            assert seated is not None and seated.row.system == SYSTEM
            assert seated.row.guild_id == GUILD_ID and seated.row.status == "lobby"
            assert sorted(seat.user_id for seat in seated.seats) == [ALICE_ID, BOB_ID]
            # one process told Discord the commands, once, globally
            assert [c.path for c in fake.calls if synced(c)] == [f"/applications/{APP_ID}/commands"]
            assert sorted(fake.identifies) == [[0, 2], [1, 2]]  # none connected again
            assert launcher.poll() is None, log.read_text(errors="replace")[-3000:]

            began = time.monotonic()
            launcher.send_signal(signal.SIGTERM)
            status = await ended(launcher, STOP_TIMEOUT)
            took = time.monotonic() - began
            text = log.read_text(errors="replace")
            assert status == 0, (status, text[-3000:])
            assert took < STOP_TIMEOUT
            assert not group_alive(launcher.pid), "a process of the cluster is still running"
        finally:
            if launcher.poll() is None or group_alive(launcher.pid):
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(launcher.pid, signal.SIGKILL)
            launcher.wait(10)
        assert fake.unimplemented == [], fake.unimplemented
    text = log.read_text(errors="replace")
    assert "Traceback" not in text, text[-3000:]
    started = re.findall(r"process (\d) \(pid \d+\) serves shards \[(\d)\] of 2", text)
    assert sorted(started) == [("0", "0"), ("1", "1")], text[-3000:]  # once each: none died
    assert "stopping the cluster" in text, text[-3000:]
    # each process finished its replies and ended by itself, not killed after the grace
    stopped = re.findall(r"process (\d) stopped with status (-?\d+)", text)
    assert sorted(stopped) == [("0", "0"), ("1", "0")], text[-3000:]


async def test_the_launcher_asks_the_stand_in_how_many_shards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without ``--shards`` the launcher itself asks Discord (``GET /gateway/bot``): with
    a stand-in named, that question goes to it too."""
    monkeypatch.setattr(discord.http.Route, "BASE", discord.http.Route.BASE)
    async with FakeDiscord() as fake:
        api = fake.api_base
        settings = Settings(_env_file=None, UMPIRE_DISCORD_API=api)
        use_discord_at(settings)
        assert await recommended_shards("fake-token") == 1
        assert [c.path for c in fake.calls if c.method == "GET"] == ["/users/@me", "/gateway/bot"]
        assert fake.unimplemented == []


def test_a_stand_in_for_discord_must_listen_on_this_machine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for address in ("https://discord.example.com/api/v10", "http://127.0.0.1.example.com/x"):
        with pytest.raises(ValidationError, match="is not on this machine"):
            Settings(_env_file=None, UMPIRE_DISCORD_API=address)
    with pytest.raises(ValidationError, match="is not an http:// or ws:// address"):
        Settings(_env_file=None, UMPIRE_DISCORD_GATEWAY="file:///tmp/x")
    settings = Settings(
        _env_file=None,
        UMPIRE_DISCORD_API="http://127.0.0.1:8123/api/v10/",
        UMPIRE_DISCORD_GATEWAY="ws://[::1]:8123/gateway",
    )
    monkeypatch.setattr(discord.http.Route, "BASE", discord.http.Route.BASE)
    gateway = discord.gateway.DiscordWebSocket
    monkeypatch.setattr(gateway, "DEFAULT_GATEWAY", gateway.DEFAULT_GATEWAY)
    before = (discord.http.Route.BASE, gateway.DEFAULT_GATEWAY)  # Discord's own
    for name in ("UMPIRE_DISCORD_API", "UMPIRE_DISCORD_GATEWAY"):
        monkeypatch.delenv(name, raising=False)
    use_discord_at(Settings(_env_file=None))
    after = (discord.http.Route.BASE, gateway.DEFAULT_GATEWAY)
    assert after == before  # no stand-in named: Discord's servers
    use_discord_at(settings)
    assert discord.http.Route.BASE == "http://127.0.0.1:8123/api/v10"
    assert str(gateway.DEFAULT_GATEWAY) == "ws://[::1]:8123/gateway"


def test_the_bot_refuses_a_stand_in_elsewhere_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)  # no .env
    monkeypatch.setenv("DISCORD_TOKEN", "a-token")
    monkeypatch.setenv("UMPIRE_DATABASE", str(tmp_path / "umpire.db"))
    monkeypatch.setenv("UMPIRE_DISCORD_API", "https://discord.example.com/api/v10")
    assert main(["cluster", "--processes", "2", "--shards", "2"]) == 2
    error = capsys.readouterr().err
    assert error.startswith("error: a setting is not valid: UMPIRE_DISCORD_API: "), error
    assert "is not on this machine" in error and len(error.splitlines()) == 1, error
    assert not (tmp_path / "umpire.db").exists()  # refused before anything was opened
