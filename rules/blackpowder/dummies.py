"""Dummy markers (reading 12): a side that deploys hidden puts down markers that hide no
unit among its own. Nothing public tells a dummy from another marker: it moves with every
card its side plays that lets units act (or on a Command, at the cost of a small unit),
as far as the side's most mobile unit could go over the same ground, and looks out from
where it stands like a unit with no special rules. Its only action is a move. An enemy
unit that spots it (as a marker, -2) finds it out, and it comes off the table."""

from __future__ import annotations

import math
from dataclasses import dataclass

from rules.blackpowder import rules_cited as rule
from rules.blackpowder.board import in_the_way, marker_model
from rules.blackpowder.events import DummyMoved, MarkerMoved
from rules.blackpowder.landing import landing
from rules.blackpowder.moving import enemy_near, shown_allowance, terrain_allowance
from rules.blackpowder.phrasebook import problem, say
from rules.blackpowder.rules_cited import cited
from rules.blackpowder.state import BPState, Marker, Point
from rules.blackpowder.tables.movement import Allowance
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.core.visibility import only
from rules.geometry.moves import moved_to, plan
from rules.geometry.pieces import Unit
from rules.geometry.units import PER_INCH, show


@dataclass(frozen=True)
class DummyRoute:
    """A checked move of a dummy marker."""

    marker: Marker
    to: Point
    distance: int
    allowance: Allowance


def own_dummy(state: BPState, seat: str, piece: str) -> Marker | None:
    """The seat's own dummy marker ``piece`` names, if it is one."""
    marker = state.dummy(piece)
    return marker if marker is not None and marker.seat == seat else None


def counter(marker: Marker) -> Unit:
    """The marker as a piece of one round base, for the geometry."""
    return Unit(id=marker.id, side=marker.seat, models=(marker_model(marker),))


def dummy_route(state: BPState, marker: Marker, to: Point) -> DummyRoute | Rejection:
    """Checks moving the dummy ``marker`` to ``to``: the table's edge and the units on
    show in its way, and the allowance of its side's most mobile unit over that ground."""
    assert state.table is not None
    before = counter(marker)
    after = moved_to(before, *to)
    moved = plan(before, after, state.table, in_the_way(state, marker.id))
    if not moved.ok:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            say("cannot-go-there-marker", piece=marker.id, problem=problem(moved.problems[0])),
            cited(rule.MOVEMENT),
        )
    ending = landing(state, marker.id, marker.seat, (), after.models[0])
    if ending is not None:
        return reject(RejectionCode.ILLEGAL_MOVE, ending, cited(rule.LANDING))
    profiles = tuple(state.profile(u).special_rules for u in state.on_table(marker.seat))
    allowance = terrain_allowance(
        state, marker.id, profiles or ((),), enemy_near(state, marker), moved, column=True
    )
    if isinstance(allowance, Rejection):
        return allowance
    distance = round(math.hypot(to[0] - marker.x, to[1] - marker.y))
    if distance > allowance.inches * PER_INCH:
        shown = shown_allowance(allowance)
        return reject(
            RejectionCode.OUT_OF_RANGE,
            say("too-far", piece=marker.id, allowance=shown, distance=show(distance)),
            cited(rule.MOVEMENT),
        )
    return DummyRoute(marker=marker, to=to, distance=distance, allowance=allowance)


def dummy_move_events(found: DummyRoute) -> list[DummyMoved | MarkerMoved]:
    """Told to the owner, then in public the marker's move, as a hidden unit's would be."""
    marker = found.marker
    return [
        DummyMoved(
            marker=marker.id,
            allowance=found.allowance.inches,
            modifiers=tuple(m.shown() for m in found.allowance.modifiers),
            visibility=only(marker.seat),
        ),
        MarkerMoved(marker=marker.id, at=found.to, distance=found.distance),
    ]
