"""The squad flow: the core step-by-step decider with the catalog and D10 helpers."""

from __future__ import annotations

from rules.core.flow import Flow as CoreFlow
from rules.core.roller import Roller
from rules.squad.content.catalog import Catalog
from rules.squad.events import Roll
from rules.squad.fold import evolve
from rules.squad.state import SquadState
from rules.squad.tables import succeeds


class Flow(CoreFlow[SquadState]):
    def __init__(self, state: SquadState, roller: Roller, catalog: Catalog) -> None:
        super().__init__(state, roller, evolve)
        self.catalog = catalog

    def check(self, score: int, purpose: str, modifier: int = 0) -> Roll:
        """One D10 against ``score`` with ``modifier`` added to the die."""
        raw = self.dice(1, purpose)[0]
        return Roll(score=score, raw=raw, modifier=modifier, passed=succeeds(raw, score, modifier))
