"""Ranged fire (readings 13 and 14, 003 Fernkampf): every model of the shooting unit with a
loaded weapon that sees a model of the spotted target and has it in range rolls to hit with
the sheet's modifiers for its own line (the nearest target model it sees); each hit rolls to
kill against the weapon's strength at that distance. The target's owner picks the fallen
among its models in the shooters' sight (reading 45,
:mod:`rules.blackpowder.casualty_picks`). A black-powder weapon then needs a reload and
leaves powder smoke; a single-shot weapon needs a reload."""

from __future__ import annotations

from dataclasses import dataclass

from shapely import LineString
from shapely.geometry import Point as ShapelyPoint

from rules.blackpowder import rules_cited as rule
from rules.blackpowder.board import (
    area_type,
    best_cover,
    large,
    models_of,
    obstacle_line,
    obstacle_type,
)
from rules.blackpowder.casualty_picks import remove_or_ask
from rules.blackpowder.content.terrain import Cover
from rules.blackpowder.content.weapons import RangedWeaponDef
from rules.blackpowder.dice import face
from rules.blackpowder.events import Fired, KillDie, Shot
from rules.blackpowder.flow import Flow
from rules.blackpowder.modifiers import Modifier, total
from rules.blackpowder.naming import weapon_name
from rules.blackpowder.phrasebook import say
from rules.blackpowder.rules_cited import cited
from rules.blackpowder.sighting import blocked
from rules.blackpowder.state import BPState, BPUnit
from rules.blackpowder.tables.shooting import (
    COVER_ON_SIGHT,
    TOP_FACE,
    hit_modifiers,
    impossible_shot,
    kill_modifiers,
    kill_score,
)
from rules.blackpowder.tables.spotting import OBSTACLE_REACH
from rules.core.rejection import Rejection, RejectionCode, reject
from rules.geometry.measure import gap
from rules.geometry.pieces import Model
from rules.geometry.sight import areas_crossed
from rules.geometry.units import PER_INCH

LOOSE_GAP = PER_INCH
"""Reading 20: a unit whose models all stand more than 1" apart is in loose formation."""


@dataclass(frozen=True)
class Aim:
    """One firing model's line: the target model it aims at, the distance and modifiers."""

    model: Model
    target: Model
    distance: float  # hundredths
    modifiers: tuple[Modifier, ...]


def weapon_for(
    state: BPState, unit: BPUnit, named: str | None, target: BPUnit | None = None
) -> RangedWeaponDef | Rejection:
    """The weapon the unit fires: the one named, or its first loaded one (with a
    ``target``: the first loaded one with which a model sees it in range, reading 62)."""
    profile = state.profile(unit)
    loaded = [w for w in profile.ranged if w not in unit.spent]
    if named is not None:
        if named not in profile.ranged:
            return reject(
                RejectionCode.BAD_ARGUMENT,
                say("carries-no", piece=unit.piece, weapon=named),
                cited(rule.RANGED_WEAPONS),
                list(profile.ranged),
            )
        if named in unit.spent:
            return reject(
                RejectionCode.ILLEGAL_MOVE,
                say("reload-first", piece=unit.piece, weapon=weapon_name(state, named)),
                cited(rule.RANGED_WEAPONS),
            )
        return state.weapons[named]
    if not loaded:
        why = say("no-ranged-weapon" if not profile.ranged else "must-reload", piece=unit.piece)
        return reject(RejectionCode.ILLEGAL_MOVE, why, cited(rule.RANGED_WEAPONS))
    if target is not None:
        for weapon in loaded:
            if aims(state, unit, target, state.weapons[weapon]):
                return state.weapons[weapon]
    return state.weapons[loaded[0]]


def loose(state: BPState, unit: BPUnit) -> bool:
    models = models_of(state, unit)
    return len(models) > 1 and all(
        gap(a, b) > LOOSE_GAP for i, a in enumerate(models) for b in models[i + 1 :]
    )


def _cover(state: BPState, eye: Model, seen: Model) -> tuple[Cover, Cover, int]:
    """The target's own cover (its area, or an obstacle within 2" of it the line crosses),
    the best cover of areas the line crosses for 3" or more, and the other obstacles
    crossed (those within 2" of neither end)."""
    assert state.table is not None
    line = LineString([eye.centre, seen.centre])
    here, there = ShapelyPoint(eye.centre), ShapelyPoint(seen.centre)
    own: list[Cover] = [
        area_type(state, a).cover for a in state.table.areas if a.polygon.contains(there)
    ]
    crossed = 0
    for obstacle in state.obstacles:
        wall = obstacle_line(obstacle)
        if not line.intersects(wall):
            continue
        if wall.distance(there) <= OBSTACLE_REACH * PER_INCH + seen.radius:
            own.append(obstacle_type(state, obstacle).cover)
        elif wall.distance(here) > OBSTACLE_REACH * PER_INCH + eye.radius:
            crossed += 1
    on_sight = [
        area_type(state, area).cover
        for area, length in areas_crossed(eye.centre, seen.centre, state.table)
        if length >= COVER_ON_SIGHT * PER_INCH
    ]
    return best_cover(own), best_cover(on_sight), crossed


def aims(
    state: BPState,
    shooter: BPUnit,
    target: BPUnit,
    weapon: RangedWeaponDef,
    ready: bool = False,
    moved: bool = False,
) -> list[Aim]:
    """The shooter's models that see a target model within the weapon's range, each with
    the nearest one it sees. Every shot of a shaken unit, every ready-fire shot and every
    shot after moving in the same action is hasty (readings 13, 18 and 61)."""
    profile = state.profile(target)
    hasty = shooter.shaken or ready or moved
    found: list[Aim] = []
    targets = models_of(state, target)
    for model in models_of(state, shooter):
        seen = [t for t in targets if not blocked(state, model, t)]
        if not seen:
            continue
        nearest = min(seen, key=lambda t: (gap(model, t), t.id))
        distance = gap(model, nearest)
        if distance > weapon.range * PER_INCH:
            continue
        own, on_sight, crossed = _cover(state, model, nearest)
        modifiers = hit_modifiers(
            distance / PER_INCH,
            hasty=hasty,
            obstacles=crossed,
            loose_formation=loose(state, target),
            target_cover=own,
            cover_on_sight=on_sight,
            cavalry_target=profile.cavalry,
            large_target=large(profile),
        )
        found.append(Aim(model, nearest, distance, modifiers))
    return found


def fire(
    flow: Flow,
    shooter: BPUnit,
    target: BPUnit,
    weapon: RangedWeaponDef,
    lines: list[Aim],
    ready: bool = False,
    moved: bool = False,
) -> int:
    """Rolls the fire of ``lines`` and removes the fallen; returns the casualties."""
    score = flow.state.profile(shooter).shooting
    faces = [face(r) for r in flow.dice(len(lines), f"{shooter.id} fires at {target.id}")]
    shots = tuple(_shot(aim, score, f) for aim, f in zip(lines, faces, strict=True))
    hits = [(aim, shot) for aim, shot in zip(lines, shots, strict=True) if shot.hit]
    kill_faces = [face(r) for r in flow.dice(len(hits), f"{shooter.id} to kill")]
    kills = tuple(
        _kill(weapon, aim, shot, f) for (aim, shot), f in zip(hits, kill_faces, strict=True)
    )
    flow.emit(
        Fired(
            unit=shooter.id,
            target=target.id,
            weapon=weapon.id,
            shots=shots,
            kills=kills,
            smoke=weapon.black_powder,
            reload=weapon.needs_reloading,
            ready=ready,
            moved=moved,
        )
    )
    fallen = sum(1 for k in kills if k.killed)
    if fallen:
        state = flow.state
        seen = frozenset(
            t.id
            for t in models_of(state, target)
            if any(not blocked(state, aim.model, t) for aim in lines)
        )
        nearest = nearest_first(state, target, shooter)
        if not remove_or_ask(flow, target, shooter, fallen, nearest, seen, ready):
            return 0  # its owner picks the fallen; the reaction test waits (reading 45)
    return fallen


def _shot(aim: Aim, score: int, rolled: int) -> Shot:
    """One die to hit; an impossible shot hits on a 9 alone (reading 68)."""
    modifier = total(aim.modifiers)
    impossible = impossible_shot(score, modifier)
    return Shot(
        model=aim.model.id,
        distance=round(aim.distance),
        score=score,
        modifiers=tuple(m.shown() for m in aim.modifiers),
        modifier=modifier,
        face=rolled,
        hit=rolled == TOP_FACE if impossible else rolled + modifier >= score,
        impossible=impossible,
    )


def _kill(weapon: RangedWeaponDef, aim: Aim, shot: Shot, rolled: int) -> KillDie:
    """One hit's die to kill, -3 after an impossible shot."""
    needed = kill_score(weapon, aim.distance / PER_INCH)
    modifiers = kill_modifiers(impossible_shot=shot.impossible)
    return KillDie(
        model=aim.model.id,
        score=needed,
        face=rolled,
        killed=rolled + total(modifiers) >= needed,
        modifiers=tuple(m.shown() for m in modifiers),
        modifier=total(modifiers),
    )


def nearest_first(state: BPState, unit: BPUnit, enemy: BPUnit) -> tuple[str, ...]:
    """The unit's models, the nearest to ``enemy`` first."""
    theirs = models_of(state, enemy)
    ranked = sorted(models_of(state, unit), key=lambda m: (min(gap(m, t) for t in theirs), m.id))
    return tuple(m.id for m in ranked)
