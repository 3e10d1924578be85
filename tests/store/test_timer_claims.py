"""Timers fired once: the claim contract on both stores (a lease held by one owner, renewed
by its heartbeat, taken over when it expires, ended by firing or turned into a rest until
a time or until the game moves on), and 500 mixed timers fired exactly once by the bot's
own timer passes in three processes sharing one store, one of which is killed mid-run."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.service import GameService, Player
from bot.service.settings import SettingsChange
from bot.store import Store, open_store
from tests.conftest import BACKENDS, FakeClock, fixed_seeds
from tests.store import timed_turns
from tests.store.test_store_contract import NOW, new_game, record

HOUR = 3600.0
LEASE = 300.0


async def active_game(store: Store, channel: int, since: float = NOW) -> int:
    game_id = await new_game(store, channel=channel)
    await store.append(
        game_id, 2, [record()], since, updates={"status": "active", "waiting_since": since}
    )
    return game_id


async def claimed(store: Store, kind: str, now: float, owner: str) -> list[int]:
    return [g.id for g in await store.claim_timers(kind, now, owner=owner, lease_seconds=LEASE)]


async def test_a_due_reminder_is_claimed_by_one_owner_until_fired(store: Store) -> None:
    quiet = await active_game(store, 1)
    paused = await active_game(store, 2)
    await new_game(store, channel=3)  # in its lobby: never due
    await store.touch(paused, paused='{"by": 101}')
    assert await claimed(store, "reminder", NOW + HOUR - 1, "a") == []
    assert await claimed(store, "reminder", NOW + HOUR, "a") == [quiet]
    assert await claimed(store, "reminder", NOW + HOUR, "b") == []  # a holds it
    assert not await store.fire_timer("reminder", quiet, "b", NOW + HOUR)  # not b's to fire
    row = await store.game(quiet)
    assert row is not None and row.reminded_at is None
    assert await store.fire_timer("reminder", quiet, "a", NOW + HOUR + 5)
    row = await store.game(quiet)
    assert row is not None and row.reminded_at == NOW + HOUR + 5 and row.version == 3
    assert await claimed(store, "reminder", NOW + HOUR + 10, "b") == []  # fired: not due
    assert await claimed(store, "reminder", NOW + 2 * HOUR + 5, "b") == [quiet]  # next delay
    assert not await store.fire_timer("reminder", quiet, "a", NOW)  # a's lease is gone


async def test_a_lease_that_runs_out_is_taken_over(store: Store) -> None:
    game_id = await active_game(store, 1)
    due = NOW + HOUR
    assert await claimed(store, "reminder", due, "dead") == [game_id]
    assert await claimed(store, "reminder", due + LEASE - 1, "alive") == []
    assert await claimed(store, "reminder", due + LEASE, "alive") == [game_id]
    assert not await store.fire_timer("reminder", game_id, "dead", due + LEASE)
    assert await store.fire_timer("reminder", game_id, "alive", due + LEASE)
    row = await store.game(game_id)
    assert row is not None and row.reminded_at == due + LEASE


async def test_a_deadline_rests_until_its_time_or_the_next_version(store: Store) -> None:
    game_id = await active_game(store, 1)
    assert await claimed(store, "deadline", NOW + 59, "a") == []  # under a minute of waiting
    assert await claimed(store, "deadline", NOW + 60, "a") == [game_id]
    assert not await store.rest_timer("deadline", game_id, "b", NOW + 600)
    assert await store.rest_timer("deadline", game_id, "a", NOW + 600)
    assert await claimed(store, "deadline", NOW + 599, "b") == []
    assert await claimed(store, "deadline", NOW + 600, "b") == [game_id]
    assert await store.rest_timer("deadline", game_id, "b", None)  # nothing runs out here
    assert await claimed(store, "deadline", NOW + 10 * HOUR, "a") == []
    # the game moved on: its new prompts are looked at, however long the rest was
    await store.append(game_id, 3, [record()], NOW + 10 * HOUR, updates={"waiting_on": "[]"})
    assert await claimed(store, "deadline", NOW + 10 * HOUR, "a") == [game_id]
    assert await claimed(store, "reminder", NOW + 10 * HOUR, "a") == [game_id]  # its own lease
    assert await store.fire_timer("deadline", game_id, "a", NOW + 10 * HOUR)
    row = await store.game(game_id)
    assert row is not None and row.reminded_at is None  # a deadline leaves reminders alone
    with pytest.raises(ValueError, match="unknown timer kind"):
        await store.claim_timers("alarm", NOW, owner="a", lease_seconds=LEASE)


async def test_a_claim_takes_at_most_its_limit(store: Store) -> None:
    games = [await active_game(store, channel) for channel in range(1, 6)]
    first = await store.claim_timers(
        "reminder", NOW + HOUR, owner="a", lease_seconds=LEASE, limit=3
    )
    second = await claimed(store, "reminder", NOW + HOUR, "b")
    assert [g.id for g in first] == games[:3] and second == games[3:]


KINDS = ("reminder",) * 170 + ("deadline",) * 170 + ("absent",) * 160  # 500 due timers


@pytest.fixture(params=BACKENDS)
def location(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """Where the store is kept: an SQLite file, or a PostgreSQL database."""
    if request.param == "postgres":
        yield str(request.getfixturevalue("postgres_url"))
    else:
        yield str(tmp_path / "umpire.db")


async def _due_timers(location: str) -> dict[str, dict[int, int]]:
    """One demo game under way for each of KINDS, played through the service two days
    ago, so that now exactly that timer of it is due: its reminder (the others wait two
    weeks for one), its turn prompt's deadline of an hour (a race to TIMED_GOAL), or its
    absent-player deadline of a day. The version each game stands at, by kind and id."""
    store = await open_store(location)
    clock = FakeClock(time.time() - 2 * 24 * HOUR)
    service = GameService(store, clock=clock, seed_source=fixed_seeds())  # type: ignore[arg-type]
    games: dict[str, dict[int, int]] = {kind: {} for kind in set(KINDS)}

    async def play(channel: int, kind: str) -> None:
        alice, bob = Player(channel * 10 + 1, "a"), Player(channel * 10 + 2, "b")
        goal = timed_turns.TIMED_GOAL if kind == "deadline" else 30
        await service.create(channel, 1, alice, "demo", f"goal={goal}")
        await service.join(channel, bob)
        if kind != "reminder":
            absent = SettingsChange(absent_after="24h") if kind == "absent" else None
            await service.settings(channel, alice, 336, absent)
        await service.start(channel, alice)
        await service.act(channel, alice, "pick defend")
        await service.act(channel, bob, "pick defend")
        game = await service.game_in(channel)
        assert game is not None
        games[kind][game.id] = game.version

    try:
        for start in range(0, len(KINDS), 25):  # 25 channels at a time
            batch = list(enumerate(KINDS))[start : start + 25]
            await asyncio.gather(*(play(1000 + n, kind) for n, kind in batch))
        return games
    finally:
        await store.close()


async def _all_fired(store: Store, games: dict[str, dict[int, int]]) -> bool:
    for game_id in games["reminder"]:
        row = await store.game(game_id)
        if row is None or row.reminded_at is None:
            return False
    for game_id, version in (games["deadline"] | games["absent"]).items():
        row = await store.game(game_id)
        if row is None or row.version == version:
            return False
    return True


def _worker(location: str, out: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.store.timer_worker", location, str(out)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
    )


def _fired(out: Path) -> list[tuple[str, int]]:
    if not out.exists():
        return []
    return [
        (kind, int(game))
        for kind, game in (line.split() for line in out.read_text().split("\n") if line)
    ]


async def test_three_processes_fire_500_mixed_timers_once_though_one_is_killed(
    location: str, tmp_path: Path
) -> None:
    """Three processes run the bot's own timer passes over 500 due timers (reminders,
    prompt deadlines, absent-player deadlines); one is killed at a random moment once it
    has fired some. Every timer fires, and once: each reminder is posted once (but for
    the one the killed process may have posted without marking it sent: posting and
    marking cannot be one act), each overdue prompt is answered and each absent player's
    turn passed by exactly one batch, and no timer of another kind fires."""
    games = await _due_timers(location)
    rng = random.Random(18)
    outs = [tmp_path / f"worker{k}" for k in range(3)]
    workers = [_worker(location, out) for out in outs]
    doomed = rng.randrange(3)
    store = await open_store(location)
    try:
        for worker in workers:
            assert worker.stdout is not None and worker.stdout.readline().strip() == "ready"
        deadline = time.monotonic() + 60
        while not _fired(outs[doomed]) and time.monotonic() < deadline:
            await asyncio.sleep(0.005)
        await asyncio.sleep(rng.uniform(0, 0.05))  # mid-pass, perhaps mid-write
        os.kill(workers[doomed].pid, signal.SIGKILL)
        deadline = time.monotonic() + 180
        while not await _all_fired(store, games):
            assert time.monotonic() < deadline, "timers still due after three minutes"
            await asyncio.sleep(0.2)
        for k, out in enumerate(outs):
            if k != doomed:
                out.with_suffix(".stop").touch()
        for k, worker in enumerate(workers):
            if k != doomed:
                assert worker.wait(timeout=60) == 0
        fired = Counter(entry for out in outs for entry in _fired(out))
        killed = _fired(outs[doomed])
        assert {game for kind, game in fired if kind == "reminder"} == set(games["reminder"])
        again = [entry for entry, times in fired.items() if times > 1]
        assert again in ([], killed[-1:]), (again, killed[-3:])
        assert {kind for kind, _ in fired} <= {"reminder", "deadline", "absent"}
        assert {g for k, g in fired if k == "deadline"} <= set(games["deadline"])
        assert {g for k, g in fired if k == "absent"} <= set(games["absent"])
        for kind in ("deadline", "absent"):
            for game_id, version in games[kind].items():
                batches = {r.batch for r in await store.log(game_id, after_seq=version)}
                row = await store.game(game_id)
                assert row is not None and len(batches) == 1, (kind, game_id, batches)
                assert row.reminded_at is None
        for game_id, version in games["reminder"].items():
            row = await store.game(game_id)
            assert row is not None and row.version == version  # reminded, nothing played
    finally:
        await store.close()
        for worker in workers:
            if worker.poll() is None:
                worker.kill()
            worker.wait()


async def test_a_reminder_of_a_game_that_moved_on_leaves_the_new_wait_alone(store: Store) -> None:
    game_id = await active_game(store, 1)
    assert await claimed(store, "reminder", NOW + HOUR, "a") == [game_id]
    # the awaited player acts while the reminder is being posted: a new wait begins
    later = NOW + HOUR + 1
    await store.append(game_id, 3, [record()], later, updates={"waiting_since": later})
    assert await store.fire_timer("reminder", game_id, "a", NOW + HOUR + 2)
    row = await store.game(game_id)
    assert row is not None and row.reminded_at is None  # the next reminder is a first one
    assert await claimed(store, "reminder", later + HOUR - 1, "b") == []
    assert await claimed(store, "reminder", later + HOUR, "b") == [game_id]
