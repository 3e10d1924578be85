"""Which game systems exist: found through entry points, built once, looked up by id."""

from __future__ import annotations

from collections.abc import Sequence
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from rules.core.plugin import SystemPlugin
from rules.core.system import GameSystem

ENTRY_POINT_GROUP = "umpire.systems"

_SYSTEMS: dict[str, GameSystem[Any]] = {}
_PLUGINS: dict[str, SystemPlugin] = {}


class UnknownSystem(LookupError):
    """No game system with that id is registered."""


class BadPlugin(TypeError):
    """An ``umpire.systems`` entry point that does not lead to a :class:`SystemPlugin`."""


def discover() -> list[SystemPlugin]:
    """Every system installed in this environment, by id."""
    found: dict[str, SystemPlugin] = {}
    for point in entry_points(group=ENTRY_POINT_GROUP):
        plugin = point.load()
        if not isinstance(plugin, SystemPlugin):
            raise BadPlugin(f"entry point {point.name} = {point.value} is not a SystemPlugin")
        if plugin.id != point.name:
            raise BadPlugin(f"entry point {point.name} declares the system '{plugin.id}'")
        found[plugin.id] = plugin
    return [found[key] for key in sorted(found)]


def install(plugin: SystemPlugin, extra_packs: Sequence[Path] = ()) -> GameSystem[Any]:
    """Build ``plugin``'s system with any extra pack folders and register it."""
    system = plugin.build(extra_packs)
    if system.id != plugin.id:
        raise BadPlugin(f"plugin '{plugin.id}' built the system '{system.id}'")
    _PLUGINS[plugin.id] = plugin
    return register(system)


def register(system: GameSystem[Any]) -> GameSystem[Any]:
    """Make ``system`` available under its id (registering twice replaces it)."""
    _SYSTEMS[system.id] = system
    return system


def unregister(system_id: str) -> None:
    _SYSTEMS.pop(system_id, None)
    _PLUGINS.pop(system_id, None)


def get_system(system_id: str) -> GameSystem[Any]:
    try:
        return _SYSTEMS[system_id]
    except KeyError:
        known = ", ".join(sorted(_SYSTEMS)) or "none"
        raise UnknownSystem(f"No game system '{system_id}'. Available: {known}.") from None


def plugin_of(system_id: str) -> SystemPlugin | None:
    """The declaration a registered system was installed from (None if registered by hand)."""
    return _PLUGINS.get(system_id)


def available_systems(*, unlisted: bool = True) -> list[GameSystem[Any]]:
    """Registered systems by id; ``unlisted=False`` leaves out those not offered to players."""
    systems = [_SYSTEMS[key] for key in sorted(_SYSTEMS)]
    if unlisted:
        return systems
    return [s for s in systems if (p := _PLUGINS.get(s.id)) is None or p.listed]
