"""The PostgreSQL crash trials' own checks notice what they exist to notice: a game
copied to PostgreSQL as the uninterrupted game left it at some line passes, and a log
with a gap or an acknowledged command missing does not; the plan of kills takes the ways
of killing in turn and holds only writes that happen."""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from pathlib import Path

import psycopg

from bot.store_copy import copy_store
from tests.reliability.crash_harness import (
    SCENARIOS,
    Echo,
    Entry,
    Reference,
    Trial,
    play_in_process,
    reference,
    script_lines,
)
from tests.reliability.pg_crash_harness import (
    HOW,
    examine_idle,
    owners_of,
    pair_plan,
    plan_pair_kills,
    read_postgres,
    start_line,
)

# the longest generated script: room for a change of game well into it
LONGEST = max(SCENARIOS, key=lambda s: len(script_lines(s)))


def _on_postgres(url: str, folder: Path, lines: int) -> None:
    """The uninterrupted game after ``lines`` command lines, copied to ``url``."""
    path = folder / "game.db"
    asyncio.run(play_in_process(LONGEST, path, lines))
    asyncio.run(copy_store(str(path), url))


def _answered(ref: Reference, through: int) -> list[Echo]:
    return [Echo(Entry(s.text, i), list(s.replies)) for i, s in enumerate(ref.steps)][: through + 1]


def _line_after_change(ref: Reference) -> int:
    return next(i for i in range(20, len(ref.steps)) if ref.changes(i))


def test_a_game_where_the_answers_left_it_passes(postgres_url: str, tmp_path: Path) -> None:
    ref = reference(LONGEST)
    line = _line_after_change(ref)
    _on_postgres(postgres_url, tmp_path, line + 1)
    trial = Trial(LONGEST.name, 0, 1, "test")
    assert examine_idle(ref, _answered(ref, line), read_postgres(postgres_url), trial) == line + 1
    assert trial.problems == [] and trial.acknowledged == trial.recovered > 0


def test_a_lost_answer_and_a_gap_are_noticed(postgres_url: str, tmp_path: Path) -> None:
    ref = reference(LONGEST)
    line = _line_after_change(ref)
    _on_postgres(postgres_url, tmp_path, line)  # the last answered command never saved
    trial = Trial(LONGEST.name, 0, 1, "test")
    examine_idle(ref, _answered(ref, line), read_postgres(postgres_url), trial)
    assert trial.recovered == trial.acknowledged - 1
    assert any("acknowledged command(s) not in the log" in p for p in trial.problems)
    with psycopg.connect(postgres_url) as conn:  # a record lost from the middle
        conn.execute("DELETE FROM events WHERE seq = 3")
    view = read_postgres(postgres_url)
    assert view.integrity.startswith("game ") and "has " in view.integrity
    trial = Trial(LONGEST.name, 0, 1, "test")
    examine_idle(ref, _answered(ref, line - 1), view, trial)
    assert any(p.startswith("integrity check: game ") for p in trial.problems)


def test_kills_come_each_way_in_turn_and_hold_only_writes() -> None:
    plan = pair_plan(7)
    assert sum(len(hows) for _, _, hows in plan) == 7
    assert Counter(how for _, _, hows in plan for how in hows) == Counter(
        HOW[n % len(HOW)] for n in range(7)
    )
    ref = reference(LONGEST)
    rng = random.Random(3)
    owners = owners_of(ref, rng)
    assert set(owners[: start_line(ref) + 1]) == {0} and set(owners) == {0, 1}
    kills = plan_pair_kills(ref, owners, rng, HOW * 5)
    assert len(kills) == 15
    for at, kill in kills.items():
        assert start_line(ref) < at < len(ref.steps) - 2
        assert kill.how != "held" or ref.changes(at)
        assert kill.how == "idle" or kill.victim == owners[at]
