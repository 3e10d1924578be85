"""``python -m bot backup``: a checked copy of the SQLite database taken while the bot has
it open, refused with one line for a target that exists, a missing file or a PostgreSQL
address."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.service import GameService
from bot.store import Database
from tests.conftest import ALICE, CAROL, CHANNEL, started_demo


async def test_a_backup_taken_while_the_bot_runs_holds_every_game(
    db: Database, service: GameService, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    await started_demo(service)
    await service.create(CHANNEL + 1, 1, CAROL, "demo")
    source = next(tmp_path.glob("umpire.db"))
    copy = tmp_path / "backups" / "umpire-copy.db"
    assert main(["backup", "--db", str(source), "--to", str(copy)]) == 0  # the store is open
    said = capsys.readouterr().out
    assert "2 games backed up" in said and "checked sound" in said
    with sqlite3.connect(copy) as conn:
        assert conn.execute("SELECT count(*) FROM games").fetchone() == (2,)
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("delete",)
        live = conn.execute("SELECT count(*) FROM events").fetchone()
    assert live == (len(await db.log(1)) + len(await db.log(2)),)
    assert not list(copy.parent.glob("*.partial"))
    # playing goes on in the original after the copy
    await service.act(CHANNEL, ALICE, "pick defend")
    assert main(["backup", "--db", str(source), "--to", str(copy)]) == 1  # never overwritten
    assert "already exists" in capsys.readouterr().err


def test_what_cannot_be_backed_up_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["backup", "--db", str(tmp_path / "none.db"), "--to", str(tmp_path / "c")]) == 2
    assert capsys.readouterr().err.startswith("error: there is no database file")
    assert not (tmp_path / "none.db").exists()
    url = "postgresql://umpire:secret@localhost/umpire"
    assert main(["backup", "--db", url, "--to", str(tmp_path / "c")]) == 2
    err = capsys.readouterr().err
    assert "pg_dump" in err and "secret" not in err
    (tmp_path / "junk.db").write_bytes(b"not a database at all" * 100)
    assert main(["backup", "--db", str(tmp_path / "junk.db"), "--to", str(tmp_path / "c")]) == 2
    assert "cannot back up" in capsys.readouterr().err
    assert not (tmp_path / "c").exists() and not (tmp_path / "c.partial").exists()
