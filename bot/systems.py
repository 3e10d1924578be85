"""Installing the game systems this environment has, with the content packs configured."""

from __future__ import annotations

from pathlib import Path

from bot.config import setting
from rules.core.registry import discover, install


def install_systems(*, unlisted: bool = False) -> None:
    """Register every installed game system that is offered to players (and, with
    ``unlisted``, those that exist only for tests and local mode), each with the folder of
    extra content packs its ``UMPIRE_<ID>_PACKS`` setting names."""
    for plugin in discover():
        if not (plugin.listed or unlisted):
            continue
        folder = setting(plugin.pack_setting) if plugin.packs is not None else None
        install(plugin, [Path(folder)] if folder else [])
