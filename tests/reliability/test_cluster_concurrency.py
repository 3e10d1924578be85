"""Commands at the same instant from two processes of a cluster sharing one database
(PostgreSQL, and an SQLite file, which two processes on one machine may share).

Two real processes (``cluster_worker``) wait at a start barrier and then send, each its
half, 200 commands over 50 channels (every channel's commands split between them) and a
double click on a secret pick in five more channels, the two clicks landing on different
processes. Every command must be applied exactly once or refused with a clear message,
every channel's log must run 1, 2, … without a version skipped or repeated and hold each
applied command in the batch its answer names, a serial replay must give the same games,
and neither process may meet an exception.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.service import GameService, Outcome, Player
from bot.service.access import lost_race
from bot.service.component_stamps import component_stamp
from bot.service.errors import ChoiceExpired
from bot.store import Store, open_store
from tests import figures
from tests.conftest import BACKENDS
from tests.reliability.cluster_processes import Worker, started
from tests.service._concurrency import (
    Command,
    Table,
    check_channel,
    commands_for,
    replay_matches,
    set_up,
    tables_for,
)

pytestmark = pytest.mark.concurrency

CHANNELS = 50
PER_CHANNEL = 4
CLICK_CHANNELS = 5
TIMEOUT = 120.0
LOST_RACE = lost_race().message
EXPIRED = ChoiceExpired().message


@pytest.fixture(params=BACKENDS)
async def location(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "postgres":
        return str(request.getfixturevalue("postgres_url"))
    return str(tmp_path / "cluster.db")


@pytest.fixture
async def shared(location: str) -> AsyncIterator[Store]:
    store = await open_store(location)
    yield store
    await store.close()


def order(command: Command, number: int) -> dict[str, Any]:
    return {
        "id": number,
        "channel": command.channel,
        "user": command.player.user_id,
        "name": command.player.name,
        "notation": command.notation,
    }


def clear(message: str) -> bool:
    """A refusal a player can read: words ending a sentence, no traceback, no crash notice."""
    text = message.strip()
    return (
        bool(text)
        and text[-1] in ".!?)`»"
        and "Traceback" not in text
        and "Something went wrong" not in text
    )


async def test_two_processes_at_the_same_instant_apply_each_command_once(
    location: str, shared: Store, tmp_path: Path
) -> None:
    service = GameService(shared)
    tables = tables_for(CHANNELS)
    for table in tables:
        await set_up(service, table)
    rng = random.Random(11)
    commands = [c for t in tables for c in await commands_for(service, t, PER_CHANNEL, rng)]
    rng.shuffle(commands)
    halves: list[list[dict[str, Any]]] = [[], []]
    for number, command in enumerate(commands):
        halves[number % 2].append(order(command, number))
    # the same secret pick clicked twice, each click reaching another process
    clicks: list[Table] = []
    for index in range(CLICK_CHANNELS):
        red = Player(5_000_000 + index, f"red{index}")
        blue = Player(6_000_000 + index, f"blue{index}")
        table = Table(90_000 + index, "demo", None, red, blue, Player(7_000_000, "watcher"))
        await set_up(service, table)
        game = await service.game_in(table.channel)
        assert game is not None
        click = {
            "id": 10_000 + index,
            "channel": table.channel,
            "user": red.user_id,
            "name": red.name,
            "notation": "pick attack",
            "game_id": game.id,
            "sent_at": component_stamp(game.row.seed, game.version),
        }
        for half in halves:
            half.insert(rng.randrange(len(half) + 1), click)
        clicks.append(table)
    workers = [
        Worker(location, half, tmp_path, f"process-{n}", rush=True) for n, half in enumerate(halves)
    ]
    try:
        started(workers, TIMEOUT)
        statuses = [worker.finish(TIMEOUT) for worker in workers]
    finally:
        for worker in workers:
            worker.kill()
    for worker, status in zip(workers, statuses, strict=True):
        assert status == 0, worker.stderr()[-2000:]
        assert "Traceback" not in worker.stderr(), worker.stderr()[-2000:]
        assert len(worker.answers) == len(halves[workers.index(worker)])
    answers = [a for w in workers for a in w.answers]
    failed = [a["failed"] for a in answers if "failed" in a]
    assert not failed, failed[:3]
    refused = [a["refused"] for a in answers if "refused" in a]
    assert all(clear(message) for message in refused), [m for m in refused if not clear(m)]

    by_number = dict(enumerate(commands))
    applied: dict[int, list[tuple[Command, Outcome]]] = defaultdict(list)
    for answer in answers:
        if "applied" in answer and answer["id"] in by_number:
            command = by_number[answer["id"]]
            outcome = Outcome(0, command.channel, answer["applied"], "")
            applied[command.channel].append((command, outcome))
    for table in tables:
        await check_channel(service, table.channel, applied[table.channel], table.version_before)
    await replay_matches(service, tables, tmp_path / "replay.db")
    assert len(applied) > CHANNELS // 2  # the rush did change most games
    races = sum(1 for message in refused if message == LOST_RACE)

    for table in clicks:
        said = [a for a in answers if a["id"] == 10_000 + table.channel - 90_000]
        assert len(said) == 2
        done = [a for a in said if "applied" in a]
        assert len(done) == 1, said  # a double click counts once
        [other] = [a for a in said if "refused" in a]
        assert other["refused"] in (EXPIRED, LOST_RACE), other
        command = Command(table.channel, table.red, "pick attack")
        outcome = Outcome(0, table.channel, done[0]["applied"], "")
        await check_channel(service, table.channel, [(command, outcome)], table.version_before)
    figures.add(
        "concurrency",
        sent=len(commands) + 2 * CLICK_CHANNELS,
        applied=sum(len(v) for v in applied.values()) + CLICK_CHANNELS,
        refused=len(refused),
        failed=len(failed),
        channels=CHANNELS + CLICK_CHANNELS,
    )
    backend = "postgresql" if location.startswith("postgresql") else "sqlite"
    print(
        f"\n{backend}: {len(commands)} commands over {CHANNELS} channels in two "
        f"processes: {sum(len(v) for v in applied.values())} applied once, "
        f"{len(refused) - CLICK_CHANNELS} refused ({races} lost a race to the other "
        f"process); {CLICK_CHANNELS} double clicks counted once"
    )
