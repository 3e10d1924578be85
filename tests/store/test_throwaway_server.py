"""The throwaway PostgreSQL server of the tests: found where the machine keeps it, said
plainly when missing, kept to a temporary folder and loopback, gone afterwards."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import psycopg
import pytest

from tests.postgres_server import CHOSEN, Server, Unavailable, find_programs


def test_missing_programs_are_named_with_where_they_were_looked_for(tmp_path: Path) -> None:
    (tmp_path / "initdb").touch()  # pg_ctl missing
    with pytest.raises(Unavailable, match=r"no initdb and pg_ctl .*`\.ci/run` installs it"):
        find_programs([tmp_path])
    (tmp_path / "pg_ctl").touch()
    assert find_programs([tmp_path / "elsewhere", tmp_path]) == tmp_path


def test_the_server_listens_on_loopback_in_a_temporary_folder(postgres_server: Server) -> None:
    with psycopg.connect(postgres_server.url()) as conn:
        assert conn.execute("SHOW listen_addresses").fetchone() == ("127.0.0.1",)
        (directory,) = conn.execute("SHOW data_directory").fetchone() or ("",)
    assert Path(directory).is_relative_to(postgres_server.folder)
    assert postgres_server.folder.name.startswith("umpire-pg-")
    assert postgres_server.folder.parent == Path(tempfile.gettempdir())


def test_a_stopped_server_leaves_nothing(postgres_server: Server) -> None:
    another = Server.start()
    url = another.new_database()
    with psycopg.connect(url) as conn:
        assert conn.execute("SELECT 1").fetchone() == (1,)
    another.stop()
    assert not another.folder.exists()
    with pytest.raises(psycopg.OperationalError):
        psycopg.connect(url, connect_timeout=2)


def test_a_machine_without_postgres_skips_with_the_reason(tmp_path: Path) -> None:
    """Run a PostgreSQL test where the programs cannot be found, with the options `make
    test` gives pytest: one skip whose reason the summary prints (outside CI), and a
    failure in CI, which must always run them. A folder named by UMPIRE_POSTGRES_BIN
    that lacks them is said to, the same way."""
    test = tmp_path / "test_needs_server.py"
    test.write_text(
        textwrap.dedent(
            """
            import tests.postgres_server as found

            found.usual_folders = lambda: []

            def test_uses_server(postgres_url):
                pass
            """
        ),
        encoding="utf-8",
    )
    root = Path(__file__).resolve().parents[2]
    command = [sys.executable, "-m", "pytest", "-p", "no:xdist", "-p", "tests.conftest",
               str(test), "--rootdir", str(root), "-c", str(root / "pyproject.toml")]  # fmt: skip
    env = {**os.environ, "CI": "", "PYTHONPATH": str(root)}
    env.pop(CHOSEN, None)
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=root)
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(
        r"SKIPPED \[1\] .*test_needs_server.py.*PostgreSQL is not installed", done.stdout
    )
    chosen = {**env, CHOSEN: str(tmp_path / "nowhere")}
    done = subprocess.run(command, capture_output=True, text=True, env=chosen, cwd=root)
    assert done.returncode == 0, done.stdout + done.stderr
    assert (
        "SKIPPED [1]" in done.stdout and f"{CHOSEN}={tmp_path / 'nowhere'} holds no" in done.stdout
    )
    done = subprocess.run(
        command, capture_output=True, text=True, env={**env, "CI": "true"}, cwd=root
    )
    assert done.returncode == 1 and "PostgreSQL is not installed" in done.stdout
