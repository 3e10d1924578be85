"""The bundled Wasteland packs: factions, profiles, rule coverage, forces and battlefields."""

from __future__ import annotations

from collections import Counter
from typing import get_args

import pytest
from shapely import Point, Polygon, box

from rules.geometry.pieces import Terrain
from rules.wasteland.content.catalog import Catalog
from rules.wasteland.content.loading import load_catalog
from rules.wasteland.content.special import UnitRuleKind, WeaponRuleKind
from rules.wasteland.content.units import UNIT_TYPES
from tests.wasteland_content.helpers import (
    PATROL_POINTS,
    across,
    faction_units,
    leader,
    patrol,
    platoon,
    platoon_problems,
    same_class_overlaps,
    squares_without_blocker,
)


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


def test_the_bundled_catalog_loads(catalog: Catalog) -> None:
    assert "weapons_common.json" in catalog.sources
    assert "battlefields.json" in catalog.sources
    assert catalog.weapons and catalog.units and catalog.battlefields


def test_three_factions_field_every_unit_type(catalog: Catalog) -> None:
    assert len(catalog.factions) >= 3
    for faction in catalog.factions:
        units = faction_units(catalog, faction)
        assert 8 <= len(units) <= 14, faction
        assert {u.type for u in units} == set(UNIT_TYPES), faction


def test_every_unit_rule_appears(catalog: Catalog) -> None:
    rules = [r for u in catalog.units.values() for r in u.rules]
    kinds = {r.kind for r in rules}
    assert kinds == set(get_args(UnitRuleKind))
    assert any(r.kind == "support" and r.grants for r in rules)
    assert any(r.kind == "vehicle" and r.value is not None for r in rules)
    assert any(r.kind == "vehicle" and r.value is None for r in rules)


def test_every_weapon_rule_appears(catalog: Catalog) -> None:
    weapons = catalog.weapons.values()
    kinds = {r.kind for w in weapons for r in w.rules}
    assert kinds == set(get_args(WeaponRuleKind))
    assert any(w.min_range for w in weapons)
    assert any(w.autohit and w.has("spray") for w in weapons)
    assert any(not w.ranged for w in weapons)


def test_every_weapon_is_carried(catalog: Catalog) -> None:
    carried = {w for u in catalog.units.values() for w in u.weapons}
    assert carried == set(catalog.weapons)


def test_characteristics_are_in_range(catalog: Catalog) -> None:
    for unit in catalog.units.values():
        vehicle = unit.has("vehicle")
        assert 4 <= unit.move <= (14 if vehicle else 12), unit.id
        assert 4 <= unit.will <= 8, unit.id
        assert 3 <= unit.life <= 8, unit.id
        if vehicle:
            assert 80 <= unit.base_mm <= 150, unit.id
        elif unit.big:
            assert 40 <= unit.base_mm <= 60, unit.id
        else:
            assert 25 <= unit.base_mm <= 60, unit.id
        if unit.has("transport"):
            assert vehicle, unit.id
    for weapon in catalog.weapons.values():
        assert weapon.hit == 0 or 3 <= weapon.hit <= 7, weapon.id
        assert 0 <= weapon.damage <= 4, weapon.id
    troops = [u for u in catalog.units.values() if u.type == "troops"]
    assert Counter(u.will for u in troops).most_common(1)[0][0] == 6
    assert Counter(u.life for u in troops).most_common(1)[0][0] == 6


def test_every_faction_can_field_a_patrol(catalog: Catalog) -> None:
    for faction in catalog.factions:
        units = faction_units(catalog, faction)
        command, models = patrol(units)
        assert command.points * command.min_models <= 45, faction
        assert len(models) >= 3, faction
        assert not any(m.big for m in models)
        spent = command.points * command.min_models + sum(m.points for m in models)
        assert spent <= PATROL_POINTS
        cheap = [u for u in units if not u.big and u.type != "command" and u.points <= 15]
        assert cheap and all(u.points >= 5 for u in cheap), faction


@pytest.mark.parametrize("sizing", ["smallest", "typical"])
def test_every_faction_can_field_a_platoon(catalog: Catalog, sizing: str) -> None:
    for faction in catalog.factions:
        units = faction_units(catalog, faction)
        if sizing == "smallest":
            chosen = platoon(units, lambda u: u.min_models)
        else:
            chosen = platoon(units, lambda u: (u.min_models + u.max_models) // 2)
        assert platoon_problems(chosen) == [], faction
        assert chosen[0][0] is leader(units)
        if sizing == "typical":
            assert sum(u.points * n for u, n in chosen) >= 900, faction
            assert 8 <= len(chosen) <= 14, (faction, len(chosen))


ALL_CLASSES = {t for t in Terrain if t is not Terrain.CLEAR}


def test_presets_follow_the_set_up_guidance(catalog: Catalog) -> None:
    assert len(catalog.battlefields) >= 4
    for battlefield in catalog.battlefields.values():
        assert (battlefield.width, battlefield.depth) == (72, 48)
        assert squares_without_blocker(battlefield) == [], battlefield.id
        assert same_class_overlaps(battlefield) == [], battlefield.id
        classes = {c for a in battlefield.areas for c in a.classes}
        assert classes == ALL_CLASSES, battlefield.id
        assert any(len(a.classes) > 1 for a in battlefield.areas)
        rolls = [a.dangerous for a in battlefield.areas if a.dangerous is not None]
        assert rolls and all(6 <= roll <= 9 for roll in rolls), battlefield.id
        sizes = [across(Polygon(a.points)) for a in battlefield.areas]
        assert sum(1 for s in sizes if 3.5 <= s <= 8.5) >= 0.7 * len(sizes), battlefield.id
        assert 1 <= sum(1 for s in sizes if s > 8.5) <= 2, battlefield.id


def test_presets_leave_the_mission_ground_open(catalog: Catalog) -> None:
    centre = Point(36, 24).buffer(5)
    strips = [box(30, 0, 42, 10), box(30, 38, 42, 48)]
    for battlefield in catalog.battlefields.values():
        for area in battlefield.areas:
            shape = Polygon(area.points)
            assert not shape.intersects(centre), (battlefield.id, area.id)
            assert not any(shape.intersects(s) for s in strips), (battlefield.id, area.id)
