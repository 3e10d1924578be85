"""All loaded black-powder packs merged into one catalog, with cross-references checked.

Identifiers are global across packs: a later pack may not redefine a weapon, force, unit
profile, card, terrain type or table of an earlier one. Every weapon a unit carries and
every terrain type a table lays must exist; an obstacle is a line of 2 or more points, an
area an outline of 3 or more; a scenario's table must exist and hold its deployment zones
and objectives.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from rules.blackpowder.content.cards import CardDef
from rules.blackpowder.content.forces import ForceDef
from rules.blackpowder.content.pack import ContentPack
from rules.blackpowder.content.scenarios import ScenarioDef
from rules.blackpowder.content.terrain import TableDef, TerrainTypeDef
from rules.blackpowder.content.units import UnitDef
from rules.blackpowder.content.weapons import MeleeWeaponDef, RangedWeaponDef
from rules.core.pack_merge import PackMerge, check_references, nested_items, owners


@dataclass(frozen=True)
class Catalog:
    ranged_weapons: dict[str, RangedWeaponDef] = field(default_factory=dict)
    melee_weapons: dict[str, MeleeWeaponDef] = field(default_factory=dict)
    forces: dict[str, ForceDef] = field(default_factory=dict)
    units: dict[str, UnitDef] = field(default_factory=dict)
    cards: dict[str, CardDef] = field(default_factory=dict)
    terrain_types: dict[str, TerrainTypeDef] = field(default_factory=dict)
    tables: dict[str, TableDef] = field(default_factory=dict)
    scenarios: dict[str, ScenarioDef] = field(default_factory=dict)
    unit_force: dict[str, str] = field(default_factory=dict)
    card_force: dict[str, str] = field(default_factory=dict)
    sources: tuple[str, ...] = ()


TOP = ("ranged_weapons", "melee_weapons", "forces", "terrain_types", "tables", "scenarios")
SECTIONS = (*TOP, "units", "cards")
_UNITS = nested_items("forces", "units")
_CARDS = nested_items("forces", "cards")


def build_catalog(packs: Sequence[tuple[Path, ContentPack]]) -> Catalog:
    """Merge packs in order and check every reference; problems raise :class:`PackError`."""
    merge = PackMerge(SECTIONS)
    for path, pack in packs:
        merge.add(path, pack, TOP, _nested)
    catalog = Catalog(
        ranged_weapons=merge.items["ranged_weapons"],
        melee_weapons=merge.items["melee_weapons"],
        forces=merge.items["forces"],
        units=merge.items["units"],
        cards=merge.items["cards"],
        terrain_types=merge.items["terrain_types"],
        tables=merge.items["tables"],
        scenarios=merge.items["scenarios"],
        unit_force=owners(merge, "forces", "units"),
        card_force=owners(merge, "forces", "cards"),
        sources=tuple(p.name for p, _ in packs),
    )
    check_references(packs, lambda pack: _reference_problems(catalog, pack))
    return catalog


def _nested(
    merge: PackMerge, path: Path, pack: ContentPack, problems: list[tuple[str, str]]
) -> None:
    _UNITS(merge, path, pack, problems)
    _CARDS(merge, path, pack, problems)


def _reference_problems(catalog: Catalog, pack: ContentPack) -> Iterable[tuple[str, str]]:
    for i, force in enumerate(pack.forces):
        for j, unit in enumerate(force.units):
            where = f"forces[{i}].units[{j}] (id '{unit.id}')"
            for weapon in unit.ranged:
                if weapon not in catalog.ranged_weapons:
                    yield f"{where}.ranged", f"unknown ranged weapon '{weapon}'"
            if unit.melee_weapon is not None and unit.melee_weapon not in catalog.melee_weapons:
                yield f"{where}.melee_weapon", f"unknown melee weapon '{unit.melee_weapon}'"
    for i, table in enumerate(pack.tables):
        for j, piece in enumerate(table.pieces):
            where = f"tables[{i}].pieces[{j}] (id '{piece.id}')"
            kind = catalog.terrain_types.get(piece.type)
            if kind is None:
                yield f"{where}.type", f"unknown terrain type '{piece.type}'"
            elif kind.form == "area" and len(piece.points) < 3:
                yield f"{where}.points", "an area needs an outline of 3 or more points"
    for i, scenario in enumerate(pack.scenarios):
        yield from _scenario_problems(catalog, scenario, f"scenarios[{i}] (id '{scenario.id}')")


def _scenario_problems(
    catalog: Catalog, scenario: ScenarioDef, where: str
) -> Iterable[tuple[str, str]]:
    """The scenario's table exists and its zones and objectives lie on it."""
    if scenario.table is None:
        return
    table = catalog.tables.get(scenario.table)
    if table is None:
        yield f"{where}.table", f"unknown table '{scenario.table}'"
        return
    for part in ("first", "second"):
        zone = getattr(scenario, part).zone
        if zone is not None and (zone.right > table.width or zone.bottom > table.depth):
            yield (
                f"{where}.{part}.zone",
                f"the zone lies off the {table.width} x {table.depth} table",
            )
    for j, objective in enumerate(scenario.objectives):
        x, y = objective.at
        if not (0 <= x <= table.width and 0 <= y <= table.depth):
            yield f"{where}.objectives[{j}]", f"objective '{objective.id}' lies off the table"
