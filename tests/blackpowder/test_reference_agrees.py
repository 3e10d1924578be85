"""The /table pages players already read for the black-powder game
(``rules/blackpowder/reference/tables_blackpowder.json``) and the rules of this package say the
same: every number, and every row and column name found by the package's terms."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.blackpowder.content.catalog import Catalog
from rules.blackpowder.content.loading import load_catalog
from rules.blackpowder.content.units import QUALITIES, SpecialRule
from rules.blackpowder.modifiers import total
from rules.blackpowder.tables.casualties import LOSING_FACES
from rules.blackpowder.tables.movement import BASE_INCHES, movement_allowance
from rules.blackpowder.tables.reactions import RALLY_SCORES, table_outcome
from rules.blackpowder.tables.shooting import hit_modifiers, kill_modifiers
from rules.blackpowder.tables.spotting import (
    DISTANCES,
    START,
    ObstacleOnSight,
    SightLine,
    Target,
    spot,
)
from rules.blackpowder.terms import TermKind, find_term
from rules.reference.loading import TABLES_PREFIX, read_pack
from rules.reference.tables import Table, TablePack

PAGES = Path(__file__).resolve().parents[2] / "rules/blackpowder/reference/tables_blackpowder.json"


@pytest.fixture(scope="module")
def tables() -> dict[str, Table]:
    pack = read_pack(PAGES, TablePack, TABLES_PREFIX).pack
    return {table.id: table for table in pack.tables}


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


def _rows(table: Table) -> dict[str, list[str]]:
    return {row.label: cells for row, cells in zip(table.rows, table.cells, strict=True)}


def _term(label: str, kind: TermKind) -> str:
    found = find_term(label, kind)
    assert isinstance(found, str), found
    return found


def _inches(cell: str) -> int:
    return int(cell.rstrip('"'))


def test_movement(tables: dict[str, Table]) -> None:
    rows = _rows(tables["movement"])
    assert _inches(rows["Standard move"][1]) == BASE_INCHES

    def gain(rules: tuple[SpecialRule, ...] = (), **kw: object) -> int:
        kw.setdefault("enemy_within_24", True)
        return movement_allowance(rules, **kw).inches - BASE_INCHES  # type: ignore[arg-type]

    expected = {
        "Scouts special rule": gain(("scouts",)),
        "Local knowledge special rule": gain(("locals",)),
        "Cavalry special rule": gain(("cavalry",)),
        "Light cavalry special rule": gain(("light-cavalry",)),
        'No enemies within 24"': gain(enemy_within_24=False),
        "Difficult terrain or entering a building": gain(entering="difficult"),
        "Very difficult terrain": gain(entering="very-difficult"),
        "Low obstacle (each)": gain(low_obstacles=1),
        "Road: single models or units in column": gain(road="column"),
        "Road: other units": gain(road="other"),
    }
    assert {label: _inches(rows[label][1]) for label in expected} == expected


def test_terrain_types(tables: dict[str, Table], catalog: Catalog) -> None:
    for label, (kind, height, cover) in _rows(tables["terrain-types"]).items():
        terrain = catalog.terrain_types[_term(label, TermKind.TERRAIN_PIECE)]
        form, _, going = kind.lower().partition(", ")
        assert terrain.form == form
        assert terrain.going == (going.replace(" ", "-") or "open")
        assert (terrain.height, terrain.cover) == (height.lower(), cover.lower())


def test_spotting_distances(tables: dict[str, Table]) -> None:
    cells = tables["spotting"].cells[0]
    assert tuple(_inches(c) for c in cells) == DISTANCES


IN_THE_OPEN = Target()
CLEAR_SIGHT = SightLine()


def _shift(target: Target = IN_THE_OPEN, sight: SightLine = CLEAR_SIGHT, **kw: object) -> int:
    # measured from a column where neither end of the table gets in the way
    return spot(0, target, sight, **kw).column - START  # type: ignore[arg-type]


def test_spotting_modifiers(tables: dict[str, Table]) -> None:
    rows = {
        label: int(cells[1].split()[0])
        for label, cells in _rows(tables["spotting-modifiers"]).items()
    }
    clamp_free = Target(area_cover="none")
    behind = SightLine(obstacles=(ObstacleOnSight("light", near_target=True),))
    assert rows["Target in or behind light cover*"] == _shift(clamp_free, behind)
    assert rows["Target in or behind medium or hard cover*"] == _shift(Target(area_cover="hard"))
    assert rows["Target has Scouts or Local knowledge"] == _shift(Target(scouts_or_locals=True))
    assert rows["Target is a hidden-movement marker"] == _shift(Target(hidden_marker=True))
    assert rows["Each obstacle the line of sight crosses**"] == _shift(
        sight=SightLine(obstacles=(ObstacleOnSight("none"),))
    )
    assert rows['Each full 6" of light-cover terrain crossed'] == _shift(
        sight=SightLine(light_inches=6)
    )
    assert rows['Each full 3" of medium/hard-cover terrain crossed'] == _shift(
        sight=SightLine(heavy_inches=3)
    )
    for label, weather in (
        ("Heavy rain", "heavy-rain"),
        ("Dusk", "dusk"),
        ("Darkness or light fog", "darkness"),
        ("Darkness or light fog", "light-fog"),
        ("Dense fog or storm", "dense-fog"),
        ("Dense fog or storm", "storm"),
    ):
        assert rows[label] == _shift(weather=weather), label
    # the pluses, seen from a target in hard cover (four columns in from the end)
    hard = Target(area_cover="hard")
    base = _shift(hard)
    for label, target in (
        ("Target has a powder-smoke marker", Target(area_cover="hard", powder_smoke=True)),
        ("Target is mounted", Target(area_cover="hard", mounted=True)),
        ("Target is artillery, a wagon or a canoe", Target(area_cover="hard", large=True)),
    ):
        assert rows[label] == _shift(target) - base, label
    assert rows["Spotter has Scouts"] == _shift(hard, spotter_scouts=True) - base


def test_ranged_weapons(tables: dict[str, Table], catalog: Catalog) -> None:
    for label, (reach, near, far, rules) in _rows(tables["ranged-weapons"]).items():
        weapon = catalog.ranged_weapons[_term(label, TermKind.RANGED_WEAPON)]
        assert weapon.range == _inches(reach)
        assert (f"{weapon.near}+", f"{weapon.far}+") == (near, far)
        named = () if rules == "—" else (_term(rules, TermKind.WEAPON_RULE),)
        assert weapon.rules == named


def test_rally_values_and_reaction_results(tables: dict[str, Table]) -> None:
    table = tables["rally-values"]
    qualities = [_term(c.label.removesuffix("s"), TermKind.QUALITY) for c in table.columns]
    assert tuple(qualities) == QUALITIES
    rows = _rows(table)
    assert [f"{RALLY_SCORES[q]}+" for q in QUALITIES] == rows["Rally value"]
    for label, cells in rows.items():
        if label == "Rally value":
            continue
        result = -1 if label == "<0" else int(label.rstrip("+"))
        for quality, cell in zip(QUALITIES, cells, strict=True):
            assert table_outcome(result, quality) == _term(cell, TermKind.RESULT), (label, quality)


def test_ranged_modifiers(tables: dict[str, Table]) -> None:
    rows = {label: int(cells[1]) for label, cells in _rows(tables["ranged-modifiers"]).items()}

    def value(**kw: object) -> int:
        kw.setdefault("distance", 6)
        return total(hit_modifiers(**kw))  # type: ignore[arg-type]

    assert rows["Hasty shot"] == value(hasty=True)
    assert rows['Long range (over 12")'] == value(distance=13)
    assert rows['Extreme range (over 24")'] == value(distance=25)
    assert rows["Each obstacle crossed"] == value(obstacles=1)
    assert rows["Target in loose formation"] == value(loose_formation=True)
    assert rows["Target in light cover*"] == value(target_cover="light")
    assert rows["Target in medium cover*"] == value(target_cover="medium")
    assert rows["Target in hard cover*"] == value(target_cover="hard")
    assert rows["Target is cavalry"] == value(cavalry_target=True)
    assert rows["Large target (wagon, boat)"] == value(large_target=True)
    assert rows["Impossible shot"] == kill_modifiers(impossible_shot=True)[0].value


def test_melee_weapons_are_the_three_kinds(tables: dict[str, Table]) -> None:
    kinds = {_term(row.label, TermKind.MELEE_WEAPON) for row in tables["melee-weapons"].rows}
    assert kinds == {"sabre", "naval-weapons", "lance"}


def test_fall_back_and_flight(tables: dict[str, Table]) -> None:
    rows = _rows(tables["withdraw-flee"])
    assert {int(f) for f in rows["Withdraw"][1].replace(" or", ",").split(",")} == set(
        LOSING_FACES["fall-back"]
    )
    assert {int(f) for f in rows["Flee"][1].replace(" or", ",").split(",")} == set(
        LOSING_FACES["flight"]
    )
