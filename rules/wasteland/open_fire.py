"""Open models (004 Open): Area Effect and Spray weapons gain Deadly 2 against them (see
:func:`rules.wasteland.attacks.deadly_value`) and immediately make an extra free attack
against every unit embarked on them.

The free attack is the same weapon fired again by the same models at each embarked unit:
as many dice as were rolled at the Open model, needing the same number, whether or not the
Open model was hit. Umpire's reading of "immediately": the Open model's own Life rolls come
first, and units that bailed out of it because it was destroyed are no longer embarked, so
they escape the free attack. Every model of an embarked unit may be removed (embarked units
are off the table, so sight and cover do not apply).
"""

from __future__ import annotations

from rules.wasteland.attacks import Kind, Strike, strike
from rules.wasteland.content.weapons import WeaponDef
from rules.wasteland.facts.combat import FreeAttack
from rules.wasteland.flow import Flow
from rules.wasteland.profiles import profile_in_play
from rules.wasteland.shot_hits import criticals, shot_hits
from rules.wasteland.state import WastelandState, WUnit


def spreads(weapon: WeaponDef) -> bool:
    return weapon.has("area_effect") or weapon.has("spray")


def aboard(state: WastelandState, transport_id: str) -> list[WUnit]:
    """Units embarked on ``transport_id``, by id."""
    return sorted(
        (
            u
            for u in state.units.values()
            if u.embarked_in == transport_id and u.status == "embarked" and u.living
        ),
        key=lambda u: u.id,
    )


def free_attacks(
    flow: Flow,
    *,
    kind: Kind,
    shooter: str | None,
    transport: str,
    weapon: WeaponDef,
    count: int,
    need: int,
) -> None:
    """The extra free attacks of ``weapon`` on the units embarked on an Open ``transport``."""
    state = flow.state
    carrier = state.units.get(transport)
    if carrier is None or count <= 0 or not spreads(weapon):
        return
    if not profile_in_play(state, carrier).has("open"):
        return
    who = shooter or "The attack"
    for passenger in aboard(state, transport):
        automatic = weapon.autohit or need <= 1 or need >= 11
        rolled = not automatic or weapon.has("critical")
        dice = (
            flow.dice(count, f"{who} free attack on {passenger.id} with {weapon.name}")
            if rolled
            else ()
        )
        hits = shot_hits(weapon, need, count, dice)
        crits = criticals(weapon, dice)
        flow.emit(
            FreeAttack(
                attacker=shooter,
                weapon=weapon.name,
                passenger=passenger.id,
                transport=transport,
                count=count,
                dice=dice,
                need=need,
                autohit=weapon.autohit,
                hits=hits,
            )
        )
        if hits:
            strike(
                flow,
                Strike(
                    target=passenger.id,
                    weapon=weapon,
                    hits=hits,
                    kind=kind,
                    source=shooter,
                    crits=crits,
                ),
            )
