"""Explosions ([09.6], [24.2]): an area of effect spreading from the square an explosive
lands or goes off in, a damage roll of its own for every target it reaches.

``explode(flow, at, area, pour, by, weapon)`` resolves one explosion; thrown explosives
(``shooting``) call it on a hit, and placed ones (mines, charges set off by IPS lines) call
it from their own rules.

Readings:
- The diagram's squares (red and orange offsets from ``at``) are reached by spreading
  from ``at`` one orthogonal step at a time, through squares of the diagram only.
- A standing wall or closed door on a step stops the spread. It is a target itself,
  rolled once, with the damage of the zone of the square the blast reaches it from; if
  destroyed, the spread goes on across it. Floor elements do not stop the spread.
- Every standing character in a reached square (the thrower and friends included) and
  every destroyable floor element covering one is rolled once, with the damage of the
  zone of its square; a character covering several reached squares (a large miniature) is
  rolled once, from the red zone if any of its squares is red there.
- Poured-on CP are paid once and add their dice to every roll of the explosion.
- Through stairs ([19]): when a reached square of the red zone lies on a stair tile, every
  square of the corresponding tile on the connecting level is caught too, as red zone;
  the blast spreads no further there.
"""

from __future__ import annotations

from collections import deque

from rules.grid.edges import stops_movement
from rules.grid.squares import Square
from rules.orders import events as ev
from rules.orders.barriers import (
    damage_barrier,
    defence_of,
    edge_barrier,
    element_as_target,
    element_at,
)
from rules.orders.content.equipment import AreaOfEffect
from rules.orders.damage import against_character, red_dice, wound_by
from rules.orders.flow import Flow
from rules.orders.sight import FireZone
from rules.orders.stairs import matching_tile

STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0))


def _shifted(square: Square, dx: int, dy: int) -> Square | None:
    """The square ``dx`` east and ``dy`` south, or None past column A or row 1."""
    if square.x + dx < 0 or square.y + dy < 0:
        return None
    return square.shifted(dx, dy)


def diagram(at: Square, area: AreaOfEffect) -> dict[Square, FireZone]:
    """The squares ``area`` covers around ``at`` and their zones (the caller keeps those
    on its board)."""
    zones: dict[Square, FireZone] = {}
    for offsets, zone in ((area.orange, "orange"), (area.red, "red")):
        for dx, dy in offsets:
            square = _shifted(at, dx, dy)
            if square is not None:
                zones[square] = zone  # type: ignore[assignment]
    return zones


def explode(
    flow: Flow,
    at: Square,
    area: AreaOfEffect,
    pour: int = 0,
    by: str | None = None,
    weapon: str = "",
) -> None:
    """Resolve an explosion of ``area`` at ``at`` (see the module's readings)."""
    if flow.trial:
        return
    flow.emit(ev.Exploded(at=at, weapon=weapon, by=by, pour=pour))
    state = flow.state
    assert state.ground is not None
    zones = {s: z for s, z in diagram(at, area).items() if state.ground.board.on_board(s)}
    reached = [at]
    queue = deque([at])
    rolled: dict[frozenset[Square], bool] = {}
    while queue:
        here = queue.popleft()
        for dx, dy in STEPS:
            there = _shifted(here, dx, dy)
            if there is None or there not in zones:
                continue
            assert flow.state.ground is not None
            if stops_movement(flow.state.ground.board.barrier(here, there)):
                key = frozenset((here, there))
                if key not in rolled:
                    rolled[key] = _blast_barrier(flow, area, zones[here], here, there, pour, by)
                if not rolled[key]:
                    continue
            if there not in reached:
                reached.append(there)
                queue.append(there)
    for square in [s for s in reached if zones[s] == "red"]:
        for caught in matching_tile(state.ground, square):
            if caught not in reached:
                reached.append(caught)
                zones[caught] = "red"
    _blast_squares(flow, area, zones, reached, pour, by)


def _blast_barrier(
    flow: Flow,
    area: AreaOfEffect,
    zone: FireZone,
    here: Square,
    there: Square,
    pour: int,
    by: str | None,
) -> bool:
    """Roll against the wall or door between ``here`` and ``there``; whether it fell."""
    a, b = (here, there) if here.order <= there.order else (there, here)
    target = edge_barrier(flow.state, a, b)
    dice = area.red_damage if zone == "red" else area.orange_damage
    if dice is None or target is None or defence_of(flow.state, flow.catalog, target) is None:
        return False
    faces = red_dice(flow, dice.dice + pour, target.describe())
    return damage_barrier(flow, target, faces, dice.auto_hits, by or "", "blast", zone)


def _blast_squares(
    flow: Flow,
    area: AreaOfEffect,
    zones: dict[Square, FireZone],
    reached: list[Square],
    pour: int,
    by: str | None,
) -> None:
    state = flow.state
    assert state.ground is not None
    characters: dict[str, tuple[Square, FireZone]] = {}
    elements: dict[str, tuple[ev.BarrierTarget, FireZone]] = {}
    for square in reached:
        zone = zones[square]
        occupant = state.occupant(square)
        if occupant is not None and (occupant.id not in characters or zone == "red"):
            characters[occupant.id] = (square, zone)
        element = element_at(state.ground, square)
        if element is not None:
            named = element_as_target(element)
            key = named.describe()
            if defence_of(state, flow.catalog, named) is not None and (
                key not in elements or zone == "red"
            ):
                elements[key] = (named, zone)
    for fighter_id, (square, zone) in characters.items():
        dice = area.red_damage if zone == "red" else area.orange_damage
        fighter = flow.state.fighter(fighter_id)
        if dice is None or not fighter.standing:
            continue
        damage = against_character(flow, fighter, dice.dice + pour, dice.auto_hits)
        target = ev.ShotTarget(kind="character", square=square, fighter=fighter_id)
        flow.emit(ev.BlastHit(target=target, zone=zone, damage=damage))
        wound_by(flow, fighter_id, damage, "a blast")
    for caught, zone in elements.values():
        dice = area.red_damage if zone == "red" else area.orange_damage
        if dice is None:
            continue
        faces = red_dice(flow, dice.dice + pour, caught.describe())
        damage_barrier(flow, caught, faces, dice.auto_hits, by or "", "blast", zone)
