"""The Tannhäuser flow: the core step-by-step decider carrying the content catalog."""

from __future__ import annotations

from collections.abc import Callable

from rules.core.events import Event
from rules.core.flow import Flow as CoreFlow
from rules.core.roller import Roller
from rules.tannhauser.content.catalog import Catalog
from rules.tannhauser.state import TannhauserState

Evolve = Callable[[TannhauserState, Event], TannhauserState]


class Flow(CoreFlow[TannhauserState]):
    def __init__(
        self, state: TannhauserState, roller: Roller, evolve: Evolve, catalog: Catalog
    ) -> None:
        super().__init__(state, roller, evolve)
        self.catalog = catalog
