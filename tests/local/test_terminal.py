"""Local mode at a real terminal (a pseudo-terminal): Tab completes what Discord would
suggest, and the lines typed are there again in the next run's history."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

pty = pytest.importorskip("pty")
pytest.importorskip("readline")

DEADLINE = 60.0


class Terminal:
    """``python -m bot local`` on a pseudo-terminal, typed at key by key."""

    def __init__(self, tmp_path: Path) -> None:
        env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN",)}
        env.update(XDG_STATE_HOME=str(tmp_path / "state"), TERM="dumb", PYTHONUNBUFFERED="1")
        self.master, slave = pty.openpty()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bot", "local", "--demo", "--db", str(tmp_path / "g.db")],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            cwd=tmp_path,
            env=env,
            close_fds=True,
        )
        os.close(slave)
        self.screen = ""
        self.seen = 0  # where the last text waited for ended

    def until(self, text: str) -> str:
        """Read until ``text`` shows after what the last call waited for; return the
        screen from there to the end of ``text``."""
        deadline = time.monotonic() + DEADLINE
        start = self.seen
        while (found := self.screen.find(text, start)) == -1:
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} never came; the screen: {self.screen[start:]!r}")
            ready, _, _ = select.select([self.master], [], [], 0.2)
            if ready:
                try:
                    self.screen += os.read(self.master, 65536).decode(errors="replace")
                except OSError:
                    break
        self.seen = found + len(text)
        return self.screen[start : self.seen]

    def type(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def close(self) -> int:
        """Clear the line and end the input (Ctrl-U, Ctrl-D); the exit status."""
        self.type("\x15\x04")
        try:
            return self.process.wait(timeout=30)
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()
            os.close(self.master)


def test_tab_completes_and_history_is_kept_between_runs(tmp_path: Path) -> None:
    terminal = Terminal(tmp_path)
    try:
        terminal.until("Ctrl-D quits")
        terminal.until("?> ")
        terminal.type("@alice /game new sys\t")
        terminal.until("system:")
        terminal.type("de\t")
        terminal.until("demo ")
        terminal.type("\r")
        terminal.until("alice set up a game of Demo race.")
        terminal.until("alice> ")  # typing waits for the prompt, as a person would
        terminal.type("/game \t\t")
        listed = terminal.until("verify — Check every dice roll against the commitment")
        assert "new — Set up a new game in this channel" in listed
        terminal.type("\x15/roll 2d6 # it's fire\r")
        assert "*it's fire*" in terminal.until("fire*")
        terminal.until("alice> ")
    finally:
        assert terminal.close() == 0
    history = tmp_path / "state" / "umpire" / "history"
    assert history.read_text().splitlines() == [
        "@alice /game new system:demo ",
        "/roll 2d6 # it's fire",
    ]

    again = Terminal(tmp_path)
    try:
        again.until("?> ")
        again.type("\x1b[A")  # arrow up: the last line typed in the run before
        again.until("# it's fire")
    finally:
        assert again.close() == 0
