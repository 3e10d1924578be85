"""``/roll`` against Avrae's ``d20`` package on the same expressions, side by side.

Each expression is parsed, rolled and turned into its message by both, as each bot does
for a player: ours through :func:`~rules.notation.roll_expression` on a fresh seeded
stream (``/roll`` takes a new seed per command) and :func:`~rules.notation.format_result`,
theirs through ``str(d20.roll(...))``. Samples alternate between the two so that a busy
machine slows both alike; the figure per expression is the ratio of the medians, and
``roll_vs_d20`` is the worst ratio (below 1.0: ours is faster on every expression).

``d20`` is not a dependency of Umpire: ``make bench`` installs the ``bench`` extra into
``.bench-packages``, apart from ``.venv``, and puts it on the benchmark's path alone (so
the tests and the bot never import it). Where it could not be installed (no package
index) the comparison is skipped and says so.
"""

from __future__ import annotations

import gc
import importlib
import statistics
import time
from collections.abc import Callable
from types import ModuleType

from rules.core.dice import PackedDiceStream, new_seed
from rules.notation import format_result, roll_expression

EXPRESSIONS = (
    ("1d20+5", "1d20+5"),
    ("4d6kh3", "4d6kh3"),
    ("10d10", "10d10"),
    ("8d6+2d4+3", "8d6+2d4+3"),
    ("20d10!", "20d10e10"),
    ("100d10", "100d10"),
    ("1000d6", "1000d6"),
)
"""(ours, d20's spelling): ``20d10!`` and ``20d10e10`` both explode on 10, repeatedly."""

SAMPLES = 400
"""Timed samples per expression and roller, after a warm-up."""


def load_d20() -> ModuleType | None:
    try:
        return importlib.import_module("d20")
    except ImportError:
        return None


def _ours(expression: str) -> Callable[[], object]:
    def run() -> object:
        return format_result(roll_expression(expression, PackedDiceStream(new_seed())))

    return run


def _theirs(d20: ModuleType, expression: str) -> Callable[[], object]:
    def run() -> object:
        return str(d20.roll(expression))

    return run


def _median_us(samples: list[float]) -> float:
    return statistics.median(samples) * 1e6


def compare(d20: ModuleType, samples: int = SAMPLES) -> dict[str, tuple[float, float]]:
    """Per expression: (our median µs, d20's median µs)."""
    timings: dict[str, tuple[float, float]] = {}
    clock = time.perf_counter
    collecting = gc.isenabled()
    try:
        for ours_text, theirs_text in EXPRESSIONS:
            gc.collect()
            gc.disable()  # as timeit does: a collection would land on whichever ran then
            timings[ours_text] = _side_by_side(
                _ours(ours_text), _theirs(d20, theirs_text), samples, clock
            )
    finally:
        if collecting:
            gc.enable()
    return timings


def _side_by_side(
    ours: Callable[[], object],
    theirs: Callable[[], object],
    samples: int,
    clock: Callable[[], float],
) -> tuple[float, float]:
    """Median µs of each, timed in alternation."""
    for _ in range(max(1, samples // 10)):
        ours()
        theirs()
    mine: list[float] = []
    other: list[float] = []
    for _ in range(samples):
        start = clock()
        ours()
        middle = clock()
        theirs()
        end = clock()
        mine.append(middle - start)
        other.append(end - middle)
    return _median_us(mine), _median_us(other)


def roll_vs_d20_figure() -> float | None:
    """Print the side-by-side table; the worst ratio, or ``None`` when d20 is missing."""
    d20 = load_d20()
    if d20 is None:
        print("roll_vs_d20: skipped, the d20 package is not installed (make bench installs it)")
        return None
    timings = compare(d20)
    print(f"{'expression':<14}{'ours µs':>10}{'d20 µs':>10}{'ours/d20':>10}")
    for expression, (mine, other) in timings.items():
        print(f"{expression:<14}{mine:>10.1f}{other:>10.1f}{mine / other:>10.2f}")
    return max(mine / other for mine, other in timings.values())
