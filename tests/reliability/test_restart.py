"""What a bot restarted mid-game relies on: whole commands in the store, names of the
players seated before the restart."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.local.lines import parse_line
from bot.local.session import LocalSession, user_id_for
from bot.service import GameService, UserError
from bot.store import Database
from tests.conftest import ALICE, CHANNEL, fixed_seeds


async def test_a_game_is_created_with_its_creator_seated_or_not_at_all(tmp_path: Path) -> None:
    path = tmp_path / "umpire.db"
    db = await Database.open(str(path))
    with sqlite3.connect(path) as conn:  # the seat write fails, as a crash would cut it
        conn.execute(
            "CREATE TRIGGER no_seats BEFORE INSERT ON seats BEGIN SELECT RAISE(ABORT, 'x'); END"
        )
    service = GameService(db, seed_source=fixed_seeds())  # type: ignore[arg-type]
    try:
        with pytest.raises(UserError):
            await service.create(CHANNEL, 1, ALICE, "demo")
        assert await db.latest_game(CHANNEL) is None  # no seatless game blocks the channel
        with sqlite3.connect(path) as conn:
            conn.execute("DROP TRIGGER no_seats")
        created = await service.create(CHANNEL, 1, ALICE, "demo")
        game = await service.game_in(CHANNEL)
        assert game is not None and created.version == game.version == 2
        assert [(s.seat, s.user_id) for s in game.seats] == [("red", ALICE.user_id)]
        assert [(r.seq, r.batch, r.kind) for r in await db.log(game.id)] == [
            (1, 1, "meta"),
            (2, 2, "meta"),
        ]
        assert created.public == ["alice set up a game of Demo race.", "alice joined as Red."]
    finally:
        await db.close()


async def test_a_restarted_session_still_names_the_seated_players(tmp_path: Path) -> None:
    db = await Database.open(str(tmp_path / "umpire.db"))
    try:
        said: list[str] = []
        service = GameService(db, seed_source=fixed_seeds())  # type: ignore[arg-type]
        before = LocalSession(service, tmp_path, show_demo=True, emit=said.append)
        for line in ("@alice /game new system:demo", "@bob /game join"):
            parsed = parse_line(line)
            assert parsed is not None
            await before.run(parsed)
        after = LocalSession(service, tmp_path, show_demo=True, emit=said.append)
        said.clear()
        parsed = parse_line("@alice /game start")
        assert parsed is not None
        await after.run(parsed)
        assert any(line.startswith("[dm:bob] ") for line in said), said
        assert not any(str(user_id_for("bob")) in line for line in said)
    finally:
        await db.close()
