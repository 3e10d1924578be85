"""What a command costs on each store, and how many a process (or two) gets through.

* ``action_to_write_ratio``: the demo actions of ``action_p50_ms`` (``bench/demo_actions.py``:
  the same games, the same moves) on SQLite (p50) against a one-hop write of the very rows
  each action wrote (its records and game columns, captured as it wrote them, written
  again to a spare game in one transaction in one call on the connection's thread),
  timed right after it, side by side.
* ``pg_action_p50_ms`` / ``pg_action_p99_ms``: the same actions on PostgreSQL;
  ``pg_commit_baseline_ms``: a bare commit of the same rows, as cheaply as PostgreSQL
  takes them: one statement (the records inserted and the game's row updated), one round
  trip, on a plain psycopg connection; ``pg_action_to_commit_ratio``: the first over the
  last.
* ``sqlite_actions_per_s``, ``pg_actions_per_s``, ``cluster_actions_per_s``: actions a
  second with 50 channels playing at once, on SQLite in one process, on PostgreSQL in
  one process, and on PostgreSQL in two processes sharing the channels as a cluster's
  shards would (25 each); ``cluster_speedup`` is the last over the one-process figure.
  Each load runs in processes of its own, one after the other in one run.

PostgreSQL is the throwaway server the tests start (``tests/postgres_server.py``), with
every commit flushed to disk as SQLite's full sync does; without PostgreSQL these
figures are skipped and the reason printed.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from multiprocessing.queues import Queue
from multiprocessing.synchronize import Event as ProcessEvent
from pathlib import Path
from typing import Any

import psycopg

from bench.demo_actions import GAMES, demo_games, players_of, timed_actions
from bot.service import GameService
from bot.store.database import Database
from bot.store.opening import open_store
from bot.store.records import NewRecord, OpenGame
from bot.systems import install_systems
from tests.postgres_server import Server, Unavailable

LOAD_CHANNELS = 50
LOAD_ACTIONS = 60  # per channel: nobody reaches the goal of 30 in that many


@dataclass
class Batch:
    """What one action wrote: its records and the game columns it set."""

    records: list[NewRecord]
    updates: dict[str, Any]


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def capture_writes(store: Any) -> list[Batch]:
    """Every batch the store writes from now on (``append`` or ``advance``), as written;
    a store of an earlier release, without ``advance``, is measured all the same."""
    batches: list[Batch] = []
    append, advance = store.append, getattr(store, "advance", None)

    async def appended(
        game_id: int, version: int, records: Sequence[NewRecord], now: float, **kw: Any
    ) -> int:
        batches.append(Batch(list(records), dict(kw.get("updates") or {})))
        return int(await append(game_id, version, records, now, **kw))

    async def advanced(
        read: OpenGame, records: Sequence[NewRecord], now: float, **kw: Any
    ) -> OpenGame:
        batches.append(Batch(list(records), dict(kw.get("updates") or {})))
        assert advance is not None
        return await advance(read, records, now, **kw)  # type: ignore[no-any-return]

    store.append = appended
    if advance is not None:
        store.advance = advanced
    return batches


def side_by_side(
    batches: list[Batch], bare: Callable[[Batch], Awaitable[float]], writes: list[float]
) -> Callable[[], Awaitable[None]]:
    """What runs after each timed action: the ``bare`` write of the rows it wrote."""

    async def after_each() -> None:
        writes.append(await bare(batches[-1]))

    return after_each


def _update_sql(updates: dict[str, Any], mark: str, also: str = "") -> str:
    assignments = "".join(f", {column} = {mark}" for column in updates)
    return (
        f"UPDATE games SET version = {mark}, updated_at = {mark}{also}{assignments} "
        f"WHERE id = {mark}"
    )


def _event_rows(game_id: int, version: int, batch: Batch, now: float) -> list[tuple[Any, ...]]:
    return [
        (game_id, version + 1 + i, version + 1, r.kind, r.seat, r.user_id, r.scope, r.payload, now)
        for i, r in enumerate(batch.records)
    ]


INSERT = (
    "INSERT INTO events (game_id, seq, batch, kind, seat, user_id, scope, payload, created_at) "
    "VALUES ({m}, {m}, {m}, {m}, {m}, {m}, {m}, {m}, {m})"
)


def _sqlite_write(
    conn: sqlite3.Connection, game_id: int, version: int, batch: Batch, now: float
) -> None:
    """One batch written bare: one immediate transaction, run on the connection thread."""
    conn.execute("BEGIN IMMEDIATE")
    conn.executemany(INSERT.format(m="?"), _event_rows(game_id, version, batch, now))
    seq = version + len(batch.records)
    # the row's revision raised as the store's own batch raises it (else a trigger would)
    update = _update_sql(batch.updates, "?", ", revision = revision + 1")
    conn.execute(update, (seq, now, *batch.updates.values(), game_id))
    conn.commit()


async def spare_game(service: GameService, channel: int) -> tuple[int, int]:
    """A game of its own to write the captured batches to: its id and version."""
    alice, bob = players_of(channel)
    await service.create(channel, 1, alice, "demo", "goal=30")
    await service.join(channel, bob)
    game = await service.game_in(channel)
    assert game is not None
    return game.id, game.version


async def sqlite_latency(path: str) -> dict[str, float]:
    """Actions on SQLite against a one-hop write of the same rows, side by side."""
    db = await Database.open(path)
    counter = iter(range(10**9))
    service = GameService(db, seed_source=lambda: next(counter).to_bytes(32, "big"))
    await demo_games(service, range(1, GAMES + 1))
    game_id, version = await spare_game(service, 10**6)
    conn = db._conn

    async def bare(batch: Batch) -> float:
        nonlocal version
        start = time.perf_counter()
        await conn._execute(_sqlite_write, conn._conn, game_id, version, batch, time.time())  # type: ignore[no-untyped-call]
        version += len(batch.records)
        return (time.perf_counter() - start) * 1000

    writes: list[float] = []
    actions = await timed_actions(service, side_by_side(capture_writes(db), bare, writes))
    await db.close()
    return {
        "sqlite_action_p50_ms": statistics.median(actions),
        "sqlite_write_p50_ms": statistics.median(writes),
        "action_to_write_ratio": statistics.median(actions) / statistics.median(writes),
    }


PG_BARE = (
    "WITH moved AS ({update} RETURNING id) INSERT INTO events (game_id, seq, batch, kind, "
    "seat, user_id, scope, payload, created_at) SELECT moved.id, r.seq, %s, r.kind, r.seat, "
    "r.user_id, r.scope, r.payload, %s FROM moved, json_to_recordset(%s) AS r (seq BIGINT, "
    "kind TEXT, seat TEXT, user_id BIGINT, scope TEXT, payload TEXT)"
)


def _records_json(version: int, batch: Batch) -> str:
    return json.dumps(
        [
            {
                "seq": version + 1 + i,
                "kind": r.kind,
                "seat": r.seat,
                "user_id": r.user_id,
                "scope": r.scope,
                "payload": r.payload,
            }
            for i, r in enumerate(batch.records)
        ]
    )


async def pg_latency(url: str) -> dict[str, float]:
    """Actions on PostgreSQL and a bare commit of the same rows, side by side: the rows
    written by one statement in autocommit, the fewest round trips (one) and commits
    (one) PostgreSQL can take them in."""
    store = await open_store(url)
    counter = iter(range(10**9))
    service = GameService(store, seed_source=lambda: next(counter).to_bytes(32, "big"))
    await demo_games(service, range(1, GAMES + 1))
    game_id, version = await spare_game(service, 10**6)
    async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:

        async def bare(batch: Batch) -> float:
            nonlocal version
            start = time.perf_counter()
            now = time.time()
            seq = version + len(batch.records)
            await conn.execute(
                PG_BARE.format(update=_update_sql(batch.updates, "%s")),
                (
                    seq,
                    now,
                    *batch.updates.values(),
                    game_id,
                    version + 1,
                    now,
                    _records_json(version, batch),
                ),
            )
            version = seq
            return (time.perf_counter() - start) * 1000

        commits: list[float] = []
        actions = await timed_actions(service, side_by_side(capture_writes(store), bare, commits))
    await store.close()
    p50, baseline = statistics.median(actions), statistics.median(commits)
    return {
        "pg_action_p50_ms": p50,
        "pg_action_p99_ms": percentile(actions, 0.99),
        "pg_commit_baseline_ms": baseline,
        "pg_action_to_commit_ratio": p50 / baseline,
    }


# -- load: channels playing at once, in one process or two -----------------------------
async def first_seat(service: GameService, channel: int) -> str:
    game = await service.game_in(channel)
    assert game is not None and game.state is not None
    return str(game.state.active)  # type: ignore[attr-defined]


async def _load(
    location: str, channels: list[int], ready: ProcessEvent, go: ProcessEvent, out: Queue[Any]
) -> None:
    install_systems(unlisted=True)
    store = await open_store(location)
    base = channels[0] * 10**6
    counter = iter(range(base, base + 10**6))
    service = GameService(store, seed_source=lambda: next(counter).to_bytes(32, "big"))
    await demo_games(service, channels)
    first = {channel: await first_seat(service, channel) for channel in channels}

    async def play(channel: int) -> int:
        seat, steps = first[channel], 0
        alice, bob = players_of(channel)
        for _ in range(LOAD_ACTIONS):
            move = "step" if steps < 4 else "end"
            await service.act(channel, alice if seat == "red" else bob, move)
            if move == "end":
                seat, steps = ("blue" if seat == "red" else "red"), 0
            else:
                steps += 1
        return LOAD_ACTIONS

    ready.set()
    await asyncio.to_thread(go.wait)
    start = time.monotonic()
    done = await asyncio.gather(*(play(channel) for channel in channels))
    out.put((sum(done), start, time.monotonic()))
    await store.close()


def _load_process(
    location: str, channels: list[int], ready: ProcessEvent, go: ProcessEvent, out: Queue[Any]
) -> None:
    asyncio.run(_load(location, channels, ready, go, out))


def actions_per_second(location: str, processes: int) -> float:
    """LOAD_CHANNELS channels playing at once, shared out among ``processes`` processes
    started together on one database: actions a second from the first start to the
    last finish."""
    context = multiprocessing.get_context("spawn")
    go = context.Event()
    out: Queue[Any] = context.Queue()
    share = LOAD_CHANNELS // processes
    workers = []
    for k in range(processes):
        channels = list(range(k * share + 1, (k + 1) * share + 1))
        ready = context.Event()
        worker = context.Process(target=_load_process, args=(location, channels, ready, go, out))
        worker.start()
        workers.append((worker, ready))
    for worker, ready in workers:
        while not ready.wait(1):
            if not worker.is_alive():
                raise RuntimeError(f"a load process stopped with status {worker.exitcode}")
    go.set()
    results = [out.get(timeout=600) for _ in workers]
    for worker, _ in workers:
        worker.join()
    total = sum(count for count, _, _ in results)
    began = min(start for _, start, _ in results)
    ended = max(end for _, _, end in results)
    return total / (ended - began)


def store_figures(note: Callable[[str], None] = print) -> dict[str, float]:
    """Every figure above; the PostgreSQL ones left out, with ``note`` saying why, where
    no PostgreSQL server can be started."""
    with tempfile.TemporaryDirectory() as folder:
        figures = asyncio.run(sqlite_latency(str(Path(folder) / "latency.db")))
        figures["sqlite_actions_per_s"] = actions_per_second(str(Path(folder) / "load.db"), 1)
    try:
        server = Server.start(durable=True)
    except Unavailable as reason:
        note(f"PostgreSQL figures skipped: {reason}")
        return figures
    try:
        url = server.new_database()
        figures.update(asyncio.run(pg_latency(url)))
        server.drop_database(url)
        url = server.new_database()
        figures["pg_actions_per_s"] = actions_per_second(url, 1)
        server.drop_database(url)
        url = server.new_database()
        figures["cluster_actions_per_s"] = actions_per_second(url, 2)
        server.drop_database(url)
    finally:
        server.stop()
    figures["cluster_speedup"] = figures["cluster_actions_per_s"] / figures["pg_actions_per_s"]
    return figures


if __name__ == "__main__":
    install_systems(unlisted=True)
    for name, value in store_figures().items():
        print(f"{name:<28}{value:>12.3f}")
