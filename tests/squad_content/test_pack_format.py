"""The squad pack format: errors that name the file and field, and extra folders."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.core.packs import PackError
from rules.squad.content.loading import load_catalog
from tests.pack_files import extra_pack, write_pack


def _pack(**sections: object) -> dict[str, object]:
    return extra_pack("umpire-squad-pack/1", **sections)


def _unit(unit_id: str, **fields: object) -> dict[str, object]:
    unit: dict[str, object] = {
        "id": unit_id,
        "name": unit_id.title(),
        "kind": "squad",
        "models": 5,
        "points": 60,
        "move": 6,
        "sh": 4,
        "assault": 4,
        "toughness": 4,
        "morale": 5,
        "size": 2,
        "weapons": ["salvage-rifle"],
    }
    unit.update(fields)
    return unit


def _faction(*units: dict[str, object], **fields: object) -> dict[str, object]:
    return {"id": "reef-folk", "name": "Reef Folk", "units": list(units), **fields}


def _error(tmp_path: Path, data: dict[str, object]) -> str:
    write_pack(tmp_path, "broken.json", data)
    with pytest.raises(PackError) as caught:
        load_catalog([tmp_path])
    return str(caught.value)


def test_an_unknown_weapon_is_named(tmp_path: Path) -> None:
    unit = _unit("reef-spears", weapons=["salvage-rifle", "nowhere"])
    text = _error(tmp_path, _pack(factions=[_faction(_unit("reef-guns"), unit)]))
    assert "broken.json: factions[0].units[1] (id 'reef-spears').weapons" in text
    assert "unknown weapon 'nowhere'" in text


def test_a_duplicate_id_across_packs_is_refused(tmp_path: Path) -> None:
    weapon = {"id": "carbine", "name": "Another carbine", "short": 4}
    text = _error(tmp_path, _pack(weapons=[weapon]))
    assert "broken.json: weapons[0] (id 'carbine'): is already defined in weapons_common.json" in (
        text
    )
    text = _error(tmp_path, _pack(factions=[_faction(_unit("wall-levy"))]))
    assert "broken.json: factions[0].units[0] (id 'wall-levy')" in text
    assert "is already defined in faction_tidewall_compact.json" in text
    text = _error(
        tmp_path,
        _pack(scenarios=[{"id": "high-water", "name": "Again", "victory": "annihilation"}]),
    )
    assert "scenarios[0] (id 'high-water'): is already defined in scenarios.json" in text
    text = _error(tmp_path, {**_pack(), "id": "battlefields"})
    assert "pack id 'battlefields' is already used by battlefields.json" in text


def test_a_force_of_another_factions_units_is_named(tmp_path: Path) -> None:
    force = {"id": "reef-raid-350", "name": "Reef raid", "units": ["reef-guns", "wall-levy"]}
    text = _error(tmp_path, _pack(factions=[_faction(_unit("reef-guns"), forces=[force])]))
    assert "broken.json: factions[0] (id 'reef-folk')" in text
    assert "force 'reef-raid-350' names 'wall-levy', not a unit of reef-folk" in text


def test_a_squad_with_wounds_is_named(tmp_path: Path) -> None:
    text = _error(tmp_path, _pack(factions=[_faction(_unit("reef-guns", wounds=3))]))
    assert "broken.json: factions[0].units[0] (id 'reef-guns')" in text
    assert "squad models have one wound each" in text


def test_a_weapon_that_reaches_nothing_is_named(tmp_path: Path) -> None:
    text = _error(tmp_path, _pack(weapons=[{"id": "reef-stone", "name": "Stone"}]))
    assert "broken.json: weapons[0] (id 'reef-stone')" in text
    assert "a weapon needs a strength in close combat or in some range band" in text


def test_an_extra_folder_adds_content(tmp_path: Path) -> None:
    weapon = {"id": "reef-spear", "name": "Reef spear", "short": 3, "cc": 4}
    units = [_unit("reef-guns"), _unit("reef-spears", weapons=["reef-spear", "carbine"])]
    area = {"id": "hut", "name": "Hut", "classes": ["building"], "height": 3,
            "points": [[2, 2], [8, 2], [8, 7], [2, 7]]}  # fmt: skip
    data = _pack(
        weapons=[weapon],
        factions=[
            _faction(
                *units,
                forces=[{"id": "reef-pair", "name": "Pair", "units": ["reef-guns", "reef-spears"]}],
            )
        ],
        battlefields=[{"id": "reef-flat", "name": "Reef flat", "areas": [area]}],
        scenarios=[{"id": "reef-hunt", "name": "Reef hunt", "victory": "breakthrough"}],
    )
    write_pack(tmp_path, "reef.json", data)
    catalog = load_catalog([tmp_path])
    assert catalog.sources[-1] == "reef.json"
    assert catalog.unit_faction["reef-spears"] == "reef-folk"
    assert "tidewall-compact" in catalog.factions
    assert {"reef-spear", "reef-flat", "reef-hunt"} <= {
        *catalog.weapons,
        *catalog.battlefields,
        *catalog.scenarios,
    }
