"""Which game systems exist, by id."""

from __future__ import annotations

from typing import Any

from rules.core.system import GameSystem

_SYSTEMS: dict[str, GameSystem[Any]] = {}


class UnknownSystem(LookupError):
    """No game system with that id is registered."""


def register(system: GameSystem[Any]) -> GameSystem[Any]:
    """Make ``system`` available under its id (registering twice replaces it)."""
    _SYSTEMS[system.id] = system
    return system


def unregister(system_id: str) -> None:
    _SYSTEMS.pop(system_id, None)


def get_system(system_id: str) -> GameSystem[Any]:
    try:
        return _SYSTEMS[system_id]
    except KeyError:
        known = ", ".join(sorted(_SYSTEMS)) or "none"
        raise UnknownSystem(f"No game system '{system_id}'. Available: {known}.") from None


def available_systems() -> list[GameSystem[Any]]:
    return [_SYSTEMS[key] for key in sorted(_SYSTEMS)]
