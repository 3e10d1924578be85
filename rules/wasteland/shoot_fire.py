"""Who fires what in a Shoot Action (004 Shoot steps 1 and 3, weapon rules).

Every model of the shooting unit that sees a model of its target picks one ranged weapon
within range (a Vehicle/Monster model as many as it has wounds left). Distances run from
the model's base to the closest target model it sees; units embarked on an *Open*
transport measure and see from the transport (004 Open). A model that does not see its
target may still fire an *Indirect Fire* weapon when the Action fires indirectly and a
friendly Spearhead or *Scouts* unit spots the target (004 Indirect Fire).

When no weapon is named, each model takes the weapon with the most expected hits.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from rules.core.rejection import Rejection, RejectionCode, reject
from rules.geometry.measure import gap
from rules.geometry.units import inches, show
from rules.wasteland import table as tb
from rules.wasteland.content.weapons import WeaponDef
from rules.wasteland.profiles import profile_in_play
from rules.wasteland.state import AttackPlan, Fire, WastelandState, WUnit

SPOT_RANGE = inches(15)
EXTENSION = 5  # inches added by the Advanced Shooting Task


def refusal(code: RejectionCode, text: str) -> Rejection:
    """A refusal from a message that ends with its rule, e.g. ``... (004 Heavy)``."""
    cut = text.rfind(" (004 ")
    if cut >= 0 and text.endswith(")"):
        return reject(code, text[:cut], text[cut + 2 : -1])
    return reject(code, text)


def source(state: WastelandState, unit: WUnit) -> WUnit:
    """The unit whose bases a unit shoots and is measured from (its Open transport when
    embarked)."""
    if unit.status == "embarked" and unit.embarked_in:
        return state.units[unit.embarked_in]
    return unit


def can_fire_from(state: WastelandState, unit: WUnit) -> bool:
    """On the table, or embarked on an Open transport that is on the table and took fewer
    than two Move Actions this round (004 Open)."""
    if unit.on_table:
        return True
    if unit.status != "embarked" or not unit.living:
        return False
    carrier = state.units.get(unit.embarked_in or "")
    return (
        carrier is not None
        and carrier.on_table
        and profile_in_play(state, carrier).has("open")
        and carrier.move_actions < 2
    )


def big(state: WastelandState, unit: WUnit) -> bool:
    return profile_in_play(state, unit).big


def locked(state: WastelandState, unit: WUnit) -> list[WUnit]:
    """Enemy units in base contact with the unit's firing bases."""
    return tb.enemy_contacts(state, source(state, unit))


def moved(state: WastelandState, unit: WUnit, models: Sequence[str] = ()) -> bool:
    """Whether every one of these wielding models (every living model when none is named)
    moved this round, or the transport they ride in did (004 Heavy: per model)."""
    carrier = state.units.get(unit.embarked_in or "") if unit.status == "embarked" else None
    if carrier is not None and carrier.moved:
        return True
    wielders = models or [m.id for m in unit.living]
    return all(m in unit.moved_models for m in wielders)


def ranged_weapons(state: WastelandState, unit: WUnit) -> list[WeaponDef]:
    profile = profile_in_play(state, unit)
    return [
        state.weapons[w]
        for w in profile.weapons
        if w in state.weapons and state.weapons[w].ranged and w not in unit.broken_weapons
    ]


def barred(
    state: WastelandState, unit: WUnit, weapon: WeaponDef, kind: str, models: Sequence[str] = ()
) -> str | None:
    """Why ``weapon`` may not fire in this Action from any of these models (every living
    model when none is named; None when it may)."""
    if kind == "assault" and not weapon.has("assault"):
        return f"{weapon.name} is not an Assault weapon. (004 Assault)"
    in_contact = bool(locked(state, unit))
    if weapon.has("heavy") and in_contact:
        return (
            f"{weapon.name} is Heavy and cannot fire at a unit in base contact"
            " (both count as moving). (004 Vehicle/Monster)"
        )
    if weapon.has("area_effect") and in_contact:
        return (
            f"{weapon.name} has Area Effect and cannot fire at a unit in base contact."
            " (004 Vehicle/Monster)"
        )
    if weapon.has("heavy") and moved(state, unit, models) and not big(state, unit):
        who = ", ".join(models) if models else "every model of the unit"
        return (
            f"{weapon.name} is Heavy and cannot be fired by a model that moved this round"
            f" ({who} moved). (004 Heavy)"
        )
    if weapon.has("slow") and weapon.id in unit.slow_fired:
        return f"{weapon.name} is Slow and has already fired this round. (004 Slow)"
    return None


def reach(weapon: WeaponDef, extended: bool) -> int:
    assert weapon.range is not None
    extra = EXTENSION if extended and not weapon.autohit else 0
    return inches(weapon.range + extra)


def sightings(state: WastelandState, shooter: WUnit, target: WUnit) -> dict[str, dict[str, float]]:
    """For each living shooter model: the target models it sees, with the gap to each."""
    base = source(state, shooter)
    found: dict[str, dict[str, float]] = {m.id: {} for m in shooter.living}
    pairs = tb.visible_pairs(state, base, target)
    if base is shooter:
        for a, b in pairs:
            found[a.id][b.id] = min(found[a.id].get(b.id, math.inf), gap(a, b))
        return found
    seen: dict[str, float] = {}
    for a, b in pairs:
        seen[b.id] = min(seen.get(b.id, math.inf), gap(a, b))
    return {m: dict(seen) for m in found}


def all_gaps(state: WastelandState, shooter: WUnit, target: WUnit) -> dict[str, dict[str, float]]:
    """For each living shooter model: the gap to every target model, seen or not."""
    base = source(state, shooter)
    theirs = tb.geo(state, target).models
    if base is shooter:
        return {a.id: {b.id: gap(a, b) for b in theirs} for a in tb.geo(state, shooter).models}
    mine = tb.geo(state, base).models
    row = {b.id: min(gap(a, b) for a in mine) for b in theirs}
    return {m.id: dict(row) for m in shooter.living}


def spotters(state: WastelandState, shooter: WUnit, target: WUnit) -> list[WUnit]:
    """Friendly Spearhead or Scouts units that see ``target`` with a model within 15"."""
    found = []
    for unit in state.on_table():
        if unit.id == shooter.id or state.hostile(unit.seat, shooter.seat):
            continue
        profile = profile_in_play(state, unit)
        if profile.type != "spearhead" and not profile.has("scouts"):
            continue
        if tb.sees(state, unit, target) and tb.distance(state, unit, target) <= SPOT_RANGE:
            found.append(unit)
    return found


@dataclass
class Volley:
    """Models of the shooting unit firing one weapon at one target under the same
    conditions (rolled together)."""

    target: str
    weapon: WeaponDef
    models: list[str]
    indirect: bool = False


@dataclass
class Aim:
    volleys: list[Volley] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # one per Fire that fires nothing
    seen: dict[str, dict[str, dict[str, float]]] = field(default_factory=dict)  # by target


Score = Callable[[WeaponDef, str, bool], float]


def _budget(state: WastelandState, shooter: WUnit) -> dict[str, int]:
    """Weapons each model may fire: one, or as many as wounds left for a Vehicle/Monster."""
    if big(state, shooter):
        return {m.id: m.wounds for m in shooter.living}
    return {m.id: 1 for m in shooter.living}


def assign(
    state: WastelandState,
    shooter: WUnit,
    plan: AttackPlan,
    score: Score,
    *,
    all_in_range: bool = False,
    visible_only: dict[str, frozenset[str]] | None = None,
) -> Aim:
    """Each model's weapon(s) for each Fire of ``plan``; ``visible_only`` narrows the target
    models that count as seen (focus fire)."""
    aim = Aim()
    budget = _budget(state, shooter)
    used: dict[str, set[str]] = {m: set() for m in budget}
    groups: dict[tuple[str, str, bool], Volley] = {}
    # Fires naming their models go first; the others take the models still free
    for fire in sorted(plan.fires, key=lambda f: 0 if f.models else 1):
        target = state.units.get(fire.target)
        if target is None or not target.on_table:
            aim.problems.append(f"{fire.target} is not on the table.")
            continue
        seen = sightings(state, shooter, target)
        if visible_only is not None and fire.target in visible_only:
            keep = visible_only[fire.target]
            seen = {m: {t: d for t, d in row.items() if t in keep} for m, row in seen.items()}
        aim.seen[target.id] = seen
        gaps = all_gaps(state, shooter, target)
        spotted = plan.indirect and bool(spotters(state, shooter, target))
        named = [m for m in fire.models if m in budget]
        models = named or [m for m in budget if budget[m] > 0]
        fired = 0
        for mid in models:
            options = _options(
                state, shooter, plan, fire, mid, target, seen[mid], gaps[mid], spotted, all_in_range
            )
            options = [(w, ind) for w, ind in options if w.id not in used[mid]]
            options.sort(key=lambda o: -score(o[0], target.id, o[1]))
            take = 1 if fire.weapon or not big(state, shooter) else budget[mid]
            for weapon, indirect in options[: min(take, budget[mid])]:
                budget[mid] -= 1
                used[mid].add(weapon.id)
                key = (target.id, weapon.id, indirect)
                groups.setdefault(key, Volley(target.id, weapon, [], indirect)).models.append(mid)
                fired += 1
        if not fired:
            aim.problems.append(why_nothing(state, shooter, plan, fire, all_in_range=all_in_range))
    aim.volleys = list(groups.values())
    return aim


def _options(
    state: WastelandState,
    shooter: WUnit,
    plan: AttackPlan,
    fire: Fire,
    model: str,
    target: WUnit,
    seen: dict[str, float],
    gaps: dict[str, float],
    spotted: bool,
    all_in_range: bool,
) -> list[tuple[WeaponDef, bool]]:
    """(weapon, fired indirectly) pairs one model may use against ``target``."""
    found = []
    for weapon in ranged_weapons(state, shooter):
        if fire.weapon and weapon.id != fire.weapon:
            continue
        if barred(state, shooter, weapon, plan.kind, (model,)):
            continue
        if seen:
            near, indirect = min(seen.values()), False
        elif spotted and weapon.has("indirect"):
            near, indirect = min(gaps.values()), True
        else:
            continue
        if not all_in_range:
            if near > reach(weapon, plan.extended):
                continue
            if weapon.min_range and max(gaps.values()) < inches(weapon.min_range):
                continue
        found.append((weapon, indirect))
    return found


def why_nothing(
    state: WastelandState,
    shooter: WUnit,
    plan: AttackPlan,
    fire: Fire,
    *,
    all_in_range: bool = False,
) -> str:
    """Why no model of ``shooter`` can fire at ``fire.target``, with measured distances."""
    target = state.units[fire.target]
    base = source(state, shooter)
    weapons = [w for w in ranged_weapons(state, shooter) if not fire.weapon or w.id == fire.weapon]
    reasons = [r for w in weapons if (r := barred(state, shooter, w, plan.kind, fire.models))]
    weapons = [w for w in weapons if not barred(state, shooter, w, plan.kind, fire.models)]
    if not weapons:
        return reasons[0] if reasons else f"{shooter.id} has no ranged weapon to fire."
    apart = tb.distance(state, base, target, visible_only=False)
    if not tb.sees(state, base, target):
        hint = ""
        if plan.indirect and any(w.has("indirect") for w in weapons):
            hint = ' and no friendly Spearhead or Scouts unit sees it within 15"'
        return (
            f"No model of {shooter.id} can see {target.id} ({show(apart)} away){hint}."
            " (004 Visibility)"
        )
    near = tb.distance(state, base, target)
    longest = max(weapons, key=lambda w: (reach(w, plan.extended), w.name))
    extended = ", extended" if plan.extended and not longest.autohit else ""
    if all_in_range or near <= reach(longest, plan.extended):
        short = [w for w in weapons if w.min_range]
        if short:
            return (
                f"{target.id} is too close for {short[0].name} (minimum range"
                f' {short[0].min_range}", measured to the farthest model). (004 Weapons)'
            )
        return f"No model of {shooter.id} that sees {target.id} has a weapon in range. (004 Shoot)"
    return (
        f"{target.id} is {show(near)} away; the longest range is "
        f'{reach(longest, plan.extended) // 100}" ({longest.name}{extended}). (004 Shoot)'
    )
