"""Morale checks, rallies and routs (001 Morale and Command; /rules morale-checks, rout)."""

from __future__ import annotations

from rules.geometry.units import PER_INCH
from rules.squad.bodies import sight_pairs, unit_gap
from rules.squad.events import MoraleChecked, Rallied, Routed
from rules.squad.flow import Flow
from rules.squad.state import SquadState, SUnit
from rules.squad.tables import DEFAULT_DIFF, grid_score

LEADER_REACH = 6 * PER_INCH
SHORT = 12 * PER_INCH
MEDIUM = 24 * PER_INCH


def strength(state: SquadState, unit: SUnit) -> tuple[int, int]:
    """(left, at the start): models for a squad, wounds for an individual."""
    profile = state.profile(unit)
    if profile.kind == "individual":
        return sum(m.wounds for m in unit.living), profile.wounds
    return len(unit.living), profile.models


def bonuses(state: SquadState, unit: SUnit) -> tuple[int, tuple[str, ...]]:
    """+1 steady, +1 a friendly leader within 6" (its own leadership counts too)."""
    found: list[str] = []
    if "steady" in state.profile(unit).abilities:
        found.append("+1 steady")
    for other in state.on_table(unit.seat):
        if "leader" in state.profile(other).abilities and (
            other.id == unit.id or unit_gap(state, unit, other) <= LEADER_REACH
        ):
            found.append(f"+1 leader {other.id}")
            break
    return len(found), tuple(found)


def check_morale(flow: Flow, unit_id: str, reason: str, by: tuple[str, ...]) -> None:
    """A morale check; on a failure the unit panics or routs by what is left of it."""
    state = flow.state
    unit = state.find(unit_id)
    if unit is None or not unit.on_table:
        return
    modifier, notes = bonuses(state, unit)
    roll = flow.check(grid_score(state.profile(unit).morale, DEFAULT_DIFF), "morale", modifier)
    left, start = strength(state, unit)
    if roll.passed:
        result = "steady"
    elif 2 * left >= start:
        result = "panic"
    else:
        result = "rout"
    flow.emit(MoraleChecked(unit=unit_id, reason=reason, roll=roll, modifiers=notes, result=result))
    if result == "rout":
        rout(flow, unit_id, "routed", by)


def rout(flow: Flow, unit_id: str, how: str, by: tuple[str, ...]) -> None:
    unit = flow.state.unit(unit_id)
    points = flow.state.profile(unit).points
    assert how in ("routed", "destroyed")
    flow.emit(
        Routed(unit=unit_id, how="routed" if how == "routed" else "destroyed", points=points, by=by)
    )


def rally_modifier(state: SquadState, unit: SUnit) -> tuple[int, tuple[str, ...]]:
    """-2 an enemy within short range in sight, else -1 within medium range in sight."""
    worst = 0
    note = ""
    for enemy in state.on_table():
        if enemy.seat == unit.seat:
            continue
        reach = unit_gap(state, unit, enemy)
        if reach > MEDIUM or not sight_pairs(state, unit, enemy):
            continue
        if reach <= SHORT:
            return -2, (f"-2 {enemy.id} within short range",)
        if worst == 0:
            worst, note = -1, f"-1 {enemy.id} within medium range"
    return worst, ((note,) if note else ())


def rally(flow: Flow, unit_id: str) -> bool:
    """A panicked unit's rally check at its activation; True when it rallied."""
    state = flow.state
    unit = state.unit(unit_id)
    near, near_notes = rally_modifier(state, unit)
    bonus, bonus_notes = bonuses(state, unit)
    roll = flow.check(grid_score(state.profile(unit).morale, DEFAULT_DIFF), "rally", near + bonus)
    flow.emit(Rallied(unit=unit_id, roll=roll, modifiers=near_notes + bonus_notes))
    return roll.passed


def after_losses(
    flow: Flow, unit_id: str, before: tuple[int, int], by: tuple[str, ...], in_combat: bool
) -> None:
    """After wounds: a unit with no models left is destroyed; otherwise the morale triggers
    of 001 (a squad below half that lost a model, out of close combat; an individual whose
    wounds dropped below half)."""
    state = flow.state
    unit = state.unit(unit_id)
    if not unit.living:
        rout(flow, unit_id, "destroyed", by)
        return
    left, start = strength(state, unit)
    was = before[0]
    if state.profile(unit).kind == "squad":
        if not in_combat and left < was and 2 * left < start:
            check_morale(flow, unit_id, "lost a model while below half strength", by)
    elif 2 * was >= start > 2 * left:
        check_morale(flow, unit_id, "wounds dropped below half", by)
