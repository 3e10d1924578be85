"""The bundled Tannhäuser content and the pack format's validation."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from rules.core.packs import PackError
from rules.tannhauser.content.loading import BUNDLED, load_catalog


def test_maps_have_the_required_features() -> None:
    catalog = load_catalog()
    entries = sorted(len(m.entry_points) for m in catalog.maps.values())
    assert entries[:1] == [2] and 4 in entries
    for map_def in catalog.maps.values():
        assert len(map_def.circles) >= 40
        assert len(map_def.paths) >= 6
        assert sum(1 for c in map_def.circles if len(c.paths) > 1) >= 5
        modifiers = {
            (c.modifier.stat.value, c.modifier.colour, c.modifier.icons)
            for c in map_def.circles
            if c.modifier
        }
        for stat in ("combat", "stamina", "mental", "movement"):
            for colour in ("green", "red"):
                assert any(m[0] == stat and m[1] == colour for m in modifiers), (stat, colour)
        assert {m[2] for m in modifiers} >= {1, 2}
        kinds = Counter(f.kind for f in map_def.features)
        assert kinds["objective"] >= 1 and kinds["action"] >= 1
        assert map_def.walls
        assert len(catalog.crates) >= len(map_def.features)


def test_rosters_have_the_required_characters() -> None:
    catalog = load_catalog()
    assert len(catalog.factions) >= 2
    for faction in catalog.factions:
        sheets = [c for c in catalog.characters.values() if c.faction == faction]
        assert sum(1 for c in sheets if c.kind == "hero" and len(c.rows) == 4) >= 5
        assert sum(1 for c in sheets if c.kind == "trooper" and len(c.rows) == 3) == 2
    mercenaries = [c for c in catalog.characters.values() if c.mercenary]
    assert mercenaries and any(c.loyal_to for c in mercenaries)
    assert any(
        value is None
        for c in catalog.characters.values()
        for row in c.rows
        for value in (row.combat, row.stamina, row.mental)
    )
    for sheet in catalog.characters.values():
        for kind in ("combat", "stamina", "command"):
            assert len(sheet.pack(kind)) <= sheet.slots


def test_equipment_covers_traits_and_effects() -> None:
    catalog = load_catalog()
    traits = {t for item in catalog.equipment.values() for t in item.traits}
    assert traits >= {
        "Weapon",
        "Hand-to-Hand",
        "Pistol",
        "Automatic",
        "Mental",
        "Heavy",
        "Grenade",
        "Smoke Grenade",
    }
    assert any(item.disposable for item in catalog.equipment.values())
    kinds = Counter(e.kind for item in catalog.equipment.values() for e in item.effects)
    for kind in (
        "gain_cp",
        "heal",
        "stat_bonus",
        "extra_dice",
        "die_modifier",
        "auto_successes",
        "out_of_path",
        "initiative",
    ):
        assert kinds[kind] >= 1, kind
    assert any(b.restriction.kinds or b.restriction.factions for b in catalog.bonus_tokens.values())
    crates = catalog.crates.values()
    assert any(c.command_points for c in crates) and any(c.equipment for c in crates)


def _pack(**sections: object) -> dict[str, object]:
    return {"format": "umpire-tannhauser-pack/1", "id": "extra", "name": "Extra", **sections}


def _write(folder: Path, name: str, data: object) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_errors_name_the_file_and_the_field(tmp_path: Path) -> None:
    hero = {
        "id": "lonely-hero",
        "name": "Lonely Hero",
        "kind": "hero",
        "faction": "meridian",
        "rows": [{"combat": 4, "stamina": 4, "mental": 4, "movement": 6}] * 3,
        "affiliations": ["mercenary"],
        "special_object": "x",
        "packs": {"combat": [], "stamina": [], "command": []},
    }
    _write(tmp_path, "broken.json", _pack(characters=[hero]))
    with pytest.raises(PackError) as caught:
        load_catalog([tmp_path])
    text = str(caught.value)
    assert "broken.json" in text
    assert "characters[0] (id 'lonely-hero')" in text
    assert "a hero has 4 health rows" in text


def test_references_and_duplicates_are_checked(tmp_path: Path) -> None:
    _write(tmp_path, "dupe.json", _pack(crates=[{"id": "odd-crate", "equipment": "nowhere"}]))
    with pytest.raises(PackError) as caught:
        load_catalog([tmp_path])
    assert "unknown equipment 'nowhere'" in str(caught.value)
    first = next(iter(load_catalog().crates))
    _write(tmp_path, "dupe.json", _pack(crates=[{"id": first, "command_points": 1}]))
    with pytest.raises(PackError) as caught:
        load_catalog([tmp_path])
    assert "is already defined" in str(caught.value)


def _square_map(wall: bool) -> dict[str, object]:
    circles = [
        {"id": "a", "x": 100, "y": 100, "paths": ["p"], "entry": "West"},
        {"id": "b", "x": 300, "y": 100, "paths": ["p"], "entry": "East"},
    ]
    return {
        "id": "tiny",
        "name": "Tiny",
        "width": 400,
        "height": 200,
        "paths": [{"id": "p", "name": "Hall", "colour": "#aa0000"}],
        "circles": circles,
        "adjacency": [["a", "b"]],
        "walls": [{"points": [[200, 0], [200, 200]]}] if wall else [],
    }


def test_adjacency_through_a_wall_is_refused(tmp_path: Path) -> None:
    _write(tmp_path, "tiny.json", _pack(maps=[_square_map(wall=False)]))
    assert "tiny" in load_catalog([tmp_path]).maps
    _write(tmp_path, "tiny.json", _pack(maps=[_square_map(wall=True)]))
    with pytest.raises(PackError) as caught:
        load_catalog([tmp_path])
    assert "adjacency (a, b) crosses or touches a wall" in str(caught.value)


def test_hostile_files_are_refused(tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(PackError, match="invalid JSON"):
        load_catalog([tmp_path])
    (tmp_path / "bad.json").write_text("[" * 100_000, encoding="utf-8")
    with pytest.raises(PackError):
        load_catalog([tmp_path])
    (tmp_path / "bad.json").write_text(" " * 2_100_000, encoding="utf-8")
    with pytest.raises(PackError, match="packs are limited"):
        load_catalog([tmp_path])
    with pytest.raises(PackError, match="does not exist"):
        load_catalog([tmp_path / "missing"])


def test_extra_pack_ids_must_be_new(tmp_path: Path) -> None:
    bundled_id = json.loads(next(BUNDLED.glob("*.json")).read_text(encoding="utf-8"))["id"]
    _write(tmp_path, "again.json", {**_pack(), "id": bundled_id})
    with pytest.raises(PackError, match="already used"):
        load_catalog([tmp_path])
