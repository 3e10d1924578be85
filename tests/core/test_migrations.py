"""Schema migrations: every older database opens with the current code, games intact."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from bot.service import GameService
from bot.service.snapshots import decode_state
from bot.store import Database, DatabaseUnusable, schema
from bot.store.schema import available, current_version, migrate
from rules.core.registry import get_system
from tests.conftest import ALICE, BOB, fixed_seeds

LATEST = available()[-1][0]
VERSIONS = [0, *(number for number, _ in available())]
FINISHED, ACTIVE, LOBBY = 11, 12, 13  # channels of the representative games
TABLES = ("games", "seats", "events")


async def test_migrations_apply_once_and_rerun_safely(tmp_path: Path) -> None:
    path = str(tmp_path / "m.db")
    first = await Database.open(path)
    latest = available()[-1][0]
    assert await current_version(first._conn) == latest
    await first.close()
    again = await Database.open(path)  # re-running finds nothing to do
    assert await current_version(again._conn) == latest
    assert await again.integrity_ok()
    await again.close()


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


async def _representative_games(path: Path) -> None:
    """A finished game (with an undo in its log), one under way and one in its lobby."""
    db = await Database.open(str(path))
    service = GameService(db, seed_source=fixed_seeds())  # type: ignore[arg-type]
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
    finally:
        await db.close()


Rows = dict[str, tuple[str, list[tuple[object, ...]]]]  # table: (its columns, its rows)


def _database_at(path: Path, version: int, rows_from: Path) -> Rows:
    """A database built by the first migrations only (up to ``version``), as an older
    release left it, holding the representative games in the columns it had then; the
    snapshot under way is plain JSON text, as older releases stored it."""
    conn = sqlite3.connect(path)
    try:
        for number, sql in available():
            if number <= version:
                conn.executescript(sql)
                conn.execute(f"PRAGMA user_version = {number}")
        conn.execute("ATTACH DATABASE ? AS source", (str(rows_from),))
        tables = {}
        for table in TABLES:
            columns = ", ".join(r[1] for r in conn.execute(f"PRAGMA main.table_info({table})"))
            if columns:
                conn.execute(
                    f"INSERT INTO {table} ({columns}) SELECT {columns} FROM source.{table}"
                )
                tables[table] = columns
        if "games" in tables:
            system = get_system("demo")
            (stored,) = conn.execute("SELECT state FROM games WHERE channel_id = ?", (ACTIVE,))
            text = decode_state(system.state_model, stored[0]).model_dump_json()
            conn.execute("UPDATE games SET state = ? WHERE channel_id = ?", (text, ACTIVE))
        conn.commit()
        conn.execute("DETACH DATABASE source")
        return {
            table: (
                columns,
                conn.execute(f"SELECT {columns} FROM {table} ORDER BY 1, 2").fetchall(),
            )
            for table, columns in tables.items()
        }
    finally:
        conn.close()


@pytest.mark.parametrize("version", VERSIONS)
async def test_every_older_schema_migrates_with_its_games_intact(
    tmp_path: Path, version: int
) -> None:
    source = tmp_path / "source.db"
    await _representative_games(source)
    path = tmp_path / f"at-{version}.db"
    copied = _database_at(path, version, source)
    db = await Database.open(str(path))
    try:
        assert await current_version(db._conn) == LATEST
        assert await db.integrity_ok()
        for table, (columns, rows) in copied.items():  # nothing there is lost or altered
            now = await db._conn.execute_fetchall(f"SELECT {columns} FROM {table} ORDER BY 1, 2")
            assert list(now) == rows, table
        if not copied:
            assert await db.count_games() == 0
            return
        service = GameService(db, seed_source=fixed_seeds())  # type: ignore[arg-type]
        checked = await service.verify(FINISHED)
        report = checked.report
        assert checked.status == "finished" and checked.consistent
        assert report is not None and report.ok and report.checks
        checked = await service.verify(ACTIVE)
        assert checked.status == "active" and checked.consistent and checked.report is None
        lobby = await service.status(LOBBY, ALICE.user_id)
        assert lobby.status == "lobby" and [s.user_id for s in lobby.seats] == [ALICE.user_id]
        await _play_until_over(service, ACTIVE)  # an old game plays on to its end
        checked = await service.verify(ACTIVE)
        report = checked.report
        assert checked.consistent and report is not None and report.ok
        log = await service.log_lines(FINISHED, None, 200)
        assert any("took back" in line for line in log.lines)
    finally:
        await db.close()
    again = await Database.open(str(path))  # opening once more changes nothing
    try:
        assert await current_version(again._conn) == LATEST
        assert await again.count_games() == 3
        assert await again.integrity_ok()
    finally:
        await again.close()


async def test_migrating_twice_on_one_connection_does_nothing(tmp_path: Path) -> None:
    db = await Database.open(str(tmp_path / "m.db"))
    try:
        before = await db._conn.execute_fetchall("SELECT sql FROM sqlite_master ORDER BY name")
        assert await migrate(db._conn) == LATEST
        after = await db._conn.execute_fetchall("SELECT sql FROM sqlite_master ORDER BY name")
        assert list(after) == list(before)
    finally:
        await db.close()


async def test_a_failing_migration_changes_nothing_and_can_be_retried(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "m.db"
    source = tmp_path / "source.db"
    await _representative_games(source)
    _database_at(path, LATEST, source)
    bundled = available()
    broken = "CREATE TABLE notes (game_id INTEGER);\nCREATE TABLE games (id INTEGER);\n"
    monkeypatch.setattr(schema, "available", lambda: [*bundled, (LATEST + 1, broken)])
    with pytest.raises(DatabaseUnusable, match=r"updating its schema failed: .*already exists"):
        await Database.open(str(path))
    with sqlite3.connect(path) as conn:  # the half-applied migration was rolled back
        assert conn.execute("PRAGMA user_version").fetchone()[0] == LATEST
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        assert "notes" not in tables
        assert conn.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 3
    fixed = broken.replace("CREATE TABLE games (id INTEGER);\n", "")
    monkeypatch.setattr(schema, "available", lambda: [*bundled, (LATEST + 1, fixed)])
    db = await Database.open(str(path))
    try:
        assert await current_version(db._conn) == LATEST + 1
        game = await db.latest_game(FINISHED)
        assert game is not None and json.loads(game.options) == {"goal": 6}
    finally:
        await db.close()
