"""Aiming a shot ([09.1]-[09.2], [09.5]): the firing weapons a character carries, which
are out of ammo, and what a shot at a character, a door, a wall section, a floor element
or a bare square needs: sight, arc, range and the fire zone. The readings are those of
``shooting``.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.rejection import Rejection, RejectionCode, reject
from rules.grid.edges import Door
from rules.grid.ranges import distance, steps
from rules.grid.squares import Square
from rules.orders import actions as act
from rules.orders import events as ev
from rules.orders import rules_cited as rule
from rules.orders.barriers import defence_of, edge_barrier, element_as_target, element_at
from rules.orders.content.characters import CombatDice
from rules.orders.content.equipment import EquipmentDef, FireStats
from rules.orders.flow import Flow
from rules.orders.ips_passive import passive_dice
from rules.orders.sight import (
    FireZone,
    fire_zone,
    in_arc_of_sight,
    line_range,
    sight_from,
    sight_line,
    sight_to,
)
from rules.orders.state import Fighter, OrdersState


@dataclass(frozen=True)
class Aim:
    """A legal target as the shooter sees it: what, how far, in which zone; ``defence``
    for a door, wall or floor element."""

    target: ev.ShotTarget
    range: int
    zone: FireZone
    defence: int | None = None


def firing_weapons(state: OrdersState, fighter: Fighter) -> tuple[EquipmentDef, ...]:
    """The weapons ``fighter`` carries that shoot or are thrown, in the order carried."""
    found = (state.equipment.get(e) for e in fighter.equipment)
    return tuple(e for e in found if e is not None and e.fire is not None)


def never_out_of_ammo(state: OrdersState, fighter: Fighter) -> bool:
    """Whether an item ``fighter`` carries keeps it supplied ([24.1])."""
    return any(
        line.effect.kind == "never_out_of_ammo"
        for item in fighter.equipment
        if item in state.equipment
        for line in state.equipment[item].ips
    )


def zone_dice(fire: FireStats, zone: FireZone) -> CombatDice | None:
    return fire.red if zone == "red" else fire.orange


def targeting_dice(state: OrdersState, fighter: Fighter, fire: FireStats, aim: int) -> int:
    """Blue dice: the shooter's and the weapon's Shooting values, improved targeting, and
    what always-on lines add ([09.2], [14])."""
    extra = passive_dice(state, fighter, "targeting", "blue")
    return state.side_of(fighter).shooting + fire.shooting + aim + extra


def fire_of(weapon: EquipmentDef) -> FireStats:
    assert weapon.fire is not None
    return weapon.fire


def choose_weapon(
    state: OrdersState, fighter: Fighter, weapon: str | None
) -> EquipmentDef | Rejection:
    carried = firing_weapons(state, fighter)
    if not carried:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{fighter.id} {fighter.name} carries no firing weapon.",
            rule.SHOOT,
        )
    if weapon is None:
        ready = [w for w in carried if w.id not in fighter.dry]
        if not ready:
            return _dry(fighter, carried[0])
        return ready[0]
    found = next((w for w in carried if w.id == weapon), None)
    if found is None:
        names = ", ".join(w.name for w in carried)
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"{fighter.id} does not carry a firing weapon called {weapon}; it carries {names}.",
            rule.SHOOT,
        )
    if found.id in fighter.dry:
        return _dry(fighter, found)
    return found


def _dry(fighter: Fighter, weapon: EquipmentDef) -> Rejection:
    return reject(
        RejectionCode.ILLEGAL_MOVE,
        f"{fighter.id}'s {weapon.name} is out of ammo: it is reloaded in the next Final phase.",
        rule.TARGETING,
    )


def aim_at(
    flow: Flow, shooter: Fighter, weapon: EquipmentDef, action: act.Shoot
) -> Aim | Rejection:
    """What ``action`` aims at, if ``shooter`` may shoot it with ``weapon``."""
    state = flow.state
    assert shooter.square is not None and state.ground is not None
    fire = fire_of(weapon)
    explosive = weapon.kind == "explosive"
    if action.edge is not None:
        if explosive:
            return reject(
                RejectionCode.BAD_ARGUMENT,
                f"A {weapon.name} is thrown at a square, not at an edge: name the square"
                " in front of the door or wall (`shoot at <square>`).",
                rule.EXPLOSIVES,
            )
        return _aim_at_edge(flow, shooter, fire, action.edge)
    if action.fighter is not None:
        named = state.fighter(action.fighter)
        return aim_at_character(state, shooter, fire, named, explosive)
    assert action.at is not None
    square = action.at
    occupant = state.occupant(square)
    if occupant is not None:
        return aim_at_character(state, shooter, fire, occupant, explosive)
    element = element_at(state.ground, square)
    if element is not None:
        line = sight_line(state, shooter, square)
        if line is None:
            return _unseen(state, shooter, square)
        origin, zone = line
        printed = element_as_target(element)
        spot = ev.ShotTarget(kind="element", square=square, barrier=printed)
        if explosive:
            return Aim(target=spot, range=line_range(state.ground, origin, square), zone=zone)
        defence = defence_of(state, flow.catalog, printed)
        if defence is None:
            return reject(
                RejectionCode.ILLEGAL_MOVE,
                f"The {element.name} on {square} has no defensive value: it cannot be destroyed.",
                rule.SHOOT_BARRIERS,
            )
        return _allowed(
            Aim(
                target=spot,
                range=line_range(state.ground, origin, square),
                zone=zone,
                defence=defence,
            ),
            weapon,
        )
    if not explosive:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"There is nothing to shoot at on {square}: no character and no floor element.",
            rule.SHOOT,
        )
    if not state.ground.floor(square):
        return reject(
            RejectionCode.BAD_ARGUMENT, f"{square} is not on the map's floor.", rule.EXPLOSIVES
        )
    line = sight_line(state, shooter, square)
    if line is None:
        return _unseen(state, shooter, square)
    origin, zone = line
    landing = ev.ShotTarget(kind="square", square=square)
    return Aim(target=landing, range=line_range(state.ground, origin, square), zone=zone)


def aim_at_character(
    state: OrdersState, shooter: Fighter, fire: FireStats, target: Fighter, explosive: bool
) -> Aim | Rejection:
    """``target`` as ``shooter`` sees it, if it is an enemy it may shoot at."""
    assert shooter.square is not None
    if not target.standing or target.square is None:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{target.id} {target.name} is not standing on the map.",
            rule.SHOOT,
        )
    if target.seat == shooter.seat:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{target.id} {target.name} is on your own side: shoot at enemies.",
            rule.SHOOT,
        )
    line = sight_to(state, shooter, target)
    if line is None:
        return _unseen(state, shooter, target.square, f"{target.id} {target.name}")
    origin, seen, zone = line
    aim = Aim(
        target=ev.ShotTarget(kind="character", square=seen, fighter=target.id),
        range=line_range(state.ground, origin, seen),
        zone=zone,
    )
    if explosive:
        return aim
    if "character" not in fire.targets:
        return reject(
            RejectionCode.ILLEGAL_MOVE, "This weapon cannot shoot at characters.", rule.SHOOT
        )
    return aim


def _aim_at_edge(
    flow: Flow, shooter: Fighter, fire: FireStats, edge: tuple[Square, Square]
) -> Aim | Rejection:
    state = flow.state
    assert shooter.square is not None and state.ground is not None
    a, b = edge
    named = f"{a}|{b}"
    if a.level != b.level or steps(a, b) != 1:
        return reject(
            RejectionCode.BAD_ARGUMENT,
            f"{a} and {b} do not share a side: name a door or wall as two neighbouring"
            " squares (`shoot D3|E3`).",
            rule.SHOOT_BARRIERS,
        )
    if all(s.level != a.level for s in state.squares_of(shooter)):
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"{named} is on another level than {shooter.id}: through stairs only an enemy on"
            " the corresponding stair tile can be shot.",
            rule.LEVELS,
        )
    barrier = state.ground.board.barrier(a, b)
    aimed = edge_barrier(state, a, b)
    if aimed is None:
        return reject(
            RejectionCode.ILLEGAL_MOVE, f"No door or wall stands on {named}.", rule.SHOOT_BARRIERS
        )
    kind = aimed.kind
    if isinstance(barrier, Door) and barrier.open:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"The door on {named} is open: only closed doors are shot at.",
            rule.SHOOT_BARRIERS,
        )
    if kind not in fire.targets:
        return reject(
            RejectionCode.ILLEGAL_MOVE, f"This weapon cannot shoot at a {kind}.", rule.SHOOT
        )
    defence = defence_of(state, flow.catalog, aimed)
    if defence is None:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            f"The {kind} on {named} has no defensive value: it cannot be destroyed.",
            rule.SHOOT_BARRIERS,
        )
    own = state.squares_of(shooter)
    found: list[tuple[bool, int, tuple[int, int, int], Square, FireZone]] = []
    seen_any = False
    for origin in own:  # a large shooter fires from any square that sees it ([16])
        if origin in edge:
            near, far, range_ = origin, (b if origin == a else a), 0
        else:
            seen = sorted(
                (s for s in edge if s not in own and sight_from(state, shooter, origin, s)),
                key=lambda s: steps(origin, s),
            )
            if not seen:
                continue
            near = seen[0]
            far = b if near == a else a
            range_ = distance(origin, near)
        seen_any = True
        if not in_arc_of_sight(origin, shooter.facing, far):
            continue
        zone = fire_zone(origin, shooter.facing, far if near == origin else near)
        assert zone is not None
        found.append((zone != "red", range_, origin.order, near, zone))
    if not found and not seen_any:
        return reject(
            RejectionCode.NO_LINE_OF_SIGHT,
            f"{shooter.id} has no line of sight to the {kind} on {named}.",
            rule.SIGHT,
        )
    if not found:
        return reject(
            RejectionCode.NO_LINE_OF_SIGHT,
            f"The {kind} on {named} is outside {shooter.id}'s arc of sight (it faces"
            f" {shooter.facing.value}).",
            rule.SIGHT,
        )
    _, range_, _, near, zone = min(found)
    target = ev.ShotTarget(kind=kind, square=near, barrier=aimed)
    return Aim(target=target, range=range_, zone=zone, defence=defence)


def _allowed(aim: Aim, weapon: EquipmentDef) -> Aim | Rejection:
    kind = aim.target.kind
    if kind != "square" and kind not in fire_of(weapon).targets:
        return reject(
            RejectionCode.ILLEGAL_MOVE, f"The {weapon.name} cannot shoot at a {kind}.", rule.SHOOT
        )
    return aim


def _unseen(
    state: OrdersState, shooter: Fighter, square: Square, what: str | None = None
) -> Rejection:
    assert shooter.square is not None
    named = what or str(square)
    if not any(in_arc_of_sight(s, shooter.facing, square) for s in state.squares_of(shooter)):
        text = f"{named} is outside {shooter.id}'s arc of sight (it faces {shooter.facing.value})."
    else:
        text = (
            f"{shooter.id} has no line of sight to {named}: a wall, a closed door, a"
            " miniature or a floor element is in the way."
        )
    return reject(RejectionCode.NO_LINE_OF_SIGHT, text, rule.SIGHT)
