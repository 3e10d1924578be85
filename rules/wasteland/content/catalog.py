"""All loaded Wasteland packs merged into one catalog, with cross-references checked.

Identifiers are global across packs: a later pack may not redefine a weapon, faction, unit
profile or battlefield of an earlier one. Every weapon a unit carries must exist.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol, TypeVar

from rules.core.packs import PackError
from rules.wasteland.content.battlefields import BattlefieldDef
from rules.wasteland.content.factions import FactionDef
from rules.wasteland.content.pack import ContentPack
from rules.wasteland.content.units import UnitDef
from rules.wasteland.content.weapons import WeaponDef


class _Identified(Protocol):
    @property
    def id(self) -> str: ...


Item = TypeVar("Item", bound=_Identified)


@dataclass(frozen=True)
class Catalog:
    weapons: dict[str, WeaponDef] = field(default_factory=dict)
    factions: dict[str, FactionDef] = field(default_factory=dict)
    battlefields: dict[str, BattlefieldDef] = field(default_factory=dict)
    units: dict[str, UnitDef] = field(default_factory=dict)
    unit_faction: dict[str, str] = field(default_factory=dict)
    sources: tuple[str, ...] = ()


def keep(
    store: dict[str, Item],
    origin: dict[str, Path],
    path: Path,
    problems: list[tuple[str, str]],
    kind: str,
    where: str,
    item: Item,
) -> bool:
    """Keep ``item`` unless an earlier pack defined its id (a problem then); True if kept."""
    key = f"{kind}:{item.id}"
    if key in origin:
        problems.append((f"{where} (id '{item.id}')", f"is already defined in {origin[key].name}"))
        return False
    store[item.id], origin[key] = item, path
    return True


def build_catalog(packs: Sequence[tuple[Path, ContentPack]]) -> Catalog:
    """Merge packs in order and check every reference; problems raise :class:`PackError`."""
    weapons: dict[str, WeaponDef] = {}
    factions: dict[str, FactionDef] = {}
    battlefields: dict[str, BattlefieldDef] = {}
    units: dict[str, UnitDef] = {}
    unit_faction: dict[str, str] = {}
    origin: dict[str, Path] = {}
    pack_ids: dict[str, Path] = {}

    for path, pack in packs:
        problems: list[tuple[str, str]] = []

        if pack.id in pack_ids:
            problems.append(
                ("id", f"pack id '{pack.id}' is already used by {pack_ids[pack.id].name}")
            )
        pack_ids.setdefault(pack.id, path)
        for i, weapon in enumerate(pack.weapons):
            keep(weapons, origin, path, problems, "weapon", f"weapons[{i}]", weapon)
        for i, battlefield in enumerate(pack.battlefields):
            keep(
                battlefields,
                origin,
                path,
                problems,
                "battlefield",
                f"battlefields[{i}]",
                battlefield,
            )
        for i, faction in enumerate(pack.factions):
            if not keep(factions, origin, path, problems, "faction", f"factions[{i}]", faction):
                continue
            for j, unit in enumerate(faction.units):
                if keep(units, origin, path, problems, "unit", f"factions[{i}].units[{j}]", unit):
                    unit_faction[unit.id] = faction.id
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
