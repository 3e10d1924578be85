"""A unit's profile in play: its profile's rules plus those it gained during the battle
(:mod:`rules.wasteland.support`), remembered per position."""

from __future__ import annotations

from rules.core.by_identity import ByIdentity
from rules.geometry.pieces import Table
from rules.wasteland.content.units import UnitDef
from rules.wasteland.state import WastelandState, WUnit
from rules.wasteland.support import in_play

_PROFILES: ByIdentity[
    dict[str, WUnit], tuple[dict[str, UnitDef], Table, str | None, ByIdentity[WUnit, UnitDef]]
] = ByIdentity(256)


def profile_in_play(state: WastelandState, unit: WUnit) -> UnitDef:
    """The unit's profile with the rules it gained in play (Support X, battle-long rules
    such as Grizzled veterans' Stubborn 1), remembered per position: it depends on the
    units, the content in play, the table and who defends."""
    known = _PROFILES.get(state.units)
    if (
        known is None
        or known[0] is not state.profiles
        or known[1] is not state.table
        or known[2] != state.defender
    ):
        known = _PROFILES.put(
            state.units, (state.profiles, state.table, state.defender, ByIdentity(1024))
        )
    else:
        found = known[3].get(unit)
        if found is not None:
            return found
    return known[3].put(unit, in_play(state, unit))
