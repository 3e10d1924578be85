"""The demo race as the product finds it: unlisted, so only tests and ``local --demo`` see it."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rules.core.plugin import SystemPlugin
from rules.demo.system import DemoSystem


def build(extra_packs: Sequence[Path]) -> DemoSystem:
    return DemoSystem()


PLUGIN = SystemPlugin(id=DemoSystem.id, name=DemoSystem.name, build=build, listed=False)
