"""Fight rolls (004 Fight steps 3-5) once the charge is over.

Who strikes: each model in base contact with an enemy model, or with a friendly model that
is itself in base contact with an enemy model; every model of a unit with Reach. Each
model's rolls go to its closest target unit in base contact with the unit (ties: the first
named target). Each model uses its best melee weapon against that unit (an Assault weapon
counts as one; Area Effect and Spray weapons not when the unit began the round in base
contact; a Slow weapon once per round); a Vehicle or Monster model strikes with as many of
its melee weapons as it has wounds left.

Modifiers: +1 per Suppression marker on the target unit (as Stubborn counts them), +1 when
the unit outnumbers all target units together 2:1 or +2 at 3:1, Bloodthirsty X when it
charged into contact, +1 War Blessing, +1 heroic figure, -1 Inexperienced, -1 against a
unit in close formation it just charged (Close formations). Strike harder! re-rolls up to
three failed dice. Every model rolls before any Life roll is made. Suppressive and
Terrifying weapons that hit make their Will test at the end of the Fight Action (once per
activation, as for shooting).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.core.d10 import need
from rules.geometry.measure import gap, in_contact
from rules.geometry.pieces import Model
from rules.wasteland import table as tb
from rules.wasteland.attacks import Strike, strike, unstable
from rules.wasteland.checks import effective_markers, judge
from rules.wasteland.content.weapons import WeaponDef
from rules.wasteland.effects import put
from rules.wasteland.facts.base import Modifier
from rules.wasteland.facts.combat import Blows, NoStrikers
from rules.wasteland.flow import Flow
from rules.wasteland.profiles import profile_in_play
from rules.wasteland.state import WastelandState, WUnit
from rules.wasteland.terror import Terror, frighten, note

STRIKE_HARDER = 3


@dataclass
class Context:
    """What the Fight Action decided before the rolls."""

    targets: tuple[str, ...]
    bloodthirsty: int = 0  # the bonus earned by charging into contact
    fresh: frozenset[str] = frozenset()  # targets the unit moved into contact with
    grounded: frozenset[str] = frozenset()


@dataclass
class Group:
    target: str
    weapon: WeaponDef
    dice: list[tuple[str, int]] = field(default_factory=list)  # (model, how many dice)

    @property
    def count(self) -> int:
        return sum(n for _, n in self.dice)


def usable(state: WastelandState, unit: WUnit) -> list[WeaponDef]:
    """The unit's weapons it may fight with now."""
    found = []
    for wid in profile_in_play(state, unit).weapons:
        weapon = state.weapons.get(wid)
        if weapon is None or wid in unit.broken_weapons:
            continue
        if weapon.ranged and not weapon.has("assault"):
            continue
        if unit.in_contact_at_start and (weapon.has("area_effect") or weapon.has("spray")):
            continue
        if weapon.has("slow") and wid in unit.slow_fired:
            continue
        found.append(weapon)
    return found


def _expected(state: WastelandState, weapon: WeaponDef, target: WUnit, modifier: int) -> float:
    """Rough wounds per roll, to pick each model's best weapon."""
    profile = profile_in_play(state, target)
    chance = (11 - need(weapon.hit, modifier)) / 10
    p_hit = 1.0 if weapon.autohit else max(0.0, min(1.0, chance))
    per_hit = weapon.value("rapid") or weapon.value("area_effect") or weapon.value("spray") or 1
    p_fail = max(0.0, min(1.0, (need(profile.life, -weapon.damage) - 1) / 10))
    wounds = max(1, weapon.value("deadly")) if profile.has("tough") else 1
    crit = 0.1 if weapon.has("critical") else 0.0
    return p_hit * per_hit * (p_fail + crit) * wounds


def modifiers(
    state: WastelandState, unit: WUnit, target: WUnit, ctx: Context
) -> list[tuple[int, str]]:
    found: list[tuple[int, str]] = []
    markers = effective_markers(state, target)
    if markers:
        found.append((markers, "suppression"))
    against = sum(len(state.units[t].living) for t in ctx.targets if state.units[t].on_table)
    mine = len(unit.living)
    if against and mine >= 3 * against:
        found.append((2, "outnumbers 3:1"))
    elif against and mine >= 2 * against:
        found.append((1, "outnumbers 2:1"))
    if ctx.bloodthirsty:
        found.append((ctx.bloodthirsty, "Bloodthirsty"))
    if unit.blessing_active:
        found.append((1, "War Blessing"))
    if unit.heroic_figure:
        found.append((1, "heroic figure"))
    if "inexperienced" in state.advantages.get(unit.seat, ()):
        found.append((-1, "inexperienced"))
    if target.id in ctx.fresh and close_formation(state, target):
        found.append((-1, "close formation"))
    return found


def close_formation(state: WastelandState, unit: WUnit) -> bool:
    """004 Close formations: more than 3 models, each touching another of the unit."""
    if not state.options.close_formations or len(unit.living) <= 3:
        return False
    models = tb.geo(state, unit).models
    return all(any(in_contact(m, o) for o in models if o is not m) for m in models)


def strikers(state: WastelandState, unit: WUnit) -> list[Model]:
    """Models that may make Fight rolls (004 Fight step 3, Reach)."""
    models = tb.geo(state, unit).models
    if profile_in_play(state, unit).has("reach"):
        return list(models)
    enemy = [m for u in state.enemies(unit.seat) for m in tb.geo(state, u).models]
    friends = [
        m
        for u in state.on_table()
        if not state.hostile(u.seat, unit.seat)
        for m in tb.geo(state, u).models
    ]
    engaged = [f for f in friends if any(in_contact(f, e) for e in enemy)]
    return [
        m
        for m in models
        if any(in_contact(m, e) for e in enemy)
        or any(f.id != m.id and in_contact(m, f) for f in engaged)
    ]


def _allocate(state: WastelandState, model: Model, engaged: list[WUnit]) -> WUnit:
    def key(item: tuple[int, WUnit]) -> tuple[float, int]:
        index, target = item
        return (min(gap(model, e) for e in tb.geo(state, target).models), index)

    return min(enumerate(engaged), key=key)[1]


def groups(flow: Flow, unit: WUnit, ctx: Context) -> list[Group]:
    state = flow.state
    engaged = [
        state.units[t]
        for t in ctx.targets
        if state.units[t].on_table and tb.in_contact(state, unit, state.units[t])
    ]
    weapons = usable(state, unit)
    if not engaged or not weapons:
        return []
    big = profile_in_play(state, unit).big
    granular = state.options.granular
    found: dict[tuple[str, str], Group] = {}
    for model in strikers(state, unit):
        target = _allocate(state, model, engaged)
        bonus = sum(v for v, _ in modifiers(state, unit, target, ctx))
        ranked = sorted(
            weapons, key=lambda w: (-_expected(state, w, target, bonus), weapons.index(w))
        )
        wounds = unit.model(model.id).wounds
        chosen = ranked[: max(1, wounds)] if big else ranked[:1]
        for weapon in chosen:
            dice = weapon.value("rapid") if granular and weapon.has("rapid") else 1
            group = found.setdefault((target.id, weapon.id), Group(target.id, weapon))
            group.dice.append((model.id, dice))
    return list(found.values())


def resolve(flow: Flow, unit_id: str, ctx: Context) -> None:
    """Roll every group, then make the Life rolls (004 Fight steps 3-5)."""
    unit = flow.state.units[unit_id]
    planned = groups(flow, unit, ctx)
    if not planned:
        flow.emit(NoStrikers(unit=unit.id))
        return
    rerolls = STRIKE_HARDER if unit.strike_harder else 0
    results: list[tuple[Group, int, int]] = []
    state = flow.state
    fixed = {  # every roll is made under the same conditions, before any casualty
        g.target: modifiers(state, unit, state.units[g.target], ctx) for g in planned
    }
    for group in planned:
        target = state.units[group.target]
        weapon = group.weapon
        mods = fixed[group.target]
        modifier = sum(v for v, _ in mods)
        label = f"{unit.id} fights {target.id} with {weapon.name} ×{group.count}"
        must_roll = not weapon.autohit or weapon.has("critical") or weapon.has("unstable")
        dice = list(flow.dice(group.count, label)) if must_roll else []
        first = list(dice)

        def hit(raw: int, w: WeaponDef = weapon, m: int = modifier) -> bool:
            return w.autohit or judge(raw, w.hit, m)

        before: list[int] = []
        again: tuple[int, ...] = ()
        if rerolls and dice:
            misses = [i for i, d in enumerate(dice) if not hit(d)]
            failed = sorted(misses, key=lambda i: (dice[i], i))[:rerolls]
            if failed:
                again = flow.dice(len(failed), f"{unit.id} Strike harder! re-rolls")
                before = [dice[i] for i in failed]
                for i, value in zip(failed, again, strict=True):
                    dice[i] = value
                rerolls -= len(failed)
        hits = group.count if weapon.autohit else sum(1 for d in dice if hit(d))
        crit_x = weapon.value("critical")
        crits = sum(1 for d in dice if crit_x and d >= crit_x and hit(d))
        flow.emit(
            Blows(
                unit=unit.id,
                target=target.id,
                weapon=weapon.name,
                count=group.count,
                autohit=weapon.autohit,
                dice=tuple(first),
                need=need(weapon.hit, modifier),
                modifiers=tuple(Modifier(label=n, value=v) for v, n in mods),
                rerolled=tuple(before),
                again=again,
                hits=hits,
                crits=crits,
            )
        )
        results.append((group, hits, crits))
        if weapon.has("unstable") and dice:
            start = 0
            for model_id, n in group.dice:
                unstable(flow, unit.id, model_id, weapon, dice[start : start + n])
                start += n
    _spend(flow, unit_id, planned)
    for group, hits, crits in results:
        if hits <= 0:
            continue
        strike(
            flow,
            Strike(
                target=group.target,
                weapon=group.weapon,
                hits=hits,
                kind="fight",
                source=unit_id,
                crits=crits,
                grounded=group.target in ctx.grounded,
            ),
        )
    _frighten(flow, unit_id, [(g, h) for g, h, _ in results])


def _frighten(flow: Flow, unit_id: str, results: list[tuple[Group, int]]) -> None:
    """Suppressive/Terrifying melee weapons, tested per target in id order."""
    terrors: dict[str, Terror] = {}
    for group, hits in sorted(results, key=lambda r: r[0].target):
        note(terrors, group.weapon, group.target, len(group.dice), hits)
    active = flow.state.active
    in_activation = active is not None and active.unit == unit_id
    frighten(flow, unit_id, terrors, in_activation=in_activation, noun="blows")


def _spend(flow: Flow, unit_id: str, planned: list[Group]) -> None:
    """Strike harder! is used up; Slow weapons are spent for the round."""
    unit = flow.state.units[unit_id]
    slow = tuple(g.weapon.id for g in planned if g.weapon.has("slow"))
    updates: dict[str, object] = {"strike_harder": False}
    if slow:
        updates["slow_fired"] = tuple(dict.fromkeys((*unit.slow_fired, *slow)))
    put(flow, unit.model_copy(update=updates))
