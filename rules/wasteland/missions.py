"""The ten missions (004 Step 2): deployment zones, objectives, Interact results, scoring
and victory.

Zones: the first seat deploys along the top long edge, the second along the bottom; a
third and fourth seat (missions without a defender) take the short edges. In a mission with
a defender the attackers share the zone opposite the defender's (Ambush and Hold have zones
of their own). Objective pieces and markers are placed by Umpire where the mission says;
Rescue counters are placed evenly outside every zone and numbered face down by the referee's
dice. A controlled captive (Rescue) moves with the controlling unit that escorts it.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

from shapely import LineString, Polygon, box
from shapely.geometry import Point as ShapelyPoint

from rules.core.events import GameEnded
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.geometry import formations
from rules.geometry.pieces import Area, Height, Model, Table, Terrain, Unit
from rules.geometry.units import PER_INCH, inches, show
from rules.wasteland import table as tb
from rules.wasteland.actions import Interact
from rules.wasteland.checks import will_roll
from rules.wasteland.effects import put
from rules.wasteland.events import (
    ActivationChanged,
    ObjectivesChanged,
    ScoresChanged,
    SeatOut,
    TableSet,
)
from rules.wasteland.facts.battle import (
    CaptiveEscorted,
    CounterTurned,
    Escaped,
    Evacuated,
    Interacted,
    NothingScored,
    ObjectiveProgress,
    SalvageSecured,
    SeatScored,
)
from rules.wasteland.flow import Flow
from rules.wasteland.profiles import profile_in_play
from rules.wasteland.seats import seat_label
from rules.wasteland.state import Objective, WastelandState, WUnit, Zone

ZONE_DEPTH = 10 * PER_INCH
CONTACT = 50  # half an inch: how close a base must be to an objective to count as touching


@dataclass(frozen=True)
class Mission:
    number: int
    id: str
    name: str
    defender: bool
    timed: bool  # the defender (or nobody) wins when the rounds run out


MISSIONS: dict[str, Mission] = {
    m.id: m
    for m in (
        Mission(1, "ambush", "Ambush", True, True),
        Mission(2, "blitz", "Blitz", True, False),
        Mission(3, "landing_zone", "Clear the Landing Zone", True, True),
        Mission(4, "critical_objective", "Critical Objective", False, False),
        Mission(5, "salvage", "Salvage", False, False),
        Mission(6, "evacuation", "Evacuation", True, False),
        Mission(7, "hold", "Hold at All Costs", True, True),
        Mission(8, "rescue", "Rescue/Capture", False, False),
        Mission(9, "reinforcements", "Summon Reinforcements", False, False),
        Mission(10, "annihilation", "Total Annihilation", False, False),
    )
}
BY_NUMBER = {m.number: m for m in MISSIONS.values()}


def _points(polygon: Polygon) -> tuple[tuple[int, int], ...]:
    coords = list(polygon.exterior.coords)[:-1]
    return tuple((round(x), round(y)) for x, y in coords)


def _largest(shape: object) -> Polygon:
    if isinstance(shape, Polygon):
        return shape
    parts: list[Polygon] = list(getattr(shape, "geoms", []))
    return max(parts, key=lambda p: float(p.area))


def strips(seats: tuple[str, ...], w: int, d: int) -> list[Zone]:
    shapes = [
        box(0, 0, w, ZONE_DEPTH),
        box(0, d - ZONE_DEPTH, w, d),
        box(0, ZONE_DEPTH, ZONE_DEPTH, d - ZONE_DEPTH),
        box(w - ZONE_DEPTH, ZONE_DEPTH, w, d - ZONE_DEPTH),
    ]
    return [Zone(seat=s, points=_points(shapes[i])) for i, s in enumerate(seats)]


def zones_for(
    mission: str, seats: tuple[str, ...], defender: str | None, table: Table
) -> tuple[Zone, ...]:
    w, d = table.width, table.depth
    if defender is None:
        return tuple(strips(seats, w, d))
    attackers = [s for s in seats if s != defender]
    if mission == "ambush":
        corridor = LineString([(w / 2, d / 2), (0, 0)]).buffer(5 * PER_INCH, cap_style="flat")
        strip = corridor.intersection(box(0, 0, w, d))
        rest = box(0, 0, w, d).difference(strip.buffer(25 * PER_INCH))
        return (
            Zone(seat=defender, points=_points(_largest(strip))),
            *(Zone(seat=s, points=_points(_largest(rest))) for s in attackers),
        )
    if mission == "hold":
        circle = ShapelyPoint(w / 2, d / 2).buffer(inches(12.5), quad_segs=8)
        outer = [box(0, 0, w, ZONE_DEPTH), box(0, d - ZONE_DEPTH, w, d)]
        return (
            Zone(seat=defender, points=_points(circle)),
            *(Zone(seat=s, points=_points(outer[i % 2])) for i, s in enumerate(attackers)),
        )
    top, bottom = box(0, 0, w, ZONE_DEPTH), box(0, d - ZONE_DEPTH, w, d)
    return (
        Zone(seat=defender, points=_points(top)),
        *(Zone(seat=s, points=_points(bottom)) for s in attackers),
    )


def _piece(oid: str, name: str, x: int, y: int, size: float) -> Objective:
    half = inches(size) // 2
    square = (
        (x - half, y - half),
        (x + half, y - half),
        (x + half, y + half),
        (x - half, y + half),
    )
    return Objective(id=oid, name=name, x=x, y=y, radius=half, points=square)


def objectives_for(
    mission: str,
    seats: tuple[str, ...],
    defender: str | None,
    table: Table,
    zones: tuple[Zone, ...],
) -> tuple[Objective, ...]:
    w, d = table.width, table.depth
    cx, cy = w // 2, d // 2
    if mission == "landing_zone":
        return tuple(
            _piece(f"o{i + 1}", f"Obstacle {i + 1}", w * (i + 1) // 4, cy, 4) for i in range(3)
        )
    if mission in ("critical_objective", "hold"):
        return (_piece("o1", "The objective", cx, cy, 5),)
    if mission == "salvage":
        spots = [
            (cx, cy),
            (w // 4, cy - inches(8)),
            (3 * w // 4, cy - inches(8)),
            (w // 4, cy + inches(8)),
            (3 * w // 4, cy + inches(8)),
        ]
        return tuple(
            Objective(id=f"o{i + 1}", name=f"Salvage {i + 1}", x=x, y=y)
            for i, (x, y) in enumerate(spots)
        )
    if mission == "evacuation":
        assert defender is not None
        attacker_zone = next(z for z in zones if z.seat != defender)
        ys = [p[1] for p in attacker_zone.points]
        y = min(ys) - inches(3) if min(ys) > cy else max(ys) + inches(3)
        return (_piece("o1", "Evacuation point", cx, y, 5),)
    if mission == "rescue":
        spots = []
        for row, y in enumerate((cy - inches(9), cy, cy + inches(9))):
            count = 4 if row != 1 else 2
            for i in range(count):
                x = (
                    w * (2 * i + 1) // (2 * count)
                    if row != 1
                    else (w // 3 if i == 0 else 2 * w // 3)
                )
                spots.append((x, y))
        spots = spots[:10]
        return tuple(
            Objective(id=f"c{i + 1}", name=f"Counter {i + 1}", x=x, y=y)
            for i, (x, y) in enumerate(spots)
        )
    if mission == "reinforcements":
        found = []
        for i, _seat in enumerate(seats):
            angle = math.pi / 2 + 2 * math.pi * i / len(seats)
            x = cx + round(math.cos(angle) * inches(10))
            y = cy - round(math.sin(angle) * inches(10))
            found.append(
                _piece(f"o{i + 1}", f"Comms {i + 1}", x, y, 3).model_copy(update={"holder": None})
            )
        return tuple(found)
    return ()


def objective_areas(objectives: tuple[Objective, ...]) -> tuple[Area, ...]:
    """Objective pieces stand on the table as low cover."""
    return tuple(
        Area(id=f"obj-{o.id}", points=o.points, classes=(Terrain.COVER,), height=Height.LOW)
        for o in objectives
        if o.points
    )


def clear_for(table: Table, objectives: tuple[Objective, ...]) -> Table:
    """The table without areas under objective pieces and markers (plus an inch around)."""
    keep = []
    footprints = [
        (Polygon(o.points) if o.points else ShapelyPoint(o.x, o.y).buffer(o.radius)).buffer(
            PER_INCH
        )
        for o in objectives
    ]
    for area in table.areas:
        if any(area.polygon.intersects(f) for f in footprints):
            continue
        keep.append(area)
    return table.model_copy(update={"areas": (*keep, *objective_areas(objectives))})


# -- scoring --------------------------------------------------------------------------------
def scoring(state: WastelandState, unit: WUnit) -> bool:
    """Scoring units: no Suppression markers; beyond patrols only Troops and Spearhead."""
    if not unit.on_table or unit.markers > 0 or unit.building is not None:
        return False
    if state.options.size == "patrol":
        return True
    return profile_in_play(state, unit).type in ("troops", "spearhead")


def touching(state: WastelandState, unit: WUnit, objective: Objective) -> bool:
    shape = (
        Polygon(objective.points)
        if objective.points
        else ShapelyPoint(objective.x, objective.y).buffer(objective.radius)
    )
    r = tb.radius(profile_in_play(state, unit))
    return any(shape.distance(ShapelyPoint(m.x, m.y)) <= r + CONTACT for m in unit.living)


def zone_of(state: WastelandState, seat: str) -> Polygon | None:
    for zone in state.zones:
        if zone.seat == seat:
            return Polygon(zone.points)
    return None


def interact(flow: Flow, seat: str, action: Interact) -> Rejection | None:
    """Interact (004): slow and steady makes the second Interact succeed; go for broke is a
    Will roll. What a success does depends on the mission."""
    state = flow.state
    active = state.active
    assert active is not None
    unit = state.units[active.unit]
    objective = next(
        (o for o in state.objectives if o.id == action.objective and not o.removed), None
    )
    if objective is None:
        names = ", ".join(o.id for o in state.objectives if not o.removed) or "none in this mission"
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"No objective '{action.objective}' (objectives: {names}).",
            "004 Interact",
        )
    if not scoring(state, unit):
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{unit.id} is not a scoring unit (suppressed, or not Troops/Spearhead).",
            "004 Step 1",
        )
    if not touching(state, unit, objective):
        gap = (
            min(
                ShapelyPoint(m.x, m.y).distance(ShapelyPoint(objective.x, objective.y))
                for m in unit.living
            )
            - objective.radius
            - tb.radius(profile_in_play(state, unit))
        )
        return reject(
            RejectionCode.OUT_OF_RANGE,
            f"{unit.id} is not in base contact with {objective.name} ({show(max(0.0, gap))} away).",
            "004 Interact",
        )
    if state.mission == "rescue" and objective.holder == seat:
        return reject(
            RejectionCode.ALREADY_DONE, "You already control the captive.", "004 Rescue/Capture"
        )
    if action.mode == "steady":
        if active.steady:
            return reject(
                RejectionCode.ALREADY_DONE,
                "Slow and steady is already under way: the next Interact succeeds.",
                "004 Interact",
            )
        flow.emit(ActivationChanged(active=active.model_copy(update={"steady": True})))
        flow.emit(Interacted(unit=unit.id, objective=objective.name, mode="steady_begun"))
        return None
    if active.steady:
        flow.emit(Interacted(unit=unit.id, objective=objective.name, mode="steady_done"))
        succeeded = True
    else:
        check = will_roll(flow, unit, "go for broke")
        flow.emit(Interacted(unit=unit.id, objective=objective.name, mode="broke", check=check))
        succeeded = check.passed
    if succeeded:
        _success(flow, seat, unit, objective, action.against)
    return None


def _success(flow: Flow, seat: str, unit: WUnit, objective: Objective, against: str | None) -> None:
    state = flow.state
    mission = state.mission
    scores = dict(state.scores)
    if mission == "landing_zone":
        delta = -1 if seat == state.defender else 1
        score = max(0, objective.score + delta)
        removed = score >= 3
        _set_objective(flow, objective.model_copy(update={"score": score, "removed": removed}))
        flow.emit(ObjectiveProgress(objective=objective.name, score=score, goal=3, cleared=removed))
        if all(o.removed for o in flow.state.objectives):
            win(flow, _attackers(flow.state), "every obstacle on the landing zone is cleared")
    elif mission == "hold":
        delta = 1 if seat == state.defender else -1
        score = objective.score + delta
        _set_objective(flow, objective.model_copy(update={"score": score}))
        flow.emit(ObjectiveProgress(objective=objective.name, score=score))
        if score <= -1:
            win(flow, _attackers(flow.state), "the objective is destroyed")
    elif mission in ("critical_objective", "reinforcements"):
        goal = 5 if mission == "critical_objective" else 8
        if against is not None and against in scores and against != seat:
            scores[against] = max(0, scores[against] - 2)
            flow.emit(SeatScored(seat=seat, score=scores[against], goal=goal, against=against))
        else:
            scores[seat] = scores.get(seat, 0) + 1
            flow.emit(SeatScored(seat=seat, score=scores[seat], goal=goal))
        flow.emit(ScoresChanged(scores=scores))
        if scores.get(seat, 0) >= goal:
            win(flow, (seat,), f"reached {goal}")
    elif mission == "salvage":
        score = objective.score + 1
        taken = score >= 2
        _set_objective(
            flow,
            objective.model_copy(
                update={"score": score, "removed": taken, "holder": seat if taken else None}
            ),
        )
        if taken:
            count = sum(1 for o in flow.state.objectives if o.holder == seat)
            flow.emit(SalvageSecured(seat=seat, objective=objective.name, count=count))
            if count >= 3:
                win(flow, (seat,), "three salvage markers secured")
        else:
            flow.emit(ObjectiveProgress(objective=objective.name, score=score, goal=2))
    elif mission == "rescue":
        number = state.counter_numbers.get(objective.id)
        if not objective.revealed:
            objective = objective.model_copy(update={"revealed": True, "number": number})
        if number == state.counter_key:
            _set_objective(flow, objective.model_copy(update={"holder": seat}))
            flow.emit(CounterTurned(objective=objective.name, number=number, seat=seat))
        else:
            _set_objective(flow, objective.model_copy(update={"removed": True}))
            flow.emit(CounterTurned(objective=objective.name, number=number))
    else:
        flow.emit(NothingScored())


def _set_objective(flow: Flow, objective: Objective) -> None:
    flow.emit(
        ObjectivesChanged(
            objectives=tuple(
                objective if o.id == objective.id else o for o in flow.state.objectives
            )
        )
    )
    if objective.removed and objective.points:
        table = flow.state.table
        kept = tuple(a for a in table.areas if a.id != f"obj-{objective.id}")
        if len(kept) != len(table.areas):
            flow.emit(TableSet(table=table.model_copy(update={"areas": kept})))


def _attackers(state: WastelandState) -> tuple[str, ...]:
    return tuple(s for s in state.seats if s != state.defender and s not in state.conceded)


def win(flow: Flow, winners: tuple[str, ...], reason: str) -> None:
    if flow.over:
        return
    flow.emit(GameEnded(winners=winners, reason=reason))


def _alive(state: WastelandState, seat: str) -> Iterator[WUnit]:
    """The seat's units left in the battle, found one by one."""
    return (u for u in state.units_of(seat) if not u.gone and u.any_living)


def _stands(state: WastelandState, seat: str) -> bool:
    """Whether the seat has a unit left in the battle: the first one found will do."""
    return next(_alive(state, seat), None) is not None


def check_victory(flow: Flow) -> None:
    """Conditions that can end the game at any moment; a seat whose last unit is gone
    (and the game goes on) is then out of the battle."""
    _victory(flow)
    state = flow.state
    if flow.over or state.phase != "battle":
        return
    for seat in state.seats_in_play():
        if not _stands(state, seat):
            flow.emit(SeatOut(seat=seat, meaning=out_meaning(state, seat)))


def out_meaning(state: WastelandState, seat: str) -> str:
    """What a seat with no units left means for the mission."""
    if state.defender is not None and seat != state.defender:
        return (
            "The other attackers fight on; if they win, the attackers share the victory"
            " and it is among the winners."
        )
    if state.mission in ("annihilation", "evacuation"):
        return "Its points still count when the battle is scored."
    return "It can no longer score, and the battle goes on without it."


def _victory(flow: Flow) -> None:
    state = flow.state
    if flow.over or state.phase != "battle":
        return
    mission = state.mission
    if mission == "ambush" and state.defender:
        units = [u for u in state.units_of(state.defender) if u.status != "deserted"]
        out = sum(1 for u in units if u.status == "evacuated")
        if out * 2 > len(units):
            win(flow, (state.defender,), f"{out} of {len(units)} units evacuated")
            return
        if not _stands(state, state.defender):
            win(flow, _attackers(state), "the ambushed force is gone")
            return
    if (
        mission == "blitz"
        and state.defender
        and not any(
            profile_in_play(state, u).type in ("troops", "spearhead")
            or state.options.size == "patrol"
            for s in _attackers(state)
            for u in _alive(state, s)
        )
    ):
        win(flow, (state.defender,), "no attacking scoring units remain")
        return
    sides = {s for s in state.seats if s not in state.conceded and _stands(state, s)}
    hostile_left = [s for s in sides if any(state.hostile(s, o) for o in sides)]
    if len(sides) >= 1 and not hostile_left and mission not in ("evacuation", "annihilation"):
        win(flow, tuple(sorted(sides)), "no enemy is left standing")
    elif not sides:
        win(flow, (), "no force is left standing")
    elif not hostile_left and mission in ("evacuation", "annihilation"):
        finish_on_points(flow, "no enemy is left standing")


def end_of_round(flow: Flow) -> None:
    """End-of-round scoring: Blitz zone control and Evacuation."""
    state = flow.state
    if state.mission == "blitz" and state.defender:
        zone = zone_of(state, state.defender)
        inside = [
            u
            for s in _attackers(state)
            for u in state.on_table(s)
            if scoring(state, u)
            and zone is not None
            and all(zone.contains(ShapelyPoint(m.x, m.y)) for m in u.living)
        ]
        if len(inside) >= 3:
            win(flow, _attackers(state), "three scoring units hold the defender's zone")
            return
    if state.mission == "evacuation" and state.defender:
        point = next(o for o in state.objectives)
        shape = Polygon(point.points)
        scores = dict(state.scores)
        for unit in state.units_of(state.defender):
            if not unit.on_table:
                continue
            near = sum(
                1 for m in unit.living if shape.distance(ShapelyPoint(m.x, m.y)) <= 5 * PER_INCH
            )
            if near * 2 > len(unit.living):
                value = 3 * unit.cost * len(unit.living) // unit.starting
                scores[state.defender] = scores.get(state.defender, 0) + value
                put(flow, unit.model_copy(update={"status": "evacuated"}))
                flow.emit(Evacuated(unit=unit.id, points=value))
        flow.emit(ScoresChanged(scores=scores))
    check_victory(flow)


def time_up(flow: Flow) -> None:
    """The rounds have run out."""
    state = flow.state
    mission = MISSIONS.get(state.mission)
    if mission is None:
        win(flow, (), "time ran out")
        return
    if state.mission in ("landing_zone", "hold") and state.defender:
        win(flow, (state.defender,), "reinforcements arrived in time")
    elif state.mission == "ambush" and state.defender:
        win(flow, _attackers(state), "the ambushed force failed to escape")
    elif state.mission in ("annihilation", "evacuation"):
        finish_on_points(flow, "time ran out")
    else:
        win(flow, (), "time ran out with the objective unmet: a draw")


def points_scores(state: WastelandState) -> dict[str, int]:
    """Total Annihilation and Evacuation points.

    Total Annihilation (004 Step 2, 10): each enemy unit destroyed is worth its cost, and
    each unit lost subtracts its cost, so a side that only lost units has a negative score.
    Evacuation (004 Step 2, 6): the defender has the points of its evacuated units, each
    attacker the cost of every destroyed defending unit; nobody loses points."""
    scores = {s: 0 for s in state.seats}
    if state.mission == "evacuation" and state.defender:
        scores[state.defender] = state.scores.get(state.defender, 0)
        for unit in state.units_of(state.defender):
            if unit.status == "destroyed":
                for s in _attackers(state):
                    scores[s] += unit.cost
        return scores
    for unit in state.units.values():
        if unit.status != "destroyed" or unit.building is not None:
            continue
        scores[unit.seat] -= unit.cost
        for s in state.seats:
            if state.hostile(s, unit.seat):
                scores[s] += unit.cost
    return scores


def finish_on_points(flow: Flow, reason: str) -> None:
    scores = points_scores(flow.state)
    flow.emit(ScoresChanged(scores=scores))
    best = max(scores.values())
    winners = tuple(s for s, v in scores.items() if v == best and s not in flow.state.conceded)
    shown = ", ".join(f"{seat_label(s)} {v}" for s, v in scores.items())
    if flow.state.mission == "evacuation":
        basis = "evacuated units for the defender, destroyed defenders for the attackers"
    else:
        basis = "enemy units destroyed minus own units lost"
    win(
        flow,
        winners if len(winners) < len(scores) else (),
        f"{reason}; points ({basis}): {shown}",
    )


def escort_captive(flow: Flow, unit_id: str, before: Unit, after: Unit) -> None:
    """Rescue/Capture: a controlled captive in base contact moves with its escort (up to 6")."""
    state = flow.state
    if state.mission != "rescue":
        return
    unit = state.units[unit_id]
    where_it_was = unit.model_copy(update={"models": tb.relocated(unit, before.models)})

    for objective in state.objectives:
        if objective.holder != unit.seat or objective.removed:
            continue
        if not touching(state, where_it_was, objective):
            continue
        bx, by = formations.centroid(before.models)
        ax, ay = formations.centroid(after.models)
        dx, dy = ax - bx, ay - by
        length = math.hypot(dx, dy)
        limit = 6 * PER_INCH
        if length > limit:
            dx, dy = round(dx / length * limit), round(dy / length * limit)
        x = min(max(0, objective.x + dx), state.table.width)
        y = min(max(0, objective.y + dy), state.table.depth)
        moved = objective.model_copy(update={"x": x, "y": y})
        flow.emit(
            ObjectivesChanged(
                objectives=tuple(moved if o.id == moved.id else o for o in state.objectives)
            )
        )
        flow.emit(CaptiveEscorted(unit=unit.id, x=x, y=y))
        zone = zone_of(state, unit.seat)
        edge = (
            x - moved.radius <= 0
            or y - moved.radius <= 0
            or x + moved.radius >= state.table.width
            or y + moved.radius >= state.table.depth
        )
        if zone is not None and edge and zone.buffer(moved.radius + 1).contains(ShapelyPoint(x, y)):
            win(flow, (unit.seat,), "the captive reached home")


def evacuate(flow: Flow, unit_id: str, after: Unit) -> None:
    """Ambush: the defender's units that touch an edge their zone does not touch escape."""
    state = flow.state
    unit = state.units[unit_id]
    if state.mission != "ambush" or unit.seat != state.defender:
        return
    zone = zone_of(state, unit.seat)
    if zone is None:
        return
    w, d = state.table.width, state.table.depth
    minx, miny, maxx, maxy = zone.bounds
    open_edges = [
        name
        for name, touched in (
            ("west", minx <= 0),
            ("north", miny <= 0),
            ("east", maxx >= w),
            ("south", maxy >= d),
        )
        if not touched
    ]

    def on_edge(m: Model) -> str | None:
        x, y, r = m.x, m.y, m.radius
        for name, hit in (
            ("west", x - r <= 1),
            ("north", y - r <= 1),
            ("east", x + r >= w - 1),
            ("south", y + r >= d - 1),
        ):
            if hit and name in open_edges:
                return name
        return None

    if after.models and all(on_edge(m) for m in after.models):
        put(flow, unit.model_copy(update={"status": "evacuated"}))
        flow.emit(Escaped(unit=unit.id))
