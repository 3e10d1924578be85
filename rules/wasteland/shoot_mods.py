"""Shoot roll modifiers, and the Advanced Rules that change Shoot and Life rolls of a Shoot
Action (advantageous firing positions, partially concealed units).

Concealment and Cover (004): -2 Shoot against a target with most models inside or behind
such an area, except targets in an area the shooter stands in (and shooters inside firing
out). Area Effect and Spray weapons negate it, Vehicles/Monsters and Flying units never
benefit from it, Good intel ignores it, and a Stealth X target adds -X while in such an
area (negated the same way, being a penalty "from firing at units in areas of Concealment
or Cover").

Advantageous firing positions: the footprint of a unit seen from the other is measured
along the line between the two unit centres, bases included. The elevation clause is not
applied: the table records heights of areas, not models standing on top of them, so the
position is always "ambiguous" and the rule says to apply no penalty then.
"""

from __future__ import annotations

import math

from shapely.geometry import Point as ShapelyPoint

from rules.geometry import sight
from rules.geometry.formations import centroid
from rules.geometry.measure import in_contact
from rules.geometry.pieces import Model, Terrain
from rules.geometry.units import PER_INCH
from rules.wasteland import table as tb
from rules.wasteland.attacks import Strike, life_bonus
from rules.wasteland.content.weapons import WeaponDef
from rules.wasteland.facts.base import Modifier
from rules.wasteland.profiles import profile_in_play
from rules.wasteland.shoot_fire import source, spotters
from rules.wasteland.state import AttackPlan, WastelandState, WUnit

SCREENS = (Terrain.CONCEALMENT, Terrain.COVER)
DARK = ("dark", "rainy")
AMBIGUOUS = PER_INCH  # positions closer than an inch to a quadrant line are not judged


def screened(state: WastelandState, shooter: WUnit, target: WUnit) -> bool:
    """Whether the target benefits from Concealment or Cover against this shooter."""
    profile = profile_in_play(state, target)
    if profile.big or profile.has("flying"):
        return False
    return bool(tb.screening(state, source(state, shooter), target, SCREENS))


def covered_models(state: WastelandState, shooter: WUnit, target: WUnit) -> set[str]:
    """Target models inside or behind a screening area, seen from the shooter."""
    base = source(state, shooter)
    areas = tb.screening(state, base, target, SCREENS)
    eyes = tb.geo(state, base).models[:3]
    found = set()
    for model in tb.geo(state, target).models:
        for area in areas:
            inside = area.polygon.contains(ShapelyPoint(model.centre))
            behind = any(sight.length_through(s.centre, model.centre, area) > 0 for s in eyes)
            if inside or behind:
                found.add(model.id)
                break
    return found


def focus_models(state: WastelandState, shooter: WUnit, target: WUnit) -> frozenset[str] | None:
    """The fully visible models a unit may focus fire on, or None when the target is not
    partially concealed (004 Partially concealed units)."""
    if not screened(state, shooter, target):
        return None
    covered = covered_models(state, shooter, target)
    clear = frozenset(m.id for m in target.living if m.id not in covered)
    return clear or None


def _negated(state: WastelandState, shooter: WUnit, weapon: WeaponDef) -> bool:
    return (
        weapon.has("area_effect")
        or weapon.has("spray")
        or "intel" in state.advantages.get(shooter.seat, ())
    )


def shoot_modifier(
    state: WastelandState,
    plan: AttackPlan,
    shooter: WUnit,
    target: WUnit,
    weapon: WeaponDef,
    indirect: bool,
) -> tuple[int, list[Modifier]]:
    """The total Shoot modifier and its parts (``cover`` -2)."""
    parts: list[tuple[int, str]] = []
    if plan.penalty:
        parts.append((plan.penalty, "confusion"))
    if plan.extended and not weapon.autohit:
        parts.append((-3, "extended range"))
    if plan.kind == "counter":
        parts.append((-1, "counter-attack"))
        if close_formation(state, shooter):
            parts.append((1, "close formation"))
    if plan.difficult:
        parts.append((-2, "difficult terrain"))
    scouted = indirect and any(
        profile_in_play(state, u).has("scouts") for u in spotters(state, shooter, target)
    )
    if indirect and not scouted:
        parts.append((-2, "indirect"))
    focused = plan.focus and focus_models(state, shooter, target) is not None
    if not _negated(state, shooter, weapon) and not focused:
        if screened(state, shooter, target):
            parts.append((-2, "cover"))
        stealth = profile_in_play(state, target).value("stealth")
        hidden = not (
            profile_in_play(state, target).big or profile_in_play(state, target).has("flying")
        )
        if (
            stealth
            and hidden
            and any(
                a.has(k) and tb.majority_in(state, target, a)
                for a in state.table.areas
                for k in SCREENS
            )
        ):
            parts.append((-stealth, "stealth"))
    base = source(state, shooter)
    if state.condition in DARK and not profile_in_play(state, shooter).has("acute_senses"):
        tens = int(tb.distance(state, base, target) // (10 * PER_INCH))
        if tens:
            parts.append((-tens, "dark"))
    if shooter.blessing_active:
        parts.append((1, "War Blessing"))
    if shooter.heroic_figure:
        parts.append((1, "heroic figure"))
    if "inexperienced" in state.advantages.get(shooter.seat, ()):
        parts.append((-1, "inexperienced"))
    if shooter.low_ammo:
        parts.append((-shooter.low_ammo, "low ammo"))
    if state.options.firing_positions:
        if deep(state, shooter, target):
            parts.append((1, "deep target"))
        if wide(state, shooter, target):
            parts.append((1, "wide firing line"))
    total = sum(v for v, _ in parts)
    return total, [Modifier(label=label, value=v) for v, label in parts]


def close_formation(state: WastelandState, unit: WUnit) -> bool:
    """004 Close formations: more than 3 models, every one touching another of the unit."""
    if not state.options.close_formations or len(unit.living) <= 3 or not unit.on_table:
        return False
    models = tb.geo(state, unit).models

    return all(any(in_contact(m, o) for o in models if o is not m) for m in models)


def _footprint(models: tuple[Model, ...], towards: tuple[float, float]) -> tuple[float, float]:
    """(depth, width) of a group of bases along and across the direction ``towards``."""
    length = math.hypot(*towards) or 1.0
    ux, uy = towards[0] / length, towards[1] / length
    along = [m.x * ux + m.y * uy for m in models]
    across = [-m.x * uy + m.y * ux for m in models]
    pad = 2 * max(m.radius for m in models)
    return max(along) - min(along) + pad, max(across) - min(across) + pad


def _centres(state: WastelandState, a: WUnit, b: WUnit) -> tuple[tuple[int, int], tuple[int, int]]:
    return centroid(tb.geo(state, source(state, a)).models), centroid(tb.geo(state, b).models)


def deep(state: WastelandState, shooter: WUnit, target: WUnit) -> bool:
    """A target of more than 3 models at least twice as deep as wide, seen from the shooter."""
    if len(target.living) <= 3:
        return False
    here, there = _centres(state, shooter, target)
    depth, width = _footprint(
        tb.geo(state, target).models, (there[0] - here[0], there[1] - here[1])
    )
    return depth >= 2 * width


def wide(state: WastelandState, shooter: WUnit, target: WUnit) -> bool:
    """A shooter of more than 3 models at least twice as wide as deep, seen from the target."""
    if len(shooter.living) <= 3 or source(state, shooter) is not shooter:
        return False
    here, there = _centres(state, shooter, target)
    depth, width = _footprint(
        tb.geo(state, shooter).models, (here[0] - there[0], here[1] - there[1])
    )
    return width >= 2 * depth


def _quadrant(target: WUnit, centre: tuple[int, int], point: tuple[int, int]) -> tuple[int, int]:
    """(ahead, right) signs of ``point`` around the target's facing; 0 when too close to a
    line to tell."""
    angle = math.radians(target.facing)
    fx, fy = math.cos(angle), math.sin(angle)
    dx, dy = point[0] - centre[0], point[1] - centre[1]
    ahead, right = dx * fx + dy * fy, -dx * fy + dy * fx

    def sign(v: float) -> int:
        return 0 if abs(v) < AMBIGUOUS else (1 if v > 0 else -1)

    return sign(ahead), sign(right)


def opposite_quadrant(state: WastelandState, shooter: WUnit, target: WUnit) -> bool:
    """Whether the shooter stands in the quadrant opposite the last unit that fired on the
    target (its centre remembered in ``last_fired_from``)."""
    if target.last_fired_from is None:
        return False
    here, there = _centres(state, shooter, target)
    now = _quadrant(target, there, here)
    before = _quadrant(target, there, target.last_fired_from)
    if 0 in now or 0 in before:
        return False
    return now == (-before[0], -before[1])


def life_modifier(
    state: WastelandState, plan: AttackPlan, shooter: WUnit, target: WUnit
) -> tuple[int, list[str]]:
    """Life modifiers this Shoot Action adds on top of the usual ones (firing positions)."""
    mod, why = 0, []
    if state.options.firing_positions:
        if deep(state, shooter, target):
            mod -= 1
            why.append("deep target")
        if opposite_quadrant(state, shooter, target):
            mod -= 1
            why.append("opposite quadrant")
    return mod, why


def focus_offset(state: WastelandState, strike: Strike) -> int:
    """The Life bonus the target loses when fire is focused on its fully visible models
    (they lose their Cover bonuses against this attack)."""
    bare_table = state.table.model_copy(
        update={"areas": tuple(a for a in state.table.areas if not a.has(Terrain.COVER))}
    )
    bare = state.model_copy(update={"table": bare_table})
    with_cover, _ = life_bonus(state, strike)
    without, _ = life_bonus(bare, strike)
    return without - with_cover


def centre(state: WastelandState, unit: WUnit) -> tuple[int, int]:
    return centroid(tb.geo(state, source(state, unit)).models)
