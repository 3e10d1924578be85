"""The Wasteland flow: the core step-by-step decider with the catalog and a D10 helper."""

from __future__ import annotations

from rules.core.flow import Flow as CoreFlow
from rules.core.roller import Roller
from rules.wasteland.content.catalog import Catalog
from rules.wasteland.fold import evolve
from rules.wasteland.state import WastelandState


class Flow(CoreFlow[WastelandState]):
    def __init__(self, state: WastelandState, roller: Roller, catalog: Catalog) -> None:
        super().__init__(state, roller, evolve)
        self.catalog = catalog
