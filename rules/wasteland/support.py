"""The rules a unit has in play: its profile's rules plus those it gains during the battle.

* Rules given for the whole battle are kept on the unit (``WUnit.rules_extra``), e.g.
  Stubborn 1 for every unit of a side with Grizzled veterans (004 Advantages).
* Support X (004 Support X): friendly units that have all models within 10" of a Support
  model and at least one model in base contact with it gain every rule listed in X. The
  condition is measured from each Support model separately; Umpire's reading is that the
  model lends its rules to *other* units ("comrades"), not to its own unit.
* Rules with a number stack when combined (004 Special unit rules): a unit with
  Stubborn 1 that gains Stubborn 1 from a Support model has Stubborn 2, and so does a unit
  supported by two such models.

:func:`in_play` is what ``WastelandState.profile`` answers, so every ``profile.has(...)``
and ``profile.value(...)`` of the rules sees granted rules. The Support geometry uses the
base profiles (granted rules never change a base or a height), so it never asks for a
profile in play itself.
"""

from __future__ import annotations

from functools import lru_cache

from rules.core.by_identity import ByIdentity
from rules.geometry.measure import CONTACT_SLACK, in_contact, within
from rules.geometry.pieces import Model
from rules.geometry.units import inches, mm
from rules.wasteland.building_profiles import profile_of
from rules.wasteland.content.special import NUMBERED_UNIT_RULES, UNIT_RULE_NAMES, UnitRule
from rules.wasteland.content.units import UnitDef
from rules.wasteland.state import WastelandState, WUnit

SUPPORT_REACH = inches(10)

Grants = dict[str, tuple[UnitRule, ...]]
_GRANTS: ByIdentity[dict[str, WUnit], tuple[dict[str, UnitDef], str | None, Grants]] = ByIdentity(1)


def in_play(state: WastelandState, unit: WUnit) -> UnitDef:
    """``unit``'s profile with the rules it has gained added to it."""
    base = base_profile(state, unit)
    extra = extra_rules(unit) + support_grants(state).get(unit.id, ())
    return _merged(base, extra) if extra else base


def base_profile(state: WastelandState, unit: WUnit) -> UnitDef:
    """The profile the unit came with (an occupied building's is made from its area)."""
    if unit.building is not None:
        return profile_of(state, unit)
    return state.profiles[unit.profile]


def extra_rules(unit: WUnit) -> tuple[UnitRule, ...]:
    """The battle-long rules kept on the unit, each with X = 1 when numbered."""
    return tuple(
        UnitRule.model_validate({"kind": kind, "value": 1 if kind in NUMBERED_UNIT_RULES else None})
        for kind in unit.rules_extra
        if kind in UNIT_RULE_NAMES
    )


@lru_cache(maxsize=512)
def _merged(base: UnitDef, extra: tuple[UnitRule, ...]) -> UnitDef:
    return base.model_copy(update={"rules": (*base.rules, *extra)})


def support_grants(state: WastelandState) -> Grants:
    """Unit id → the rules Support models lend it in this position (cached per position:
    the units mapping is replaced whenever a unit changes)."""
    known = _GRANTS.get(state.units)
    if known is not None and known[0] is state.profiles and known[1] == state.defender:
        return known[2]
    return _GRANTS.put(state.units, (state.profiles, state.defender, _compute(state)))[2]


def _bases(state: WastelandState, unit: WUnit) -> list[Model]:
    radius = _radius(state, unit)
    return [Model(id=m.id, x=m.x, y=m.y, radius=radius) for m in unit.living]


def _radius(state: WastelandState, unit: WUnit) -> int:
    return max(1, mm(base_profile(state, unit).base_mm) // 2)  # as the table measures bases


def _box(state: WastelandState, unit: WUnit) -> tuple[int, int, int, int, int] | None:
    """The least and greatest x and y of the unit's living models and their radius."""
    living = unit.living
    if not living:
        return None
    xs, ys = [m.x for m in living], [m.y for m in living]
    return min(xs), min(ys), max(xs), max(ys), _radius(state, unit)


def _compute(state: WastelandState) -> Grants:
    supporters = [
        (u, [r for r in base_profile(state, u).rules if r.kind == "support"])
        for u in state.units.values()
        if u.on_table
    ]
    supporters = [(u, rules) for u, rules in supporters if rules]
    if not supporters:
        return {}
    found: dict[str, list[UnitRule]] = {}
    boxes: dict[str, tuple[int, int, int, int, int] | None] = {}
    bases: dict[str, list[Model]] = {}
    for supporter, rules in supporters:
        lent = [g for r in rules for g in r.grants]
        mine = _bases(state, supporter)
        widest = max(m.radius for m in mine)
        for friend in state.on_table():
            if friend.id == supporter.id or state.hostile(friend.seat, supporter.seat):
                continue
            if friend.id not in boxes:
                boxes[friend.id] = _box(state, friend)
            box = boxes[friend.id]
            if box is None:  # no model left to support
                continue
            # a Support model must touch one of them: units further off along x or y
            # than any base contact reaches are passed by without building their bases
            x0, y0, x1, y1, radius = box
            reach = widest + radius + CONTACT_SLACK
            if not any(
                x0 - reach <= m.x <= x1 + reach and y0 - reach <= m.y <= y1 + reach for m in mine
            ):
                continue
            theirs = bases.get(friend.id)
            if theirs is None:
                theirs = bases[friend.id] = _bases(state, friend)
            for model in mine:
                if supported(model, theirs):
                    found.setdefault(friend.id, []).extend(lent)
    return {uid: tuple(rules) for uid, rules in found.items()}


def supported(model: Model, theirs: list[Model]) -> bool:
    """All of ``theirs`` within 10" of the Support ``model`` and one in base contact."""
    return (
        bool(theirs)
        and all(within(model, m, SUPPORT_REACH) for m in theirs)
        and any(in_contact(model, m) for m in theirs)
    )
