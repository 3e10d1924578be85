"""The side-by-side timing of /roll against d20 runs every expression through both
rollers, and says it was skipped where d20 is not installed (make test never needs it)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from types import ModuleType

import pytest

from bench import roll_vs_d20

ROOT = Path(__file__).resolve().parents[2]


def test_every_expression_is_timed_on_both() -> None:
    rolled: list[str] = []
    fake = ModuleType("d20")
    fake.roll = rolled.append  # type: ignore[attr-defined]
    timings = roll_vs_d20.compare(fake, samples=5)
    assert list(timings) == [ours for ours, _ in roll_vs_d20.EXPRESSIONS]
    assert set(rolled) == {theirs for _, theirs in roll_vs_d20.EXPRESSIONS}
    assert all(mine > 0 and other > 0 for mine, other in timings.values())


def test_without_d20_the_comparison_is_skipped(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(roll_vs_d20, "load_d20", lambda: None)
    assert roll_vs_d20.roll_vs_d20_figure() is None
    assert "skipped" in capsys.readouterr().out


def test_make_bench_installs_d20_apart_from_the_shared_environment() -> None:
    """``make bench`` puts d20 in ``.bench-packages``, on the benchmark's path alone:
    never into ``.venv``, which the tests and the bot run from."""
    make = shutil.which("make")
    if make is None:
        pytest.skip("make is not installed")
    planned = subprocess.run(
        [make, "-n", "-B", "--no-print-directory", "bench"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout
    installs = [line for line in planned.splitlines() if "pip install" in line]
    bench_installs = [line for line in installs if "--target .bench-packages" in line]
    assert bench_installs, planned
    assert not [line for line in installs if "bench]" in line], installs
    assert "PYTHONPATH=.bench-packages .venv/bin/python -m bench" in planned.splitlines()
