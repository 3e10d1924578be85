"""Damaged and unusable files: the bot says what is wrong in one line and stops, or refuses
the one command, and never claims a committed action did not happen.

Each database kind (random bytes, a truncated file, a bad header, one damaged page of a
real game, a read-only file, a folder that cannot be made, a read-only mount) is given to
the real process, in local mode and in Discord mode, under a timeout: it must exit with
status 2 and one line naming the file and the problem, leaving the file as it was. A
database damaged while the bot runs refuses every write; a full disk and a read-only
database are refused as such; a picture that cannot be saved after a commit is reported
as that. Pack folders holding a named pipe or a link to an endless device are refused by
name without reading them.
"""

from __future__ import annotations

import gzip
import json
import os
import random
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.database_check import check_database
from bot.local.lines import parse_line
from bot.local.session import LocalSession
from bot.service import GameService
from bot.store import Database, StoreFailure
from rules.core import packs
from rules.core.packs import PackError
from rules.core.registry import discover
from tests import figures
from tests.conftest import ALICE, CHANNEL, fixed_seeds, started_demo

pytestmark = pytest.mark.damaged_files

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "tests" / "golden" / "recorded" / "tannhauser-deathmatch.half.db.gz"
TIMEOUT = 60  # seconds; the bot refuses a bad file within a few


def real_game(path: Path) -> Path:
    """A copy of a real database: a Tannhäuser deathmatch half played, 462 log records."""
    path.write_bytes(gzip.decompress(GAME.read_bytes()))
    return path


def events_page(path: Path) -> int:
    """A page of the log near its start: damage there spares new actions, not the log."""
    with sqlite3.connect(path) as conn:
        try:
            rows = conn.execute(
                "SELECT pageno FROM dbstat WHERE name = 'events' AND pagetype = 'leaf' "
                "ORDER BY path LIMIT 1"
            ).fetchall()
        except sqlite3.OperationalError:  # an SQLite built without the dbstat table
            rows = [(15,)]
    return int(rows[0][0])


def damage_page(path: Path, page: int) -> None:
    size = 4096
    with sqlite3.connect(path) as conn:
        size = int(conn.execute("PRAGMA page_size").fetchone()[0])
    garbage = random.Random(page).randbytes(size)
    with path.open("r+b") as file:
        file.seek((page - 1) * size)
        file.write(garbage)


def random_bytes(tmp: Path) -> str:
    path = tmp / "umpire.db"
    path.write_bytes(random.Random(1).randbytes(64 * 1024))
    return str(path)


def truncated(tmp: Path) -> str:
    path = real_game(tmp / "umpire.db")
    path.write_bytes(path.read_bytes()[:30_000])
    return str(path)


def bad_header(tmp: Path) -> str:
    path = real_game(tmp / "umpire.db")
    with path.open("r+b") as file:
        file.write(b"NOT A DATABASE!!")
    return str(path)


def one_damaged_page(tmp: Path) -> str:
    path = real_game(tmp / "umpire.db")
    damage_page(path, events_page(path))
    return str(path)


def read_only_file(tmp: Path) -> str:
    """Opened read-only, as SQLite opens a file its user may not write."""
    path = real_game(tmp / "umpire.db")
    if os.geteuid() != 0:  # root writes whatever the permissions say
        path.chmod(0o444)
        return str(path)
    return f"file:{path}?mode=ro"


def unmakeable_folder(tmp: Path) -> str:
    (tmp / "games").write_text("a file where the folder should be")
    return str(tmp / "games" / "umpire.db")


def read_only_mount(tmp: Path) -> str:
    folder = tmp / "mounted"
    folder.mkdir()
    return str(real_game(folder / "umpire.db"))


def _mounted_read_only(folder: Path) -> list[str]:
    """A command prefix that runs the rest with ``folder`` mounted read-only."""
    probe = subprocess.run(["unshare", "-rm", "true"], capture_output=True, check=False)
    if probe.returncode != 0:
        pytest.skip("no user namespaces here to mount a folder read-only")
    script = 'mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" "$0" && exec "$@"'
    return ["unshare", "-rm", "sh", "-c", script, str(folder)]


DATABASES: dict[str, tuple[Callable[[Path], str], str]] = {
    "random bytes": (random_bytes, "the file is not an SQLite database"),
    "truncated file": (truncated, "the database file is damaged"),
    "bad header": (bad_header, "the file is not an SQLite database"),
    "one damaged page": (one_damaged_page, "the database file is damaged ("),
    "read-only file": (read_only_file, "the database is read-only"),
    "unwritable folder": (unmakeable_folder, "its folder cannot be made"),
    "read-only mount": (read_only_mount, "the database file cannot be opened"),
}
MODES = ("local", "discord")


def clean_env() -> dict[str, str]:
    """The environment without any Discord or Umpire setting of the machine's own."""
    return {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "UMPIRE_"))}


def run_bot(
    command: list[str], cwd: Path, env: dict[str, str], hung: str
) -> subprocess.CompletedProcess[str]:
    """Run the bot's process to its end under the timeout; a hang fails the test."""
    try:
        return subprocess.run(
            command,
            cwd=cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            check=False,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(hung)


def start(
    mode: str, database: str, tmp: Path, prefix: list[str]
) -> subprocess.CompletedProcess[str]:
    env = clean_env()
    script = tmp / "script.txt"
    script.write_text("@alice /game status\n")
    if mode == "local":
        command = ["local", "--db", database, "--script", str(script), "--out", str(tmp / "o")]
    else:  # a token that never reaches Discord: the database is refused before connecting
        env.update(DISCORD_TOKEN="not-a-real-token", UMPIRE_DATABASE=database)
        command = []
    return run_bot(
        [*prefix, sys.executable, "-m", "bot", *command],
        tmp,  # no .env of the checkout is read
        env,
        f"the bot hung for {TIMEOUT} s on a database with {database}",
    )


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("kind", sorted(DATABASES))
def test_an_unusable_database_stops_start_up_with_one_line(
    kind: str, mode: str, tmp_path: Path
) -> None:
    make, problem = DATABASES[kind]
    database = make(tmp_path)
    prefix = _mounted_read_only(tmp_path / "mounted") if kind == "read-only mount" else []
    file = Path(database.removeprefix("file:").split("?")[0])
    before = file.read_bytes() if file.is_file() else None

    result = start(mode, database, tmp_path, prefix)

    assert result.returncode == 2, (result.returncode, result.stderr[-2000:])
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr[-2000:]
    assert lines[0].startswith(f"error: cannot use the database {database}: {problem}"), lines
    if kind in ("one damaged page", "truncated file"):
        assert "restore the latest backup (docs/operations.md" in lines[0]
    assert "Traceback" not in result.stdout + result.stderr
    if before is not None:
        assert file.read_bytes() == before  # looked at, never changed
    figures.add("damaged", files=1)


def test_a_folder_without_write_permission_stops_start_up(tmp_path: Path) -> None:
    if os.geteuid() == 0:
        pytest.skip("root may write into any folder")
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        result = start("local", str(folder / "umpire.db"), tmp_path, [])
    finally:
        folder.chmod(0o755)
    assert result.returncode == 2 and "cannot be opened" in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


# -- damage and refusals while the bot runs ------------------------------------------------


async def test_damage_found_while_running_stops_every_write(tmp_path: Path) -> None:
    path = tmp_path / "umpire.db"
    db = await Database.open(str(path))
    service = GameService(db, seed_source=fixed_seeds())  # type: ignore[arg-type]
    try:
        await started_demo(service)
        with sqlite3.connect(path) as conn:  # everything into the file itself
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        damage_page(path, events_page(path))
        with sqlite3.connect(path) as conn:  # another writer: the bot reads the file afresh
            conn.execute("UPDATE games SET reminded_at = 1")

        with pytest.raises(StoreFailure) as read:
            await service.log_lines(CHANNEL, ALICE.user_id, 20)
        assert read.value.message.startswith("The database file is damaged; nothing was changed.")
        assert "restore it from a backup" in read.value.message
        assert db.damaged
        with pytest.raises(StoreFailure, match="damaged"):
            await service.create(CHANNEL + 1, 1, ALICE, "demo")  # a write elsewhere, too
        assert await db.latest_game(CHANNEL + 1) is None
    finally:
        await db.close()
    assert check_database(str(path)) == 1
    figures.add("damaged", runtime=1)


async def test_admin_check_finds_a_damaged_page_and_stops_writes(tmp_path: Path) -> None:
    path = real_game(tmp_path / "umpire.db")
    db = await Database.open(str(path))
    said: list[str] = []
    session = LocalSession(GameService(db), tmp_path, emit=said.append)
    try:
        await run_line(session, "@alice /admin check")
        assert said == [
            "[ephemeral:alice] The full integrity check of the database found no problems."
        ]
        damage_page(path, events_page(path))
        with sqlite3.connect(path) as conn:
            conn.execute("UPDATE games SET reminded_at = 1")
        said.clear()
        await run_line(session, "@alice /admin check")
        assert said[0].startswith("[ephemeral:alice] The database file is damaged"), said
        assert "restore the latest backup" in said[0]
        said.clear()
        await run_line(session, "@alice /game settings reminder:12")
        assert said == [
            "[ephemeral:alice] The database file is damaged; nothing was changed. The bot's "
            "operator must restore it from a backup (`python -m bot check-db` checks it)."
        ]
    finally:
        await db.close()
    figures.add("damaged", runtime=1)


def test_check_db_names_a_sound_a_damaged_and_a_foreign_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sound = real_game(tmp_path / "sound.db")
    assert check_database(str(sound)) == 0
    assert "no problems" in capsys.readouterr().out
    damaged = real_game(tmp_path / "damaged.db")
    damage_page(damaged, events_page(damaged))
    assert check_database(str(damaged)) == 1
    out = capsys.readouterr().out
    assert "is damaged" in out and "restore the latest backup" in out
    assert check_database(random_bytes(tmp_path)) == 1
    assert "not an SQLite database" in capsys.readouterr().out
    assert check_database(str(tmp_path / "missing.db")) == 2
    assert not (tmp_path / "missing.db").exists()


def test_check_db_takes_a_path_relative_to_the_working_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # the default database path (./umpire.db) is relative; naming it ended in a traceback
    real_game(tmp_path / "umpire.db")
    monkeypatch.chdir(tmp_path)
    assert check_database("umpire.db") == 0
    assert "no problems" in capsys.readouterr().out


async def run_line(session: LocalSession, line: str) -> None:
    parsed = parse_line(line)
    assert parsed is not None
    await session.run(parsed)


async def test_a_read_only_database_is_refused_as_such(tmp_path: Path) -> None:
    db = await Database.open(str(tmp_path / "umpire.db"))
    said: list[str] = []
    session = LocalSession(GameService(db), tmp_path, show_demo=True, emit=said.append)
    try:
        await run_line(session, "@alice /game new system:demo")
        await db._conn.execute("PRAGMA query_only = ON")  # as a file remounted read-only
        said.clear()
        await run_line(session, "@bob /game join")
        assert said == ["[ephemeral:bob] The database is read-only; nothing was changed."]
        game = await db.latest_game(1)
        assert game is not None and len(await db.seats(game.id)) == 1
    finally:
        await db.close()
    figures.add("damaged", runtime=1)


async def test_a_picture_that_cannot_be_saved_leaves_the_action_recorded(tmp_path: Path) -> None:
    blocked = tmp_path / "out"
    blocked.write_text("a file where the pictures' folder should be")
    db = await Database.open(str(tmp_path / "umpire.db"))
    said: list[str] = []
    session = LocalSession(GameService(db), blocked / "boards", show_demo=True, emit=said.append)
    try:
        for line in (
            "@alice /game new system:demo",
            "@bob /game join",
            "@alice /game start",
            '@alice /act action:"pick feint"',
            '@bob /act action:"pick attack"',
        ):
            await run_line(session, line)
        assert not any("not changed" in line or "went wrong" in line for line in said), said
        notes = [line for line in said if "board picture could not be saved" in line]
        assert notes and all(line.startswith("[channel] The action was recorded") for line in notes)
        assert "Stances revealed" in "\n".join(said)
        said.clear()
        await run_line(session, "@carol /game board")
        assert len(said) == 1 and said[0].startswith(
            "[ephemeral:carol] The board picture could not be saved: Not a directory"
        ), said
        game = await db.latest_game(1)
        assert game is not None
        actions = [row for row in await db.log(game.id) if row.kind == "action"]
        assert len(actions) == 2  # both picks are in the log
    finally:
        await db.close()
    figures.add("damaged", runtime=1)


# -- pack folders ----------------------------------------------------------------------------


def _packs(system: str) -> tuple[str, Callable[[list[Path]], object]]:
    plugin = next(p for p in discover() if p.id == system)
    return plugin.pack_setting, plugin.build


PACK_SYSTEMS = ("tannhauser", "wasteland")


@pytest.mark.parametrize("system", PACK_SYSTEMS)
@pytest.mark.parametrize("kind", ["named pipe", "link to /dev/zero", "folder"])
def test_a_pack_that_is_no_regular_file_is_refused_by_name(
    system: str, kind: str, tmp_path: Path
) -> None:
    path = tmp_path / "x.json"
    if kind == "named pipe":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    else:
        path.symlink_to("/dev/zero")
    _, build = _packs(system)
    with pytest.raises(PackError) as refused:
        build([tmp_path])
    assert refused.value.path == path
    assert str(refused.value).endswith("x.json: (file): is not a regular file"), str(refused.value)
    figures.add("damaged", packs=1)


def test_start_up_refuses_a_pipe_in_a_pack_folder_without_hanging(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "x.json")
    setting, _ = _packs("wasteland")
    env = {**clean_env(), setting: str(tmp_path)}
    result = run_bot(
        [sys.executable, "-m", "bot", "local", "--db", str(tmp_path / "u.db")],
        tmp_path,
        env,
        "start-up hung on a named pipe in the pack folder",
    )
    assert result.returncode == 2, result.stderr
    assert "x.json: (file): is not a regular file" in result.stderr
    assert "Traceback" not in result.stderr
    figures.add("damaged", packs=1)


def test_a_file_whose_size_says_nothing_is_read_only_up_to_the_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A regular file that reports size 0 yet holds more (as under /proc), or one that
    grows after its size was looked at, is read no further than the limit."""
    path = tmp_path / "maps.json"
    path.symlink_to("/proc/self/maps")
    if not Path("/proc/self/maps").is_file() or Path("/proc/self/maps").stat().st_size:
        pytest.skip("no /proc here")
    monkeypatch.setattr(packs, "MAX_PACK_BYTES", 100)
    read: list[int] = []
    real = os.read

    def counting(fd: int, size: int) -> bytes:
        data = real(fd, size)
        read.append(len(data))
        return data

    monkeypatch.setattr(os, "read", counting)
    with pytest.raises(PackError, match="packs are limited to 100 bytes"):
        packs.read_json(path)
    assert 0 < sum(read) <= 101, read
    figures.add("damaged", packs=1)


PACK_MEMORY_LIMIT_MB = 40  # growth of peak resident memory while refusing one pack


@pytest.mark.parametrize(
    ("system", "count"),
    [("wasteland", 25_000), ("wasteland", 400), ("tannhauser", 20_000), ("tannhauser", 600)],
)
def test_a_pack_of_invalid_items_is_refused_in_little_memory(system: str, count: int) -> None:
    """Measured in a fresh process, with what pydantic holds outside Python's allocator."""
    result = subprocess.run(
        [sys.executable, "-m", "tests.reliability.pack_memory", system, str(count)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=True,
    )
    measured = json.loads(result.stdout)
    assert 1 <= measured["problems"] <= 51, measured
    assert measured["growth_mb"] < PACK_MEMORY_LIMIT_MB, measured
    figures.add("damaged", packs=1)
