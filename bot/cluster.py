"""``python -m bot cluster --processes N [--shards M]``: the bot as N processes sharing
Discord's gateway shards and one database (PostgreSQL, or an SQLite file on one machine).

The launcher divides the shards (``--shards``, ``UMPIRE_SHARD_COUNT``, or Discord's
recommendation for the bot, at least one per process) into contiguous blocks
(:mod:`bot.shard_plan`) and starts one ``python -m bot`` per block, telling it its shards
through ``UMPIRE_SHARD_COUNT`` and ``UMPIRE_SHARD_IDS``; only the first process syncs the
slash commands, and each serves its health and metrics on ``UMPIRE_METRICS_PORT`` plus
its index when that is set. A process that dies is started again after a pause that
doubles with each death in a row (1 s up to a minute; a process that had run a minute
waits the first pause again). SIGTERM (or SIGINT) passes SIGTERM to every process, which finishes
the replies it is making and stops; one still running after the grace period is killed.
Timers need no arranging: each is claimed in the database (``bot.store.timer_due``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import signal
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import discord

from bot.shard_plan import restart_delay, shard_blocks, shard_count_for

log = logging.getLogger("umpire.cluster")
GRACE_SECONDS = 30.0  # how long a process may take to finish its replies when stopped
STEADY_SECONDS = 60.0  # a process that ran this long before dying waits the shortest pause


@dataclass(slots=True)
class Member:
    """One process of the cluster and its shards."""

    index: int
    shard_ids: tuple[int, ...]
    process: asyncio.subprocess.Process | None = None
    deaths: int = 0  # in a row, each soon after its start
    starts: int = 0


class Cluster:
    """Starts ``command`` once per block of shards, restarts a process that dies, and
    stops them all on SIGTERM or SIGINT (or :meth:`stop`)."""

    def __init__(
        self,
        command: Sequence[str],
        blocks: Sequence[tuple[int, ...]],
        shard_count: int,
        *,
        environment: Mapping[str, str] | None = None,
        metrics_port: int | None = None,
        grace: float = GRACE_SECONDS,
        steady: float = STEADY_SECONDS,
        first_delay: float = 1.0,
        longest_delay: float = 60.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.command = list(command)
        self.members = [Member(i, block) for i, block in enumerate(blocks)]
        self.shard_count = shard_count
        self.environment = dict(os.environ if environment is None else environment)
        self.metrics_port = metrics_port
        self.grace = grace
        self.steady = steady
        self.first_delay = first_delay
        self.longest_delay = longest_delay
        self.clock = clock
        self._stopping: asyncio.Event | None = None
        self._killer: asyncio.Task[None] | None = None

    def environment_of(self, member: Member) -> dict[str, str]:
        """What a process is told: its shards, whether it syncs the commands, its port."""
        env = dict(self.environment)
        env["UMPIRE_SHARD_COUNT"] = str(self.shard_count)
        env["UMPIRE_SHARD_IDS"] = json.dumps(list(member.shard_ids))
        env["UMPIRE_CLUSTER_PROCESS"] = str(member.index)
        env["UMPIRE_SYNC_COMMANDS"] = "true" if member.index == 0 else "false"
        if self.metrics_port is not None:  # 0 (any free port) stays 0 for each
            port = self.metrics_port + member.index if self.metrics_port else 0
            env["UMPIRE_METRICS_PORT"] = str(port)
        return env

    async def run(self) -> int:
        """Run until stopped; 0 once every process has ended."""
        self._stopping = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(signum, self.stop)
        try:
            await asyncio.gather(*(self._keep_running(member) for member in self.members))
        finally:
            for signum in (signal.SIGTERM, signal.SIGINT):
                loop.remove_signal_handler(signum)
            if self._killer is not None:
                self._killer.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await self._killer
        return 0

    def stop(self) -> None:
        """Ask every process to finish and stop (SIGTERM); kill those still running
        after the grace period."""
        if self._stopping is None or self._stopping.is_set():
            return
        log.info("stopping the cluster: each process finishes its replies first")
        self._stopping.set()
        for member in self.members:
            _signal(member.process, signal.SIGTERM)
        self._killer = asyncio.create_task(self._kill_after_grace())

    async def _kill_after_grace(self) -> None:
        await asyncio.sleep(self.grace)
        for member in self.members:
            if member.process is not None and member.process.returncode is None:
                log.warning("process %s did not stop within %ss: killed", member.index, self.grace)
                _signal(member.process, signal.SIGKILL)

    async def _keep_running(self, member: Member) -> None:
        assert self._stopping is not None
        while not self._stopping.is_set():
            delay = restart_delay(member.deaths, first=self.first_delay, longest=self.longest_delay)
            if delay:
                log.warning("process %s starts again in %.1fs", member.index, delay)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._stopping.wait(), delay)
                if self._stopping.is_set():
                    return
            started = self.clock()
            member.process = await asyncio.create_subprocess_exec(
                *self.command, env=self.environment_of(member)
            )
            member.starts += 1
            log.info(
                "process %s (pid %s) serves shards %s of %s",
                member.index,
                member.process.pid,
                list(member.shard_ids),
                self.shard_count,
            )
            if self._stopping.is_set():  # stopped while it was starting
                _signal(member.process, signal.SIGTERM)
            status = await member.process.wait()
            if self._stopping.is_set():  # 0 once it finished its replies, -N if signal N ended it
                log.info("process %s stopped with status %s", member.index, status)
                return
            ran = self.clock() - started
            member.deaths = 1 if ran >= self.steady else member.deaths + 1
            log.error("process %s ended with status %s after %.0fs", member.index, status, ran)


def _signal(process: asyncio.subprocess.Process | None, signum: int) -> None:
    if process is not None and process.returncode is None:
        with contextlib.suppress(ProcessLookupError):
            process.send_signal(signum)


async def recommended_shards(token: str) -> int:
    """How many shards Discord recommends for the bot (``GET /gateway/bot``)."""
    http = discord.http.HTTPClient(asyncio.get_running_loop())
    try:
        await http.static_login(token)
        shards, _, _ = await http.get_bot_gateway()
        return int(shards)
    finally:
        await http.close()


def child_command() -> list[str]:
    """How a process of the cluster is started: this Python running the bot on Discord."""
    return [sys.executable, "-m", "bot"]


def main_cluster(processes: int, shards: int | None, token: str | None, metrics: int | None) -> int:
    """``python -m bot cluster``: 0 once stopped, 2 with one line when it cannot start."""
    if token is None:
        print("error: DISCORD_TOKEN is not set (environment or .env).", file=sys.stderr)
        return 2
    return asyncio.run(_launch(processes, shards, token, metrics))


async def _launch(processes: int, asked: int | None, token: str, metrics: int | None) -> int:
    recommended = None
    if asked is None:
        try:
            recommended = await recommended_shards(token)
        except (discord.HTTPException, discord.GatewayNotFound, discord.LoginFailure) as exc:
            print(f"error: Discord did not say how many shards to use: {exc}", file=sys.stderr)
            return 2
    try:
        count = shard_count_for(processes, asked, recommended)
        blocks = shard_blocks(count, processes)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return await Cluster(child_command(), blocks, count, metrics_port=metrics).run()
