"""Timers fired once: the claim contract on both stores (a lease held by one owner, taken
over when it expires, ended by firing or turned into a rest until a time or until the game
moves on), and 500 timers fired exactly once by three processes sharing one PostgreSQL
server, one of which is killed while it holds some."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from bot.store import Store, open_store
from bot.store.records import NewRecord
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


async def _many_due_games(url: str, count: int) -> list[int]:
    store = await open_store(url)
    since = time.time() - 2 * 24 * HOUR
    try:
        ids = []
        for channel in range(1, count + 1):
            game_id = await new_game(store, channel=channel)
            await store.append(
                game_id, 2, [NewRecord("meta", None, None, "public", "{}")], since,
                updates={"status": "active", "waiting_since": since, "waiting_on": '["a"]'},
            )  # fmt: skip
            ids.append(game_id)
        return ids
    finally:
        await store.close()


def _worker(url: str, kind: str, out: Path, *, hold: bool = False) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "tests.store.timer_worker", url, kind, str(out)]
    return subprocess.Popen(
        [*command, "--hold"] if hold else command,
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
    )


@pytest.mark.parametrize("kind", ["reminder", "deadline"])
async def test_three_processes_fire_500_timers_once_though_one_dies(
    postgres_url: str, kind: str, tmp_path: Path
) -> None:
    games = await _many_due_games(postgres_url, 500)
    victim = _worker(postgres_url, kind, tmp_path / "victim")
    outs = [tmp_path / "first", tmp_path / "second"]
    survivors = [_worker(postgres_url, kind, out) for out in outs]
    held_line = ""
    dying = _worker(postgres_url, kind, tmp_path / "dying", hold=True)
    try:
        assert dying.stdout is not None
        held_line = dying.stdout.readline()  # it holds these and never fires them
        os.kill(dying.pid, signal.SIGKILL)
        os.kill(victim.pid, signal.SIGKILL)  # a second one dies at a random moment
        for survivor in survivors:
            assert survivor.wait(timeout=120) == 0
    finally:
        for process in (victim, dying, *survivors):
            if process.poll() is None:
                process.kill()
            process.wait()
    held = [int(word) for word in held_line.split()]
    victim_fired = (
        (tmp_path / "victim").read_text().split() if (tmp_path / "victim").exists() else []
    )
    fired = Counter(int(line) for out in outs for line in out.read_text().split())
    fired.update(int(line) for line in victim_fired)
    assert held and set(held) <= set(games)
    assert set(fired) == set(games)  # every timer fired, those the dying process held too
    # and none twice, except perhaps the one the victim had posted but not yet marked fired
    # when it was killed: firing and marking cannot be one act
    twice = [game_id for game_id, times in fired.items() if times > 1]
    assert twice in ([], [int(victim_fired[-1])] if victim_fired else []), (twice, victim_fired)
    store = await open_store(postgres_url)
    try:
        for game_id in games:
            row = await store.game(game_id)
            assert row is not None
            if kind == "reminder":
                assert row.reminded_at is not None
            else:
                assert row.version == 4 and json.loads(row.waiting_on) == []
    finally:
        await store.close()


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
