"""Force building (004 Step 1) and turning revealed lists into units.

* Patrol (100 points): one Command unit with Leadership and any models of other units
  except Vehicles and Monsters; every other model fights as a unit of its own.
* Platoon (1,000 points): per Battle Group 1-2 Command, 3-6 Troops and 0-2 each of
  Support, Spearhead, Fast and Heavy, plus 0-1 Transport for every non-Vehicle/Monster
  unit. Umpire counts a unit with the Transport rule against that allowance only, not its
  type.
* Company (2,000 points or more): one or more Battle Groups, each chosen like a platoon.

A side fields one faction. Attackers in a mission with a defender share one pool of points:
Umpire splits it evenly between them.
"""

from __future__ import annotations

from collections import Counter

from rules.wasteland.content.catalog import Catalog
from rules.wasteland.content.units import UnitDef
from rules.wasteland.state import ArmyList, Fighter, ListEntry, WastelandState, WUnit

LIMITS = {
    "command": (1, 2),
    "troops": (3, 6),
    "support": (0, 2),
    "spearhead": (0, 2),
    "fast": (0, 2),
    "heavy": (0, 2),
}
SEAT_LETTERS = "ABCDEFGH"


def point_limit(state: WastelandState, seat: str) -> int:
    limit = state.options.point_limit
    if state.defender is not None and seat != state.defender:
        attackers = [s for s in state.seats if s != state.defender]
        return limit // max(1, len(attackers))
    return limit


def shared_pool(state: WastelandState, seat: str) -> int:
    """The attackers' shared pool of points ``seat``'s limit is a share of (0: not shared)."""
    attackers = [s for s in state.seats if s != state.defender]
    if state.defender is None or seat == state.defender or len(attackers) < 2:
        return 0
    return state.options.point_limit


GROUP_MOST = sum(high for _, high in LIMITS.values()) * 2  # its units and a Transport each


def cheapest_entry(state: WastelandState, catalog: Catalog) -> int:
    """The fewest points any entry of a legal list can cost in this game's size."""
    costs = []
    for profile in catalog.units.values():
        if state.options.size == "patrol":
            if profile.big:
                continue
            models = profile.min_models if profile.type == "command" else 1
        else:
            models = profile.min_models
        costs.append(profile.points * models)
    return min(costs, default=1)


def most_entries(state: WastelandState, catalog: Catalog, seat: str) -> int:
    """The most entries any legal list for ``seat`` can hold: each costs at least the
    cheapest entry, and a platoon's one Battle Group holds at most 16 units and a Transport
    for each (004 Step 1)."""
    most = point_limit(state, seat) // max(1, cheapest_entry(state, catalog))
    if state.options.size == "platoon":
        most = min(most, GROUP_MOST)
    return max(1, most)


def problems(state: WastelandState, catalog: Catalog, seat: str, army: ArmyList) -> list[str]:
    """Everything wrong with ``army`` for ``seat``; empty when it may be submitted."""
    found: list[str] = []
    if not army.entries:
        return ["The list is empty. (004 Step 1)"]
    profiles: dict[str, UnitDef] = {}
    for i, entry in enumerate(army.entries, 1):
        profile = catalog.units.get(entry.profile)
        if profile is None:
            found.append(f"Entry {i}: unknown unit '{entry.profile}'.")
            continue
        profiles[entry.profile] = profile
        # a patrol takes any number of models of other units: each fights on its own
        loose = state.options.size == "patrol" and profile.type != "command"
        if loose and not 1 <= entry.models <= 30:
            found.append(f"Entry {i}: take 1-30 models, not {entry.models}.")
        elif not loose and not profile.min_models <= entry.models <= profile.max_models:
            found.append(
                f"Entry {i}: {profile.name} has {profile.min_models}-{profile.max_models} models, "
                f"not {entry.models}. (unit profile)"
            )
    if found:
        return found
    factions = {catalog.unit_faction[e.profile] for e in army.entries}
    if len(factions) > 1:
        names = ", ".join(sorted(catalog.factions[f].name for f in factions))
        found.append(f"A side fields one faction; this list mixes {names}.")
    total = army.points(profiles)
    limit = point_limit(state, seat)
    if total > limit:
        found.append(f"The list costs {total} points; the limit is {limit}. (004 Step 1)")
    if state.options.size == "patrol":
        found.extend(_patrol(army, profiles))
    else:
        groups = sorted({e.group for e in army.entries})
        if state.options.size == "platoon" and groups != [1]:
            found.append("A platoon is one Battle Group (group 1). (004 Step 1)")
        for group in groups:
            found.extend(_group(group, [e for e in army.entries if e.group == group], profiles))
    found.extend(_embarks(army, profiles))
    return found


def _patrol(army: ArmyList, profiles: dict[str, UnitDef]) -> list[str]:
    found = []
    leaders = [
        e
        for e in army.entries
        if profiles[e.profile].type == "command" and profiles[e.profile].has("leadership")
    ]
    if len(leaders) != 1:
        found.append(
            f"A patrol has exactly one Command unit with Leadership (this list has {len(leaders)})."
            " (004 Step 1)"
        )
    for i, e in enumerate(army.entries, 1):
        if profiles[e.profile].big:
            found.append(
                f"Entry {i}: {profiles[e.profile].name} is a Vehicle or Monster, not used in "
                "patrols. (004 Step 1)"
            )
    return found


def _group(group: int, entries: list[ListEntry], profiles: dict[str, UnitDef]) -> list[str]:
    found = []
    transports = [e for e in entries if profiles[e.profile].has("transport")]
    others = [e for e in entries if not profiles[e.profile].has("transport")]
    counts: Counter[str] = Counter(profiles[e.profile].type for e in others)
    for kind, (low, high) in LIMITS.items():
        if not low <= counts[kind] <= high:
            found.append(
                f"Battle Group {group}: {counts[kind]} {kind.title()} units; "
                f"it needs {low}-{high}. (004 Step 1)"
            )
    leaders = [e for e in others if profiles[e.profile].type == "command"]
    if leaders and not any(profiles[e.profile].has("leadership") for e in leaders):
        found.append(f"Battle Group {group}: no Command unit has Leadership. (004 Step 1)")
    infantry = sum(1 for e in entries if not profiles[e.profile].big)
    if len(transports) > infantry:
        found.append(
            f"Battle Group {group}: {len(transports)} Transports for {infantry} "
            "non-Vehicle/Monster units; at most one each. (004 Step 1)"
        )
    return found


def _embarks(army: ArmyList, profiles: dict[str, UnitDef]) -> list[str]:
    found = []
    load: Counter[int] = Counter()
    for i, e in enumerate(army.entries, 1):
        if e.embark is None:
            continue
        if not 1 <= e.embark <= len(army.entries) or e.embark == i:
            found.append(f"Entry {i}: embarks on entry {e.embark}, which is not another entry.")
            continue
        carrier = army.entries[e.embark - 1]
        profile = profiles[e.profile]
        if not profiles[carrier.profile].has("transport"):
            found.append(f"Entry {i}: entry {e.embark} is not a Transport. (004 Transport)")
        elif profile.big:
            found.append(f"Entry {i}: Vehicles and Monsters cannot embark. (004 Vehicle/Monster)")
        elif carrier.group != e.group:
            found.append(f"Entry {i}: its transport is in another Battle Group.")
        load[e.embark] += e.models * max(1, profile.value("bulky"))
    for index, spaces in load.items():
        if not 1 <= index <= len(army.entries):
            continue
        carrier = army.entries[index - 1]
        capacity = profiles[carrier.profile].value("transport") * carrier.models
        if capacity and spaces > capacity:
            found.append(
                f"Entry {index}: carries {spaces} spaces of models; it holds {capacity}."
                " (004 Transport)"
            )
    return found


def build_units(state: WastelandState, catalog: Catalog) -> tuple[WUnit, ...]:
    """Units for every submitted list: A1, A2, … for the first seat, B1, … for the next."""
    units: list[WUnit] = []
    for s_index, seat in enumerate(state.seats):
        army = state.drafts.get(seat, ArmyList())
        letter = SEAT_LETTERS[s_index]
        number = 0
        ids_by_entry: dict[int, str] = {}
        pending: list[tuple[WUnit, int | None]] = []
        for e_index, entry in enumerate(army.entries, 1):
            profile = catalog.units[entry.profile]
            split = state.options.size == "patrol" and not (
                profile.type == "command" and profile.has("leadership")
            )
            chunks = [1] * entry.models if split else [entry.models]
            for size in chunks:
                number += 1
                uid = f"{letter}{number}"
                ids_by_entry.setdefault(e_index, uid)
                wounds = max(1, profile.value("tough"))
                models = tuple(Fighter(id=f"{uid}.{i + 1}", wounds=wounds) for i in range(size))
                unit = WUnit(
                    id=uid,
                    seat=seat,
                    group=entry.group,
                    profile=profile.id,
                    name=profile.name,
                    models=models,
                    starting=size,
                    cost=profile.points * size,
                    facing=90 if s_index % 2 == 0 else 270,
                )
                pending.append((unit, entry.embark))
        for unit, embark in pending:
            if embark is not None and embark in ids_by_entry:
                unit = unit.model_copy(
                    update={"status": "embarked", "embarked_in": ids_by_entry[embark]}
                )
            units.append(unit)
    return tuple(units)
