"""The morale phase (004 Phase 3: Resolve morale effects), in the source's order:

1. each unit with Suppression markers makes a Will roll; a success removes one;
2. a unit that still has three or more markers (as Stubborn counts them) is destroyed;
3. a unit in base contact with an enemy unit that lost more models to that unit's Fight
   Actions this round than it killed in its own against it must pass a Will roll or make a
   Withdraw Reaction away from it (and gain a marker, as Reactions do);
4. a unit that failed any Life roll this round makes a Will roll, at -1 if it has lost more
   than half its starting models; failing gives a marker.

Vehicles and Monsters never take morale tests. Price of Failure X: when a friendly unit
with a model within 5" of the model fails one of these Will rolls, its X models closest to
that model are destroyed and the roll counts as passed. Then the end-of-round Medic and
Repair rolls (:mod:`rules.wasteland.medics`).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.geometry.measure import gap
from rules.geometry.units import PER_INCH
from rules.wasteland import table as tb
from rules.wasteland.checks import effective_markers, will_roll
from rules.wasteland.effects import add_marker, destroy_models, destroy_unit, put, withdraw
from rules.wasteland.facts.base import Check
from rules.wasteland.facts.command import MoralePhase, MoraleTest, PriceOfFailure, StubbornCounted
from rules.wasteland.flow import Flow
from rules.wasteland.medics import end_of_round
from rules.wasteland.profiles import profile_in_play
from rules.wasteland.state import Melee, WastelandState, WUnit

ENFORCER_REACH = 5 * PER_INCH
BREAKING_POINT = 3


def morale_phase(flow: Flow) -> None:
    """Phase 3 of the round, then the end-of-round Medic/Repair rolls."""
    flow.emit(MoralePhase())
    _rally(flow)
    _break(flow)
    _melee_losers(flow)
    _shaken(flow)
    end_of_round(flow)


def subjects(state: WastelandState) -> list[str]:
    """Units that take morale tests: alive on the table or embarked, not Vehicle/Monster."""
    return [
        u.id
        for u in state.units.values()
        if u.living and u.status in ("table", "embarked") and not profile_in_play(state, u).big
    ]


def _current(flow: Flow, unit_id: str) -> WUnit | None:
    unit = flow.state.units[unit_id]
    if not unit.living or unit.status not in ("table", "embarked"):
        return None
    return unit


def _rally(flow: Flow) -> None:
    """Step 1: a Will roll for each unit with markers; success removes one."""
    for unit_id in subjects(flow.state):
        unit = _current(flow, unit_id)
        if unit is None or unit.markers <= 0:
            continue
        roll = morale_roll(flow, unit, "rally")
        flow.emit(
            MoraleTest(
                unit=unit_id,
                test="rally",
                check=roll.check,
                enforced=roll.enforced,
                markers=unit.markers,
            )
        )
        pay(flow, unit_id, roll)
        unit = _current(flow, unit_id)
        if unit is not None and roll.passed:
            put(flow, unit.model_copy(update={"markers": unit.markers - 1}))


def _break(flow: Flow) -> None:
    """Step 2: three or more markers (after Stubborn) destroy the unit."""
    for unit_id in subjects(flow.state):
        unit = _current(flow, unit_id)
        if unit is None:
            continue
        markers = effective_markers(flow.state, unit)
        if markers >= BREAKING_POINT:
            counted = "" if markers == unit.markers else f" (Stubborn: counts {markers})"
            destroy_unit(
                flow, unit_id, f"{unit.markers} Suppression markers{counted}: it breaks and flees"
            )
        elif unit.markers >= BREAKING_POINT:
            flow.emit(StubbornCounted(unit=unit_id, markers=unit.markers, counted=markers))


def melee_loss(state: WastelandState, unit: WUnit) -> str | None:
    """The enemy unit in base contact that beat ``unit`` in this round's fighting (the one
    it lost most to), if any."""
    worst: tuple[int, str] | None = None
    for enemy in tb.enemy_contacts(state, unit):
        tally = unit.melee.get(enemy.id, Melee())
        margin = tally.lost - tally.killed
        if margin > 0 and (worst is None or margin > worst[0]):
            worst = (margin, enemy.id)
    return worst[1] if worst else None


def _melee_losers(flow: Flow) -> None:
    """Step 3: the losers of a melee pass a Will roll or withdraw (and gain a marker)."""
    losers: list[tuple[str, str]] = []
    for unit_id in subjects(flow.state):
        unit = flow.state.units[unit_id]
        beaten_by = melee_loss(flow.state, unit) if unit.on_table else None
        if beaten_by is not None:
            losers.append((unit_id, beaten_by))
    for unit_id, enemy_id in losers:
        unit = flow.state.units[unit_id]
        enemy = flow.state.units[enemy_id]
        if not unit.on_table or not enemy.on_table or not tb.in_contact(flow.state, unit, enemy):
            continue
        tally = unit.melee[enemy_id]
        roll = morale_roll(flow, unit, f"lost the melee to {enemy_id}")
        flow.emit(
            MoraleTest(
                unit=unit_id,
                test="melee",
                check=roll.check,
                enforced=roll.enforced,
                enemy=enemy_id,
                lost=tally.lost,
                killed=tally.killed,
            )
        )
        if roll.passed:
            pay(flow, unit_id, roll)
            continue
        fearless = profile_in_play(flow.state, unit).has("fearless")
        withdraw(flow, unit_id, enemy_id, "lost the melee")
        if not fearless:
            add_marker(flow, unit_id, "Withdraw reaction")


def _shaken(flow: Flow) -> None:
    """Step 4: units that failed Life rolls this round test their nerve."""
    for unit_id in subjects(flow.state):
        unit = _current(flow, unit_id)
        if unit is None or not unit.failed_life:
            continue
        lost = unit.starting - len(unit.living)
        heavy = 2 * lost > unit.starting
        roll = morale_roll(flow, unit, "casualties", -1 if heavy else 0)
        flow.emit(
            MoraleTest(
                unit=unit_id,
                test="casualties",
                check=roll.check,
                enforced=roll.enforced,
                lost=lost,
                starting=unit.starting,
                heavy=heavy,
            )
        )
        if roll.passed:
            pay(flow, unit_id, roll)
            continue
        add_marker(flow, unit_id, "failed morale")


@dataclass(frozen=True)
class MoraleRoll:
    """A morale Will roll and the Price of Failure model that turns a failure into a pass."""

    check: Check
    enforcer: tuple[str, str, int] | None = None  # (unit, model, X)

    @property
    def passed(self) -> bool:
        return self.check.passed or self.enforcer is not None

    @property
    def enforced(self) -> bool:
        """A failure turned into a pass by Price of Failure."""
        return not self.check.passed and self.enforcer is not None


def morale_roll(flow: Flow, unit: WUnit, purpose: str, modifier: int = 0) -> MoraleRoll:
    """A morale Will roll; a failure near a Price of Failure model counts as passed (the
    models are paid with :func:`pay` once the roll is told)."""
    check = will_roll(flow, unit, f"morale ({purpose})", modifier)
    if check.passed:
        return MoraleRoll(check)
    return MoraleRoll(check, price_of_failure(flow.state, unit))


def pay(flow: Flow, unit_id: str, roll: MoraleRoll) -> None:
    if roll.check.passed or roll.enforcer is None:
        return
    enforcer_id, model_id, x = roll.enforcer
    punish(flow, unit_id, enforcer_id, model_id, x)


def price_of_failure(state: WastelandState, unit: WUnit) -> tuple[str, str, int] | None:
    """(unit, model, X) of the closest friendly Price of Failure model within 5"."""
    if not unit.on_table:
        return None
    mine = tb.geo(state, unit).models
    best: tuple[float, str, str, int] | None = None
    for other in state.on_table():
        if state.hostile(other.seat, unit.seat):
            continue
        x = profile_in_play(state, other).value("price_of_failure")
        if not x:
            continue
        for model in tb.geo(state, other).models:
            others = [m for m in mine if m.id != model.id]
            if not others:
                continue
            near = min(gap(model, m) for m in others)
            if near > ENFORCER_REACH:
                continue
            if best is None or (near, other.id, model.id) < best[:3]:
                best = (near, other.id, model.id, x)
    return (best[1], best[2], best[3]) if best else None


def punish(flow: Flow, unit_id: str, enforcer_id: str, model_id: str, x: int) -> None:
    """Price of Failure X: the X models of ``unit_id`` closest to the enforcing model die."""
    state = flow.state
    unit = state.units[unit_id]
    enforcer = tb.model_of(state, state.units[enforcer_id], model_id)
    victims = sorted(
        (m for m in tb.geo(state, unit).models if m.id != model_id),
        key=lambda m: (gap(m, enforcer), m.id),
    )[:x]
    flow.emit(
        PriceOfFailure(
            enforcer=enforcer_id, x=x, unit=unit_id, victims=tuple(m.id for m in victims)
        )
    )
    if victims:
        destroy_models(flow, unit_id, [m.id for m in victims])
