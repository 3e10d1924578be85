"""The bundled squad packs: weapons, factions and their forces, scenarios and battlefields."""

from __future__ import annotations

from typing import get_args

import pytest
from shapely import Point, Polygon, box

from rules.geometry.pieces import Terrain
from rules.squad.content.catalog import Catalog
from rules.squad.content.costing import unit_cost
from rules.squad.content.loading import load_catalog
from rules.squad.content.scenarios import Deployment, Victory
from rules.squad.content.units import Ability
from rules.squad.content.weapons import BANDS
from tests.squad_content.helpers import (
    FORCE_SIZES,
    SIZE_SLACK,
    blocks_movement,
    covered_share,
    deployment_ground,
    force_points,
    force_size,
    is_blocker,
    long_edge_middles,
    same_class_overlaps,
)


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


def test_the_bundled_packs_load(catalog: Catalog) -> None:
    assert set(catalog.sources) == {
        "weapons_common.json",
        "faction_tidewall_compact.json",
        "faction_saltjack_crews.json",
        "faction_meridian_authority.json",
        "scenarios.json",
        "battlefields.json",
    }
    assert len(catalog.factions) == 3
    assert len(catalog.scenarios) == 4
    assert len(catalog.battlefields) == 3


def test_weapons_cover_every_kind_of_arm(catalog: Catalog) -> None:
    weapons = catalog.weapons.values()
    assert 14 <= len(catalog.weapons) <= 20
    for weapon in weapons:
        strengths = [s for s in (weapon.strength(b) for b in BANDS) if s is not None]
        reached = [weapon.strength(b) is not None for b in BANDS]
        # a ranged weapon reaches from short range outwards, without gaps
        assert reached == sorted(reached, reverse=True), weapon.id
        assert all(2 <= s <= 8 for s in [*strengths, *([weapon.cc] if weapon.cc else [])])
        assert 1 <= weapon.shots <= 3, weapon.id
    assert any(w.reach() == 12 and w.cc is None and w.shots == 1 for w in weapons)  # pistol
    assert any(w.reach() == 36 for w in weapons)  # rifles
    assert any(w.reach() == 48 for w in weapons)  # sniper rifle and the heavy gun
    assert any(w.shots >= 2 and w.reach() >= 24 for w in weapons)  # automatic weapons
    assert any(w.reach() == 0 for w in weapons)  # close combat only
    assert any(w.reach() >= 36 and w.cc is not None for w in weapons)  # bayonet rifle


def test_every_weapon_is_carried(catalog: Catalog) -> None:
    carried = {w for u in catalog.units.values() for w in u.weapons}
    assert carried == set(catalog.weapons)


def test_factions_field_squads_and_individuals(catalog: Catalog) -> None:
    for faction in catalog.factions.values():
        units = faction.units
        assert 6 <= len(units) <= 8, faction.id
        assert sum(1 for u in units if u.kind == "squad") >= 3, faction.id
        individuals = [u for u in units if u.kind == "individual"]
        assert any("leader" in u.abilities for u in individuals), faction.id
        assert any("battle_awareness" in u.abilities for u in individuals), faction.id
        assert any(u.size >= 4 for u in individuals), faction.id  # a walker or a beast
    abilities = {a for u in catalog.units.values() for a in u.abilities}
    assert abilities == set(get_args(Ability))
    assert any(u.size == 1 for u in catalog.units.values())


def test_characteristics_are_in_range(catalog: Catalog) -> None:
    for unit in catalog.units.values():
        assert 3 <= unit.sh <= 7, unit.id
        assert 2 <= unit.assault <= 7, unit.id
        assert 3 <= unit.toughness <= 6, unit.id
        assert 3 <= unit.morale <= 8, unit.id
        assert 4 <= unit.move <= 8, unit.id
        if unit.kind == "squad":
            assert 4 <= unit.models <= 10, unit.id
            assert 2 <= unit.size <= 3, unit.id
        else:
            assert 2 <= unit.wounds <= 5, unit.id
            assert unit.size <= 6, unit.id
        assert unit.base_mm >= (40 if unit.size >= 4 else 25), unit.id


def test_every_unit_costs_what_the_points_formula_says(catalog: Catalog) -> None:
    wrong = {
        u.id: (u.points, unit_cost(u, catalog.weapons))
        for u in catalog.units.values()
        if u.points != unit_cost(u, catalog.weapons)
    }
    assert wrong == {}


def test_ready_made_forces_fit_their_size(catalog: Catalog) -> None:
    for faction in catalog.factions.values():
        sizes = []
        for force in faction.forces:
            size = force_size(force)
            assert size in FORCE_SIZES, force.id
            points = force_points(catalog, force)
            assert size - SIZE_SLACK <= points <= size, (force.id, points)
            assert len(force.units) >= 3, force.id
            assert {catalog.unit_faction[u] for u in force.units} == {faction.id}
            sizes.append(size)
        assert {350, 500} <= set(sizes), faction.id
        assert len(set(sizes)) == len(sizes), faction.id


def test_scenarios_use_every_victory_and_deployment(catalog: Catalog) -> None:
    scenarios = catalog.scenarios.values()
    assert {s.victory for s in scenarios} == set(get_args(Victory))
    assert {s.deployment for s in scenarios} == set(get_args(Deployment))
    for scenario in scenarios:
        if scenario.victory == "objectives":
            assert 3 <= len(scenario.objectives) <= 5, scenario.id
            assert 100 <= scenario.objective_points <= 150, scenario.id
            assert len(set(scenario.objectives)) == len(scenario.objectives), scenario.id
        else:
            assert scenario.objectives == () and scenario.objective_points == 0, scenario.id


def test_objectives_lie_on_open_ground_of_every_table(catalog: Catalog) -> None:
    for scenario in catalog.scenarios.values():
        for fx, fy in scenario.objectives:
            assert 0 < fx < 1 and 0 < fy < 1, scenario.id
            for battlefield in catalog.battlefields.values():
                x, y = fx * battlefield.width, fy * battlefield.depth
                # outside the deployment strips along the edges
                assert 10 < x < battlefield.width - 10, scenario.id
                assert 10 < y < battlefield.depth - 10, scenario.id
                marker = Point(x, y)
                for area in battlefield.areas:
                    shape = Polygon(area.points)
                    assert not shape.contains(marker), (scenario.id, battlefield.id, area.id)
                    if blocks_movement(area):
                        assert shape.distance(marker) >= 1, (battlefield.id, area.id)


ALL_CLASSES = {t for t in Terrain if t is not Terrain.CLEAR}


def test_battlefields_block_sight_and_give_cover(catalog: Catalog) -> None:
    for battlefield in catalog.battlefields.values():
        assert (battlefield.width, battlefield.depth) == (72, 48)
        blockers = [Polygon(a.points) for a in battlefield.areas if is_blocker(a)]
        assert len(blockers) >= 6, battlefield.id
        for left in (0, 24, 48):
            third = box(left, 0, left + 24, 48)
            assert any(b.intersects(third) for b in blockers), (battlefield.id, left)
        assert sum(1 for a in battlefield.areas if Terrain.COVER in a.classes) >= 3
        assert {c for a in battlefield.areas for c in a.classes} == ALL_CLASSES
        assert same_class_overlaps(battlefield) == [], battlefield.id
        rolls = [a.dangerous for a in battlefield.areas if a.dangerous is not None]
        assert rolls and all(6 <= roll <= 9 for roll in rolls), battlefield.id
        assert 12 <= len(battlefield.areas) <= 24, battlefield.id


def test_battlefields_leave_the_deployment_ground_clear(catalog: Catalog) -> None:
    for battlefield in catalog.battlefields.values():
        for middle in long_edge_middles(battlefield):
            for area in battlefield.areas:
                assert not Polygon(area.points).intersects(middle), (battlefield.id, area.id)
        for name, ground in deployment_ground(battlefield).items():
            limit = 0.15 if "corner" in name else 0.08
            assert covered_share(battlefield, ground) <= limit, (battlefield.id, name)
            blockers = [Polygon(a.points) for a in battlefield.areas if is_blocker(a)]
            assert not any(b.intersects(ground) for b in blockers), (battlefield.id, name)
