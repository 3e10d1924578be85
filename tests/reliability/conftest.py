"""Crash trials: the long run only when asked for, and the figures of every run at the end."""

from __future__ import annotations

import pytest

_summaries: list[str] = []


@pytest.fixture
def crash_summaries() -> list[str]:
    """Lines for the end of the test session's report."""
    return _summaries


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked ``reliability`` run only when a ``-m`` expression names them, as
    ``make reliability`` does with ``-m reliability``; plain ``pytest`` leaves them out."""
    if "reliability" in config.getoption("markexpr"):
        return
    long = [item for item in items if item.get_closest_marker("reliability")]
    if long:
        config.hook.pytest_deselected(items=long)
        items[:] = [item for item in items if not item.get_closest_marker("reliability")]


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if _summaries:
        terminalreporter.write_sep("-", "crash trials")
        for line in _summaries:
            terminalreporter.write_line(line)
