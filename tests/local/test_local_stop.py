"""Local mode stops gracefully on SIGTERM: waiting for typing, it closes the database and
exits with status 0, the games played so far kept."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path


def test_sigterm_while_waiting_for_a_command_exits_cleanly(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "UMPIRE_DATABASE_URL")}
    env["PYTHONUNBUFFERED"] = "1"
    db = tmp_path / "game.db"
    process = subprocess.Popen(
        [sys.executable, "-m", "bot", "local", "--demo", "--db", str(db)],
        cwd=tmp_path,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write("@alice /game new system:demo\n")
        process.stdin.flush()
        deadline = time.monotonic() + 60
        seen = ""
        while "joined as" not in seen and time.monotonic() < deadline:
            line = process.stdout.readline()
            if not line:
                break
            seen += line
        assert "alice joined as" in seen, seen
        time.sleep(0.3)  # back at the prompt, waiting for the next line
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=30) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT count(*) FROM games").fetchone() == (1,)
