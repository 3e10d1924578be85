"""Two real bot processes play one game on PostgreSQL; one of them is killed with SIGKILL
at random moments, some while its write waits on the server, and nothing it confirmed is
lost (see pg_crash_harness.py for what each trial checks).

Plain ``pytest`` runs three kills in one game, one of each way, each after the process
the last one killed was started again; ``make reliability`` runs ``UMPIRE_CRASH_TRIALS``
(50 by default) over every system's game. ``UMPIRE_CRASH_SEED`` picks other kill points.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import pytest

from tests import figures
from tests.postgres_server import Server
from tests.reliability.crash_harness import SCENARIOS, Scenario, script_lines
from tests.reliability.pg_crash_harness import HOW, run_pair_trials

QUICK_TRIALS = 3
QUICK_LINES = 50  # the quick game: the shortest script with at least this many lines


def _trials(
    count: int,
    scenarios: Sequence[Scenario],
    server: Server,
    folder: Path,
    summaries: list[str],
) -> None:
    made: list[str] = []

    def new_database() -> str:
        made.append(server.new_database())
        return made[-1]

    seed = int(os.environ.get("UMPIRE_CRASH_SEED", "1"))
    try:
        report = run_pair_trials(count, seed, folder, new_database, scenarios)
    finally:
        for url in made:
            server.drop_database(url)
    summaries.append(report.summary())
    trials = report.trials
    figures.add(
        "crash on PostgreSQL",
        trials=len(trials),
        survived=sum(1 for t in trials if not t.problems),
        acknowledged=sum(t.acknowledged for t in trials),
        recovered=sum(t.recovered for t in trials),
    )
    assert report.ok, f"{report.summary()}\n{report.failures()}"
    assert len(trials) == count and not sum(run.missed for run in report.runs)
    # the ways of killing were taken in turn, and every write to be held was held
    ways = Counter(kill.how for run in report.runs for kill in run.kills)
    assert ways == Counter(HOW[number % len(HOW)] for number in range(count))
    assert sum(len(run.held) for run in report.runs) == ways["held"]


def test_a_few_kills_of_one_of_two_processes_lose_nothing(
    postgres_server: Server, tmp_path: Path, crash_summaries: list[str]
) -> None:
    quick = min(
        (s for s in SCENARIOS if len(script_lines(s)) >= QUICK_LINES),
        key=lambda s: len(script_lines(s)),
    )
    _trials(QUICK_TRIALS, [quick], postgres_server, tmp_path, crash_summaries)


@pytest.mark.reliability
def test_many_kills_of_one_of_two_processes_lose_nothing(
    postgres_server: Server, tmp_path: Path, crash_summaries: list[str]
) -> None:
    count = int(os.environ.get("UMPIRE_CRASH_TRIALS", "50"))
    _trials(count, SCENARIOS, postgres_server, tmp_path, crash_summaries)
