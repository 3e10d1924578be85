"""The cluster launcher's process management, with a stand-in child process: each
process is told its shards, a process that dies is started again after a pause, and
SIGTERM stops them all once they have finished their replies (killing one that will
not stop after the grace period)."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.cluster import Cluster
from bot.shard_plan import shard_blocks

STUB = [sys.executable, "-m", "tests.cluster.stub_process"]
ROOT = Path(__file__).resolve().parents[2]


def lines(path: Path) -> list[list[str]]:
    return [line.split() for line in path.read_text().splitlines()] if path.exists() else []


async def until(condition: object, timeout: float = 20.0) -> None:
    assert callable(condition)
    deadline = asyncio.get_running_loop().time() + timeout
    while not condition():
        assert asyncio.get_running_loop().time() < deadline, "timed out"
        await asyncio.sleep(0.05)


def cluster(
    folder: Path, *extra: str, processes: int = 2, shards: int = 5, **options: float
) -> Cluster:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return Cluster(
        [*STUB, str(folder), *extra],
        shard_blocks(shards, processes),
        shards,
        environment=env,
        metrics_port=9100,
        first_delay=options.get("first_delay", 0.1),
        longest_delay=options.get("longest_delay", 0.4),
        grace=options.get("grace", 10.0),
    )


async def test_each_process_is_told_its_shards_and_one_syncs_the_commands(tmp_path: Path) -> None:
    launcher = cluster(tmp_path, processes=2, shards=5)
    running = asyncio.create_task(launcher.run())
    await until(lambda: len(lines(tmp_path / "started")) == 2)
    launcher.stop()
    assert await asyncio.wait_for(running, 20) == 0
    started = sorted(lines(tmp_path / "started"))
    assert [line[:1] + line[2:] for line in started] == [
        ["0", "5", "[0,1,2]", "true", "9100"],
        ["1", "5", "[3,4]", "false", "9101"],
    ]
    # both finished their replies before stopping
    assert sorted(line[0] for line in lines(tmp_path / "stopped")) == ["0", "1"]


async def test_a_process_that_dies_is_started_again_after_longer_pauses(tmp_path: Path) -> None:
    launcher = cluster(tmp_path, "--die-first", "3", processes=2, shards=2)
    loop = asyncio.get_running_loop()
    began = loop.time()
    running = asyncio.create_task(launcher.run())
    await until(lambda: len(lines(tmp_path / "started")) == 8)  # 3 deaths, then up, each
    waited = loop.time() - began
    assert [m.starts for m in launcher.members] == [4, 4]
    assert waited >= 0.1 + 0.2 + 0.4  # the pauses doubled, up to the longest
    # a healthy process killed from outside is started again too
    first = launcher.members[0].process
    assert first is not None
    first.send_signal(signal.SIGKILL)
    await until(lambda: len(lines(tmp_path / "started")) == 9)
    assert launcher.members[0].process is not None
    assert launcher.members[0].process.pid != first.pid
    launcher.stop()
    assert await asyncio.wait_for(running, 20) == 0
    assert all(m.process is not None and m.process.returncode == 0 for m in launcher.members)


async def test_sigterm_stops_every_process_and_kills_one_that_will_not(tmp_path: Path) -> None:
    launcher = cluster(tmp_path, "--ignore-term", processes=2, shards=2, grace=0.5)
    running = asyncio.create_task(launcher.run())
    await until(lambda: len(lines(tmp_path / "started")) == 2)
    os.kill(os.getpid(), signal.SIGTERM)  # as systemd or docker stop would
    assert await asyncio.wait_for(running, 20) == 0
    assert [m.process.returncode for m in launcher.members if m.process] == [
        -signal.SIGKILL,
        -signal.SIGKILL,
    ]
    assert [m.starts for m in launcher.members] == [1, 1]  # none started again


def test_a_cluster_that_cannot_start_says_why_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    for name in ("DISCORD_TOKEN", "UMPIRE_DATABASE_URL", "UMPIRE_SHARD_COUNT"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("UMPIRE_DATABASE", str(tmp_path / "umpire.db"))
    assert main(["cluster", "--processes", "2"]) == 2
    assert capsys.readouterr().err == "error: DISCORD_TOKEN is not set (environment or .env).\n"
    assert not (tmp_path / "umpire.db").exists()  # nothing opened before the token is known
    monkeypatch.setenv("DISCORD_TOKEN", "a-token")
    assert main(["cluster", "--processes", "3", "--shards", "2"]) == 2
    assert capsys.readouterr().err == "error: 3 processes need at least 3 shards (not 2)\n"
    monkeypatch.setenv("UMPIRE_SHARD_COUNT", "2")
    assert main(["cluster", "--processes", "3"]) == 2
    assert "3 processes need at least 3 shards" in capsys.readouterr().err
