"""``python -m bot migrate-store``: every game of an SQLite file copied to PostgreSQL, the
copy checked (counts, rows, every game replayed), safe to re-run, refusing a target that
holds other games; on the golden half-way databases saved by an earlier release, the
games then play on from PostgreSQL exactly as recorded."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import psycopg
import pytest

from bot.__main__ import main
from bot.service import GameService
from bot.store import open_store
from bot.store_copy import TABLES, CopyRefused, copy_store, sqlite_path
from tests.conftest import ALICE, BOB, fixed_seeds
from tests.golden.examples import (
    EXAMPLES,
    Example,
    pictures,
    play,
    recorded_boards,
    recorded_database,
    recorded_transcript,
    tail_script,
    transcript_after,
    unnumbered,
)


def _rows(path: Path) -> dict[str, int]:
    with sqlite3.connect(path) as conn:
        return {t: conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in TABLES}


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.name)
async def test_a_golden_half_way_database_moves_and_plays_on(
    example: Example, tmp_path: Path, postgres_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    database = recorded_database(example, tmp_path)
    source = f"sqlite://{database}"
    assert (
        await asyncio.to_thread(main, ["migrate-store", "--from", source, "--to", postgres_url])
        == 0
    )
    out = capsys.readouterr().out
    counts = _rows(database)
    assert counts["events"] > 0 and f"{counts['events']} events" in out
    assert f"{counts['games']} games replayed to the same state on both sides" in out
    # safe to re-run: nothing new, checked again
    assert (
        await asyncio.to_thread(main, ["migrate-store", "--from", source, "--to", postgres_url])
        == 0
    )
    out = capsys.readouterr().out
    assert f"0 games new to the target, {counts['games']} already there" in out
    # the game plays on from PostgreSQL as it did from the file
    played = play(example, tail_script(example, tmp_path), tmp_path, postgres_url)  # type: ignore[arg-type]
    assert played.code == 0, played.errors
    expected = unnumbered(transcript_after(recorded_transcript(example), example))
    assert unnumbered(played.transcript) == expected
    shown = pictures(played.boards, played.transcript)
    assert shown == pictures(
        recorded_boards(example), transcript_after(recorded_transcript(example), example)
    )


async def _two_games(path: Path) -> None:
    store = await open_store(str(path))
    service = GameService(store, seed_source=fixed_seeds())  # type: ignore[arg-type]
    try:
        for channel in (1, 2):
            await service.create(channel, 1, ALICE, "demo", "goal=6")
            await service.join(channel, BOB)
        await service.start(1, ALICE)
        await service.act(1, ALICE, "pick feint")
        await store.save_roll_macro(1, ALICE.user_id, "stats", "6 4d6 k3", 1.0, 50)
    finally:
        await store.close()


async def test_a_re_run_copies_what_the_bot_wrote_since(tmp_path: Path, postgres_url: str) -> None:
    path = tmp_path / "umpire.db"
    await _two_games(path)
    first = await copy_store(str(path), postgres_url)
    assert first.new_games == 2 and first.replayed == 2 and first.counts == _rows(path)
    store = await open_store(str(path))  # the bot played on before it was stopped
    service = GameService(store, seed_source=fixed_seeds())  # type: ignore[arg-type]
    await service.act(1, BOB, "pick attack")
    await service.leave(2, BOB)
    await store.close()
    again = await copy_store(f"sqlite://{path}", postgres_url)
    assert again.new_games == 0 and again.counts == _rows(path)
    moved = await open_store(postgres_url)
    service = GameService(moved, seed_source=fixed_seeds())  # type: ignore[arg-type]
    try:
        assert len(await moved.seats(2)) == 1  # bob's seat left with him
        assert (await service.verify(1)).consistent
        await service.end(2, ALICE)
        await service.create(2, 1, ALICE, "demo")  # new games take ids after the copied ones
        latest = await moved.latest_game(2)
        assert latest is not None and latest.id == 3
    finally:
        await moved.close()


async def test_a_target_with_other_games_is_refused_untouched(
    tmp_path: Path, postgres_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "umpire.db"
    await _two_games(path)
    other = await open_store(postgres_url)  # a bot already ran on the target
    service = GameService(other, seed_source=lambda: b"\x09" * 32)
    await service.create(9, 1, BOB, "demo")
    await other.close()
    assert (
        await asyncio.to_thread(main, ["migrate-store", "--from", str(path), "--to", postgres_url])
        == 1
    )
    err = capsys.readouterr().err
    assert "the target already holds 1 other games (game 1 first); copy into an empty" in err
    with psycopg.connect(postgres_url) as conn:
        assert conn.execute("SELECT count(*), min(channel_id) FROM games").fetchone() == (1, 9)
        assert conn.execute("SELECT count(*) FROM roll_macros").fetchone() == (0,)


async def test_a_copy_that_differs_is_refused_and_rolled_back(
    tmp_path: Path, postgres_url: str
) -> None:
    path = tmp_path / "umpire.db"
    await _two_games(path)
    await copy_store(str(path), postgres_url)
    with psycopg.connect(postgres_url) as conn:
        conn.execute("UPDATE events SET payload = '{}' WHERE game_id = 1 AND seq = 3")
    with sqlite3.connect(path) as conn:  # meanwhile, a new saved roll in the source
        conn.execute("INSERT INTO roll_macros VALUES (1, 101, 'zap', '1d4', 2.0)")
    with pytest.raises(CopyRefused, match=r"the events row \{'game_id': 1, 'seq': 3\} differs"):
        await copy_store(str(path), postgres_url)
    with psycopg.connect(postgres_url) as conn:  # nothing of the refused run was kept
        assert conn.execute("SELECT count(*) FROM roll_macros").fetchone() == (1,)


def test_addresses_are_checked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert sqlite_path("sqlite:///srv/umpire.db") == "/srv/umpire.db"
    assert sqlite_path("./umpire.db") == "./umpire.db"
    with pytest.raises(CopyRefused, match="names no file"):
        sqlite_path("sqlite://umpire.db")
    with pytest.raises(CopyRefused, match="is not an SQLite file"):
        sqlite_path("postgresql://u:pw@h/db")
    missing = str(tmp_path / "typo.db")
    with pytest.raises(CopyRefused, match="there is no SQLite file at"):
        asyncio.run(copy_store(missing, "postgresql://u@127.0.0.1:1/db"))
    assert not Path(missing).exists()
    target = "mysql://u:s3cret@h/db"
    assert main(["migrate-store", "--from", str(tmp_path / "x.db"), "--to", target]) == 1
    err = capsys.readouterr().err
    assert "is not a postgresql:// address" in err and "s3cret" not in err
