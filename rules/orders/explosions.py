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
"""

from __future__ import annotations

from collections import deque

from rules.grid.edges import stops_movement
from rules.grid.squares import Square
from rules.orders import events as ev
from rules.orders.content.equipment import AreaOfEffect
from rules.orders.damage import against_barrier, against_character, destroy
from rules.orders.destruction import barrier_defence, element_at, element_defence
from rules.orders.flow import Flow
from rules.orders.sight import FireZone

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
                    rolled[key] = _blast_barrier(flow, area, zones[here], here, there, pour)
                if not rolled[key]:
                    continue
            if there not in reached:
                reached.append(there)
                queue.append(there)
    _blast_squares(flow, area, zones, reached, pour)


def _blast_barrier(
    flow: Flow, area: AreaOfEffect, zone: FireZone, here: Square, there: Square, pour: int
) -> bool:
    """Roll against the wall or door between ``here`` and ``there``; whether it fell."""
    assert flow.state.ground is not None
    board = flow.state.ground.board
    barrier = board.barrier(here, there)
    assert barrier is not None
    dice = area.red_damage if zone == "red" else area.orange_damage
    defence = barrier_defence(flow.catalog.doors, board, here, there)
    if dice is None or defence is None:
        return False
    a, b = (here, there) if here.order <= there.order else (there, here)
    kind: ev.ShotTargetKind = "wall" if barrier.part == "wall" else "door"
    target = ev.ShotTarget(kind=kind, square=here, edge=(a, b))
    damage = against_barrier(flow, defence, dice.dice + pour, dice.auto_hits, target.describe())
    flow.emit(ev.BlastHit(target=target, zone=zone, damage=damage))
    if damage.destroyed:
        destroy(flow, target)
    return damage.destroyed


def _blast_squares(
    flow: Flow,
    area: AreaOfEffect,
    zones: dict[Square, FireZone],
    reached: list[Square],
    pour: int,
) -> None:
    state = flow.state
    assert state.ground is not None
    characters: dict[str, tuple[Square, FireZone]] = {}
    elements: dict[str, tuple[Square, FireZone]] = {}
    for square in reached:
        zone = zones[square]
        occupant = state.occupant(square)
        if occupant is not None and (occupant.id not in characters or zone == "red"):
            characters[occupant.id] = (square, zone)
        element = element_at(state.ground, square)
        if element is not None and element_defence(state.ground, element) is not None:
            key = element.name + str(min(element.squares, key=lambda s: s.order))
            if key not in elements or zone == "red":
                elements[key] = (square, zone)
    for fighter_id, (square, zone) in characters.items():
        dice = area.red_damage if zone == "red" else area.orange_damage
        fighter = flow.state.fighter(fighter_id)
        if dice is None or not fighter.standing:
            continue
        damage = against_character(flow, fighter, dice.dice + pour, dice.auto_hits)
        target = ev.ShotTarget(kind="character", square=square, fighter=fighter_id)
        flow.emit(ev.BlastHit(target=target, zone=zone, damage=damage))
    for square, zone in elements.values():
        dice = area.red_damage if zone == "red" else area.orange_damage
        assert flow.state.ground is not None
        element = element_at(flow.state.ground, square)
        if dice is None or element is None:
            continue
        defence = element_defence(flow.state.ground, element)
        assert defence is not None
        target = ev.ShotTarget(kind="element", square=square, name=element.name)
        damage = against_barrier(flow, defence, dice.dice + pour, dice.auto_hits, target.describe())
        flow.emit(ev.BlastHit(target=target, zone=zone, damage=damage))
        if damage.destroyed:
            destroy(flow, target)
