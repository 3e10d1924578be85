"""Measuring what one hostile input costs: CPU seconds and peak allocation."""

from __future__ import annotations

import time
import tracemalloc
from collections.abc import Callable


def measured(
    action: Callable[[], object], traced: Callable[[], object] | None = None
) -> tuple[float, int]:
    """CPU seconds of ``action``; then the peak allocation of ``traced`` (by default the
    same action again) in a second run under tracemalloc."""
    start = time.process_time()
    action()
    cpu = time.process_time() - start
    tracemalloc.start()
    try:
        (traced or action)()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return cpu, peak
