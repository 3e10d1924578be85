"""Tannhäuser as the product finds it: the system, built with any extra content packs."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rules.core.plugin import SystemPlugin
from rules.tannhauser.content.loading import PACKS
from rules.tannhauser.system import TannhauserSystem


def build(extra_packs: Sequence[Path]) -> TannhauserSystem:
    return TannhauserSystem(PACKS.load(extra_packs))


PLUGIN = SystemPlugin(id=TannhauserSystem.id, name=TannhauserSystem.name, build=build, packs=PACKS)
