"""Crash trials: the figures of every run at the end of the report."""

from __future__ import annotations

import pytest

_summaries: list[str] = []


@pytest.fixture
def crash_summaries() -> list[str]:
    """Lines for the end of the test session's report."""
    return _summaries


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if _summaries:
        terminalreporter.write_sep("-", "crash trials")
        for line in _summaries:
            terminalreporter.write_line(line)
