"""Wasteland Tactics as the product finds it: the system, built with any extra content packs."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rules.core.plugin import SystemPlugin
from rules.wasteland.content.loading import PACKS
from rules.wasteland.system import WastelandSystem


def build(extra_packs: Sequence[Path]) -> WastelandSystem:
    return WastelandSystem(PACKS.load(extra_packs))


PLUGIN = SystemPlugin(id=WastelandSystem.id, name=WastelandSystem.name, build=build, packs=PACKS)
