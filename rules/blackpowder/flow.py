"""The black-powder flow: the core step-by-step decider with the content catalog."""

from __future__ import annotations

from rules.blackpowder.content.catalog import Catalog
from rules.blackpowder.fold import evolve
from rules.blackpowder.state import BPState
from rules.core.flow import Flow as CoreFlow
from rules.core.roller import Roller


class Flow(CoreFlow[BPState]):
    def __init__(self, state: BPState, roller: Roller, catalog: Catalog) -> None:
        super().__init__(state, roller, evolve)
        self.catalog = catalog
