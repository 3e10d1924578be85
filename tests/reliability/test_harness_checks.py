"""The crash checks notice what they exist to notice, on databases built to fail them."""

from __future__ import annotations

import asyncio
import signal
import sqlite3
from pathlib import Path

from tests.reliability.crash_harness import (
    SCENARIOS,
    Echo,
    Entry,
    Process,
    Reference,
    Trial,
    examine_kill,
    play_in_process,
    read_database,
    reference,
    script_lines,
)

# the longest generated script: room for a change of game well into it
LONGEST = max(SCENARIOS, key=lambda s: len(script_lines(s)))


def _first_change(ref: Reference, start: int) -> int:
    return next(i for i in range(start, len(ref.steps)) if ref.changes(i))


def _database(folder: Path, lines: int) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "game.db"
    asyncio.run(play_in_process(LONGEST, path, lines))
    return path


def _killed(ref: Reference, through: int, *, last_replied: bool) -> Process:
    """A process killed after echoing script lines 0..through with the replies the
    uninterrupted game gave (none for the last line unless ``last_replied``)."""
    echoes = [Echo(Entry(s.text, i), list(s.replies)) for i, s in enumerate(ref.steps)]
    echoes = echoes[: through + 1]
    if not last_replied:
        echoes[-1].replies.clear()
    return Process(echoes, -signal.SIGKILL, [])


def _examine(ref: Reference, process: Process, path: Path) -> tuple[int, Trial]:
    trial = Trial(LONGEST.name, 0, 1, "test")
    return examine_kill(ref, process, read_database(path), 0, trial), trial


def test_a_clean_cut_either_way_passes(tmp_path: Path) -> None:
    ref = reference(LONGEST)
    line = _first_change(ref, 20)
    process = _killed(ref, line, last_replied=False)
    resume, trial = _examine(ref, process, _database(tmp_path / "before", line))
    assert (resume, trial.cut_off, trial.problems) == (line, "rolled back", [])
    assert trial.acknowledged == trial.recovered > 0
    resume, trial = _examine(ref, process, _database(tmp_path / "after", line + 1))
    assert (resume, trial.cut_off, trial.problems) == (line + 1, "committed, no reply", [])


def test_a_lost_acknowledged_command_is_noticed(tmp_path: Path) -> None:
    ref = reference(LONGEST)
    line = _first_change(ref, 20)
    _, trial = _examine(ref, _killed(ref, line, last_replied=True), _database(tmp_path, line))
    assert trial.recovered == trial.acknowledged - 1
    assert any("acknowledged command(s) not in the log" in p for p in trial.problems)


def test_a_stale_snapshot_is_noticed(tmp_path: Path) -> None:
    ref = reference(LONGEST)
    line = _first_change(ref, 20)
    stale = read_database(_database(tmp_path / "stale", line))
    assert stale is not None and stale.game is not None
    path = _database(tmp_path / "game", line + 1)
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE games SET state = ?", (stale.game.state,))
    _, trial = _examine(ref, _killed(ref, line, last_replied=True), path)
    assert "the stored snapshot differs from the state rebuilt from the log" in trial.problems


def test_a_half_created_game_is_noticed(tmp_path: Path) -> None:
    ref = reference(LONGEST)
    path = _database(tmp_path, 1)
    with sqlite3.connect(path) as conn:  # as if the bot died between two commits
        conn.execute("DELETE FROM seats")
        conn.execute("DELETE FROM events WHERE seq > 1")
        conn.execute("UPDATE games SET version = 1")
    _, trial = _examine(ref, _killed(ref, 0, last_replied=False), path)
    assert any("neither 0 (not applied) nor 2 (applied)" in p for p in trial.problems)


def test_replies_are_held_to_the_uninterrupted_games(tmp_path: Path) -> None:
    ref = reference(LONGEST)
    line = _first_change(ref, 20)
    path = _database(tmp_path, line + 1)
    process = _killed(ref, line, last_replied=True)
    cut = process.echoes[-1].replies
    cut[-1] = cut[-1][:7]  # the kill came in the middle of a line
    _, trial = _examine(ref, process, path)
    assert (trial.cut_off, trial.problems) == ("committed, reply cut short", [])
    process.echoes[3].replies.append("[channel] something the game never said")
    _, trial = _examine(ref, process, path)
    assert [p for p in trial.problems if f"line {ref.steps[3].number} " in p]
