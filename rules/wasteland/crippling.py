"""Crippling damage (004 Advanced Rules: Crippling damage): what a Deadly weapon's wounds
do to a Vehicle or Monster. Attacks roll it as they resolve; it needs no other rule."""

from __future__ import annotations

from typing import Literal

from rules.wasteland.content.weapons import WeaponDef
from rules.wasteland.effects import destroy_unit, put
from rules.wasteland.facts.setup import Crippled
from rules.wasteland.flow import Flow
from rules.wasteland.profiles import profile_in_play
from rules.wasteland.state import WastelandState, WUnit

Outcome = Literal["none", "immobilized", "weapon destroyed", "explodes"]


def outcome(total: int) -> Outcome:
    """What a crippling total (a die + the wounds lost) does: up to 11 nothing, 12-14
    immobilized, 15-17 a weapon destroyed, 18+ it explodes."""
    if total <= 11:
        return "none"
    if total <= 14:
        return "immobilized"
    if total <= 17:
        return "weapon destroyed"
    return "explodes"


def crippling(flow: Flow, unit_id: str, wounds: int, source: str | None) -> None:
    """A Vehicle or Monster that lost wounds to a Deadly weapon: a die + the wounds lost
    (:func:`outcome`). A destroyed weapon is the best one left, Umpire picking for the
    attacker; an explosion destroys it, its explosion roll counting as 10."""
    unit = flow.state.units[unit_id]
    if unit.gone:
        return
    raw = flow.dice(1, f"{unit_id} crippling damage")[0]
    result = outcome(raw + wounds)
    told = Crippled(unit=unit_id, roll=raw, wounds=wounds)
    if result == "none":
        flow.emit(told)
    elif result == "immobilized":
        put(flow, unit.model_copy(update={"immobile": True}))
        flow.emit(told)
    elif result == "weapon destroyed":
        weapon = best_weapon(flow.state, unit)
        if weapon is None:
            flow.emit(told)
            return
        put(flow, unit.model_copy(update={"broken_weapons": (*unit.broken_weapons, weapon)}))
        name = flow.state.weapons[weapon].name if weapon in flow.state.weapons else weapon
        flow.emit(told.model_copy(update={"weapon": name}))
    else:
        flow.emit(told)
        destroy_unit(flow, unit_id, "crippling damage", explosion_roll=10)


def best_weapon(state: WastelandState, unit: WUnit) -> str | None:
    """The unit's most dangerous weapon still working (Damage, Deadly, multiplier, range,
    chance to hit)."""
    working = [
        state.weapons[w]
        for w in profile_in_play(state, unit).weapons
        if w in state.weapons and w not in unit.broken_weapons
    ]
    if not working:
        return None

    def strength(w: WeaponDef) -> tuple[int, int, int, int, int]:
        multiplier = max(w.value("rapid"), w.value("area_effect"), w.value("spray"), 1)
        return (w.damage, w.value("deadly"), multiplier, w.range or 0, -w.hit)

    return max(working, key=strength).id
