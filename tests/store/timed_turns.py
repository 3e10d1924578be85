"""The demo's turn prompt with a deadline, for the timer tests (the demo itself has none):
in a race to :data:`TIMED_GOAL` (or in every race, with ``every=True``) the turn prompt
runs out after an hour and is then answered ``end``, as an overwatch chance is declined."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.core.prompts import Prompt
from rules.core.registry import get_system

TIMED_GOAL = 29
MINUTES = 60


def timed(original: Callable[[Any, Any], list[Prompt]], *, every: bool) -> Any:
    def prompts(self: Any, state: Any) -> list[Prompt]:
        found = original(self, state)
        if not every and state.goal != TIMED_GOAL:
            return found
        return [
            p.model_copy(update={"on_timeout": "end", "timeout_minutes": MINUTES})
            if p.key.startswith("turn-")
            else p
            for p in found
        ]

    return prompts


def install(*, every: bool = True, monkeypatch: Any = None) -> None:
    """Give the demo's turn prompt its deadline (undone with the test's ``monkeypatch``)."""
    system = type(get_system("demo"))
    patched = timed(system.prompts, every=every)
    if monkeypatch is not None:
        monkeypatch.setattr(system, "prompts", patched)
    else:
        system.prompts = patched  # type: ignore[method-assign]
