"""Shoot orders ([09.2]-[09.5], [24.1]): the activated character fires a weapon it
carries at a character, a closed door, a wall section or a destroyable floor element in
its sight; thrown explosives burst where they land ([09.6], see ``explosions``); other
characters of the same player may join with gold Shoot sections (``combined_shoot``).

The first CP on the Shoot section fires; each further CP goes to improved targeting (one
more blue die) or is poured on (one more red damage die, up to the weapon's limit). The
targeting roll's blue dice are the shooter's Shooting value + the weapon's + the aim; their
points must reach the range. A miss does no damage and the poured CP are lost. A hit rolls
the red dice of the fire zone the target stands in (``sight.fire_zone``), with its
automatic hits and the poured dice.

Readings:
- Range is counted as ``rules.grid.ranges.distance`` (diagonal steps count 1). A door or
  wall section is aimed at across the edge it stands on, from the square on the shooter's
  side: range is counted to that square, so a shooter standing there and facing the edge
  shoots at range 0; the shooter must see that square (or stand on it) and have the far
  square in its arc of sight. A large shooter ([16]) aims from any of its squares that
  does (the same choice as for a character: red zone first, then the nearest).
- A floor element is aimed at on a square of it the shooter sees.
- Only enemy characters are targets.
- An out-of-ammo icon rolled while targeting engages the weapon: this shot goes on, and
  the weapon fires again only after the next Final phase, when it is reloaded. A weapon
  without ammo (``ammo: false``) or carried with an item that keeps its carrier supplied
  (``never_out_of_ammo``) ignores the icon.
- A target in the orange zone of a weapon with no orange damage is out of its reach.
- A thrown explosive is aimed at a character, a floor element or a bare square in sight;
  on a hit it bursts there, on a miss it is lost without effect; either way it leaves its
  carrier (the bundled grenade has one charge).
"""

from __future__ import annotations

from rules.core.rejection import Rejection, RejectionCode, reject
from rules.orders import actions as act
from rules.orders import events as ev
from rules.orders import rules_cited as rule
from rules.orders.aiming import (
    aim_at,
    choose_weapon,
    fire_of,
    never_out_of_ammo,
    targeting_dice,
    zone_dice,
)
from rules.orders.barriers import damage_barrier
from rules.orders.combined_shoot import Helper, helpers
from rules.orders.content.equipment import EquipmentDef
from rules.orders.damage import against_character, red_dice, wound_by
from rules.orders.explosions import explode
from rules.orders.flow import Flow
from rules.orders.sections import place
from rules.orders.state import Fighter


def shoot(
    flow: Flow, fighter_id: str, action: act.Shoot, interrupting: bool = False
) -> Rejection | None:
    """A Shoot order; an ``interrupting`` character uses red and gold sections only and
    shoots alone (a combined order is the active player's, [18.1])."""
    state = flow.state
    shooter = state.fighter(fighter_id)
    if interrupting and action.joined:
        return reject(
            RejectionCode.ILLEGAL_MOVE,
            "An interrupting character shoots alone: combined orders are the active player's.",
            rule.COMBINED_SHOOT,
        )
    if shooter.square is None or not shooter.standing:
        return reject(RejectionCode.ILLEGAL_MOVE, f"{shooter.id} is not on the map.", rule.SHOOT)
    weapon = choose_weapon(state, shooter, action.weapon)
    if isinstance(weapon, Rejection):
        return weapon
    fire = fire_of(weapon)
    aim = aim_at(flow, shooter, weapon, action)
    if isinstance(aim, Rejection):
        return aim
    explosive = weapon.area is not None
    dice = None if explosive else zone_dice(fire, aim.zone)
    if not explosive and dice is None:
        return reject(
            RejectionCode.OUT_OF_RANGE,
            f"{aim.target.describe()} is in {shooter.id}'s orange zone, out of the"
            f" {weapon.name}'s reach (it does damage in the red zone only).",
            rule.SHOOT,
        )
    if action.pour > fire.pour_it_on:
        limit = (
            f"takes at most {fire.pour_it_on} CP poured on"
            if fire.pour_it_on
            else "cannot pour it on"
        )
        return reject(RejectionCode.ILLEGAL_MOVE, f"The {weapon.name} {limit}.", rule.POUR_IT_ON)
    cost = 1 + action.aim + action.pour
    placed = place(state, shooter, "shoot", cost, interrupting)
    if isinstance(placed, Rejection):
        return placed
    joining: tuple[Helper, ...] = ()
    if action.joined:
        if explosive:
            return reject(
                RejectionCode.ILLEGAL_MOVE,
                f"A {weapon.name} is thrown alone: explosives are not combined.",
                rule.COMBINED_SHOOT,
            )
        found = helpers(flow, shooter, action, state.player(shooter.seat).cp - cost)
        if isinstance(found, Rejection):
            return found
        joining = found
    if flow.trial:
        return None
    flow.emit(ev.OrderPaid(fighter=shooter.id, order="shoot", placed=placed))
    for helper in joining:
        flow.emit(ev.OrderPaid(fighter=helper.fighter.id, order="shoot", placed=(helper.placed,)))
    points, out = _targeting(flow, shooter, weapon, action.aim)
    joined = tuple(_join(flow, helper) for helper in joining)
    needed = max((aim.range, *(h.range for h in joined)))
    hit = sum(points) + sum(sum(h.targeting) for h in joined) >= needed
    damage = None
    total = auto = 0
    if hit and dice is not None:
        total = dice.dice + action.pour + sum(h.dice.dice for h in joining)
        auto = dice.auto_hits + sum(h.dice.auto_hits for h in joining)
        if aim.target.fighter is not None:
            fighter = flow.state.fighter(aim.target.fighter)
            damage = against_character(flow, fighter, total, auto)
    flow.emit(
        ev.Shot(
            shooter=shooter.id,
            weapon=weapon.id,
            origin=shooter.square,
            target=aim.target,
            range=aim.range,
            zone=aim.zone,
            aim=action.aim,
            pour=action.pour,
            targeting=points,
            hit=hit,
            out_of_ammo=out,
            used_up=explosive,
            damage=damage,
            helpers=joined,
        )
    )
    if damage is not None and aim.target.fighter is not None:
        wound_by(flow, aim.target.fighter, damage, "a shot")
    barrier = aim.target.barrier
    if hit and dice is not None and barrier is not None:
        faces = red_dice(flow, total, barrier.describe())
        damage_barrier(flow, barrier, faces, auto, shooter.id, "shot")
    if hit and weapon.area is not None:
        explode(flow, aim.target.square, weapon.area, action.pour, shooter.id, weapon.id)
    return None


def _targeting(
    flow: Flow, shooter: Fighter, weapon: EquipmentDef, aim: int
) -> tuple[tuple[int, ...], bool]:
    """The points of ``shooter``'s blue dice, and whether they ran ``weapon`` dry."""
    fire = fire_of(weapon)
    count = targeting_dice(flow.state, shooter, fire, aim)
    faces = flow.faces("blue", count, f"targeting by {shooter.id}")
    out = (
        fire.ammo
        and any("out_of_ammo" in f.icons for f in faces)
        and not never_out_of_ammo(flow.state, shooter)
    )
    return tuple(f.points for f in faces), out


def _join(flow: Flow, helper: Helper) -> ev.ShotHelper:
    fighter = helper.fighter
    assert fighter.square is not None
    points, out = _targeting(flow, fighter, helper.weapon, 0)
    return ev.ShotHelper(
        fighter=fighter.id,
        weapon=helper.weapon.id,
        origin=fighter.square,
        range=helper.aim.range,
        zone=helper.aim.zone,
        targeting=points,
        out_of_ammo=out,
    )
