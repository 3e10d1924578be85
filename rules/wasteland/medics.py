"""End-of-round healing (004 Medic/Repair X).

Each unit with the rule rolls a die at the end of the round (only when there is someone to
help); on X+ one destroyed model of its own unit, or of a friendly unit with a model in
base contact with it, comes back with one wound, or a wounded Tough model regains one
wound. Medic works only on non-Vehicle models, Repair only on Vehicles. Umpire helps the
unit that lost the most (models first, then wounds; its own unit on a tie) and brings a
model back before it heals a wound. A returning model stands in base contact with a model
of its unit, or within 1" of one, where its base fits; units destroyed as a whole stay
destroyed.
"""

from __future__ import annotations

import math
from typing import Literal

from rules.geometry.measure import overlaps
from rules.geometry.pieces import Model
from rules.geometry.units import PER_INCH
from rules.wasteland import table as tb
from rules.wasteland.effects import put
from rules.wasteland.facts.units import Tended
from rules.wasteland.flow import Flow
from rules.wasteland.profiles import profile_in_play
from rules.wasteland.state import WastelandState, WUnit

RETURN_REACH = PER_INCH
ANGLES = 16


def end_of_round(flow: Flow) -> None:
    for unit_id in sorted(flow.state.units):
        unit = flow.state.units[unit_id]
        if not unit.on_table:
            continue
        profile = profile_in_play(flow.state, unit)
        if profile.has("medic"):
            _tend(flow, unit, "medic", profile.value("medic"))
        elif profile.has("repair"):
            _tend(flow, unit, "repair", profile.value("repair"))


def full_wounds(state: WastelandState, unit: WUnit) -> int:
    """A model's wounds when unhurt (a single-model heroic figure has 2 more)."""
    tough = profile_in_play(state, unit).value("tough")
    if unit.heroic_figure and len(unit.models) == 1:
        return tough + 2
    return max(1, tough)


def _treats(state: WastelandState, kind: str, patient: WUnit) -> bool:
    vehicle = profile_in_play(state, patient).has("vehicle")
    return vehicle if kind == "repair" else not vehicle


def _need(state: WastelandState, patient: WUnit) -> tuple[int, int]:
    """(models destroyed, wounds missing on living models)."""
    full = full_wounds(state, patient)
    dead = sum(1 for m in patient.models if not m.alive)
    hurt = sum(full - m.wounds for m in patient.living if m.wounds < full)
    return dead, hurt


def patients(state: WastelandState, unit: WUnit, kind: str) -> list[WUnit]:
    """Units the medic may help, neediest first."""
    pool = [unit, *tb.friendly_contacts(state, unit)]
    found = [u for u in pool if u.on_table and _treats(state, kind, u) and any(_need(state, u))]
    return sorted(found, key=lambda u: (*(-n for n in _need(state, u)), u.id != unit.id, u.id))


def _tend(flow: Flow, unit: WUnit, kind: str, x: int) -> None:
    state = flow.state
    needy = patients(state, unit, kind)
    if not needy:
        return
    name: Literal["Medic", "Repair"] = "Medic" if kind == "medic" else "Repair"
    raw = flow.dice(1, f"{unit.id} {name} {x}+")[0]
    told = Tended(
        unit=unit.id, kind=name, x=x, roll=raw, outcome="failed" if raw < x else "no_room"
    )
    if raw < x:
        flow.emit(told)
        return
    for patient in needy:
        if _revive(flow, patient, told):
            return
        if _heal(flow, patient, told):
            return
    flow.emit(told)


def _revive(flow: Flow, patient: WUnit, told: Tended) -> bool:
    state = flow.state
    dead = [m for m in patient.models if not m.alive]
    if not dead:
        return False
    spot = free_spot(state, patient)
    if spot is None:
        return False
    back = dead[0]
    models = tuple(
        m.model_copy(update={"wounds": 1, "x": spot[0], "y": spot[1]}) if m.id == back.id else m
        for m in patient.models
    )
    put(flow, patient.model_copy(update={"models": models}))
    flow.emit(
        told.model_copy(update={"outcome": "revived", "patient": patient.id, "model": back.id})
    )
    return True


def _heal(flow: Flow, patient: WUnit, told: Tended) -> bool:
    full = full_wounds(flow.state, patient)
    hurt = [m for m in patient.living if m.wounds < full]
    if not hurt:
        return False
    model = min(hurt, key=lambda m: (m.wounds, m.id))
    models = tuple(
        m.model_copy(update={"wounds": m.wounds + 1}) if m.id == model.id else m
        for m in patient.models
    )
    put(flow, patient.model_copy(update={"models": models}))
    healed = {"outcome": "healed", "patient": patient.id, "model": model.id}
    flow.emit(told.model_copy(update={**healed, "wounds": model.wounds + 1, "full": full}))
    return True


def free_spot(state: WastelandState, unit: WUnit) -> tuple[int, int] | None:
    """Where a returning model fits: touching a living model of its unit, else within 1"."""
    radius = tb.radius(profile_in_play(state, unit))
    others = [m for u in state.on_table() for m in tb.geo(state, u).models]
    solid = [a for a in state.table.areas if a.blocks_movement]
    anchors = sorted(tb.geo(state, unit).models, key=lambda m: m.id)
    for extra in (0, RETURN_REACH // 2, RETURN_REACH):
        for anchor in anchors:
            distance = anchor.radius + radius + extra
            for step in range(ANGLES):
                angle = 2 * math.pi * step / ANGLES
                x = anchor.x + round(math.cos(angle) * distance)
                y = anchor.y + round(math.sin(angle) * distance)
                spot = Model(id="returning", x=x, y=y, radius=radius)
                if not state.table.contains(spot) or any(overlaps(spot, o) for o in others):
                    continue
                if any(spot.shape().intersection(a.polygon).area > 0 for a in solid):
                    continue
                return x, y
    return None
