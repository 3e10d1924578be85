"""A game of tens of thousands of records stays within Discord's limits: its export is
compressed (and split when needed) below the 10 MiB upload limit, and /game export,
/game verify and /game log defer first and do their work off the event loop, so the bot
keeps answering other channels meanwhile.

The long game is built fast from a real one: the Wasteland patrol example played to the
end in local mode, whose battle is then copied many times into the log, each copy but the
last taken back by an approved undo, as a group that undoes and replays a whole battle
would leave it. Every copy draws the same counters again, as today's undo does, so the
game still verifies and its state is the real game's."""

from __future__ import annotations

import asyncio
import gzip
import json
import os
import re
import sqlite3
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from simcord.actors import MemberActor
from simcord.builders import ChannelHandle

from bot.store import Database
from tests import figures
from tests.golden.fair_dice_doc import run_verifier

from ._callbacks import Callbacks
from .conftest import Table

pytestmark = pytest.mark.reliability

ROOT = Path(__file__).resolve().parents[2]
RECORDS = int(os.environ.get("UMPIRE_LONG_GAME_RECORDS", "60000"))
EVENT_COLUMNS = "game_id, seq, batch, kind, seat, user_id, scope, payload, created_at"


@pytest.fixture(scope="module")
def patrol(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Wasteland patrol example played to the end, as local mode stored it."""
    folder = tmp_path_factory.mktemp("patrol")
    database = folder / "patrol.db"
    command = [sys.executable, "-m", "bot", "local", "--script", "examples/wasteland-patrol.txt"]
    command += ["--seed", "11", "--out", str(folder / "out"), "--db", str(database)]
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "UMPIRE_DATABASE")}
    done = subprocess.run(command, cwd=ROOT, capture_output=True, env=env, timeout=900)
    assert done.returncode == 0, done.stderr.decode()
    assert b"Verified: all" in done.stdout
    return database


DISCORD_UPLOAD_LIMIT = 10 * 1024 * 1024  # Discord refuses a larger upload


def lengthen(database: Path, records: int) -> int:
    """Copy the battle of the database's one game until its log holds about ``records``
    records, each copy but the last undone; the number of records it then holds."""
    with sqlite3.connect(database) as connection:
        rows = connection.execute(f"SELECT {EVENT_COLUMNS} FROM events ORDER BY seq").fetchall()
        first_event = next(row for row in rows if row[3] == "event")
        head = [row for row in rows if row[2] <= first_event[2]]  # the lobby and the start
        battle = rows[len(head) :]
        assert battle and all(row[3] != "undo" for row in battle)
        copies = max(1, (records - len(head)) // (len(battle) + 1))
        log = list(head)
        for copy in range(copies):
            renumbered: dict[int, int] = {}
            for row in battle:
                seq = len(log) + 1
                batch = renumbered.setdefault(row[2], seq)
                log.append((row[0], seq, batch, *row[3:]))
            if copy == copies - 1:
                break
            seq = len(log) + 1
            text = f"↩️ Alpha (alice) took back {len(renumbered)} action(s) with the other "
            text += "players' approval."
            payload = json.dumps({"batches": list(renumbered.values()), "text": text})
            log.append((head[0][0], seq, seq, "undo", "alpha", None, "public", payload, 0.0))
        connection.execute("DELETE FROM events")
        connection.executemany(f"INSERT INTO events ({EVENT_COLUMNS}) VALUES (?{',?' * 8})", log)
        connection.execute("UPDATE games SET version = ?", (len(log),))
    return len(log)


@dataclass
class LongGame:
    records: int
    table: Table


@pytest.fixture
async def db(tmp_path: Path, patrol: Path) -> AsyncIterator[Database]:
    """The test's database holds the long game (the service and the bot then open it)."""
    target = tmp_path / "umpire.db"
    with sqlite3.connect(patrol) as source, sqlite3.connect(target) as copy:
        source.backup(copy)
    records = await asyncio.to_thread(lengthen, target, RECORDS)
    (tmp_path / "records").write_text(str(records))
    database = await Database.open(str(target))
    yield database
    await database.close()


@pytest.fixture
def long_game(db: Database, table: Table, tmp_path: Path) -> LongGame:
    with sqlite3.connect(tmp_path / "umpire.db") as connection:
        connection.execute("UPDATE games SET channel_id = ?", (table.channel.id,))
    return LongGame(int((tmp_path / "records").read_text()), table)


@dataclass
class Timed:
    result: Any
    seconds: float
    longest_stall: float  # the longest the event loop went without running another task

    @property
    def held_back(self) -> bool:
        """The event loop kept running other tasks: never held for a good share of the
        command (as it would be were the work done on it), nor for long at all."""
        return self.longest_stall < min(2.0, self.seconds / 2)


async def timed(member: MemberActor, channel: ChannelHandle, command: str) -> Timed:
    """Run ``command`` while a ticker measures how long the event loop is ever held."""
    stalls: list[float] = []
    running = True

    async def tick() -> None:
        while running:
            before = time.perf_counter()
            await asyncio.sleep(0.005)
            stalls.append(time.perf_counter() - before)

    ticker = asyncio.create_task(tick())
    start = time.perf_counter()
    result = await member.slash(channel, command)
    seconds = time.perf_counter() - start
    running = False
    await ticker
    return Timed(result, seconds, max(stalls))


async def test_a_long_game_is_exported_within_discords_limits(
    simcord_env, long_game: LongGame, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    table = long_game.table
    simcord_env.settle_timeout = 600.0  # the whole reading, not the reply, takes long
    callbacks = Callbacks(monkeypatch)
    exported = await timed(table.carol, table.channel, "game export")

    deferred = {"type": 5, "data": {"flags": 64}}
    assert callbacks.when_read == [[deferred]]
    messages = [exported.result.response, *exported.result.followups]
    files = [attachment for message in messages for attachment in message.attachments]
    contents = [await attachment.read() for attachment in files]
    assert files and all(len(content) < DISCORD_UPLOAD_LIMIT for content in contents)
    assert f"({long_game.records} log records), gzip-compressed JSON" in messages[0].content
    raw = gzip.decompress(b"".join(contents))
    data = json.loads(raw)
    assert data["seed"] and len(data["log"]) == long_game.records
    # the loop went on serving while the export was built and compressed
    assert exported.held_back, exported

    # the standalone verifier of docs/fair-dice.md checks the whole long game
    parts = []
    for attachment, content in zip(files, contents, strict=True):
        path = tmp_path / attachment.filename
        path.write_bytes(content)
        parts.append(path)
    checked = run_verifier(tmp_path, *parts)
    assert checked.returncode == 0, checked.stderr
    assert re.fullmatch(
        r"All \d+ rolls match the seed and use its dice in order\.\n", checked.stdout
    )
    figures.add(
        "long_game",
        export_records=long_game.records,
        export_json_bytes=len(raw),
        export_sent_bytes=sum(len(content) for content in contents),
        export_files=len(files),
        export_largest_file=max(len(content) for content in contents),
        export_seconds=exported.seconds,
        export_stall=exported.longest_stall,
    )


async def test_a_long_game_verifies_and_logs_after_deferring(
    simcord_env, long_game: LongGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = long_game.table
    simcord_env.settle_timeout = 600.0  # the whole reading, not the reply, takes long
    callbacks = Callbacks(monkeypatch)
    verified = await timed(table.carol, table.channel, "game verify")
    logged = await timed(table.carol, table.channel, "game log")

    assert callbacks.when_read == [[{"type": 5}], [{"type": 5}, {"type": 5, "data": {"flags": 64}}]]
    content = verified.result.response.content
    assert content.startswith("✅ All ") and "use its dice in order" in content, content
    assert "equals a fresh replay" in content
    assert "Game over" in logged.result.response.content
    assert verified.held_back and logged.held_back, (verified, logged)
    figures.add(
        "long_game",
        verify_records=long_game.records,
        verify_seconds=verified.seconds,
        verify_stall=verified.longest_stall,
        log_seconds=logged.seconds,
        log_stall=logged.longest_stall,
    )
