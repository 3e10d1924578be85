"""The PostgreSQL store on a throwaway server: its migrations (from an empty database and
from every earlier schema, games intact), clear errors for a bad address or an unreachable
server at start-up, the compare-and-set between two processes, and ``check-db``."""

from __future__ import annotations

import asyncio
import json
import random
import socket
from pathlib import Path

import psycopg
import pytest

from bot.__main__ import main
from bot.config import Settings
from bot.database_check import check_database
from bot.service import GameService
from bot.store import (
    DatabaseUnusable,
    PostgresStore,
    StoreFailure,
    VersionConflict,
    open_store,
    schema_pg,
)
from bot.store.records import NewRecord
from bot.store.schema_pg import available, current_version, migrate
from tests.conftest import ALICE, BOB, CHANNEL, fixed_seeds
from tests.postgres_server import Server

LATEST = available()[-1][0]
VERSIONS = [0, *(number for number, _ in available())]
FINISHED, ACTIVE, LOBBY = 11, 12, 13  # channels of the representative games
TABLES = ("games", "seats", "events", "snapshots", "roll_macros")


def closed_port() -> int:
    """A loopback port nothing listens on: one just handed out free and closed again."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def _play_until_over(service: GameService, channel: int) -> None:
    players = {ALICE.user_id: ALICE, BOB.user_id: BOB}
    for _ in range(200):
        info = await service.status(channel, None)
        if info.status == "finished":
            return
        assert info.progress is not None
        awaited = info.progress.waiting_on[0].user_id
        assert awaited is not None
        await service.act(channel, players[awaited], "dash")
    raise AssertionError("the demo race did not end")


async def _representative_games(url: str) -> None:
    """A finished game (with an undo in its log), one under way and one in its lobby,
    and a saved roll."""
    store = await open_store(url)
    service = GameService(store, seed_source=fixed_seeds())  # type: ignore[arg-type]
    try:
        for channel in (FINISHED, ACTIVE, LOBBY):
            await service.create(channel, 1, ALICE, "demo", "goal=6")
        for channel in (FINISHED, ACTIVE):
            await service.join(channel, BOB)
            await service.start(channel, ALICE)
            await service.act(channel, ALICE, "pick feint")
            await service.act(channel, BOB, "pick attack")
        progress = (await service.status(FINISHED, None)).progress
        assert progress is not None
        waiting = progress.waiting_on[0].user_id
        mover = ALICE if waiting == ALICE.user_id else BOB
        await service.act(FINISHED, mover, "step")
        await service.undo(FINISHED, mover)
        await _play_until_over(service, FINISHED)
        await store.save_roll_macro(1, ALICE.user_id, "stats", "6 4d6 k3", 1.0, 50)
    finally:
        await store.close()


Rows = dict[str, tuple[str, list[tuple[object, ...]]]]  # table: (its columns, its rows)


def _columns(conn: psycopg.Connection[tuple[object, ...]], table: str) -> str:
    found = conn.execute(
        "SELECT column_name FROM information_schema.columns WHERE table_name = %s "
        "AND table_schema = 'public' ORDER BY ordinal_position",
        (table,),
    ).fetchall()
    return ", ".join(str(row[0]) for row in found)


async def _database_at(url: str, version: int, rows_from: str) -> Rows:
    """A database built by the first migrations only (up to ``version``), as an older
    release left it, holding the representative games in the columns it had then."""
    async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
        assert await migrate(conn, up_to=version) == version
    tables: Rows = {}
    with (
        psycopg.connect(rows_from) as source,
        psycopg.connect(url, autocommit=True) as target,
    ):
        for table in TABLES:
            columns = _columns(target, table)
            if not columns:
                continue
            rows = source.execute(f"SELECT {columns} FROM {table} ORDER BY 1, 2").fetchall()
            marks = ", ".join(["%s"] * len(rows[0])) if rows else ""
            with target.cursor() as cursor:
                cursor.executemany(f"INSERT INTO {table} ({columns}) VALUES ({marks})", rows)
            tables[table] = (columns, rows)
        if "games" in tables:  # the next game must not take a copied game's id
            target.execute("SELECT setval(pg_get_serial_sequence('games', 'id'), 100)")
    return tables


async def test_migrations_from_an_empty_database_apply_once(postgres_url: str) -> None:
    first = await PostgresStore.open(postgres_url)
    await first.close()
    async with await psycopg.AsyncConnection.connect(postgres_url, autocommit=True) as conn:
        assert await current_version(conn) == LATEST
        cursor = await conn.execute(
            "SELECT table_name, column_name, data_type FROM information_schema.columns "
            "WHERE table_schema = 'public' ORDER BY 1, 2"
        )
        before = await cursor.fetchall()
        assert await migrate(conn) == LATEST  # re-running finds nothing to do
        cursor = await conn.execute(
            "SELECT table_name, column_name, data_type FROM information_schema.columns "
            "WHERE table_schema = 'public' ORDER BY 1, 2"
        )
        assert await cursor.fetchall() == before
    assert {table for table, _, _ in before} >= {*TABLES, "umpire_schema"}
    again = await PostgresStore.open(postgres_url)
    try:
        assert await again.integrity_ok() and await again.count_games() == 0
    finally:
        await again.close()


@pytest.mark.parametrize("version", VERSIONS)
async def test_every_older_schema_migrates_with_its_games_intact(
    postgres_server: Server, postgres_url: str, version: int
) -> None:
    await _representative_games(postgres_url)
    url = postgres_server.new_database()
    try:
        copied = await _database_at(url, version, postgres_url)
        store = await PostgresStore.open(url)
        try:
            await _check_migrated(store, url, copied)
        finally:
            await store.close()
    finally:
        postgres_server.drop_database(url)


async def _check_migrated(store: PostgresStore, url: str, copied: Rows) -> None:
    async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
        assert await current_version(conn) == LATEST
        for table, (columns, rows) in copied.items():  # nothing there is lost or altered
            cursor = await conn.execute(f"SELECT {columns} FROM {table} ORDER BY 1, 2")
            assert await cursor.fetchall() == rows, table
    assert await store.integrity_ok()
    if "games" not in copied:
        assert await store.count_games() == 0
        return
    service = GameService(store, seed_source=fixed_seeds())  # type: ignore[arg-type]
    checked = await service.verify(FINISHED)
    report = checked.report
    assert checked.status == "finished" and checked.consistent
    assert report is not None and report.ok and report.checks
    lobby = await service.status(LOBBY, ALICE.user_id)
    assert lobby.status == "lobby" and [s.user_id for s in lobby.seats] == [ALICE.user_id]
    await _play_until_over(service, ACTIVE)  # an old game plays on to its end
    checked = await service.verify(ACTIVE)
    assert checked.consistent and checked.report is not None and checked.report.ok
    log = await service.log_lines(FINISHED, None, 200)
    assert any("took back" in line for line in log.lines)
    await service.create(FINISHED, 1, ALICE, "demo")  # new games take new ids
    assert await store.count_games() == 4


async def test_a_failing_migration_changes_nothing_and_can_be_retried(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    await _representative_games(postgres_url)
    bundled = available()
    broken = "CREATE TABLE notes (game_id BIGINT);\nCREATE TABLE games (id BIGINT);\n"
    monkeypatch.setattr(schema_pg, "available", lambda: [*bundled, (LATEST + 1, broken)])
    with pytest.raises(DatabaseUnusable, match=r"updating its schema failed: .*already exists"):
        await PostgresStore.open(postgres_url)
    with psycopg.connect(postgres_url) as conn:  # the half-applied migration was rolled back
        assert conn.execute("SELECT version FROM umpire_schema").fetchone() == (LATEST,)
        assert conn.execute("SELECT to_regclass('notes')").fetchone() == (None,)
        assert conn.execute("SELECT count(*) FROM games").fetchone() == (3,)
    fixed = broken.replace("CREATE TABLE games (id BIGINT);\n", "")
    monkeypatch.setattr(schema_pg, "available", lambda: [*bundled, (LATEST + 1, fixed)])
    store = await PostgresStore.open(postgres_url)
    try:
        game = await store.latest_game(FINISHED)
        assert game is not None and json.loads(game.options) == {"goal": 6}
    finally:
        await store.close()


async def test_processes_starting_at_once_migrate_once(postgres_url: str) -> None:
    stores = await asyncio.gather(*(PostgresStore.open(postgres_url) for _ in range(4)))
    try:
        with psycopg.connect(postgres_url) as conn:
            assert conn.execute("SELECT version FROM umpire_schema").fetchall() == [(LATEST,)]
    finally:
        for store in stores:
            await store.close()


async def test_two_processes_writing_one_game_one_wins(postgres_url: str) -> None:
    """Two stores on one database (as two bot processes would have): the row lock and the
    version check let exactly one batch through at each version."""
    one, two = await PostgresStore.open(postgres_url), await PostgresStore.open(postgres_url)
    try:
        record = NewRecord("meta", None, None, "public", "{}")
        game_id = await one.create_game(
            channel_id=1, guild_id=None, system="demo", rules_version="1", options="{}",
            creator_id=1, seed=b"s", commitment="c", reminder_seconds=60, now=1.0, meta=record,
        )  # fmt: skip

        async def write(store: PostgresStore, version: int, count: int) -> int | None:
            try:
                return await store.append(game_id, version, [record] * count, 2.0)
            except VersionConflict:
                return None

        version = 1
        for _ in range(8):
            results = await asyncio.gather(write(one, version, 1), write(two, version, 2))
            won = [result for result in results if result is not None]
            assert len(won) == 1
            version = won[0]
            latest = await two.game(game_id)
            assert latest is not None and latest.version == version
            assert [r.seq for r in await one.log(game_id)] == list(range(1, version + 1))
        assert await one.integrity_ok()
    finally:
        await one.close()
        await two.close()


@pytest.mark.parametrize(
    ("url", "problem"),
    [
        ("postgresql://umpire:s3cret@[::1/umpire", "not a valid PostgreSQL address"),
        ("postgresql://umpire:s3cret@127.0.0.1:notaport/umpire", "'notaport' is not a number"),
        ("postgresql://umpire:s3cret@127.0.0.1/umpire?nonsense=1", "invalid URI query"),
        ("mysql://umpire:s3cret@127.0.0.1/umpire", "only postgresql:// addresses"),
    ],
)
async def test_a_bad_address_is_refused_in_one_line(url: str, problem: str) -> None:
    with pytest.raises(DatabaseUnusable) as raised:
        await open_store(url)
    message = str(raised.value)
    assert problem in message and "s3cret" not in message and "\n" not in message


async def test_an_unreachable_server_is_said_at_start_up() -> None:
    url = f"postgresql://umpire:s3cret@127.0.0.1:{closed_port()}/umpire?connect_timeout=3"
    with pytest.raises(DatabaseUnusable) as raised:
        await open_store(url)
    message = str(raised.value)
    assert "the server cannot be reached or refused the login" in message
    assert "umpire:***@127.0.0.1" in message and "s3cret" not in message


async def test_an_unknown_database_is_said_at_start_up(postgres_server: Server) -> None:
    with pytest.raises(DatabaseUnusable, match='database "no_such_db" does not exist'):
        await open_store(postgres_server.url("no_such_db"))


def test_the_bot_stops_with_one_line_when_the_server_is_unreachable(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"postgresql://umpire@127.0.0.1:{closed_port()}/umpire?connect_timeout=3"
    monkeypatch.setenv("UMPIRE_DATABASE_URL", url)
    script = tmp_path / "script.txt"
    script.write_text("/help\n", encoding="utf-8")
    assert main(["local", "--script", str(script), "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"error: cannot use the database {url}: the server cannot be reached")
    assert "\n" not in err


def test_the_address_setting_chooses_the_backend(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("UMPIRE_DATABASE_URL", raising=False)
    monkeypatch.setenv("UMPIRE_DATABASE", "/tmp/games.db")
    assert Settings(_env_file=None).database_location == "/tmp/games.db"  # type: ignore[call-arg]
    monkeypatch.setenv("UMPIRE_DATABASE_URL", "postgresql://bot@db/umpire")
    assert Settings(_env_file=None).database_location == "postgresql://bot@db/umpire"  # type: ignore[call-arg]
    monkeypatch.setenv("UMPIRE_DATABASE_URL", "  ")
    assert Settings(_env_file=None).database_location == "/tmp/games.db"  # type: ignore[call-arg]


async def test_check_db_on_the_server(
    postgres_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    await _representative_games(postgres_url)
    assert await asyncio.to_thread(check_database, postgres_url) == 0
    assert "found no problems" in capsys.readouterr().out
    with psycopg.connect(postgres_url) as conn:  # a record lost from the middle of a log
        conn.execute(
            "DELETE FROM events WHERE game_id = (SELECT id FROM games WHERE channel_id = %s) "
            "AND seq = 3",
            (FINISHED,),
        )
    assert await asyncio.to_thread(check_database, postgres_url) == 1
    out = capsys.readouterr().out
    assert "is damaged" in out and "but its log holds" in out
    unreachable = f"postgresql://umpire@127.0.0.1:{closed_port()}/x?connect_timeout=3"
    assert await asyncio.to_thread(check_database, unreachable) == 2


async def test_a_server_restart_is_survived_and_an_outage_is_said(
    postgres_server: Server, postgres_url: str
) -> None:
    store = await PostgresStore.open(postgres_url, wait_seconds=2)
    try:
        await _representative_games_on(store)
        with psycopg.connect(postgres_server.url(), autocommit=True) as admin:
            admin.execute(  # as a restart of the server would
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s",
                (postgres_url.rsplit("/", 1)[-1],),
            )
        assert await store.count_games() == 1  # dropped connections were replaced
        postgres_server.drop_database(postgres_url)  # the database is gone for good
        with pytest.raises(StoreFailure) as raised:
            await store.game(1)
        assert raised.value.message.startswith("The database server cannot be reached")
        assert raised.value.message.endswith("nothing was changed.")
    finally:
        await store.close()


async def _representative_games_on(store: PostgresStore) -> None:
    service = GameService(store, seed_source=fixed_seeds())  # type: ignore[arg-type]
    await service.create(FINISHED, 1, ALICE, "demo", "goal=6")


async def test_commands_go_on_across_restarts_of_the_server() -> None:
    """A server of its own, restarted while a game is played on it (with the pool's
    connections open, as an operator's restart and as a crash): the next command just
    works, on new connections, though no command checks its connection with a round
    trip first. Stopped, the server is said to be unreachable within the wait; started
    again, play goes on. The log never misses an accepted action (the server flushes
    every commit to disk, as a real one does)."""
    server = Server.start(durable=True)
    store: PostgresStore | None = None
    try:
        store = await PostgresStore.open(server.new_database(), wait_seconds=5)
        service = GameService(store, seed_source=fixed_seeds())  # type: ignore[arg-type]
        await service.create(CHANNEL, 1, ALICE, "demo", "goal=30")
        await service.join(CHANNEL, BOB)
        await service.start(CHANNEL, ALICE)
        await service.act(CHANNEL, ALICE, "pick defend")
        await service.act(CHANNEL, BOB, "pick defend")
        accepted = [await _turn(service) for _ in range(3)]
        for mode in ("fast", "immediate"):
            await asyncio.to_thread(server.halt, mode)
            await asyncio.to_thread(server.resume)
            accepted.append(await _turn(service))  # on a connection made anew
        await asyncio.to_thread(server.halt)
        with pytest.raises(StoreFailure) as raised:
            await _turn(service)
        assert raised.value.message.startswith("The database server cannot be reached")
        await asyncio.to_thread(server.resume)
        accepted.append(await _turn(service))
        game = await service.game_in(CHANNEL)
        assert game is not None and accepted == sorted(accepted) and game.version == accepted[-1]
        assert [row.seq for row in await store.log(game.id)] == list(range(1, game.version + 1))
        assert (await service.verify(CHANNEL)).consistent and await store.integrity_ok()
    finally:
        if store is not None:
            await store.close()
        server.stop()


async def test_a_restart_in_the_middle_of_play_loses_no_accepted_action() -> None:
    """Actions played one after another while the server is killed and started again at
    random moments: each is accepted, or refused with a clear message saying whether it
    may have been saved; every accepted action is in the log, which runs without a gap,
    and the game verifies."""
    server = Server.start(durable=True)
    store: PostgresStore | None = None
    rng = random.Random(7)
    try:
        store = await PostgresStore.open(server.new_database(), wait_seconds=1)
        service = GameService(store, seed_source=fixed_seeds())  # type: ignore[arg-type]
        await service.create(CHANNEL, 1, ALICE, "demo", "goal=30")
        await service.join(CHANNEL, BOB)
        await service.start(CHANNEL, ALICE)
        await service.act(CHANNEL, ALICE, "pick defend")
        await service.act(CHANNEL, BOB, "pick defend")
        accepted: list[int] = []
        failures: list[str] = []

        async def restarts() -> None:
            for _ in range(3):
                await asyncio.sleep(rng.uniform(0.05, 0.3))
                await asyncio.to_thread(server.halt, rng.choice(("immediate", "fast")))
                await asyncio.to_thread(server.resume)

        restarting = asyncio.create_task(restarts())
        after_restarts = 0  # actions accepted once the server is up for good
        while after_restarts < 2:
            done = restarting.done()
            try:
                accepted.append(await _turn(service))
                after_restarts += done
            except StoreFailure as failure:
                failures.append(failure.message)
        await restarting
        game = await service.game_in(CHANNEL)
        assert game is not None
        log = await store.log(game.id)
        assert [row.seq for row in log] == list(range(1, game.version + 1))
        ends = {row.seq for row in log if row.kind == "event"}  # a batch ends with an event
        assert set(accepted) <= ends and accepted[-1] == game.version, (accepted, failures)
        assert accepted == sorted(set(accepted)), (accepted, failures)  # each once, in order
        for message in failures:
            assert message.startswith(("The database server", "It is")), message
            assert message.endswith(("nothing was changed.", "trying again.")), message
        assert (await service.verify(CHANNEL)).consistent and await store.integrity_ok()
    finally:
        if store is not None:
            await store.close()
        server.stop()


async def _turn(service: GameService) -> int:
    """The awaited player ends their turn (the race never ends so): the version the batch
    was accepted at."""
    game = await service.game_in(CHANNEL)
    assert game is not None and game.state is not None
    seat = game.state.active  # type: ignore[attr-defined]
    player = ALICE if game.user_of(seat) == game.seats[0] else BOB
    return (await service.act(CHANNEL, player, "end")).version
