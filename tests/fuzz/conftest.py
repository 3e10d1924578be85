"""Hostile-input runs: prepared games shared by the whole run and how many cases each
command was tried with."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from tests import figures

from .harness import Driver, prepare_contexts

# every Hypothesis run here is reproducible and writes no example database
QUICK = settings(
    max_examples=4,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
LONG = settings(QUICK, max_examples=300)


def quick(examples: int) -> settings:
    return settings(QUICK, max_examples=examples)


def long(examples: int) -> settings:
    return settings(LONG, max_examples=examples)


CASES: dict[str, int] = {}
SLOWEST: dict[str, tuple[float, str]] = {}


def tally(name: str, cases: int = 1, cpu: float = 0.0, what: str = "") -> None:
    """Count cases tried for ``name`` and keep its slowest one."""
    CASES[name] = CASES.get(name, 0) + cases
    figures.add("fuzz", **{name: cases})
    if cpu > SLOWEST.get(name, (-1.0, ""))[0]:
        SLOWEST[name] = (cpu, what[:160])


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not CASES or "reliability" not in terminalreporter.config.getoption("markexpr"):
        return
    terminalreporter.write_sep("-", "hostile input: cases tried per command")
    for name in sorted(CASES):
        cpu, what = SLOWEST.get(name, (0.0, ""))
        terminalreporter.write_line(
            f"{name:<36} {CASES[name]:>6} cases; slowest {cpu * 1000:7.1f} ms CPU  {what}"
        )
    terminalreporter.write_line(f"{'total':<36} {sum(CASES.values()):>6} cases")


@pytest.fixture(scope="session")
def fuzz_contexts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return prepare_contexts(tmp_path_factory.mktemp("fuzz-contexts"))


@pytest.fixture(scope="session")
def driver(
    fuzz_contexts: dict[str, Path], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Driver]:
    """One bot for the whole run; every command it runs starts from a fresh database."""
    runner = Driver(fuzz_contexts, tmp_path_factory.mktemp("fuzz-work"))
    try:
        yield runner
    finally:
        for name, count in runner.counts.items():
            cpu, what = runner.slowest[name]
            tally(name, count, cpu, what)
        runner.close()
