"""Single-die rolls for units: Will rolls with their modifiers, and batch rolls.

A unit's Will roll uses its best Will (004 Units). Modifiers (004 Defend, Cover, Exhausted,
Haunted, Bulky): +1 while defending (+2 in cover) and +1 in cover, except for casting or
resisting casts; Bulky units lose those bonuses while suppressed; Exhausted and Haunted
each take 1 off.
"""

from __future__ import annotations

from rules.core import d10
from rules.core.d10 import need
from rules.geometry.pieces import Terrain
from rules.wasteland import table as tb
from rules.wasteland.facts.base import Check
from rules.wasteland.flow import Flow
from rules.wasteland.profiles import profile_in_play
from rules.wasteland.state import WastelandState, WUnit


def judge(raw: int, target: int, modifier: int) -> bool:
    """One die against ``target``+ with ``modifier`` (1+ always passes, 11+ never)."""
    return d10.passes(raw, need(target, modifier))


def roll_check(flow: Flow, target: int, modifier: int, purpose: str) -> Check:
    """A single test (the core's D10 conventions), rolled only when a die decides."""
    n = need(target, modifier)
    decided = d10.automatic(n)
    if decided is not None:
        return Check(need=n, raw=None, passed=decided)
    raw = flow.dice(1, purpose)[0]
    return Check(need=n, raw=raw, passed=d10.passes(raw, n))


def in_cover(state: WastelandState, unit: WUnit) -> bool:
    return any(
        area.has(Terrain.COVER) and tb.majority_in(state, unit, area) for area in state.table.areas
    )


def will_modifier(state: WastelandState, unit: WUnit, *, casting: bool = False) -> int:
    profile = profile_in_play(state, unit)
    mod = 0
    if "exhausted" in state.advantages.get(unit.seat, ()):
        mod -= 1
    if state.condition in ("haunted",) and not profile.has("fearless"):
        mod -= 1
    bonuses_lost = profile.has("bulky") and unit.markers > 0
    if not casting and not bonuses_lost:
        cover = in_cover(state, unit)
        if unit.defending or unit.markers > 0:
            mod += 2 if cover else 1
        if cover:
            mod += 1
    return mod


def will_roll(
    flow: Flow, unit: WUnit, purpose: str, modifier: int = 0, *, casting: bool = False
) -> Check:
    target = profile_in_play(flow.state, unit).will
    total = modifier + will_modifier(flow.state, unit, casting=casting)
    return roll_check(flow, target, total, f"{unit.id} Will: {purpose}")


def effective_markers(state: WastelandState, unit: WUnit) -> int:
    """Suppression markers as they count (Stubborn X counts X fewer)."""
    stubborn = profile_in_play(state, unit).value("stubborn")  # rules gained in play included
    return max(0, unit.markers - stubborn)
