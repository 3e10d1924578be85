"""Crash trials on PostgreSQL with two processes acting on the same games.

One game of every registered system is set up on a throwaway PostgreSQL server; then two
real processes (``cluster_worker``) play them at once, each from its own seeded script:
one plays every game's first seat, the other every game's second (each line names a game
and the seat's player, and the system's automatic player picks the move when the line
runs). At seeded moments one of the two, chosen by the seed, is killed with SIGKILL (the
kill comes right after one of its answers, or a few milliseconds later, inside the next
command) and started again with the rest of its script. Afterwards:

* every acknowledged action is in its game's log exactly once, in the batch its answer
  named, and the only batches nobody acknowledged are at most one per kill (the command
  cut off, committed before its answer could be printed);
* every log runs 1, 2, … without a gap or a repeat, and its fold equals the snapshot;
* a serial replay of every log on a fresh database gives the same log and state;
* the service's verify (``/game verify``) finds every snapshot consistent with its log
  and, once the games are ended, every roll fair.

Plain ``pytest`` runs a few kills; ``make reliability`` runs ``UMPIRE_CLUSTER_KILLS`` (12
by default). ``UMPIRE_CRASH_SEED`` picks other kill points.
"""

from __future__ import annotations

import json
import os
import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bot.service import GameService
from bot.service.loaded import rebuild_state
from bot.store import Store, open_store
from tests import figures
from tests.reliability.cluster_processes import Worker, started
from tests.service._concurrency import Table, batches, replay_matches, set_up, tables_for

LINES = 60  # script lines of each process
QUICK_KILLS = 3
TIMEOUT = 120.0


@dataclass(slots=True)
class Side:
    """One of the two processes: its script and every answer any of its runs gave."""

    name: str
    script: list[dict[str, Any]]
    answers: list[dict[str, Any]] = field(default_factory=list)
    runs: int = 0
    kills: int = 0


def script(
    tables: list[Table], seat: int, rng: random.Random, first_id: int, count: int
) -> list[dict[str, Any]]:
    lines = []
    for number in range(count):
        table = tables[rng.randrange(len(tables))]
        player = table.seated[seat]
        lines.append(
            {
                "id": first_id + number,
                "channel": table.channel,
                "user": player.user_id,
                "name": player.name,
                "auto": rng.randrange(1 << 30),
            }
        )
    return lines


def rest_of(side: Side) -> list[dict[str, Any]]:
    """The script after the last line the side answered (a line cut off is not sent again:
    it may have been committed)."""
    if not side.answers:
        return side.script
    last = max(a["id"] for a in side.answers)
    return [line for line in side.script if line["id"] > last]


def play(location: str, sides: list[Side], kills: int, seed: int, folder: Path) -> None:
    """Run both sides to the end of their scripts, killing one ``kills`` times."""
    rng = random.Random(seed)
    # each kill: which side (if it is still running), after how many answers of its
    # current run, and how long after that answer
    plan = [
        (rng.randrange(2), rng.randint(1, 6), rng.choice((0.0, rng.uniform(0.0, 0.03))))
        for _ in range(kills)
    ]

    def start(side: Side) -> Worker:
        side.runs += 1
        return Worker(location, rest_of(side), folder, f"{side.name}-{side.runs}", rush=False)

    workers = [start(side) for side in sides]
    try:
        started(workers, TIMEOUT)
        for victim, after, pause in plan:
            if workers[victim].process.poll() is not None:
                victim = 1 - victim  # that side is done: the other one dies instead
            side, worker = sides[victim], workers[victim]
            try:
                worker.wait_answers(after, TIMEOUT)
            except AssertionError:
                if worker.process.poll() is None:
                    raise
                continue  # this run finished its script first: nothing left to kill
            if pause:
                time.sleep(pause)  # the kill lands inside the next command
            worker.kill()
            side.kills += 1
            side.answers += worker.answers
            workers[victim] = start(side)
            started([workers[victim]], TIMEOUT)
        for side, worker in zip(sides, workers, strict=True):
            assert worker.finish(TIMEOUT) == 0, worker.stderr()[-2000:]
            assert "Traceback" not in worker.stderr(), worker.stderr()[-2000:]
            side.answers += worker.answers
    finally:
        for worker in workers:
            worker.kill()


async def check_games(
    store: Store, service: GameService, tables: list[Table], sides: list[Side], folder: Path
) -> int:
    """The checks of the module's docstring; returns the number of actions acknowledged."""
    lines = {line["id"]: line for side in sides for line in side.script}
    answers = [a for side in sides for a in side.answers]
    failed = [a["failed"] for a in answers if "failed" in a]
    assert not failed, failed[:3]
    assert len({a["id"] for a in answers}) == len(answers), "a line answered twice"
    acked: dict[int, list[dict[str, Any]]] = {t.channel: [] for t in tables}
    for answer in answers:
        if "applied" in answer:
            acked[lines[answer["id"]]["channel"]].append(answer)
    kills = sum(side.kills for side in sides)
    unacknowledged = 0
    for table in tables:
        game = await service.game_in(table.channel)
        assert game is not None and game.state is not None
        rows = await store.log(game.id)
        assert [r.seq for r in rows] == list(range(1, len(rows) + 1)), "a gap or repeat"
        assert game.version == rows[-1].seq
        assert rebuild_state(game, rows) == game.state, "the snapshot is not the log's fold"
        ends = {members[-1].seq: members for members in batches(rows).values()}
        versions = [a["applied"] for a in acked[table.channel]]
        assert len(versions) == len(set(versions)), f"two answers name one batch: {versions}"
        for answer in acked[table.channel]:
            line = lines[answer["id"]]
            actions = [r for r in ends.get(answer["applied"], []) if r.kind == "action"]
            assert len(actions) == 1, (answer, actions)
            logged = (actions[0].user_id, json.loads(actions[0].payload)["notation"])
            assert logged == (line["user"], answer["notation"]), (logged, answer)
        later = [end for end in ends if end > table.version_before]
        unacknowledged += len(set(later) - set(versions))
        verification = await service.verify(table.channel)
        assert verification.consistent, table.channel
    assert unacknowledged <= kills, f"{unacknowledged} batches nobody acknowledged, {kills} kills"
    await replay_matches(service, tables, folder / "replay.db")
    for table in tables:
        game = await service.game_in(table.channel)
        assert game is not None and game.state is not None
        if not game.state.finished:
            await service.end(table.channel, table.red)
        verification = await service.verify(table.channel)
        assert verification.consistent and verification.fair, (table.system, verification)
    return sum(len(v) for v in acked.values())


async def trials(postgres_url: str, kills: int, folder: Path) -> str:
    seed = int(os.environ.get("UMPIRE_CRASH_SEED", "1"))
    store = await open_store(postgres_url)
    try:
        service = GameService(store)
        tables = tables_for(len({t.system for t in tables_for(20)}), first_channel=80_000)
        for table in tables:
            table.warmup = 0
            await set_up(service, table)
        rng = random.Random(f"{seed}:scripts")
        lines = max(LINES, 8 * kills)  # enough for every kill to come before the end
        sides = [
            Side("first-seats", script(tables, 0, rng, 0, lines)),
            Side("second-seats", script(tables, 1, rng, lines, lines)),
        ]
        started_at = time.monotonic()
        play(postgres_url, sides, kills, seed, folder)
        acknowledged = await check_games(store, service, tables, sides, folder)
    finally:
        await store.close()
    done = sum(side.kills for side in sides)
    assert done == kills, f"{done} of {kills} kills came before the scripts ended"
    figures.add("cluster crash", kills=done, acknowledged=acknowledged)
    return (
        f"PostgreSQL, two processes: {len(tables)} games, {done} kills, "
        f"{sum(side.runs for side in sides)} processes, {acknowledged} acknowledged actions, "
        f"each in the log once; seed {seed}, {time.monotonic() - started_at:.0f}s"
    )


async def test_two_processes_one_killed_lose_nothing(
    postgres_url: str, tmp_path: Path, crash_summaries: list[str]
) -> None:
    crash_summaries.append(await trials(postgres_url, QUICK_KILLS, tmp_path))


@pytest.mark.reliability
async def test_two_processes_many_kills_lose_nothing(
    postgres_url: str, tmp_path: Path, crash_summaries: list[str]
) -> None:
    kills = int(os.environ.get("UMPIRE_CLUSTER_KILLS", "12"))
    crash_summaries.append(await trials(postgres_url, kills, tmp_path))
