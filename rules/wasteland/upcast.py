"""Event forms written by earlier releases, brought up to date as a log is read.

Logs are never rewritten: a game saved under older rules is rebuilt from its log through
:func:`upcast` when it is loaded.

* Rules version 2 and earlier marked a whole unit as moved; Heavy weapons are now judged
  per model, so a unit saved as moved counts every one of its models as moved, exactly as
  it was judged then.
"""

from __future__ import annotations

from typing import Any

UNIT_EVENTS = ("wt_units", "wt_revealed")


def upcast(data: dict[str, Any]) -> dict[str, Any]:
    if data.get("type") in UNIT_EVENTS:
        units = data.get("units")
        if isinstance(units, list) and any(_needs_models(u) for u in units):
            return {**data, "units": [_moved_models(u) for u in units]}
    return data


def _needs_models(unit: Any) -> bool:
    return isinstance(unit, dict) and bool(unit.get("moved")) and "moved_models" not in unit


def _moved_models(unit: Any) -> Any:
    if not _needs_models(unit):
        return unit
    ids = [m.get("id") for m in unit.get("models", ()) if isinstance(m, dict)]
    return {**unit, "moved_models": ids}
