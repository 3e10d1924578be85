"""Ready-made army lists: a legal list for any faction and game size (004 Step 1).

Offered as suggestions while a seat's draft is empty, so a new player can start at once and
edit from there, and used by the automatic players of scripts and tests. Each list is built
cheapest-first and checked with :func:`rules.wasteland.forces.problems` before it is offered.
"""

from __future__ import annotations

from rules.wasteland.content.catalog import Catalog
from rules.wasteland.content.units import UnitDef
from rules.wasteland.forces import LIMITS, point_limit, problems
from rules.wasteland.state import ArmyList, ListEntry, WastelandState

# Optional unit types, in the order a starter Battle Group adds them.
EXTRAS = ("troops", "support", "spearhead", "fast", "troops", "heavy", "troops")


def starter_list(
    state: WastelandState, catalog: Catalog, seat: str, faction: str
) -> ArmyList | None:
    """A legal list of ``faction`` for ``seat``, or None if the faction cannot field one."""
    units = [u for u in catalog.factions[faction].units if not u.has("transport")]
    limit = point_limit(state, seat)
    if state.options.size == "patrol":
        army = _patrol(units, limit)
    else:
        groups = 1 if state.options.size == "platoon" else max(1, limit // 1000)
        army = _groups(units, limit, groups)
    if army is None or problems(state, catalog, seat, army):
        return None
    return army


def notation(army: ArmyList) -> str:
    """The list as chat notation: ``army <profile> x<models> [g<group>], …``."""
    parts = [
        f"{e.profile} x{e.models}" + (f" g{e.group}" if e.group != 1 else "") for e in army.entries
    ]
    return "army " + ", ".join(parts)


def _cheapest(units: list[UnitDef], kind: str) -> list[UnitDef]:
    """Units of a type, cheapest first; patrols leave Vehicles and Monsters out themselves."""
    return sorted(
        (u for u in units if u.type == kind), key=lambda u: (u.points * u.min_models, u.id)
    )


def _cost(entries: list[ListEntry], units: dict[str, UnitDef]) -> int:
    return sum(units[e.profile].points * e.models for e in entries)


def _patrol(units: list[UnitDef], limit: int) -> ArmyList | None:
    small = [u for u in units if not u.big]
    leaders = [u for u in _cheapest(small, "command") if u.has("leadership")]
    troops = _cheapest(small, "troops")
    if not leaders or not troops:
        return None
    leader = leaders[0]
    entries = [ListEntry(profile=leader.id, models=leader.min_models)]
    spare = limit - leader.points * leader.min_models
    models = min(30, spare // troops[0].points)
    if models < 1:
        return None
    entries.append(ListEntry(profile=troops[0].id, models=models))
    return ArmyList(entries=tuple(entries))


def _groups(units: list[UnitDef], limit: int, groups: int) -> ArmyList | None:
    by_id = {u.id: u for u in units}
    leaders = [u for u in _cheapest(units, "command") if u.has("leadership")]
    troops = _cheapest(units, "troops")
    if not leaders or not troops:
        return None
    entries: list[ListEntry] = []
    for group in range(1, groups + 1):
        entries.append(ListEntry(profile=leaders[0].id, models=leaders[0].min_models, group=group))
        for i in range(LIMITS["troops"][0]):
            pick = troops[i % len(troops)]
            entries.append(ListEntry(profile=pick.id, models=pick.min_models, group=group))
    if _cost(entries, by_id) > limit:
        return None
    for group in range(1, groups + 1):
        for kind in EXTRAS:
            options = _cheapest(units, kind)
            taken = sum(1 for e in entries if e.group == group and by_id[e.profile].type == kind)
            if not options or taken >= LIMITS[kind][1]:
                continue
            pick = options[taken % len(options)]
            entry = ListEntry(profile=pick.id, models=pick.min_models, group=group)
            if _cost([*entries, entry], by_id) <= limit:
                entries.append(entry)
    return ArmyList(entries=tuple(_fill(entries, by_id, limit)))


def _fill(entries: list[ListEntry], units: dict[str, UnitDef], limit: int) -> list[ListEntry]:
    """Add models to the units, one at a time and round-robin, while points remain."""
    grown = True
    while grown:
        grown = False
        for i, entry in enumerate(entries):
            profile = units[entry.profile]
            if entry.models >= profile.max_models:
                continue
            bigger = entry.model_copy(update={"models": entry.models + 1})
            trial = [*entries[:i], bigger, *entries[i + 1 :]]
            if _cost(trial, units) <= limit:
                entries = trial
                grown = True
    return entries
