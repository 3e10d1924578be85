"""Moves worth suggesting: towards the nearest enemy, the objectives and the enemy's zone,
at full, three-quarter, half and quarter length, each checked as the rules would check it
and written as the point the unit's centre ends on (``move A1 to 35.12,20``)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from rules.geometry.formations import centroid
from rules.geometry.units import PER_INCH
from rules.squad.actions import MoveOrder
from rules.squad.bodies import body, unit_gap
from rules.squad.orders import destination
from rules.squad.state import Point, SquadState, SUnit
from rules.squad.zones import centre_of

FRACTIONS = (1.0, 0.5, 0.25)
# straight at the goal, then about 40 and 80 degrees to either side, to get round things
TURNS = (0.0, 0.7, -0.7, 1.4, -1.4)


@dataclass(frozen=True)
class Offered:
    notation: str
    goal: str
    distance: int
    straight: bool  # straight at the goal, or turned aside to get round something


def _inches(value: int) -> str:
    return f"{value / PER_INCH:g}"


def _goals(state: SquadState, unit: SUnit) -> list[tuple[str, Point, int]]:
    """(what, where, how close to stop in hundredths) in the order worth trying."""
    goals: list[tuple[str, Point, int]] = []
    enemies = [e for e in state.on_table() if e.seat != unit.seat]
    if enemies:
        enemy = min(enemies, key=lambda e: (unit_gap(state, unit, e), e.id))
        goals.append((enemy.id, centroid(body(state, enemy).models), 0))
    here = centroid(body(state, unit).models)
    for objective in sorted(
        state.objectives, key=lambda o: math.hypot(o.x - here[0], o.y - here[1])
    )[:2]:
        goals.append((objective.id.upper(), (objective.x, objective.y), PER_INCH))
    for seat, zone in state.zones.items():
        if seat != unit.seat:
            goals.append((f"the {seat} zone", centre_of(zone), 0))
            break
    return goals


def _first_fit(
    state: SquadState,
    unit: SUnit,
    rush: bool,
    here: Point,
    heading: float,
    allowance: int,
    length: float,
    seen: set[Point],
) -> tuple[str, int] | None:
    """The longest of the tried lengths along ``heading`` that the rules accept."""
    for fraction in FRACTIONS:
        travel = min(allowance * fraction, length)
        to = (
            here[0] + round(travel * math.cos(heading)),
            here[1] + round(travel * math.sin(heading)),
        )
        if to in seen:
            continue
        seen.add(to)
        moved = destination(state, unit, MoveOrder(unit=unit.id, rush=rush, to=to))
        if isinstance(moved, tuple):
            word = "rush" if rush else "move"
            return f"{word} {unit.id} to {_inches(to[0])},{_inches(to[1])}", moved[1]
    return None


def offered_moves(state: SquadState, unit: SUnit, rush: bool) -> list[Offered]:
    allowance = state.profile(unit).move * PER_INCH * (3 if rush else 1)
    here = centroid(body(state, unit).models)
    found: list[Offered] = []
    seen: set[Point] = set()
    for goal, (gx, gy), short in _goals(state, unit):
        length = math.hypot(gx - here[0], gy - here[1]) - short
        if length <= PER_INCH // 2:
            continue
        heading = math.atan2(gy - here[1], gx - here[0])
        for turn in TURNS:
            offer = _first_fit(state, unit, rush, here, heading + turn, allowance, length, seen)
            if offer is not None:
                found.append(Offered(offer[0], goal, offer[1], straight=turn == 0.0))
                break
    return found
