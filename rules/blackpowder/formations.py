"""Forming up (readings 20 and 60): a unit of two or more models takes one of four
formations around its centre as an action of its own. Each model goes at most the unit's
allowance, with the terrain its path touches counted as for a move (reading 10).

* ``close`` (units with the *close formation* special rule only): bases in contact, one
  rank of up to eight models, two ranks beyond that; it adds +2 to the unit's reaction
  tests and its fire is "fire of a formed unit" (the -1 on the target's test);
* ``open``: the block units deploy in, half an inch between bases;
* ``loose``: the same block with an inch and a half between bases, so every model stands
  more than 1" from the others and shots at it take the -1 of a loose target (reading 20
  reads a loose formation from the spacing at the moment of the shot);
* ``column``: one model behind another, half an inch apart, the column's line through the
  unit's centre: it takes the road bonus of a column (+4") when it moves along a road.

The front faces the enemy's table edge, or the point the player names (``towards x,y``).
"""

from __future__ import annotations

import math

from rules.blackpowder import rules_cited as rule
from rules.blackpowder.acting import end_action, steady_actor
from rules.blackpowder.actions import Form
from rules.blackpowder.board import geo_unit
from rules.blackpowder.events import Formed
from rules.blackpowder.flow import Flow
from rules.blackpowder.landing import found_in_the_way
from rules.blackpowder.lookout import look_out
from rules.blackpowder.moving import Route, checked
from rules.blackpowder.phrasebook import say
from rules.blackpowder.rules_cited import cited
from rules.blackpowder.setup import SPACING
from rules.blackpowder.state import BPState, BPUnit, Formation, Point
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.core.visibility import PUBLIC, only
from rules.geometry.formations import centroid, offsets
from rules.geometry.pieces import Unit
from rules.geometry.units import PER_INCH

RANK = 8
"""The most models a close formation puts in one rank; more stand in two."""
GAPS: dict[Formation, int] = {
    "close": 0,
    "open": SPACING,
    "loose": PER_INCH + PER_INCH // 2,
    "column": SPACING,
}
"""Hundredths between neighbouring bases in each formation."""


def facing(state: BPState, unit: BPUnit, towards: Point | None) -> tuple[float, float]:
    """Towards the named point, else towards the enemy's table edge (the first seat's
    edge is the bottom one, reading 31)."""
    if towards is not None:
        cx, cy = centroid(geo_unit(state, unit).models)
        dx, dy = towards[0] - cx, towards[1] - cy
        if dx or dy:
            return dx, dy
    return (0.0, -1.0) if unit.seat == state.seats[0] else (0.0, 1.0)


def _spots(
    formation: Formation, count: int, radius: int, ahead: tuple[float, float]
) -> list[Point]:
    """Offsets from the unit's centre for ``count`` bases of ``radius``."""
    gap = GAPS[formation]
    step = 2 * radius + gap
    length = math.hypot(*ahead) or 1.0
    fx, fy = ahead[0] / length, ahead[1] / length
    if formation == "column":
        half = (count - 1) * step / 2
        return [
            (round(x + fx * half), round(y + fy * half))
            for x, y in offsets("column", count, radius, gap, ahead)
        ]
    if formation == "close":
        if count <= RANK:
            return offsets("line", count, radius, gap, ahead)
        front = math.ceil(count / 2)
        shift = step / 2
        first = offsets("line", front, radius, gap, ahead)
        second = offsets("line", count - front, radius, gap, ahead)
        return [
            *((round(x + fx * shift), round(y + fy * shift)) for x, y in first),
            *((round(x - fx * shift), round(y - fy * shift)) for x, y in second),
        ]
    return offsets("blob", count, radius, gap, ahead)


def formed(state: BPState, unit: BPUnit, formation: Formation, towards: Point | None) -> Unit:
    """The unit's models in ``formation`` around its centre."""
    before = geo_unit(state, unit)
    cx, cy = centroid(before.models)
    radius = max(m.radius for m in before.models)
    ahead = facing(state, unit, towards)
    spots = _spots(formation, len(before.models), radius, ahead)
    # each model takes the place that lies in the same order across and along the front
    length = math.hypot(*ahead) or 1.0
    fx, fy = ahead[0] / length, ahead[1] / length

    def order(x: float, y: float) -> tuple[int, int]:
        return round(x * -fy + y * fx), round(x * fx + y * fy)

    models = sorted(before.models, key=lambda m: (order(m.x - cx, m.y - cy), m.id))
    places = sorted(spots, key=lambda s: order(*s))
    placed = {m.id: m.at(cx + dx, cy + dy) for m, (dx, dy) in zip(models, places, strict=True)}
    return before.model_copy(update={"models": tuple(placed[m.id] for m in before.models)})


def check_form(
    state: BPState, unit: BPUnit, formation: Formation, towards: Point | None
) -> Route | Rejection:
    """Whether the unit may take ``formation`` now, and where its models would go."""
    if len(unit.models) < 2:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            say("single-model-no-formation", piece=unit.piece),
            cited(rule.FORMATIONS),
        )
    if formation == "close" and not state.profile(unit).has("close-formation"):
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            say("cannot-form-close", piece=unit.piece),
            cited(rule.FORMATIONS),
        )
    return checked(state, unit, formed(state, unit, formation, towards))


def form(flow: Flow, seat: str, action: Form) -> Rejection | None:
    unit = steady_actor(flow, seat, action.unit)
    if isinstance(unit, Rejection):
        return unit
    before = flow.state
    found = check_form(before, unit, action.formation, action.towards)
    if isinstance(found, Rejection):
        return found
    piece = unit.piece
    look_out(flow, unit)
    # what the unit spotted as it started may stand where its models were to go
    found = check_form(flow.state, flow.state.unit(unit.id), action.formation, action.towards)
    ends = None if isinstance(found, Rejection) else found.after.models
    if found_in_the_way(flow, before, piece, unit.seat, ends):
        return None
    assert not isinstance(found, Rejection)
    flow.emit(
        Formed(
            unit=unit.id,
            formation=action.formation,
            positions=tuple(m.centre for m in found.after.models),
            distance=found.distance,
            visibility=only(unit.seat) if unit.hidden else PUBLIC,
        )
    )
    end_action(flow, piece)
    return None
