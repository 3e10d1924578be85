"""The scenario of a game (reading 64): the one chosen when the game is set up, its table,
its number of turns, each seat's side and where its units deploy. A game set up before
scenarios existed has none: it is fought on the options' table for the options' turns."""

from __future__ import annotations

from rules.blackpowder.content.scenarios import SideDef, ZoneDef
from rules.blackpowder.events import ScenarioSet
from rules.blackpowder.flow import Flow
from rules.blackpowder.state import BPState, Point
from rules.geometry.units import PER_INCH, inches

EDGE_DEPTH = 4 * PER_INCH
"""Without a zone: how far from its own table edge a unit's centre is set down."""


def choose_scenario(flow: Flow) -> None:
    flow.emit(ScenarioSet(scenario=flow.catalog.scenarios[flow.state.options.scenario]))


def table_id(state: BPState) -> str:
    scenario = state.scenario
    return scenario.table if scenario is not None and scenario.table else state.options.table


def last_turn(state: BPState) -> int:
    scenario = state.scenario
    return scenario.turns if scenario is not None and scenario.turns else state.options.turns


def side(state: BPState, seat: str) -> SideDef | None:
    """The seat's side of the scenario (the first seat's is the scenario's first)."""
    if state.scenario is None:
        return None
    return state.scenario.side(seat == state.seats[0])


def _zone(state: BPState, seat: str) -> tuple[int, int, int, int]:
    """The seat's zone as left, top, right and bottom in hundredths; without a zone of the
    scenario's, a band 8" deep along its own table edge (reading 27)."""
    assert state.table is not None
    own = side(state, seat)
    zone = own.zone if own is not None else None
    if zone is None:
        first = seat == state.seats[0]
        zone = ZoneDef(
            left=0,
            right=state.table.width / PER_INCH,
            top=(state.table.depth - 2 * EDGE_DEPTH) / PER_INCH if first else 0,
            bottom=state.table.depth / PER_INCH if first else 2 * EDGE_DEPTH / PER_INCH,
        )
    left, top, right, bottom = (inches(v) for v in (zone.left, zone.top, zone.right, zone.bottom))
    return left, top, right, bottom


def zone_length(state: BPState, seat: str) -> int:
    """Hundredths: the length of the line the seat's units stand along."""
    left, top, right, bottom = _zone(state, seat)
    return max(right - left, bottom - top)


def along_x(state: BPState, seat: str) -> bool:
    """Whether the seat's units stand in a row across the table (else one above another)."""
    left, top, right, bottom = _zone(state, seat)
    return right - left >= bottom - top


def spots_in(state: BPState, seat: str, count: int) -> list[Point]:
    """Where the seat's ``count`` units are set down: evenly along the middle line of its
    zone, across its longer side; without a zone 4" from its own edge across the table
    (reading 27)."""
    left, top, right, bottom = _zone(state, seat)
    if right - left >= bottom - top:
        y = (top + bottom) // 2
        return [(left + (2 * i + 1) * (right - left) // (2 * count), y) for i in range(count)]
    x = (left + right) // 2
    return [(x, top + (2 * i + 1) * (bottom - top) // (2 * count)) for i in range(count)]


def deploys_hidden(state: BPState, seat: str) -> bool:
    """Every unit of the seat deploys under a marker (an ambush)."""
    own = side(state, seat)
    return own is not None and own.hidden
