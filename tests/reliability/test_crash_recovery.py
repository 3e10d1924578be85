"""The real bot process, killed with SIGKILL at random moments, loses nothing it confirmed.

Plain ``pytest`` runs a few trials; ``make reliability`` runs ``UMPIRE_CRASH_TRIALS``
(50 by default). ``UMPIRE_CRASH_SEED`` picks other kill points. See crash_harness.py for
what each trial checks.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests import figures
from tests.reliability.crash_harness import run_trials

QUICK_TRIALS = 3


def _seed() -> int:
    return int(os.environ.get("UMPIRE_CRASH_SEED", "1"))


def _trials(count: int, folder: Path, summaries: list[str]) -> None:
    report = run_trials(count, _seed(), folder)
    summaries.append(report.summary())
    figures.add(
        "crash",
        trials=len(report.trials),
        survived=sum(1 for t in report.trials if not t.problems),
        acknowledged=sum(t.acknowledged for t in report.trials),
        recovered=sum(t.recovered for t in report.trials),
    )
    assert report.ok, f"{report.summary()}\n{report.failures()}"
    missed = sum(run.missed for run in report.runs)
    assert len(report.trials) + missed == count
    assert all(run.finished for run in report.runs)


def test_a_few_kills_lose_nothing(tmp_path: Path, crash_summaries: list[str]) -> None:
    _trials(QUICK_TRIALS, tmp_path, crash_summaries)


@pytest.mark.reliability
def test_many_kills_lose_nothing(tmp_path: Path, crash_summaries: list[str]) -> None:
    _trials(int(os.environ.get("UMPIRE_CRASH_TRIALS", "50")), tmp_path, crash_summaries)
