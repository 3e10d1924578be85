"""The squad-orders game as the product finds it: the system, built with any extra packs."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rules.core.plugin import SystemPlugin
from rules.squad.content.loading import PACKS
from rules.squad.system import SquadSystem


def build(extra_packs: Sequence[Path]) -> SquadSystem:
    return SquadSystem(PACKS.load(extra_packs))


PLUGIN = SystemPlugin(id=SquadSystem.id, name=SquadSystem.name, build=build, packs=PACKS)
