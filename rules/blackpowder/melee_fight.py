"""A melee (readings 16, 19 and 40, 003 Nahkampf) with the dice of
:mod:`rules.blackpowder.tables.melee`: every model in base contact rolls to hit against its
melee score, the enemy rolls a defence die per hit (re-rolled once in a defended position)
and loses a model for each failed one. Both sides strike at once, except lancers who
charged: they strike first, and the models they kill strike no more. Then the defender and
the charger take their reaction tests with the after-melee modifiers
(:mod:`rules.blackpowder.tables.reactions`), the "twice as many models" counting the models
that were involved in the melee, less the casualties (reading 43); if both still stand in
base contact, the side with more casualties (the charger on a tie) falls back out of the
melee (reading 40)."""

from __future__ import annotations

from dataclasses import dataclass

from shapely import LineString

from rules.blackpowder.board import area_type, areas_at, models_of, obstacle_line
from rules.blackpowder.dice import face
from rules.blackpowder.events import Fought, MeleeWon, Strike
from rules.blackpowder.firing import nearest_first
from rules.blackpowder.flow import Flow
from rules.blackpowder.losses import casualties
from rules.blackpowder.reacting import fall_back, react, reacting
from rules.blackpowder.state import BPState, BPUnit, MeleeEndStep, MeleeTest, MeleeTestsStep
from rules.blackpowder.tables.melee import (
    Defence,
    Fighter,
    defence_modifiers,
    defend,
    failed_first,
    hit_modifiers,
    melee_hits,
    strikes_first,
)
from rules.blackpowder.tables.reactions import after_melee_modifiers, common_modifiers
from rules.core.frames import FrameOpened
from rules.geometry.measure import in_contact
from rules.geometry.pieces import Model


def fighter(state: BPState, unit: BPUnit, charged: bool) -> Fighter:
    profile = state.profile(unit)
    weapon = state.melee_weapons.get(profile.melee_weapon or "")
    return Fighter(
        weapon=weapon.kind if weapon is not None else None,
        cavalry=profile.cavalry,
        charged=charged,
        on_foot=not profile.mounted,
    )


def in_base_contact(state: BPState, unit: BPUnit, enemy: BPUnit) -> tuple[Model, ...]:
    """The unit's models in base contact with a model of ``enemy``."""
    theirs = models_of(state, enemy)
    return tuple(m for m in models_of(state, unit) if any(in_contact(m, t) for t in theirs))


def defended(state: BPState, unit: BPUnit, enemy: BPUnit, charged: bool) -> bool:
    """A defended position (reading 19): every model of the unit in base contact stands
    inside a building, or (when it was charged) every base contact with the enemy runs
    across an obstacle."""
    touching = in_base_contact(state, unit, enemy)
    if not touching:
        return False
    if all(any(area_type(state, a).building for a in areas_at(state, m.centre)) for m in touching):
        return True
    if not charged or not state.obstacles:
        return False
    walls = [obstacle_line(o) for o in state.obstacles]
    pairs = [(m, t) for m in touching for t in models_of(state, enemy) if in_contact(m, t)]
    return all(any(LineString([m.centre, t.centre]).intersects(w) for w in walls) for m, t in pairs)


@dataclass(frozen=True)
class _Blows:
    """One side's dice to hit, before the enemy defends."""

    unit: BPUnit
    enemy: BPUnit
    models: int
    score: int
    modifiers: tuple[str, ...]
    faces: tuple[int, ...]
    hits: int
    first: bool


def _to_hit(flow: Flow, unit: BPUnit, enemy: BPUnit, own: Fighter, other: Fighter) -> _Blows:
    state = flow.state
    models = len(in_base_contact(state, unit, enemy))
    modifiers = hit_modifiers(own, other)
    faces = [face(r) for r in flow.dice(models, f"{unit.id} strikes {enemy.id}")]
    roll = melee_hits(state.profile(unit).melee, faces, modifiers)
    return _Blows(
        unit,
        enemy,
        models,
        roll.score,
        tuple(m.shown() for m in modifiers),
        roll.faces,
        roll.successes,
        strikes_first(own),
    )


def _defend(
    flow: Flow, blows: _Blows, own: Fighter, other: Fighter, surprised: bool, charged: bool
) -> Defence:
    """The enemy's defence dice against ``blows`` (``own`` is the defender's fighter)."""
    state = flow.state
    unit = blows.enemy
    score = state.profile(unit).defence
    modifiers = defence_modifiers(own, other, surprise_attack=surprised)
    faces = [face(r) for r in flow.dice(blows.hits, f"{unit.id} defends")]
    again: list[int] = []
    position = defended(state, unit, blows.unit, charged)
    if position:
        failed = failed_first(score, modifiers, faces)
        again = [face(r) for r in flow.dice(failed, f"{unit.id} defends again")]
    return defend(score, faces, modifiers, defended_position=position, rerolls=again)


def _strike(blows: _Blows, defence: Defence, defence_shown: tuple[str, ...]) -> Strike:
    return Strike(
        unit=blows.unit.id,
        models=blows.models,
        score=blows.score,
        modifiers=blows.modifiers,
        faces=blows.faces,
        hits=blows.hits,
        defence=defence.score,
        defence_modifiers=defence_shown,
        saves=defence.faces,
        rerolls=defence.rerolls,
        kills=defence.casualties,
        first=blows.first,
    )


def fight(flow: Flow, attacker_id: str, defender_id: str, surprise: bool) -> None:
    """The melee of a charge; the tests and their moves wait as pending steps."""
    state = flow.state
    attacker, defender = state.unit(attacker_id), state.unit(defender_id)
    charging = fighter(state, attacker, charged=True)
    holding = fighter(state, defender, charged=False)
    # the models involved in the melee: those in base contact as the blows are struck
    involved = {
        attacker.id: len(in_base_contact(state, attacker, defender)),
        defender.id: len(in_base_contact(state, defender, attacker)),
    }
    strikes: list[Strike] = []
    kills: dict[str, int] = {attacker.id: 0, defender.id: 0}

    def shown(defence: Defence) -> tuple[str, ...]:
        return tuple(m.shown() for m in defence.modifiers)

    if strikes_first(charging):
        blows = _to_hit(flow, attacker, defender, charging, holding)
        defence = _defend(flow, blows, holding, charging, surprise, charged=True)
        strikes.append(_strike(blows, defence, shown(defence)))
        kills[defender.id] = defence.casualties
        fallen = nearest_first(state, defender, attacker)[: defence.casualties]
        standing = defender.model_copy(
            update={"models": tuple(m for m in defender.models if m.id not in fallen)}
        )
        if standing.on_table:
            back = _to_hit(flow, standing, attacker, holding, charging)
            defence = _defend(flow, back, charging, holding, False, charged=False)
            strikes.append(_strike(back, defence, shown(defence)))
            kills[attacker.id] = defence.casualties
    else:
        blows = _to_hit(flow, attacker, defender, charging, holding)
        back = _to_hit(flow, defender, attacker, holding, charging)
        on_defender = _defend(flow, blows, holding, charging, surprise, charged=True)
        on_attacker = _defend(flow, back, charging, holding, False, charged=False)
        strikes.append(_strike(blows, on_defender, shown(on_defender)))
        strikes.append(_strike(back, on_attacker, shown(on_attacker)))
        kills[defender.id] = on_defender.casualties
        kills[attacker.id] = on_attacker.casualties
    flow.emit(
        Fought(
            attacker=attacker.id, defender=defender.id, surprise=surprise, strikes=tuple(strikes)
        )
    )
    for unit, enemy in ((defender, attacker), (attacker, defender)):
        if kills[unit.id]:
            fallen = nearest_first(flow.state, unit, enemy)[: kills[unit.id]]
            flow.emit(casualties(flow.state.unit(unit.id), fallen))
    state = flow.state
    attacker, defender = state.unit(attacker_id), state.unit(defender_id)
    # 003: the models involved in this melee that are left once the casualties are removed
    # (reading 43), whether or not they still touch an enemy base
    left = {unit: max(0, count - kills[unit]) for unit, count in involved.items()}
    tests = tuple(
        MeleeTest(
            unit=unit.id,
            enemy=enemy.id,
            casualties=kills[unit.id],
            enemy_casualties=kills[enemy.id],
            models_left=left[unit.id],
            enemy_models_left=left[enemy.id],
            surprised=surprise and unit.id == defender.id,
        )
        for unit, enemy in ((defender, attacker), (attacker, defender))
        if unit.on_table
    )
    flow.emit(
        FrameOpened(
            frame=MeleeEndStep(
                attacker=attacker.id,
                defender=defender.id,
                attacker_casualties=kills[attacker.id],
                defender_casualties=kills[defender.id],
            )
        )
    )
    if tests:
        flow.emit(FrameOpened(frame=MeleeTestsStep(tests=tests)))


def melee_test(flow: Flow, step: MeleeTestsStep) -> None:
    """The next unit's reaction test after the melee; the rest wait below any window."""
    first, rest = step.tests[0], step.tests[1:]
    if rest:
        flow.emit(FrameOpened(frame=MeleeTestsStep(tests=rest)))
    state = flow.state
    unit, enemy = state.unit(first.unit), state.unit(first.enemy)
    if not unit.on_table:
        return
    modifiers = (
        *common_modifiers(reacting(state, unit)),
        *after_melee_modifiers(
            casualties=first.casualties,
            enemy_casualties=first.enemy_casualties,
            models_left=first.models_left,
            enemy_models_left=first.enemy_models_left,
            surprised=first.surprised,
        ),
    )
    react(
        flow,
        unit,
        modifiers,
        f"melee with {enemy.id}",
        away_from=enemy if enemy.on_table else None,
        melee=True,
    )


def melee_end(flow: Flow, step: MeleeEndStep) -> None:
    """Reading 40: both sides still in base contact, neither fleeing: the side with more
    casualties (the charger on a tie) falls back out of the melee."""
    state = flow.state
    attacker, defender = state.unit(step.attacker), state.unit(step.defender)
    if not (attacker.on_table and defender.on_table) or attacker.fleeing or defender.fleeing:
        return
    if not in_base_contact(state, attacker, defender):
        return
    if step.defender_casualties > step.attacker_casualties:
        loser, winner = defender, attacker
    else:
        loser, winner = attacker, defender
    flow.emit(MeleeWon(winner=winner.id, loser=loser.id))
    fall_back(flow, loser.id, winner, melee=True)
