"""A black-powder game set up with scripted dice, its events checked to fold into the
state the set-up left."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache

from rules.blackpowder.content.catalog import Catalog
from rules.blackpowder.content.loading import load_catalog
from rules.blackpowder.flow import Flow
from rules.blackpowder.fold import evolve
from rules.blackpowder.options import BlackPowderOptions
from rules.blackpowder.setup import set_up
from rules.blackpowder.state import BPState
from rules.core.core_fold import fold_core
from rules.core.events import DiceRolled, Event
from tests.scripted_dice import ScriptedRoller

SEATS = ("alpha", "bravo")
SPARE_DICE = 200
"""More dice than any set-up draws."""


@cache
def catalog() -> Catalog:
    return load_catalog()


def replay(state: BPState, events: Sequence[Event]) -> BPState:
    for event in events:
        folded = fold_core(state, event)
        state = evolve(state, event) if folded is None else folded
    return state


def deck_size(options: BlackPowderOptions) -> int:
    """How many cards both forces bring (a troop card only for a troop type fielded)."""
    total = 0
    for force_id in (options.first_force, options.second_force):
        force = catalog().forces[force_id]
        own = {u.id: u for u in force.units}
        fielded = {own[u].troop_type for u in force.muster}
        total += sum(
            1 for card in force.deck() if card.troop_type is None or card.troop_type in fielded
        )
    return total


def set_up_game(placing: Sequence[int] = (), **options: object) -> tuple[BPState, list[Event]]:
    """A game set up with every shuffle die a 1 (the deck keeps the forces' card order and
    each side's hidden units stand under its markers in muster order), or with ``placing``
    as the first dice of the secret draws that deal hidden units to their places."""
    chosen = BlackPowderOptions.model_validate(options)
    start = BPState(seats=SEATS, options=chosen)
    roller = ScriptedRoller([*placing, *[1] * SPARE_DICE])
    flow = Flow(start, roller, catalog())
    set_up(flow)
    markers = Counter(m.seat for m in flow.state.markers)
    drawn = deck_size(chosen) - 1 + sum(count - 1 for count in markers.values())
    assert len(roller.rolled) == drawn, "one die a place, for the deck and the markers"
    assert all(d.visibility.scope == "referee" for d in roller.rolled)
    assert [e for e in flow.events if isinstance(e, DiceRolled)] == roller.rolled
    assert replay(start, flow.events) == flow.state
    return flow.state, flow.events
