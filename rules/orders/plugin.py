"""The order-tile game as the product finds it: the system, built with any extra packs."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rules.core.plugin import SystemPlugin
from rules.orders.content.loading import PACKS
from rules.orders.system import OrdersSystem


def build(extra_packs: Sequence[Path]) -> OrdersSystem:
    return OrdersSystem(PACKS.load(extra_packs))


PLUGIN = SystemPlugin(id=OrdersSystem.id, name=OrdersSystem.name, build=build, packs=PACKS)
