"""Who won: the scenario's points and the points of enemy units destroyed (/rules victory)."""

from __future__ import annotations

from rules.geometry.measure import gap
from rules.geometry.pieces import Model
from rules.geometry.units import PER_INCH
from rules.squad.bodies import bases
from rules.squad.events import Scored
from rules.squad.state import Objective, SquadState
from rules.squad.zones import contains

HOLD_REACH = 3 * PER_INCH


def _near(objective: Objective, model: Model) -> bool:
    marker = Model(id="objective", x=objective.x, y=objective.y, radius=1)
    return gap(marker, model) <= HOLD_REACH


def holders(state: SquadState) -> dict[str, str]:
    """Each objective held at the end: the seat with the most models within 3"."""
    held: dict[str, str] = {}
    for objective in state.objectives:
        counts = {
            seat: sum(
                1 for u in state.on_table(seat) for m in bases(state, u) if _near(objective, m)
            )
            for seat in state.seats_in_play()
        }
        best = max(counts.values(), default=0)
        leaders = [s for s, c in counts.items() if c == best]
        if best > 0 and len(leaders) == 1:
            held[objective.id] = leaders[0]
    return held


def breakthrough(state: SquadState, seat: str) -> int:
    """Points of ``seat``'s units (not panicked) with a model in an enemy zone."""
    total = 0
    for unit in state.on_table(seat):
        if unit.panicked:
            continue
        enemy_zones = [z for s, z in state.zones.items() if s != seat]
        if any(contains(z, m.x, m.y) for z in enemy_zones for m in bases(state, unit)):
            total += state.profile(unit).points
    return total


def final_scores(state: SquadState) -> Scored:
    scenario = state.scenario
    scores = {seat: state.kills.get(seat, 0) for seat in state.seats_in_play()}
    held: dict[str, str] = {}
    if scenario is not None and scenario.victory == "objectives":
        held = holders(state)
        for seat in held.values():
            scores[seat] += scenario.objective_points
    if scenario is not None and scenario.victory == "breakthrough":
        for seat in scores:
            scores[seat] += breakthrough(state, seat)
    return Scored(scores=scores, held=held)
