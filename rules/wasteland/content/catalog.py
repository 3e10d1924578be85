"""All loaded Wasteland packs merged into one catalog, with cross-references checked.

Identifiers are global across packs: a later pack may not redefine a weapon, faction, unit
profile or battlefield of an earlier one. Every weapon a unit carries must exist.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from rules.core.packs import PackError
from rules.wasteland.content.battlefields import BattlefieldDef
from rules.wasteland.content.factions import FactionDef
from rules.wasteland.content.pack import ContentPack
from rules.wasteland.content.units import UnitDef
from rules.wasteland.content.weapons import WeaponDef


@dataclass(frozen=True)
class Catalog:
    weapons: dict[str, WeaponDef] = field(default_factory=dict)
    factions: dict[str, FactionDef] = field(default_factory=dict)
    battlefields: dict[str, BattlefieldDef] = field(default_factory=dict)
    units: dict[str, UnitDef] = field(default_factory=dict)
    unit_faction: dict[str, str] = field(default_factory=dict)
    sources: tuple[str, ...] = ()


def build_catalog(packs: Sequence[tuple[Path, ContentPack]]) -> Catalog:
    """Merge packs in order and check every reference; problems raise :class:`PackError`."""
    weapons: dict[str, WeaponDef] = {}
    factions: dict[str, FactionDef] = {}
    battlefields: dict[str, BattlefieldDef] = {}
    units: dict[str, UnitDef] = {}
    unit_faction: dict[str, str] = {}
    origin: dict[str, Path] = {}
    pack_ids: dict[str, Path] = {}

    def clash(key: str) -> str:
        return f"is already defined in {origin[key].name}"

    for path, pack in packs:
        problems: list[tuple[str, str]] = []
        if pack.id in pack_ids:
            problems.append(
                ("id", f"pack id '{pack.id}' is already used by {pack_ids[pack.id].name}")
            )
        pack_ids.setdefault(pack.id, path)
        for i, weapon in enumerate(pack.weapons):
            key = f"weapon:{weapon.id}"
            if key in origin:
                problems.append((f"weapons[{i}] (id '{weapon.id}')", clash(key)))
                continue
            weapons[weapon.id], origin[key] = weapon, path
        for i, battlefield in enumerate(pack.battlefields):
            key = f"battlefield:{battlefield.id}"
            if key in origin:
                problems.append((f"battlefields[{i}] (id '{battlefield.id}')", clash(key)))
                continue
            battlefields[battlefield.id], origin[key] = battlefield, path
        for i, faction in enumerate(pack.factions):
            key = f"faction:{faction.id}"
            if key in origin:
                problems.append((f"factions[{i}] (id '{faction.id}')", clash(key)))
                continue
            factions[faction.id], origin[key] = faction, path
            for j, unit in enumerate(faction.units):
                ukey = f"unit:{unit.id}"
                if ukey in origin:
                    problems.append((f"factions[{i}].units[{j}] (id '{unit.id}')", clash(ukey)))
                    continue
                units[unit.id], unit_faction[unit.id], origin[ukey] = unit, faction.id, path
        if problems:
            raise PackError(path, problems)
    catalog = Catalog(
        weapons=weapons,
        factions=factions,
        battlefields=battlefields,
        units=units,
        unit_faction=unit_faction,
        sources=tuple(p.name for p, _ in packs),
    )
    for path, pack in packs:
        found = list(_reference_problems(catalog, pack))
        if found:
            raise PackError(path, found)
    return catalog


def _reference_problems(catalog: Catalog, pack: ContentPack) -> Iterable[tuple[str, str]]:
    for i, faction in enumerate(pack.factions):
        for j, unit in enumerate(faction.units):
            where = f"factions[{i}].units[{j}] (id '{unit.id}')"
            for weapon in unit.weapons:
                if weapon not in catalog.weapons:
                    yield f"{where}.weapons", f"unknown weapon '{weapon}'"
