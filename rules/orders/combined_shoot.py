"""Combined shoot ([18.1], [18.4]): other characters of the active player join the
activated character's shot at the same target, each from a gold Shoot section of its own.

Readings (the summary leaves the combining to rules it does not give):
- Each helper must be able to shoot the target itself: sight, arc of sight, a weapon
  ready to fire that allows the target and reaches its fire zone. Helpers fire their first
  ready weapon that is not an explosive; explosives are never combined.
- Each helper pays 1 CP on an open gold Shoot section, counted against its own Maximum CP
  per turn, from the same screen; it is not activated or engaged by joining.
- There is one targeting roll: every shooter rolls its own blue dice (so an out-of-ammo
  icon engages the weapon whose dice showed it) and the points are added; the total must
  reach the longest of the shooters' ranges.
- There is one damage roll: every shooter's red dice for the zone the target stands in
  for it, all their automatic hits and the dice poured on by the activated character.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.rejection import Rejection, RejectionCode, reject
from rules.orders import actions as act
from rules.orders import events as ev
from rules.orders import rules_cited as rule
from rules.orders.aiming import Aim, aim_at, fire_of, firing_weapons, zone_dice
from rules.orders.content.characters import CombatDice
from rules.orders.content.equipment import EquipmentDef
from rules.orders.flow import Flow
from rules.orders.sections import gold_cp
from rules.orders.state import Fighter, OrdersState


@dataclass(frozen=True)
class Helper:
    fighter: Fighter
    weapon: EquipmentDef
    aim: Aim
    dice: CombatDice
    placed: ev.Placed


def gold_section(state: OrdersState, fighter: Fighter) -> ev.Placed | None:
    """1 CP on the first open gold Shoot section of ``fighter``, if it may take it."""
    return gold_cp(state, fighter, "shoot")


def helpers(
    flow: Flow, shooter: Fighter, action: act.Shoot, screen_left: int
) -> tuple[Helper, ...] | Rejection:
    """The characters named in ``action.joined``, each ready to join the shot."""
    state = flow.state
    found: list[Helper] = []
    for fighter_id in action.joined:
        helper = state.fighter(fighter_id)
        named = f"{helper.id} {helper.name}"
        if helper.id == shooter.id or any(h.fighter.id == helper.id for h in found):
            return reject(
                RejectionCode.BAD_ARGUMENT,
                f"{named} is named twice in the combined shoot.",
                rule.COMBINED_SHOOT,
            )
        if helper.seat != shooter.seat or not helper.standing:
            return reject(
                RejectionCode.ILLEGAL_MOVE,
                f"Only your own characters on the map join a combined shoot; {named} cannot.",
                rule.COMBINED_SHOOT,
            )
        weapon = next(
            (w for w in firing_weapons(state, helper) if w.area is None and w.id not in helper.dry),
            None,
        )
        if weapon is None:
            return reject(
                RejectionCode.ILLEGAL_MOVE,
                f"{named} carries no firing weapon ready to fire (explosives are not combined).",
                rule.COMBINED_SHOOT,
            )
        aim = aim_at(flow, helper, weapon, action)
        if isinstance(aim, Rejection):
            return reject(aim.code, f"{named} cannot join: {aim.message}", aim.rule)
        dice = zone_dice(fire_of(weapon), aim.zone)
        if dice is None:
            return reject(
                RejectionCode.OUT_OF_RANGE,
                f"{named} cannot join: the target is in its orange zone, out of its"
                f" {weapon.name}'s reach.",
                rule.COMBINED_SHOOT,
            )
        placed = gold_section(state, helper)
        if placed is None:
            return reject(
                RejectionCode.ILLEGAL_MOVE,
                f"{named} cannot join: it has no open gold Shoot section, or no CP left of"
                " its Maximum CP per turn.",
                rule.COMBINED_SHOOT,
            )
        found.append(Helper(fighter=helper, weapon=weapon, aim=aim, dice=dice, placed=placed))
    if len(found) > screen_left:
        return reject(
            RejectionCode.CANNOT_AFFORD,
            f"The combined shoot needs {len(found)} more CP than the {screen_left} left"
            " behind your screen.",
            rule.COMBINED_SHOOT,
        )
    return tuple(found)
