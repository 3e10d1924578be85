"""The Move Action (004 Move, Transport, terrain): by destination, vector, toward a unit or
objective, or model by model; embarking and disembarking; terrain penalties and dangers.

A move is refused with the measured distance and the reason, for example
``A3.2 needs 7.4", Move is 6" and the ruins cost 2"``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from rules.core.rejection import Rejection, RejectionCode, reject
from rules.geometry import formations, moves
from rules.geometry.measure import CONTACT_SLACK, boxes_near, extent, incoherent
from rules.geometry.pieces import Terrain, Unit
from rules.geometry.units import PER_INCH, inches, show
from rules.wasteland import table as tb
from rules.wasteland.actions import Move
from rules.wasteland.advanced import move_of
from rules.wasteland.buildings import entered, occupation
from rules.wasteland.checks import will_roll
from rules.wasteland.effects import destroy_models, put
from rules.wasteland.events import AreaDangerous, AreaVisited, Measured
from rules.wasteland.facts.units import (
    Boarded,
    BreakAway,
    DangerousTerrain,
    Disembarked,
    GroundTested,
    Moved,
)
from rules.wasteland.flow import Flow
from rules.wasteland.missions import escort_captive, evacuate
from rules.wasteland.profiles import profile_in_play
from rules.wasteland.ruins import vacate_if_empty
from rules.wasteland.shooting import fire_after_move
from rules.wasteland.state import Measure, WastelandState, WUnit

EMBARK_REACH = 3 * PER_INCH


def base_move(state: WastelandState, unit: WUnit) -> int:
    """The unit's Move in hundredths after Exhausted, breakdowns and immobilisation."""
    return inches(move_of(state, unit))


def terrain_penalty(
    state: WastelandState, unit: WUnit, crossed: list[tuple[str, tuple[Terrain, ...]]]
) -> tuple[int, str]:
    """Hundredths lost to terrain on the way and the words for it (worst penalty only)."""
    profile = profile_in_play(state, unit)
    if profile.has("jump") or profile.has("flying"):
        return 0, ""
    muddy = state.condition in ("muddy", "rainy")
    difficult = any(Terrain.DIFFICULT in classes for _, classes in crossed)
    if profile.has("pathfinder"):
        difficult = False
    if muddy:
        if difficult:
            return inches(3), 'difficult ground costs 3" in the mud'
        return inches(2), 'the mud makes all open ground difficult (2")'
    if not difficult:
        return 0, ""
    name = next(area for area, classes in crossed if Terrain.DIFFICULT in classes)
    if profile.has("pathbound"):
        return inches(6), f'{name} bogs it down (Pathbound, 6")'
    return inches(2), f'{name} costs 2"'


def entered_areas(plan: moves.MovePlan) -> list[tuple[str, tuple[Terrain, ...]]]:
    """Areas a moving base goes into, out of or through, judged by its whole footprint
    along the way (004 Difficult Terrain); models that stay put enter nothing."""
    return [
        (area, classes)
        for leg in plan.legs
        if leg.length > 0
        for area, classes, covered in leg.footprint
        if covered > 0
    ]


def _target_point(state: WastelandState, name: str) -> tuple[Unit | None, tuple[int, int] | None]:
    unit = state.units.get(name)
    if unit is not None and unit.on_table:
        return tb.geo(state, unit), None
    for objective in state.objectives:
        if objective.id == name and not objective.removed:
            return None, (objective.x, objective.y)
    return None, None


def planned(state: WastelandState, unit: WUnit, action: Move, reach: int) -> Unit | str:
    """Where the models end, or a reason the order cannot be read."""
    g = tb.geo(state, unit)
    if action.models:
        known = {m.id for m in g.models}
        for mid in action.models:
            if mid not in known:
                return f"{unit.id} has no living model {mid} (models: {', '.join(sorted(known))})."
        return moves.place(g, dict(action.models))
    if action.to is not None:
        if action.formation is not None:
            facing = _facing_vector(action.facing if action.facing is not None else unit.facing)
            return formations.arrange(g, action.formation, action.to, facing=facing)
        return moves.moved_to(g, *action.to)
    if action.by is not None:
        return moves.shifted(g, *action.by)
    if action.toward is not None:
        other, point = _target_point(state, action.toward)
        distance = action.distance if action.distance is not None else reach
        if other is not None:
            return moves.toward(g, other, distance)
        if point is not None:
            cx, cy = formations.centroid(g.models)
            gap = math.hypot(point[0] - cx, point[1] - cy)
            step = min(
                distance,
                max(
                    0.0,
                    gap - _objective_radius(state, action.toward) - max(m.radius for m in g.models),
                ),
            )
            if gap == 0:
                return g
            return moves.shifted(
                g, round((point[0] - cx) / gap * step), round((point[1] - cy) / gap * step)
            )
        return f"No unit or objective '{action.toward}' on the table."
    return (
        "Say where: move to x,y · move by dx,dy · move toward <unit> [inches]"
        " · move <model> to x,y."
    )


def _objective_radius(state: WastelandState, oid: str) -> int:
    return next((o.radius for o in state.objectives if o.id == oid), 0)


def _facing_vector(degrees: int) -> tuple[float, float]:
    rad = math.radians(degrees)
    return math.cos(rad), math.sin(rad)


def move(flow: Flow, seat: str, action: Move) -> Rejection | None:
    state = flow.state
    active = state.active
    assert active is not None
    unit = state.units[active.unit]
    if action.embark is not None:
        return _embark(flow, unit, action.embark)
    if unit.status == "embarked" or action.disembark is not None:
        return _disembark(flow, unit, action)
    profile = profile_in_play(state, unit)
    reach = base_move(state, unit) + unit.push_forward
    if reach <= 0:
        return reject(RejectionCode.ILLEGAL_MOVE, f"{unit.id} cannot move (Move 0).", "004 Move")
    after = planned(state, unit, action, reach)
    if isinstance(after, str):
        return reject(RejectionCode.BAD_ARGUMENT, after, "004 Move")
    before = tb.geo(state, unit)
    others = [bases for uid, bases in tb.grounded(state) if uid != unit.id]
    enemy_ids = {m.id for u in state.enemies(seat) for m in tb.geo(state, u).models}
    trial = _Trial(state, unit, before, others, enemy_ids, reach)
    tried = trial.check(after)
    short = ""
    if action.toward is not None and tried.problem is not None:
        # a move toward something stops short of whatever is in the way, impassable
        # buildings included (004 Move)
        closer = trial.farthest(after)
        if closer is not None:
            short = tried.problem if tried.kind != "far" else ""
            after, tried = closer, trial.check(closer)
    if tried.problem is not None:
        return tried.refusal(unit.id)
    plan, longest, why = tried.plan, tried.longest, tried.why
    if len(after.models) > 1 and incoherent(after.models):
        loose = ", ".join(m.id for m in incoherent(after.models))
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f'{loose} would end more than 2" from the rest of the unit (coherency).',
            "004 Units",
        )
    if flow.trial and not action.fire:
        return None  # nothing from here on refuses a plain move
    if (
        tb.enemy_contacts(state, unit)
        and not profile.big
        and not _vehicle_contact_only(state, unit)
    ):
        check = will_roll(flow, unit, "leave base contact")
        if not check.passed:
            flow.emit(BreakAway(unit=unit.id, check=check))
            return None
        flow.emit(BreakAway(unit=unit.id, check=check))
    _apply(flow, unit, after, action.facing)
    unit = flow.state.units[unit.id]
    travelled = [leg.model for leg in plan.legs if leg.length > 0]
    put(
        flow,
        unit.with_moved(travelled).model_copy(
            update={"move_actions": unit.move_actions + 1, "push_forward": 0}
        ),
    )
    flow.emit(
        Measured(
            measures=tuple(
                Measure(kind="path", start=leg.start, end=leg.end, label=show(leg.length))
                for leg in plan.legs
                if leg.length > 0
            )[:12]
        )
    )
    flow.emit(
        Moved(
            unit=unit.id,
            longest=longest.length,
            terrain=why,
            to=formations.centroid(after.models),
            short=short,
        )
    )
    _hazards(flow, unit.id, plan, longest.length)
    escort_captive(flow, unit.id, before, after)
    evacuate(flow, unit.id, after)
    if action.fire and flow.state.units[unit.id].on_table:
        return fire_after_move(flow, unit.id, action.fire, focus=action.focus)
    return None


@dataclass
class _Tried:
    """One candidate end position checked: its plan, and the first reason it is refused."""

    plan: moves.MovePlan
    longest: moves.Leg
    why: str = ""
    problem: str | None = None
    kind: str = ""  # "building", "terrain", "far" or "contact"
    code: RejectionCode = RejectionCode.ILLEGAL_MOVE
    rule: str = "004 Move"

    def refusal(self, unit_id: str) -> Rejection:
        assert self.problem is not None
        if self.kind == "terrain":
            return reject(self.code, f"{unit_id} cannot move there: {self.problem}.", self.rule)
        return reject(self.code, self.problem, self.rule)


@dataclass
class _Trial:
    """Checks end positions of one unit's Move against the table, the others and its reach."""

    state: WastelandState
    unit: WUnit
    before: Unit
    others: list[Unit]
    enemy_ids: set[str]
    reach: int
    # end positions already judged (a search for where a move stops tries some twice)
    judged: dict[tuple[tuple[int, int], ...], _Tried] = field(default_factory=dict)

    def check(self, after: Unit) -> _Tried:
        key = tuple(m.centre for m in after.models)
        if key not in self.judged:
            self.judged[key] = self._judge(after)
        return self.judged[key]

    def _judge(self, after: Unit) -> _Tried:
        state, unit, before, others = self.state, self.unit, self.before, self.others
        profile = profile_in_play(state, unit)
        flying = profile.has("jump") or profile.has("flying")
        plan = moves.plan(
            before,
            after,
            state.table if not flying else state.table.model_copy(update={"areas": ()}),
            others if not flying else [],
        )
        longest = max(plan.legs, key=lambda leg: (leg.length, leg.model))
        # jumping and flying models still may not end on others or in solid terrain
        problems = moves.plan(after, after, state.table, others).problems if flying else []
        problems = problems or ([] if flying else plan.problems)
        if problems:
            building = entered(state, [m.centre for m in after.models])
            if building is not None:
                return _Tried(
                    plan,
                    longest,
                    problem=f"{unit.id} cannot move into {building.id}: it is impassable;"
                    f" occupy it instead with `move embark {building.id}`.",
                    kind="building",
                    rule="004 Occupying buildings",
                )
            return _Tried(plan, longest, problem=problems[0], kind="terrain")
        penalty, why = terrain_penalty(state, unit, entered_areas(plan))
        if longest.length + penalty > self.reach + 1:
            return _Tried(
                plan,
                longest,
                why,
                problem=self._too_far(longest, penalty, why),
                kind="far",
                code=RejectionCode.OUT_OF_RANGE,
            )
        touching = [other for _, other in plan.contacts if other in self.enemy_ids]
        if touching:
            return _Tried(
                plan,
                longest,
                why,
                problem=f"A Move cannot end in base contact with enemy models ({touching[0]});"
                " use Fight to charge.",
                kind="contact",
            )
        return _Tried(plan, longest, why)

    def _too_far(self, longest: moves.Leg, penalty: int, why: str) -> str:
        """The refusal of a move beyond reach, its figures adding up."""
        state, unit = self.state, self.unit
        need = f"{longest.model} needs {show(longest.length + penalty)}"
        if penalty:
            need += f": {show(longest.length)} of ground, and {why}"
        has = f"Move is {show(base_move(state, unit))}"
        if unit.push_forward:
            has += (
                f" and Push forward adds {show(unit.push_forward)}"
                f" ({show(base_move(state, unit) + unit.push_forward)})"
            )
        return f"{need}{'; ' if penalty else ', '}{has}."

    def farthest(self, after: Unit) -> Unit | None:
        """The furthest point short of ``after`` on the straight way there that is accepted
        (to the hundredth), or None when the unit cannot move toward it at all."""
        start, end = self.before.models[0], after.models[0]
        dx, dy = end.x - start.x, end.y - start.y
        length = math.floor(math.hypot(dx, dy))
        if length <= 0:
            return None

        def at(step: int) -> Unit:
            return moves.shifted(self.before, round(dx * step / length), round(dy * step / length))

        low, high = 0, length  # low is accepted (standing still), high is not
        # most moves toward something stop at the first base they would touch: try just
        # short of it first, and search only when that is not where the way ends
        touch = self._first_touch(dx / length, dy / length, length)
        if touch < length and (touch == 0 or self.check(at(touch)).problem is None):
            low, step = touch, 1  # gallop past the first touch (bases may just touch)
            while low + step < high and self.check(at(low + step)).problem is None:
                low, step = low + step, step * 2
            high = min(high, low + step)
        elif touch < length:
            high = touch
        while high - low > 1:
            middle = (low + high) // 2
            if self.check(at(middle)).problem is None:
                low = middle
            else:
                high = middle
        return at(low) if low > 0 else None

    def _first_touch(self, ux: float, uy: float, length: int) -> int:
        """The last step (of ``length``) along (``ux``, ``uy``) before any of the unit's
        bases would touch an enemy base or overlap a friendly one, or ``length`` if none
        would. Bases already that close at the start are left to the full check."""
        first = float(length)
        bx0, by0, bx1, by1, widest = extent(self.before)
        ex, ey = ux * length, uy * length
        x0, x1 = bx0 + min(0.0, ex), bx1 + max(0.0, ex)
        y0, y1 = by0 + min(0.0, ey), by1 + max(0.0, ey)
        # units beyond the path's reach are passed by whole
        boxes = [(unit, extent(unit)) for unit in self.others]
        near = [
            unit
            for unit, box in boxes
            if boxes_near(box, x0, y0, x1, y1, widest + box[4] + CONTACT_SLACK)
        ]
        for model in self.before.models:
            for unit in near:
                for other in unit.models:
                    rx, ry = model.x - other.x, model.y - other.y
                    reach = model.radius + other.radius
                    if other.id in self.enemy_ids:
                        reach += CONTACT_SLACK
                    gap = rx * rx + ry * ry - reach * reach
                    along = rx * ux + ry * uy
                    if gap <= 0 or along >= 0 or along * along < gap:
                        continue  # already that close, moving away, or passing it by
                    first = min(first, -along - math.sqrt(along * along - gap))
        return max(0, math.floor(first) - 1)


def _vehicle_contact_only(state: WastelandState, unit: WUnit) -> bool:
    return all(profile_in_play(state, e).big for e in tb.enemy_contacts(state, unit))


def _apply(flow: Flow, unit: WUnit, after: Unit, facing: int | None) -> None:
    updates: dict[str, object] = {"models": tb.relocated(unit, after.models)}
    if facing is not None:
        updates["facing"] = facing % 360
    elif profile_in_play(flow.state, unit).big:
        before = formations.centroid(tb.geo(flow.state, unit).models)
        now = formations.centroid(after.models)
        if now != before:
            updates["facing"] = (
                round(math.degrees(math.atan2(now[1] - before[1], now[0] - before[0]))) % 360
            )
    put(flow, unit.model_copy(update=updates))


def _near_any(leg: moves.Leg, boxes: list[tuple[float, float, float, float]]) -> bool:
    """Whether the box around the leg's path, widened by its base and a hair, meets any
    of ``boxes`` (areas' bounds): only then can the base's footprint meet the area."""
    reach = (leg.path[1].radius if leg.path is not None else 10 * PER_INCH) + 2
    x0, x1 = min(leg.start[0], leg.end[0]) - reach, max(leg.start[0], leg.end[0]) + reach
    y0, y1 = min(leg.start[1], leg.end[1]) - reach, max(leg.start[1], leg.end[1]) + reach
    return any(not (b[0] > x1 or b[2] < x0 or b[1] > y1 or b[3] < y0) for b in boxes)


def _hazards(flow: Flow, unit_id: str, plan: moves.MovePlan, distance: float) -> None:
    """Dangerous terrain, Dark/Foggy haste, earthquakes and dangerous ground (004)."""
    state = flow.state
    unit = state.units[unit_id]
    profile = profile_in_play(state, unit)
    if profile.has("flying"):
        return
    areas = {a.id: a for a in state.table.areas}
    harmful = [
        a.polygon.bounds
        for a in state.table.areas
        if a.id in state.dangerous_areas or Terrain.DANGEROUS in a.classes
    ]
    x_for: dict[str, int] = {}
    for leg in plan.legs:
        worst = 0
        # into, out of, through or into base contact, by the base's footprint (004); the
        # footprint is worked out only for a path that comes near dangerous ground
        near = leg.length > 0 and _near_any(leg, harmful)
        met = leg.footprint if near else []
        for area_id, classes, _ in met:
            area = areas.get(area_id)
            x = state.dangerous_areas.get(area_id) or (
                area.dangerous if area and Terrain.DANGEROUS in classes else None
            )
            if x:
                worst = x if not worst else min(worst, x)
        if state.event_this_round == "earthquake":
            worst = min(worst, 8) if worst else 8
        if (
            state.condition in ("dark", "rainy")
            and distance > 5 * PER_INCH
            and not profile.has("acute_senses")
        ):
            worst = min(worst, 9) if worst else 9
        if worst:
            x_for[leg.model] = worst
    if x_for:
        models = sorted(x_for)
        dice = flow.dice(len(models), f"{unit_id} dangerous terrain")
        dead = [mid for mid, raw in zip(models, dice, strict=True) if raw >= x_for[mid]]
        flow.emit(
            DangerousTerrain(
                unit=unit_id, during="move", dice=dice, need=min(x_for.values()), lost=len(dead)
            )
        )
        if dead:
            destroy_models(flow, unit_id, dead[: len(flow.state.units[unit_id].living)])
    if state.condition == "dangerous_ground":
        entered = sorted({area for area, _ in entered_areas(plan)} - set(state.visited_areas))
        if entered:
            flow.emit(AreaVisited(areas=tuple(entered)))
            for area_id in entered:
                raw = flow.dice(1, f"dangerous ground: {area_id}")[0]
                if raw >= 7:
                    flow.emit(AreaDangerous(area=area_id, roll=8))
                    flow.emit(GroundTested(area=area_id, roll=raw, treacherous=True))


def _embark(flow: Flow, unit: WUnit, transport_id: str) -> Rejection | None:
    state = flow.state
    building = occupation(state, transport_id, unit.seat)  # 004 Occupying buildings
    if isinstance(building, Rejection):
        return building
    carrier = building if building is not None else state.units.get(transport_id)
    if carrier is None or not carrier.on_table or carrier.seat != unit.seat:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"No friendly transport '{transport_id}' on the table.",
            "004 Transport",
        )
    profile = profile_in_play(state, unit)
    capacity = profile_in_play(state, carrier).value("transport") * len(carrier.living)
    if not capacity:
        return reject(
            RejectionCode.ILLEGAL_MOVE, f"{carrier.id} is not a Transport.", "004 Transport"
        )
    if profile.big:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            "Vehicles and Monsters cannot embark.",
            "004 Vehicle/Monster",
        )
    used = sum(
        len(u.living) * max(1, profile_in_play(state, u).value("bulky"))
        for u in state.units.values()
        if u.embarked_in == carrier.id and u.status == "embarked"
    )
    need = len(unit.living) * max(1, profile.value("bulky"))
    if used + need > capacity:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{carrier.id} has {capacity - used} spaces left; {unit.id} needs {need}.",
            "004 Transport",
        )
    reach = base_move(state, unit) + EMBARK_REACH
    far = max(
        tb.closest_models(
            state, WUnit.model_validate(unit.model_dump() | {"models": (m,)}), carrier
        )[2]
        for m in unit.living
    )
    if far > reach:
        return reject(
            RejectionCode.OUT_OF_RANGE,
            f"{unit.id} is {show(far)} from {carrier.id};"
            f' it can reach {show(reach)} (Move plus 3").',
            "004 Transport",
        )
    if building is not None and building != state.units.get(building.id):
        put(flow, building)
    put(
        flow,
        unit.with_moved(m.id for m in unit.living).model_copy(
            update={
                "status": "embarked",
                "embarked_in": carrier.id,
                "move_actions": unit.move_actions + 1,
            }
        ),
    )
    flow.emit(Boarded(unit=unit.id, carrier=carrier.id, building=building is not None))
    return None


def _disembark(flow: Flow, unit: WUnit, action: Move) -> Rejection | None:
    state = flow.state
    carrier = state.units.get(unit.embarked_in or "")
    if unit.status != "embarked" or carrier is None or not carrier.on_table:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{unit.id} is not embarked on a transport on the table.",
            "004 Transport",
        )
    point = action.disembark or action.to
    if point is None:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            'Say where to disembark: move disembark x,y (within 3" of the transport).',
            "004 Transport",
        )
    g = tb.geo(state, unit)
    placed = formations.arrange(g, action.formation or "blob", point)
    c = tb.geo(state, carrier)
    others = [tb.geo(state, u) for u in state.on_table() if u.id != unit.id]
    check = moves.plan(placed, placed, state.table, others)
    if check.problems:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{unit.id} cannot disembark there: {check.problems[0]}.",
            "004 Transport",
        )
    for m in placed.models:
        gap = min(math.hypot(m.x - o.x, m.y - o.y) - m.radius - o.radius for o in c.models)
        if gap > EMBARK_REACH:
            return reject(
                RejectionCode.OUT_OF_RANGE,
                f"{m.id} would be {show(gap)} from {carrier.id};"
                ' disembarking models stay within 3".',
                "004 Transport",
            )
    models = tb.relocated(unit, placed.models)
    put(
        flow,
        unit.with_moved(m.id for m in placed.models).model_copy(
            update={
                "models": models,
                "status": "table",
                "embarked_in": None,
                "disembarked": True,
            }
        ),
    )
    flow.emit(Disembarked(unit=unit.id, carrier=carrier.id, to=formations.centroid(placed.models)))
    vacate_if_empty(flow, carrier.id)
    return None
