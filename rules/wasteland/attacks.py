"""Hits becoming casualties (004 Shoot steps 4-5, Fight steps 4-5, weapon rules).

:func:`strike` takes the hits one weapon scored on one unit and resolves them: Bodyguards
soak hits, Rapid/Area Effect/Spray multiply Life rolls, Critical dice fail Life rolls
outright, Life rolls take the weapon's Damage and every bonus and penalty in force, Deadly
deals extra wounds to Tough models, and casualties are removed.

Casualties are the owner's choice in the rules; Umpire removes, for the owner, the models
nearest the attacker first (wounded Tough models before fresh ones, and in a fight models
out of base contact first), only among the models the attacker could see when shooting.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Literal

from rules.geometry.measure import in_contact
from rules.wasteland import table as tb
from rules.wasteland.checks import in_cover, judge
from rules.wasteland.content.units import UnitDef
from rules.wasteland.content.weapons import WeaponDef
from rules.wasteland.crippling import crippling
from rules.wasteland.effects import destroy_models, destroy_unit, put, wound
from rules.wasteland.facts.base import Modifier
from rules.wasteland.facts.combat import Backfired, BodyguardsSaved, LifeRolled
from rules.wasteland.flow import Flow
from rules.wasteland.profiles import profile_in_play
from rules.wasteland.state import Fighter, Melee, WastelandState, WUnit

Kind = Literal["shoot", "fight", "airstrike", "power", "counter", "assault"]
SHOOTING_KINDS = ("shoot", "airstrike", "power", "counter", "assault")


@dataclass
class Strike:
    """One weapon's hits on one unit. ``crits`` are hits whose die met Critical X."""

    target: str
    weapon: WeaponDef
    hits: int
    kind: Kind
    source: str | None = None  # the attacking unit (None for an airstrike from off table)
    crits: int = 0
    life_modifier: int = 0  # extra modifiers decided by the caller (e.g. firing positions)
    grounded: bool = False  # the target went to ground against this action
    visible: frozenset[str] | None = None  # models that may be removed (None: any)
    from_behind: bool = False
    notes: list[str] = field(default_factory=list)


def damage(state: WastelandState, strike: Strike) -> int:
    weapon = strike.weapon
    value = weapon.damage
    source = state.units.get(strike.source or "")
    if source is not None and "equipment" in state.advantages.get(source.seat, ()):
        value += 1
    target = state.units[strike.target]
    profile = profile_in_play(state, target)
    if weapon.has("sniper") and profile.has("vehicle") and not profile.has("open"):
        return 0
    if profile.has("hardened") and value in (1, 2):
        return 0
    return value


def deadly_value(profile: UnitDef, weapon: WeaponDef) -> int:
    """The weapon's Deadly X against this profile: Area Effect and Spray weapons gain
    Deadly 2 against Open models (004 Open; a higher Deadly of the weapon stands)."""
    value = weapon.value("deadly")
    if profile.has("open") and (weapon.has("area_effect") or weapon.has("spray")):
        return max(value, 2)
    return value


def life_bonus(state: WastelandState, strike: Strike) -> tuple[int, list[Modifier]]:
    """Life modifiers other than Damage, with their reasons."""
    target = state.units[strike.target]
    profile = profile_in_play(state, target)
    source = state.units.get(strike.source or "")
    weapon = strike.weapon
    shooting = strike.kind in SHOOTING_KINDS
    spray = weapon.has("spray")
    acute = source is not None and profile_in_play(state, source).has("acute_senses")
    bulky_lost = profile.has("bulky") and target.markers > 0
    mod = strike.life_modifier
    why: list[Modifier] = []
    if shooting and not bulky_lost:
        cover = (
            target.on_table  # an embarked unit is off the table (004 Transport)
            and in_cover(state, target)
            and not profile.big
            and not profile.has("flying")
        )
        defending = target.defending or target.markers > 0
        if defending and not spray and not acute:
            bonus = 2 if cover else 1
            mod += bonus
            why.append(Modifier(label="defending", value=bonus))
        if cover and not spray:
            mod += 1
            why.append(Modifier(label="cover", value=1))
    if strike.grounded and not spray and not acute and not bulky_lost:
        mod += 2
        why.append(Modifier(label="gone to ground", value=2))
    vulnerable = profile.value("vulnerable")
    if vulnerable and (strike.kind == "fight" or weapon.has("indirect") or strike.from_behind):
        mod -= vulnerable
        why.append(Modifier(label="vulnerable", value=-vulnerable))
    if state.condition == "corrosive":
        mod -= 1
        why.append(Modifier(label="corrosive", value=-1))
    return mod, why


def life_rolls_per_hit(state: WastelandState, strike: Strike) -> int:
    weapon = strike.weapon
    target = state.units[strike.target]
    count = len(target.living)
    close = _close_formation(state, target)
    for kind in ("area_effect", "spray"):
        x = weapon.value(kind)
        if x:
            return x + 3 if close else min(x, count)
    rapid = weapon.value("rapid")
    if rapid and not state.options.granular:
        return rapid
    return 1


def _close_formation(state: WastelandState, unit: WUnit) -> bool:
    if not state.options.close_formations or len(unit.living) <= 3 or not unit.on_table:
        return False
    g = tb.geo(state, unit)
    return all(any(in_contact(m, o) for o in g.models if o is not m) for m in g.models)


def _bodyguards(flow: Flow, strike: Strike) -> int:
    """Bodyguards X next to a non-Vehicle/Monster target soak hits on X+."""
    state = flow.state
    target = state.units[strike.target]
    if profile_in_play(state, target).big or strike.hits <= 0 or not target.on_table:
        return strike.hits
    guards = [
        u
        for u in tb.friendly_contacts(state, target)
        if u.seat == target.seat and profile_in_play(state, u).has("bodyguards")
    ]
    hits = strike.hits
    for guard in guards:
        x = profile_in_play(state, guard).value("bodyguards")
        dice = flow.dice(hits, f"{guard.id} Bodyguards for {target.id}")
        saved = sum(1 for d in dice if d >= x)
        saved = min(saved, len(flow.state.units[guard.id].living))
        if saved:
            victims = [m.id for m in flow.state.units[guard.id].living][:saved]
            destroy_models(flow, guard.id, victims)
            flow.emit(BodyguardsSaved(guard=guard.id, dice=dice, x=x, saved=saved))
        hits -= saved
        if hits <= 0:
            break
    return max(0, hits)


def order_victims(state: WastelandState, strike: Strike) -> list[str]:
    """Model ids in the order casualties are taken (see the module note)."""
    target = state.units[strike.target]
    models = [m for m in target.living if strike.visible is None or m.id in strike.visible]
    source = state.units.get(strike.source or "")
    sx, sy = (0, 0)
    if source is not None and source.living:
        sx = sum(m.x for m in source.living) // len(source.living)
        sy = sum(m.y for m in source.living) // len(source.living)
    contact_ids: set[str] = set()
    if strike.kind == "fight":
        g = tb.geo(state, target)
        enemies = [
            m
            for u in state.on_table()
            if state.hostile(u.seat, target.seat)
            for m in tb.geo(state, u).models
        ]
        contact_ids = {m.id for m in g.models if any(in_contact(m, e) for e in enemies)}
    tough = profile_in_play(state, target).has("tough")
    start = max((m.wounds for m in target.models), default=1) if tough else 1

    def key(m: Fighter) -> tuple[int, int, float, str]:
        wounded = 0 if (tough and m.wounds < start) else 1
        return (
            1 if m.id in contact_ids else 0,
            wounded,
            math.hypot(m.x - sx, m.y - sy),
            m.id,
        )

    return [m.id for m in sorted(models, key=key)]


def strike(flow: Flow, s: Strike) -> int:
    """Resolve ``s``; returns the number of models destroyed. Records one Life-roll fact."""
    state = flow.state
    target = state.units[s.target]
    aboard = target.status == "embarked" and bool(target.living)  # 004 Open: free attacks
    if not (target.on_table or aboard) or s.hits <= 0:
        return 0
    profile = profile_in_play(state, target)
    hits = _bodyguards(flow, s)
    per_hit = life_rolls_per_hit(flow.state, s)
    crit_fails = min(s.crits, hits) * per_hit
    rolls = hits * per_hit - crit_fails
    dmg = damage(flow.state, s)
    bonus, why = life_bonus(flow.state, s)
    modifier = bonus - dmg
    dice = flow.dice(rolls, f"{target.id} Life vs {s.weapon.name}") if rolls > 0 else ()
    failed = sum(1 for d in dice if not judge(d, profile.life, modifier)) + crit_fails
    deadly = deadly_value(profile, s.weapon)
    crit_deadly = deadly * 2 if deadly else 2
    before = len(flow.state.units[s.target].living)
    order = order_victims(flow.state, s)
    wounds_each = [crit_deadly] * crit_fails + [max(1, deadly)] * (failed - crit_fails)
    tough = profile.has("tough") or target.heroic_figure  # Heroic figure: Tough +2
    left = {m.id: m.wounds for m in flow.state.units[s.target].models}
    lost_wounds = 0
    last: str | None = None
    for wounds in wounds_each:
        candidates = [mid for mid in order if left[mid] > 0]
        if not candidates:
            break  # excess kills are lost
        victim = candidates[0]
        taken = min(left[victim], wounds) if tough else left[victim]
        lost_wounds += taken
        left[victim] -= taken
        if left[victim] == 0:
            last = victim
    current = flow.state.units[s.target]
    models = tuple(m.model_copy(update={"wounds": left[m.id]}) for m in current.models)
    after_unit = current.model_copy(
        update={"models": models, "failed_life": current.failed_life or failed > 0}
    )
    if after_unit != current:
        put(flow, after_unit)
    killed = before - len(after_unit.living)
    wiped = not after_unit.living
    need = profile.life - modifier
    flow.emit(
        LifeRolled(
            target=target.id,
            dice=dice,
            need=need,
            damage=dmg,
            modifiers=tuple(why),
            crits=crit_fails,
            failed=failed,
            killed=killed,
            destroyed=wiped,
        )
    )
    if wiped:  # after the Life line: wrecks, death throes and bailing out follow it
        dead = [after_unit.model(last)] if last is not None else []
        destroy_unit(flow, s.target, "wiped out", last=dead)
    if s.kind == "fight" and s.source is not None:
        _tally(flow, s.source, s.target, killed)
    if (
        state.options.crippling
        and deadly
        and profile.big
        and lost_wounds
        and not flow.state.units[s.target].gone
    ):
        crippling(flow, s.target, lost_wounds, s.source)
    return killed


def _tally(flow: Flow, attacker: str, defender: str, killed: int) -> None:
    """Keep this round's melee score for the morale phase."""
    a, d = flow.state.units[attacker], flow.state.units[defender]
    mine = a.melee.get(defender, Melee())
    theirs = d.melee.get(attacker, Melee())
    put(
        flow,
        a.model_copy(
            update={
                "melee": {
                    **a.melee,
                    defender: mine.model_copy(update={"killed": mine.killed + killed}),
                }
            }
        ),
        d.model_copy(
            update={
                "melee": {
                    **d.melee,
                    attacker: theirs.model_copy(update={"lost": theirs.lost + killed}),
                }
            }
        ),
    )


def unstable(
    flow: Flow, shooter: str, model_id: str, weapon: WeaponDef, dice: tuple[int, ...] | list[int]
) -> None:
    """Unstable X: each die showing X or less makes the firing model fail a Life roll."""
    x = weapon.value("unstable")
    blows = sum(1 for d in dice if d <= x)
    if not blows:
        return
    unit = flow.state.units[shooter]
    if not unit.on_table or not unit.model(model_id).alive:
        return
    flow.emit(Backfired(unit=shooter, weapon=weapon.name, x=x, blows=blows, model=model_id))
    for _ in range(blows):
        current = flow.state.units[shooter]
        if not current.on_table or not current.model(model_id).alive:
            break
        wound(flow, shooter, model_id, max(1, weapon.value("deadly")))
