"""The Wasteland pack format: located errors, extra folders and the published schema."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.core.packs import PackError
from rules.wasteland.content.loading import load_catalog
from tests.pack_files import extra_pack, write_pack


def _pack(**sections: object) -> dict[str, object]:
    return extra_pack("umpire-wasteland-pack/1", **sections)


def _unit(unit_id: str, **fields: object) -> dict[str, object]:
    unit: dict[str, object] = {
        "id": unit_id,
        "name": unit_id.title(),
        "type": "troops",
        "points": 10,
        "move": 6,
        "will": 6,
        "life": 6,
        "weapons": ["sidearm"],
    }
    unit.update(fields)
    return unit


def _boss(unit_id: str = "bog-chief") -> dict[str, object]:
    return _unit(unit_id, type="command", points=40, rules=[{"kind": "leadership", "value": 1}])


def _faction(*units: dict[str, object], faction_id: str = "bog-folk") -> dict[str, object]:
    return {"id": faction_id, "name": "Bog Folk", "units": list(units)}


def _error(tmp_path: Path, data: dict[str, object]) -> str:
    write_pack(tmp_path, "broken.json", data)
    with pytest.raises(PackError) as caught:
        load_catalog([tmp_path])
    return str(caught.value)


def test_an_unknown_weapon_is_named(tmp_path: Path) -> None:
    text = _error(
        tmp_path, _pack(factions=[_faction(_boss(), _unit("bog-spears", weapons=["nowhere"]))])
    )
    assert "broken.json: factions[0].units[1] (id 'bog-spears').weapons" in text
    assert "unknown weapon 'nowhere'" in text


def test_a_numbered_rule_needs_its_number(tmp_path: Path) -> None:
    unit = _unit("bog-brute", rules=[{"kind": "tough"}])
    text = _error(tmp_path, _pack(factions=[_faction(_boss(), unit)]))
    assert "broken.json: factions[0].units[1].rules[0] (id 'bog-brute')" in text
    assert "the Tough rule needs its number (value)" in text
    weapon = {
        "id": "bog-gun",
        "name": "Bog gun",
        "range": 12,
        "hit": 5,
        "rules": [{"kind": "rapid"}],
    }
    text = _error(tmp_path, _pack(weapons=[weapon]))
    assert "weapons[0].rules[0] (id 'bog-gun')" in text
    assert "the Rapid rule needs its number (value)" in text


def test_an_area_off_the_table_is_named(tmp_path: Path) -> None:
    area = {
        "id": "far-rock",
        "name": "Far rock",
        "classes": ["impassable"],
        "height": 3,
        "points": [[70, 10], [75, 10], [72, 14]],
    }
    battlefield = {"id": "edge-case", "name": "Edge case", "areas": [area]}
    text = _error(tmp_path, _pack(battlefields=[battlefield]))
    assert "broken.json: battlefields[0] (id 'edge-case')" in text
    assert "area 'far-rock' has a point (75.0, 10.0) off the table" in text


def test_a_dangerous_area_needs_its_roll(tmp_path: Path) -> None:
    area = {
        "id": "bog",
        "name": "Bog",
        "classes": ["dangerous"],
        "points": [[1, 1], [5, 1], [3, 4]],
    }
    text = _error(tmp_path, _pack(battlefields=[{"id": "marsh", "name": "Marsh", "areas": [area]}]))
    assert "battlefields[0] (id 'marsh')" in text
    assert "a dangerous area needs its roll" in text


def test_a_duplicate_id_across_packs_is_named(tmp_path: Path) -> None:
    weapon = {"id": "sidearm", "name": "Another sidearm", "range": 10, "hit": 5}
    text = _error(tmp_path, _pack(weapons=[weapon]))
    assert (
        "broken.json: weapons[0] (id 'sidearm'): is already defined in weapons_common.json" in text
    )
    unit = _boss("warden-sluice-captain")
    text = _error(tmp_path, _pack(factions=[_faction(unit)]))
    assert "factions[0].units[0] (id 'warden-sluice-captain')" in text
    assert "already defined in faction_cistern_wardens.json" in text


def test_a_faction_needs_a_leader(tmp_path: Path) -> None:
    text = _error(tmp_path, _pack(factions=[_faction(_unit("bog-spears"))]))
    assert "broken.json: factions[0] (id 'bog-folk')" in text
    assert "a faction needs a Command unit with Leadership" in text


def test_an_extra_folder_adds_content(tmp_path: Path) -> None:
    area = {
        "id": "hut",
        "name": "Hut",
        "classes": ["building"],
        "height": 3,
        "points": [[2, 2], [8, 2], [8, 7], [2, 7]],
    }
    data = _pack(
        weapons=[{"id": "bog-harpoon", "name": "Bog harpoon", "range": 12, "hit": 5, "damage": 1}],
        factions=[_faction(_boss(), _unit("bog-spears", weapons=["bog-harpoon", "combat-blade"]))],
        battlefields=[{"id": "reed-marsh", "name": "Reed marsh", "areas": [area]}],
    )
    write_pack(tmp_path, "bog.json", data)
    catalog = load_catalog([tmp_path])
    assert "bog-harpoon" in catalog.weapons
    assert catalog.unit_faction["bog-spears"] == "bog-folk"
    assert "reed-marsh" in catalog.battlefields
    assert "cistern-wardens" in catalog.factions
    assert catalog.sources[-1] == "bog.json"


def test_a_missing_folder_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(PackError, match="does not exist"):
        load_catalog([tmp_path / "missing"])
