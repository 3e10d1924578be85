"""Structured logs: with UMPIRE_LOG_FORMAT=json every line is one JSON object."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.log_format import JsonFormatter, log_handler


def test_a_record_is_one_json_line_with_its_exception(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("UMPIRE_CLUSTER_PROCESS", "1")
    try:
        raise ValueError("bad\nthing")
    except ValueError:
        record = logging.getLogger("umpire.test").makeRecord(
            "umpire.test", logging.ERROR, __file__, 1, "failed %s", ("x",), sys.exc_info()
        )
    line = JsonFormatter().format(record)
    assert "\n" not in line
    entry = json.loads(line)
    assert entry["level"] == "ERROR" and entry["logger"] == "umpire.test"
    assert entry["message"] == "failed x" and entry["process"] == 1
    assert entry["time"].endswith("+00:00") and "ValueError: bad" in entry["exception"]
    assert isinstance(log_handler("json").formatter, JsonFormatter)
    assert not isinstance(log_handler("text").formatter, JsonFormatter)


def test_the_bot_logs_json_lines_when_asked(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env.update(UMPIRE_LOG_FORMAT="json", UMPIRE_LOG_LEVEL="DEBUG")
    done = subprocess.run(
        [sys.executable, "-m", "bot", "local", "--demo", "--db", str(tmp_path / "g.db")],
        cwd=tmp_path,
        input="",
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert lines, "nothing was logged"
    assert all(json.loads(line)["level"] for line in lines)


def test_an_unknown_log_format_is_one_line(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["UMPIRE_LOG_FORMAT"] = "xml"
    done = subprocess.run(
        [sys.executable, "-m", "bot", "check-db", "--db", str(tmp_path / "g.db")],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.startswith("error: a setting is not valid: UMPIRE_LOG_FORMAT")
    assert "Traceback" not in done.stderr
