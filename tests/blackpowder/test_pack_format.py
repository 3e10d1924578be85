"""Broken black-powder packs are refused with the file and field named."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.blackpowder.content.loading import load_catalog
from rules.core.packs import PackError
from tests.pack_files import extra_pack, write_pack


def _pack(**sections: object) -> dict[str, object]:
    return extra_pack("umpire-blackpowder-pack/1", **sections)


def _unit(unit_id: str, **fields: object) -> dict[str, object]:
    unit: dict[str, object] = {
        "id": unit_id,
        "name": unit_id.title(),
        "name_de": unit_id.upper(),
        "troop_type": "raiders",
        "quality": "warrior",
        "models": 6,
        "shooting": 5,
        "melee": 4,
        "defence": 5,
        "points": 60,
        "ranged": ["musket"],
    }
    unit.update(fields)
    return unit


def _card(card_id: str, kind: str, **fields: object) -> dict[str, object]:
    return {"id": card_id, "kind": kind, "name": card_id, "name_de": card_id, **fields}


def _force(*units: dict[str, object], **fields: object) -> dict[str, object]:
    force: dict[str, object] = {
        "id": "raid",
        "name": "Raid",
        "name_de": "Überfall",
        "units": list(units),
        "cards": [
            _card("raid-advance", "advance"),
            _card("raid-morale", "morale"),
            _card("raid-troop", "troop", troop_type="raiders"),
        ],
        "muster": [units[0]["id"]],
    }
    force.update(fields)
    return force


def _error(tmp_path: Path, data: dict[str, object]) -> str:
    write_pack(tmp_path, "broken.json", data)
    with pytest.raises(PackError) as caught:
        load_catalog([tmp_path])
    return str(caught.value)


def test_a_valid_extra_force_joins_the_bundled_ones(tmp_path: Path) -> None:
    write_pack(tmp_path, "raid.json", _pack(forces=[_force(_unit("raiders"))]))
    catalog = load_catalog([tmp_path])
    assert catalog.unit_force["raiders"] == "raid"
    assert catalog.card_force["raid-troop"] == "raid"
    assert "aldermoor-garrison" in catalog.forces


def test_an_unknown_weapon_is_named(tmp_path: Path) -> None:
    text = _error(tmp_path, _pack(forces=[_force(_unit("raiders", ranged=["blunderbuss"]))]))
    assert "broken.json: forces[0].units[0] (id 'raiders').ranged" in text
    assert "unknown ranged weapon 'blunderbuss'" in text


def test_an_unknown_melee_weapon_is_named(tmp_path: Path) -> None:
    text = _error(tmp_path, _pack(forces=[_force(_unit("raiders", melee_weapon="pike"))]))
    assert "unknown melee weapon 'pike'" in text


def test_a_troop_type_without_a_troop_card_is_refused(tmp_path: Path) -> None:
    other = _unit("scouts", troop_type="pathfinders")
    text = _error(tmp_path, _pack(forces=[_force(_unit("raiders"), other)]))
    assert "troop type 'pathfinders' has no troop card" in text


def test_a_second_advance_card_is_refused(tmp_path: Path) -> None:
    force = _force(_unit("raiders"))
    force["cards"] = [*force["cards"], _card("raid-advance-2", "advance")]  # type: ignore[misc]
    assert "exactly one advance card" in _error(tmp_path, _pack(forces=[force]))


def test_an_officer_of_several_models_is_refused(tmp_path: Path) -> None:
    text = _error(tmp_path, _pack(forces=[_force(_unit("raiders", officer=True))]))
    assert "an officer is one model" in text


def test_an_unknown_quality_is_refused(tmp_path: Path) -> None:
    text = _error(tmp_path, _pack(forces=[_force(_unit("raiders", quality="veteran"))]))
    assert "forces[0].units[0].quality (id 'raiders')" in text
    assert "'trained', 'skirmisher', 'native', 'recruit', 'warrior' or 'conscript'" in text


def test_a_bundled_id_may_not_be_redefined(tmp_path: Path) -> None:
    weapon = {
        "id": "musket",
        "name": "Musket",
        "name_de": "Muskete",
        "range": 20,
        "near": 4,
        "far": 6,
    }
    text = _error(tmp_path, _pack(ranged_weapons=[weapon]))
    assert "ranged_weapons[0] (id 'musket'): is already defined in weapons.json" in text


def test_a_weapon_that_kills_more_easily_far_away_is_refused(tmp_path: Path) -> None:
    weapon = {"id": "odd", "name": "Odd", "name_de": "Seltsam", "range": 20, "near": 6, "far": 4}
    assert "kills no more easily" in _error(tmp_path, _pack(ranged_weapons=[weapon]))


def _table(*pieces: object) -> dict[str, object]:
    return {"id": "glade", "name": "Glade", "name_de": "Lichtung", "pieces": list(pieces)}


def test_an_unknown_terrain_type_is_named(tmp_path: Path) -> None:
    piece = {"id": "lake", "type": "lake", "points": [[1, 1], [5, 1], [5, 5]]}
    text = _error(tmp_path, _pack(tables=[_table(piece)]))
    assert "tables[0].pieces[0] (id 'lake').type: unknown terrain type 'lake'" in text


def test_an_area_needs_three_points(tmp_path: Path) -> None:
    piece = {"id": "copse", "type": "woods", "points": [[1, 1], [5, 1]]}
    text = _error(tmp_path, _pack(tables=[_table(piece)]))
    assert "an area needs an outline of 3 or more points" in text


def test_a_piece_off_the_table_is_refused(tmp_path: Path) -> None:
    piece = {"id": "fence", "type": "barricade", "points": [[1, 1], [60, 1]]}
    assert "lies off the 48 x 48 table" in _error(tmp_path, _pack(tables=[_table(piece)]))
