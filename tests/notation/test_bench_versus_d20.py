"""The side-by-side timing of /roll against d20 runs every expression through both
rollers, and says it was skipped where d20 is not installed (make test never needs it)."""

from __future__ import annotations

from types import ModuleType

import pytest

from bench import roll_vs_d20


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
