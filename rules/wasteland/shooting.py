"""The Shoot Action (004 Shoot), Assault fire after a Move and the Counter-Attack shot.

Step 1 (targets): a unit with no models in base contact with enemy models and a ranged
weapon fires at the closest enemy unit it sees (a Vehicle/Monster: the closest with most
models in front of it). Advanced Shooting Tasks each need a passed Will roll (free for a
Vehicle/Monster); a failed one is not done and its confusion gives -1 Shoot for the rest
of the Action:

* targeting a unit that is not the closest and has several models or is a Vehicle/Monster
  (a Fire naming a *Sniper* weapon needs no roll); a refused target falls back to the
  closest enemy unit. A single-model unit that is not the closest can only be targeted
  with a Sniper weapon ("including single-model units", 004 Sniper);
* different models firing at different targets; refused, every Fire aims at the first
  target named;
* extending the ranges of non-Autohit weapons by 5" at -3 Shoot.

Everything that can be checked without dice is checked first, so a refused order never
rolls. Step 2 offers each target its Reaction (:mod:`rules.wasteland.reactions`); steps
3-5 are in :mod:`rules.wasteland.shoot_rolls`.

A unit and an enemy Vehicle/Monster in base contact may shoot one another (only one
another), counting as moving: no Heavy or Area Effect weapons (004 Vehicle/Monster).
"""

from __future__ import annotations

from typing import Literal

from rules.core.frames import FrameOpened
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.geometry.measure import gap
from rules.geometry.moves import footprint
from rules.geometry.pieces import Terrain
from rules.geometry.units import show
from rules.wasteland import actions
from rules.wasteland import table as tb
from rules.wasteland.checks import will_roll
from rules.wasteland.effects import put
from rules.wasteland.events import Measured
from rules.wasteland.facts.combat import CounterAttack, FireRedirected, TargetTest, shooting_task
from rules.wasteland.flow import Flow
from rules.wasteland.profiles import profile_in_play
from rules.wasteland.shoot_fire import (
    assign,
    barred,
    big,
    can_fire_from,
    locked,
    ranged_weapons,
    refusal,
    source,
    spotters,
)
from rules.wasteland.shoot_mods import focus_models
from rules.wasteland.shoot_rolls import resolve, scorer
from rules.wasteland.state import (
    AttackPlan,
    Fire,
    Measure,
    OfferReactions,
    WastelandState,
    WUnit,
)

NEAR = 1.0  # hundredths: targets this close to the closest distance count as closest
CONFUSION = 1
"""Shoot penalty for the rest of the Action for each failed Advanced Shooting Task."""
ShotKind = Literal["shoot", "counter", "assault"]


def shoot(flow: Flow, seat: str, action: actions.Shoot) -> Rejection | None:
    """The Shoot Action of the active unit (the dispatcher already spent the Action)."""
    active = flow.state.active
    assert active is not None
    return _begin(
        flow,
        flow.state.units[active.unit],
        action.fires,
        kind="shoot",
        extend=action.extend,
        indirect=action.indirect,
        focus=action.focus,
    )


def fire_after_move(
    flow: Flow, unit_id: str, fires: tuple[Fire, ...], *, focus: bool = False
) -> Rejection | None:
    """Assault (004): once per round, Assault weapons fire for free at the end of a Move
    Action, exactly as a Shoot Action (targets may react, fire may be focused on a
    partially concealed target's fully visible models). After a move into, out of or
    through Difficult Terrain (any move in Muddy or Rainy conditions) the shots take -2
    (004 Difficult Terrain); the move is read from the path measurements the Move
    recorded."""
    unit = flow.state.units[unit_id]
    if unit.assault_fired:
        return reject(
            RejectionCode.ALREADY_DONE,
            f"{unit.id} has already fired Assault weapons after a move this round.",
            "004 Assault",
        )
    if not any(w.has("assault") for w in ranged_weapons(flow.state, unit)):
        return reject(
            RejectionCode.ILLEGAL_MOVE, f"{unit.id} has no Assault weapon to fire.", "004 Assault"
        )
    return _begin(
        flow,
        unit,
        fires,
        kind="assault",
        extend=False,
        indirect=False,
        focus=focus,
        difficult=rough_move(flow.state, unit),
    )


def counter_attack(flow: Flow, unit_id: str, attacker_id: str, against_fight: bool) -> None:
    """The Counter-Attack Reaction (004 Reactions): a free Shoot Action at the provoking
    unit at -1 Shoot; against a Fight Action every ranged weapon counts as in range.

    Umpire's reading: a counter-attack's target may not react in turn, which would let
    two units trade reactions without end."""
    unit = flow.state.units[unit_id]
    flow.emit(CounterAttack(unit=unit.id, attacker=attacker_id))
    plan = AttackPlan(kind="counter", unit=unit_id, fires=(Fire(target=attacker_id),))
    _measure(flow, unit, [attacker_id])
    resolve(flow, plan, all_in_range=against_fight)


def resume(flow: Flow, plan: AttackPlan) -> None:
    """Steps 3-5 once every target has reacted."""
    resolve(flow, plan)


def resolve_friendly_fire(flow: Flow, shooter_id: str, target_id: str) -> None:
    """Friendly fire incident (004 Random battle events): a single Shoot Action at the
    closest friendly unit, resolved at once (no Advanced Shooting Tasks and no Reactions,
    which answer enemy units)."""
    shooter = flow.state.units[shooter_id]
    _measure(flow, shooter, [target_id])
    resolve(flow, AttackPlan(kind="shoot", unit=shooter_id, fires=(Fire(target=target_id),)))


# -- step 1 -------------------------------------------------------------------------------
def _begin(
    flow: Flow,
    shooter: WUnit,
    fires: tuple[Fire, ...],
    *,
    kind: ShotKind,
    extend: bool,
    indirect: bool,
    focus: bool,
    difficult: bool = False,
) -> Rejection | None:
    state = flow.state
    if not fires:
        return reject(RejectionCode.BAD_ARGUMENT, "Name the unit to shoot at.", "004 Shoot")
    problem = _check_shooter(state, shooter, kind)
    if problem is not None:
        return problem
    contacts = locked(state, shooter)
    fires = _fill_snipers(state, shooter, fires, contacts)
    for fire in fires:
        problem = _check_fire(state, shooter, fire, kind, indirect, contacts)
        if problem is not None:
            return problem
    problem = _check_models(state, shooter, fires)
    if problem is not None:
        return problem
    if indirect and not any(w.has("indirect") for w in ranged_weapons(state, shooter)):
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{shooter.id} has no Indirect Fire weapon.",
            "004 Indirect Fire",
        )
    if focus and not state.options.partial_concealment:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            "Focus fire is an advanced rule this game does not use.",
            "004 Partially concealed units",
        )
    if focus and not any(
        focus_models(state, shooter, state.units[f.target]) is not None for f in fires
    ):
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            "No target is partially concealed (most, but not all, of its models in or behind"
            " Concealment or Cover), so there is nothing to focus on.",
            "004 Partially concealed units",
        )
    plan = AttackPlan(
        kind=kind,
        unit=shooter.id,
        fires=fires,
        extended=extend,
        indirect=indirect,
        focus=focus,
        difficult=difficult,
    )
    aim = assign(state, shooter, plan, scorer(state, plan, shooter))
    if aim.problems:
        text = aim.problems[0]
        code = RejectionCode.NO_LINE_OF_SIGHT if "can see" in text else RejectionCode.OUT_OF_RANGE
        return refusal(code, text)
    closest = _closest(state, shooter, indirect, contacts)
    needs = [t for t in _targets(fires) if _needs_task(state, shooter, t, fires, closest)]
    for target in _targets(fires):
        single = len(state.units[target].living) == 1 and not big(state, state.units[target])
        if target not in closest and single and not _sniper_only(state, fires, target):
            return reject(
                RejectionCode.ILLEGAL_MOVE,
                f"{target} is a single model and not the closest enemy unit"
                f" ({_closest_text(state, shooter, closest)}); only a Sniper weapon may"
                " target it.",
                "004 Sniper",
            )
    # -- from here on dice are rolled: nothing is refused any more --
    if kind == "assault":
        put(flow, flow.state.units[shooter.id].model_copy(update={"assault_fired": True}))
    plan = _tasks(flow, shooter, plan, needs, closest)
    _measure(flow, shooter, _targets(plan.fires))
    flow.emit(FrameOpened(frame=OfferReactions(plan=plan)))
    return None


def _check_shooter(state: WastelandState, shooter: WUnit, kind: str) -> Rejection | None:
    if not can_fire_from(state, shooter):
        carrier = state.units.get(shooter.embarked_in or "")
        if (
            shooter.status == "embarked"
            and carrier is not None
            and profile_in_play(state, carrier).has("open")
            and carrier.move_actions >= 2
        ):
            return reject(
                RejectionCode.ILLEGAL_MOVE,
                f"{carrier.id} took two Move Actions this round, so {shooter.id} cannot shoot"
                " from it.",
                "004 Open",
            )
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{shooter.id} is not on the table (an embarked unit shoots only from an Open"
            " transport).",
            "004 Open",
        )
    if not ranged_weapons(state, shooter):
        return reject(
            RejectionCode.ILLEGAL_MOVE, f"{shooter.id} has no ranged weapon.", "004 Shoot"
        )
    mine = source(state, shooter)
    for enemy in locked(state, shooter):
        if not (big(state, mine) or big(state, enemy)):
            return reject(
                RejectionCode.ILLEGAL_MOVE,
                f"{shooter.id} is in base contact with {enemy.id} and cannot Shoot.",
                "004 Shoot",
            )
    return None


def _fill_snipers(
    state: WastelandState, shooter: WUnit, fires: tuple[Fire, ...], contacts: list[WUnit]
) -> tuple[Fire, ...]:
    """A Fire with no weapon at a single model that is not the closest uses the unit's
    Sniper weapon (the only weapon that may target it)."""
    snipers = [w for w in ranged_weapons(state, shooter) if w.has("sniper")]
    if not snipers:
        return fires
    closest = _closest(state, shooter, False, contacts)
    found = []
    for fire in fires:
        target = state.units.get(fire.target)
        if (
            fire.weapon is None
            and target is not None
            and fire.target not in closest
            and len(target.living) == 1
            and not big(state, target)
        ):
            fire = fire.model_copy(update={"weapon": snipers[0].id})
        found.append(fire)
    return tuple(found)


def _check_fire(
    state: WastelandState,
    shooter: WUnit,
    fire: Fire,
    kind: str,
    indirect: bool,
    contacts: list[WUnit],
) -> Rejection | None:
    target = state.units.get(fire.target)
    if target is None:
        return reject(RejectionCode.BAD_ARGUMENT, f"There is no unit '{fire.target}'.")
    if not state.hostile(target.seat, shooter.seat):
        return reject(RejectionCode.ILLEGAL_MOVE, f"{target.id} is not an enemy unit.", "004 Shoot")
    if not target.on_table:
        return reject(RejectionCode.ILLEGAL_MOVE, f"{target.id} is not on the table.", "004 Shoot")
    if contacts and target.id not in {u.id for u in contacts}:
        names = ", ".join(u.id for u in contacts)
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{shooter.id} is in base contact with {names} and may only shoot at"
            f" {'it' if len(contacts) == 1 else 'them'}.",
            "004 Vehicle/Monster",
        )
    mine = source(state, shooter)
    if big(state, shooter) and not tb.majority_in_front(state, shooter, target):
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"Most of {target.id} is not in front of {shooter.id}'s centre line; a Vehicle or"
            " Monster may only target units in front of it.",
            "004 Vehicle/Monster",
        )
    if fire.weapon is not None:
        weapon = state.weapons.get(fire.weapon)
        if weapon is None or fire.weapon not in profile_in_play(state, shooter).weapons:
            names = ", ".join(w.id for w in ranged_weapons(state, shooter))
            return reject(
                RejectionCode.BAD_ARGUMENT,
                f"{shooter.id} has no weapon '{fire.weapon}' (ranged: {names}).",
            )
        if not weapon.ranged:
            return reject(
                RejectionCode.ILLEGAL_MOVE,
                f"{weapon.name} is a melee weapon.",
                "004 Weapons",
            )
        if fire.weapon in shooter.broken_weapons:
            return reject(
                RejectionCode.ILLEGAL_MOVE,
                f"{weapon.name} of {shooter.id} was destroyed.",
                "004 Crippling damage",
            )
        why = barred(state, shooter, weapon, kind, fire.models)
        if why is not None:
            return refusal(RejectionCode.ILLEGAL_MOVE, why)
        if indirect and not weapon.has("indirect") and not tb.sees(state, mine, target):
            return reject(
                RejectionCode.NO_LINE_OF_SIGHT,
                f"{weapon.name} has no Indirect Fire and no model of {shooter.id} sees"
                f" {target.id}.",
                "004 Indirect Fire",
            )
    if not tb.sees(state, mine, target) and not (indirect and spotters(state, shooter, target)):
        apart = tb.distance(state, mine, target, visible_only=False)
        extra = ' and no friendly Spearhead or Scouts unit sees it within 15"' if indirect else ""
        return reject(
            RejectionCode.NO_LINE_OF_SIGHT,
            f"No model of {shooter.id} can see {target.id} ({show(apart)} away){extra}.",
            "004 Visibility" if not indirect else "004 Indirect Fire",
        )
    return None


def _check_models(
    state: WastelandState, shooter: WUnit, fires: tuple[Fire, ...]
) -> Rejection | None:
    living = {m.id: m for m in shooter.living}
    if not big(state, shooter) and sum(1 for f in fires if not f.models) > 1:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            "Only one Fire may leave its models unnamed (it takes every model not named"
            " elsewhere); name the models of the others.",
            "004 Shoot",
        )
    named: dict[str, list[str | None]] = {}
    for fire in fires:
        for mid in fire.models:
            if mid not in living:
                return reject(
                    RejectionCode.BAD_ARGUMENT, f"{shooter.id} has no living model '{mid}'."
                )
            if fire.weapon is not None and fire.weapon in named.get(mid, []):
                return reject(
                    RejectionCode.ILLEGAL_MOVE,
                    f"{mid} cannot fire {fire.weapon} twice in one Action.",
                    "004 Shoot",
                )
            named.setdefault(mid, []).append(fire.weapon)
    for mid, weapons in named.items():
        allowed = living[mid].wounds if big(state, shooter) else 1
        if len(weapons) > allowed:
            why = (
                f"as many weapons as wounds left ({allowed})"
                if big(state, shooter)
                else "one weapon"
            )
            return reject(
                RejectionCode.ILLEGAL_MOVE,
                f"{mid} is named in {len(weapons)} Fires but fires {why}.",
                "004 Shoot" if not big(state, shooter) else "004 Vehicle/Monster",
            )
    return None


def _targets(fires: tuple[Fire, ...]) -> list[str]:
    return list(dict.fromkeys(f.target for f in fires))


def _closest(
    state: WastelandState, shooter: WUnit, indirect: bool, contacts: list[WUnit]
) -> dict[str, float]:
    """The enemy unit(s) closest to the shooter among those it could target, by distance."""
    mine = source(state, shooter)
    found: dict[str, float] = {}
    candidates = contacts or state.enemies(shooter.seat)
    for enemy in candidates:
        if big(state, shooter) and not tb.majority_in_front(state, shooter, enemy):
            continue
        if tb.sees(state, mine, enemy):
            found[enemy.id] = tb.distance(state, mine, enemy)
        elif indirect and spotters(state, shooter, enemy):
            found[enemy.id] = tb.distance(state, mine, enemy, visible_only=False)
    if not found:
        return {}
    best = min(found.values())
    return {k: v for k, v in found.items() if v <= best + NEAR}


def _closest_text(state: WastelandState, shooter: WUnit, closest: dict[str, float]) -> str:
    if not closest:
        return "no enemy unit is in sight"
    names = " and ".join(sorted(closest))
    verb = "is" if len(closest) == 1 else "are"
    return f"{names} {verb}, {show(min(closest.values()))} away"


def _sniper_only(state: WastelandState, fires: tuple[Fire, ...], target: str) -> bool:
    return all(
        f.weapon is not None and state.weapons[f.weapon].has("sniper")
        for f in fires
        if f.target == target
    )


def _needs_task(
    state: WastelandState,
    shooter: WUnit,
    target: str,
    fires: tuple[Fire, ...],
    closest: dict[str, float],
) -> bool:
    unit = state.units[target]
    if target in closest or _sniper_only(state, fires, target):
        return False
    return len(unit.living) > 1 or big(state, unit)


def _tasks(
    flow: Flow, shooter: WUnit, plan: AttackPlan, needs: list[str], closest: dict[str, float]
) -> AttackPlan:
    """Roll the Advanced Shooting Tasks; a Vehicle/Monster performs them for free."""
    free = big(flow.state, shooter)
    fires = plan.fires
    penalty = 0
    extended = plan.extended

    def attempt(
        choice: Literal["split", "not_closest", "extend"], targets: tuple[str, ...] = ()
    ) -> bool:
        nonlocal penalty
        told = TargetTest(unit=shooter.id, choice=choice, targets=targets)
        if free:
            flow.emit(told)
            return True
        what = shooting_task(choice, targets)
        check = will_roll(flow, flow.state.units[shooter.id], what)
        flow.emit(told.model_copy(update={"check": check}))
        if check.passed:
            return True
        penalty -= CONFUSION
        return False

    targets = _targets(fires)
    if len(targets) > 1 and not attempt("split", tuple(targets)):
        fires = tuple(f.model_copy(update={"target": targets[0]}) for f in fires)
        fires = _merge(fires)
    fallback = min(closest, key=lambda k: (closest[k], k)) if closest else None
    for target in _targets(fires):
        if target not in needs:
            continue
        if attempt("not_closest", (target,)):
            continue
        if fallback is not None:
            flow.emit(FireRedirected(unit=shooter.id, target=fallback))
            fires = _merge(
                tuple(
                    f.model_copy(update={"target": fallback}) if f.target == target else f
                    for f in fires
                )
            )
    if extended and not attempt("extend"):
        extended = False
    return plan.model_copy(update={"fires": fires, "penalty": penalty, "extended": extended})


def _merge(fires: tuple[Fire, ...]) -> tuple[Fire, ...]:
    """Drop Fires made identical by redirection (same target, weapon and models)."""
    return tuple(dict.fromkeys(fires))


def _measure(flow: Flow, shooter: WUnit, targets: list[str]) -> None:
    """Sight lines from the shooter to each target for the next picture."""
    state = flow.state
    mine = source(state, shooter)
    found = []
    for target_id in targets:
        target = state.units.get(target_id)
        if target is None or not target.on_table or not mine.living:
            continue
        pairs = tb.visible_pairs(state, mine, target)
        if pairs:
            a, b = min(pairs, key=lambda p: (gap(p[0], p[1]), p[0].id, p[1].id))
            found.append(Measure(kind="sight", start=a.centre, end=b.centre, label=show(gap(a, b))))
        else:
            a, b, apart = tb.closest_models(state, mine, target)
            found.append(Measure(kind="blocked", start=a.centre, end=b.centre, label=show(apart)))
    if found:
        flow.emit(Measured(measures=(*state.measures, *found)))


def rough_move(state: WastelandState, unit: WUnit) -> bool:
    """Whether the unit's last recorded move paths (the Move's "path" measurements ending
    at its models) went into, out of or through Difficult Terrain."""
    profile = profile_in_play(state, unit)
    if profile.has("pathfinder") or profile.has("jump") or profile.has("flying"):
        return False
    ends = {m.centre: m for m in tb.geo(state, unit).models}
    muddy = state.condition in ("muddy", "rainy")  # all open ground is Difficult Terrain
    for measure in state.measures:
        end = ends.get(measure.end)
        if measure.kind != "path" or end is None:
            continue
        if muddy:
            return True
        # the base's footprint along the path, as the Move judged it (004 Difficult Terrain)
        for _, classes, covered in footprint(end.at(*measure.start), end, state.table):
            if Terrain.DIFFICULT in classes and covered > 0:
                return True
    return False
