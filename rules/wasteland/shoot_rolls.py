"""Resolving a Shoot Action once its targets have reacted (004 Shoot steps 3-5).

Models firing the same weapon at the same target roll together; each volley is recorded
as one fact with its dice, the number needed and the modifiers. Hits go to
:func:`~rules.wasteland.attacks.strike`; failed Shoot rolls become hits on the shooter's
own units in base contact with the target (only rolls of 1 when the target is a
Vehicle/Monster); only target models seen by a firing model (or by the spotter of an
indirect shot) may be removed.

Suppressive/Terrifying take effect once per activation of the firing unit, at the first
Shoot Action in which such a weapon hits (Umpire takes the owner's "choice as to when" to
be the first chance). Strike harder! re-rolls up to three failed Shoot dice, the lowest
first, during the unit's next Shoot Action.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.wasteland import table as tb
from rules.wasteland.attacks import Strike, strike, unstable
from rules.wasteland.content.special import WeaponRuleKind
from rules.wasteland.content.weapons import WeaponDef
from rules.wasteland.effects import put
from rules.wasteland.facts.combat import LowAmmo, ShootingStopped, StrayHits, VolleyFired
from rules.wasteland.flow import Flow
from rules.wasteland.open_fire import free_attacks
from rules.wasteland.profiles import profile_in_play
from rules.wasteland.shoot_fire import Score, Volley, assign, can_fire_from, source, spotters
from rules.wasteland.shoot_mods import (
    centre,
    focus_models,
    focus_offset,
    life_modifier,
    shoot_modifier,
)
from rules.wasteland.shot_hits import criticals, shot_hits
from rules.wasteland.state import AttackPlan, WastelandState, WUnit
from rules.wasteland.terror import Terror, frighten, note


@dataclass
class Tally:
    rerolls: int = 0
    dice: int = 0
    failed: int = 0
    slow: set[str] = field(default_factory=set)
    targets: list[str] = field(default_factory=list)
    terror: dict[str, Terror] = field(default_factory=dict)


def chance(need: int) -> float:
    """The chance one D10 scores ``need``+ (1+ always, 11+ never)."""
    return max(0, min(10, 11 - need)) / 10


def multiplier(state: WastelandState, weapon: WeaponDef, target: WUnit) -> int:
    kinds: tuple[WeaponRuleKind, ...] = ("area_effect", "spray")
    for kind in kinds:
        if weapon.has(kind):
            return min(weapon.value(kind), len(target.living))
    return max(1, weapon.value("rapid"))


def scorer(state: WastelandState, plan: AttackPlan, shooter: WUnit) -> Score:
    """Expected hits of one model firing ``weapon`` (used to pick weapons)."""
    cache: dict[tuple[str, str, bool], float] = {}

    def score(weapon: WeaponDef, target_id: str, indirect: bool) -> float:
        key = (weapon.id, target_id, indirect)
        if key not in cache:
            target = state.units[target_id]
            mod, _ = shoot_modifier(state, plan, shooter, target, weapon, indirect)
            p = 1.0 if weapon.autohit else chance(weapon.hit - mod)
            cache[key] = p * multiplier(state, weapon, target) + weapon.damage / 100
        return cache[key]

    return score


def focus_sets(
    state: WastelandState, plan: AttackPlan, shooter: WUnit
) -> dict[str, frozenset[str]]:
    if not plan.focus:
        return {}
    found = {}
    for target_id in dict.fromkeys(f.target for f in plan.fires):
        target = state.units.get(target_id)
        if target is None or not target.on_table:
            continue
        models = focus_models(state, shooter, target)
        if models is not None:
            found[target_id] = models
    return found


def resolve(flow: Flow, plan: AttackPlan, *, all_in_range: bool = False) -> None:
    """Steps 3-5 of ``plan`` as things stand now."""
    state = flow.state
    shooter = state.units.get(plan.unit)
    if shooter is None or not shooter.living or not can_fire_from(state, shooter):
        flow.emit(ShootingStopped(unit=plan.unit, reason="cannot_shoot"))
        return
    focus = focus_sets(state, plan, shooter)
    aim = assign(
        state,
        shooter,
        plan,
        scorer(state, plan, shooter),
        all_in_range=all_in_range,
        visible_only=focus or None,
    )
    tally = Tally(rerolls=3 if shooter.strike_harder else 0)
    if not aim.volleys:
        flow.emit(ShootingStopped(unit=shooter.id, reason="no_targets"))
        _after(flow, plan, tally)
        return
    visible = _visible(state, shooter, aim.volleys, aim.seen)
    for volley in aim.volleys:
        _fire(flow, plan, volley, visible.get(volley.target, frozenset()), tally, focus)
    _terror(flow, plan, tally)
    _after(flow, plan, tally)


def _visible(
    state: WastelandState,
    shooter: WUnit,
    volleys: list[Volley],
    seen: dict[str, dict[str, dict[str, float]]],
) -> dict[str, frozenset[str]]:
    """Target models seen by a firing model, or by a spotter of an indirect volley."""
    found: dict[str, set[str]] = {}
    for volley in volleys:
        mine = found.setdefault(volley.target, set())
        if volley.indirect:
            target = state.units[volley.target]
            for spotter in spotters(state, shooter, target):
                mine.update(b.id for _, b in tb.visible_pairs(state, spotter, target))
        else:
            for mid in volley.models:
                mine.update(seen[volley.target].get(mid, {}))
    return {k: frozenset(v) for k, v in found.items()}


def _fire(
    flow: Flow,
    plan: AttackPlan,
    volley: Volley,
    visible: frozenset[str],
    tally: Tally,
    focus: dict[str, frozenset[str]],
) -> None:
    state = flow.state
    shooter = state.units[plan.unit]
    target = state.units[volley.target]
    models = [m for m in volley.models if shooter.model(m).alive]
    if not target.on_table or not models:
        return
    weapon = volley.weapon
    mod, why = shoot_modifier(state, plan, shooter, target, weapon, volley.indirect)
    each = weapon.value("rapid") if state.options.granular and weapon.has("rapid") else 1
    count = len(models) * each
    need = weapon.hit - mod
    automatic = weapon.autohit or need <= 1 or need >= 11
    rolled = not automatic or weapon.has("critical") or weapon.has("unstable")
    verb = "fires indirectly at" if volley.indirect else "shoots"
    dice = (
        list(flow.dice(count, f"{shooter.id} {verb} {target.id} with {weapon.name}"))
        if rolled
        else []
    )
    rerolls = _reroll(flow, shooter, dice, need, tally) if not automatic else ()
    hits = shot_hits(weapon, need, count, dice)
    failures = count - hits
    if not weapon.autohit:
        tally.dice += count
        tally.failed += failures
    crits = criticals(weapon, dice)
    if weapon.has("slow"):
        tally.slow.add(weapon.id)
    if target.id not in tally.targets:
        tally.targets.append(target.id)
    note(tally.terror, weapon, target.id, len(models), hits)
    life_mod, life_why = life_modifier(state, plan, shooter, target)
    flow.emit(
        VolleyFired(
            shooter=shooter.id,
            target=target.id,
            weapon=weapon.name,
            count=count,
            indirect=volley.indirect,
            autohit=weapon.autohit,
            dice=tuple(dice),
            need=need,
            modifiers=tuple(why),
            rerolls=rerolls,
            hits=hits,
            crits=crits,
            life=tuple(life_why),
            life_modifier=life_mod,
        )
    )
    if hits:
        s = Strike(
            target=target.id,
            weapon=weapon,
            hits=hits,
            kind=plan.kind,
            source=shooter.id,
            crits=crits,
            life_modifier=life_mod,
            grounded=target.id in plan.grounded,
            visible=visible,
            from_behind=_behind(state, shooter, target),
        )
        if target.id in focus:
            s.life_modifier += focus_offset(flow.state, s)
        strike(flow, s)
    free_attacks(
        flow,
        kind=plan.kind,
        shooter=shooter.id,
        transport=target.id,
        weapon=weapon,
        count=count,
        need=need,
    )
    _stray(flow, plan, volley, dice, failures, need)
    if dice and weapon.has("unstable"):
        for i, mid in enumerate(models):
            unstable(flow, shooter.id, mid, weapon, dice[i * each : (i + 1) * each])


def _reroll(
    flow: Flow, shooter: WUnit, dice: list[int], need: int, tally: Tally
) -> tuple[tuple[int, int], ...]:
    """Strike harder!: re-roll up to the remaining failed dice (lowest first); the
    (old, new) value of each die rolled again."""
    if not tally.rerolls or not dice:
        return ()
    failed = sorted((i for i, d in enumerate(dice) if d < need), key=lambda i: (dice[i], i))
    chosen = failed[: tally.rerolls]
    if not chosen:
        return ()
    new = flow.dice(len(chosen), f"{shooter.id} Strike harder! re-rolls")
    changes = []
    for i, value in zip(chosen, new, strict=True):
        changes.append((dice[i], value))
        dice[i] = value
    tally.rerolls -= len(chosen)
    return tuple(changes)


def _behind(state: WastelandState, shooter: WUnit, target: WUnit) -> bool:
    """Whether most of the shooter's bases are behind the target's side-to-side line."""
    models = tb.geo(state, source(state, shooter)).models
    middle = tb.geo(state, target).models[0].centre
    behind = sum(1 for m in models if not tb.front_of(target, middle, m.centre))
    return behind * 2 > len(models)


def _stray(
    flow: Flow, plan: AttackPlan, volley: Volley, dice: list[int], failures: int, need: int
) -> None:
    """Failed Shoot rolls hit the shooter's own units in base contact with the target."""
    if failures <= 0:
        return
    state = flow.state
    shooter = state.units[plan.unit]
    target = state.units[volley.target]
    friends = sorted(
        (u for u in tb.contacts(state, target) if u.seat == shooter.seat and u.id != shooter.id),
        key=lambda u: u.id,
    )
    if not friends:
        return
    stray = failures
    big = profile_in_play(state, target).big
    if big:
        stray = sum(1 for d in dice if d == 1 and d < need)
    if not stray:
        return
    friend = friends[0]
    flow.emit(StrayHits(hits=stray, friend=friend.id, target=target.id, big=big))
    strike(
        flow,
        Strike(
            target=friend.id,
            weapon=volley.weapon,
            hits=stray,
            kind=plan.kind,
            source=shooter.id,
        ),
    )


def _terror(flow: Flow, plan: AttackPlan, tally: Tally) -> None:
    active = flow.state.active
    in_activation = active is not None and active.unit == plan.unit and plan.kind != "counter"
    frighten(flow, plan.unit, tally.terror, in_activation=in_activation, noun="fire")


def _after(flow: Flow, plan: AttackPlan, tally: Tally) -> None:
    """Slow weapons spent, Strike harder! used, low ammunition, the last firer remembered."""
    state = flow.state
    shooter = state.units.get(plan.unit)
    if shooter is None:
        return
    updates: dict[str, object] = {}
    if tally.slow:
        updates["slow_fired"] = tuple(dict.fromkeys((*shooter.slow_fired, *sorted(tally.slow))))
    if shooter.strike_harder:
        updates["strike_harder"] = False
    low = "low_ammo" in state.advantages.get(shooter.seat, ())
    if low and tally.dice and tally.failed * 2 >= tally.dice and not shooter.gone:
        updates["low_ammo"] = shooter.low_ammo + 1
        flow.emit(
            LowAmmo(
                unit=shooter.id, failed=tally.failed, dice=tally.dice, penalty=shooter.low_ammo + 1
            )
        )
    if updates:
        put(flow, shooter.model_copy(update=updates))
    if state.options.firing_positions and shooter.living and can_fire_from(state, shooter):
        spot = centre(flow.state, shooter)
        marked = [
            t.model_copy(update={"last_fired_from": spot})
            for tid in tally.targets
            if (t := flow.state.units[tid]).on_table
        ]
        if marked:
            put(flow, *marked)
