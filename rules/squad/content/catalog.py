"""All loaded squad packs merged into one catalog, with cross-references checked.

Identifiers are global across packs: a later pack may not redefine a weapon, faction, unit
profile, scenario or battlefield of an earlier one. Every weapon a unit carries must exist.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from rules.core.pack_merge import PackMerge, check_references, nested_items, owners
from rules.geometry.battlefields import BattlefieldDef
from rules.squad.content.factions import FactionDef
from rules.squad.content.pack import ContentPack
from rules.squad.content.scenarios import ScenarioDef
from rules.squad.content.units import UnitDef
from rules.squad.content.weapons import WeaponDef


@dataclass(frozen=True)
class Catalog:
    weapons: dict[str, WeaponDef] = field(default_factory=dict)
    factions: dict[str, FactionDef] = field(default_factory=dict)
    scenarios: dict[str, ScenarioDef] = field(default_factory=dict)
    battlefields: dict[str, BattlefieldDef] = field(default_factory=dict)
    units: dict[str, UnitDef] = field(default_factory=dict)
    unit_faction: dict[str, str] = field(default_factory=dict)
    sources: tuple[str, ...] = ()


UNITS = nested_items("factions", "units")  # unit profiles live inside their factions
SECTIONS = ("weapons", "factions", "scenarios", "battlefields", "units")


def build_catalog(packs: Sequence[tuple[Path, ContentPack]]) -> Catalog:
    """Merge packs in order and check every reference; problems raise :class:`PackError`."""
    merge = PackMerge(SECTIONS)
    for path, pack in packs:
        merge.add(path, pack, ("weapons", "factions", "scenarios", "battlefields"), UNITS)
    factions: dict[str, FactionDef] = merge.items["factions"]
    units: dict[str, UnitDef] = merge.items["units"]
    catalog = Catalog(
        weapons=merge.items["weapons"],
        factions=factions,
        scenarios=merge.items["scenarios"],
        battlefields=merge.items["battlefields"],
        units=units,
        unit_faction=owners(merge, "factions", "units"),
        sources=tuple(p.name for p, _ in packs),
    )
    check_references(packs, lambda pack: _reference_problems(catalog, pack))
    return catalog


def _reference_problems(catalog: Catalog, pack: ContentPack) -> Iterable[tuple[str, str]]:
    for i, faction in enumerate(pack.factions):
        for j, unit in enumerate(faction.units):
            where = f"factions[{i}].units[{j}] (id '{unit.id}')"
            for weapon in unit.weapons:
                if weapon not in catalog.weapons:
                    yield f"{where}.weapons", f"unknown weapon '{weapon}'"
