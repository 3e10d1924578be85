"""The black-powder game as the product finds it: the system, built with any extra packs."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rules.blackpowder.content.loading import PACKS
from rules.blackpowder.system import BlackPowderSystem
from rules.core.plugin import SystemPlugin


def build(extra_packs: Sequence[Path]) -> BlackPowderSystem:
    return BlackPowderSystem(PACKS.load(extra_packs))


PLUGIN = SystemPlugin(
    id=BlackPowderSystem.id, name=BlackPowderSystem.name, build=build, packs=PACKS
)
