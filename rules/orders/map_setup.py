"""The map of a generated scenario, built by the scenario generator's construction."""

from __future__ import annotations

from rules.orders.content.scenarios import GeneratorDef
from rules.orders.flow import Flow
from rules.orders.ground import Ground


def build_ground(
    flow: Flow, generator: GeneratorDef
) -> tuple[Ground, dict[str, int], tuple[str, ...]]:
    raise NotImplementedError  # replaced by the construction once it lands
