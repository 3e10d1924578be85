"""The order-tile game's pack format: cross-reference errors name the file and the field,
duplicate ids are refused, and layouts are checked."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules.core.packs import PackError
from rules.orders.content.loading import load_catalog
from tests.pack_files import extra_pack


def _pack(**sections: object) -> dict[str, object]:
    return extra_pack("umpire-orders-pack/1", **sections)


def _error(tmp_path: Path, data: dict[str, object]) -> str:
    (tmp_path / "broken.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(PackError) as caught:
        load_catalog([tmp_path])
    return str(caught.value)


def _side(**fields: object) -> dict[str, object]:
    plain = {"dice": 1}
    side: dict[str, object] = {
        "movement": 3,
        "max_cp": 4,
        "combat": {"front": plain, "flank": plain, "rear": plain},
        "shooting": 1,
        "armor": 0,
        "search": 1,
        "life_points": 3,
        "weight": 2,
    }
    side.update(fields)
    return side


def _character(ident: str, **fields: object) -> dict[str, object]:
    return {"id": ident, "name": ident.title(), "healthy": _side(), "wounded": _side(), **fields}


def _tile(ident: str, **fields: object) -> dict[str, Any]:
    tile: dict[str, Any] = {
        "id": ident,
        "name": ident.title(),
        "group": 5,
        "terrain": "indoor",
        "columns": 3,
        "rows": 3,
        "rooms": ["storage"],
    }
    tile.update(fields)
    return tile


def test_an_extra_pack_adds_content(tmp_path: Path) -> None:
    (tmp_path / "extra.json").write_text(
        json.dumps(_pack(mercenaries=[_character("drifter", counts_as="cloister-wardens")])),
        encoding="utf-8",
    )
    catalog = load_catalog([tmp_path])
    assert catalog.character_faction["drifter"] is None
    assert "extra.json" in catalog.sources


def test_an_unknown_ability_is_named(tmp_path: Path) -> None:
    drifter = _character(
        "drifter", counts_as="cloister-wardens", wounded=_side(abilities=["nowhere"])
    )
    text = _error(tmp_path, _pack(mercenaries=[drifter]))
    assert "broken.json: mercenaries[0] (id 'drifter').wounded.abilities[0]" in text
    assert "unknown ability 'nowhere'" in text


def test_a_mercenary_names_a_known_faction(tmp_path: Path) -> None:
    text = _error(tmp_path, _pack(mercenaries=[_character("drifter", counts_as="nobody")]))
    assert "mercenaries[0] (id 'drifter').counts_as: unknown faction 'nobody'" in text
    text = _error(tmp_path, _pack(mercenaries=[_character("drifter")]))
    assert "mercenaries[0] (id 'drifter').counts_as: a mercenary names the faction" in text


def test_only_a_mercenary_counts_as_a_faction(tmp_path: Path) -> None:
    faction = {
        "id": "drifters",
        "name": "Drifters",
        "side": "attacker",
        "characters": [_character("drifter", counts_as="cloister-wardens")],
    }
    text = _error(tmp_path, _pack(factions=[faction]))
    assert "factions[0].characters[0] (id 'drifter').counts_as: only a mercenary" in text


def test_an_unknown_door_on_a_tile_is_named(tmp_path: Path) -> None:
    tile = _tile("annex", doors=[{"door": "portcullis", "at": "B1", "side": "north"}])
    text = _error(tmp_path, _pack(tiles=[tile]))
    assert "broken.json: tiles[0] (id 'annex').doors[0].door: unknown door 'portcullis'" in text


def test_a_large_door_must_fit_along_its_tile(tmp_path: Path) -> None:
    tile = _tile("annex", doors=[{"door": "sliding-large", "at": "C1", "side": "north"}])
    text = _error(tmp_path, _pack(tiles=[tile]))
    assert "tiles[0] (id 'annex').doors[0].at: the large door 'sliding-large' runs off" in text


def test_unknown_equipment_on_a_card_is_named(tmp_path: Path) -> None:
    card = {"id": "odd-card", "front": "carbine", "back": "ray-gun", "background": "attacker"}
    text = _error(tmp_path, _pack(cards=[card]))
    assert "broken.json: cards[0] (id 'odd-card').back: unknown equipment 'ray-gun'" in text


def test_a_reanimation_must_raise_a_risen_character(tmp_path: Path) -> None:
    line = {
        "timing": "ability",
        "conditions": [{"kind": "spend_cp", "cp": 1}],
        "effect": {"kind": "reanimate", "into": "provost"},
    }
    text = _error(tmp_path, _pack(abilities=[{"id": "raise", "name": "Raise", "ips": [line]}]))
    assert "abilities[0] (id 'raise').ips[0].effect.into: 'provost' is not a reanimated" in text


def test_a_mission_names_a_destructible_element(tmp_path: Path) -> None:
    mission = {
        "id": "break-bunks",
        "name": "Break the bunks",
        "holder": "attacker",
        "mp": 2,
        "condition": {"kind": "destroy_element", "tile": "courtyard", "element": "fountain"},
    }
    text = _error(tmp_path, _pack(missions=[mission]))
    assert "missions[0] (id 'break-bunks').condition.element: 'fountain' cannot be" in text


def test_duplicate_ids_are_refused(tmp_path: Path) -> None:
    text = _error(tmp_path, _pack(tiles=[_tile("gatehouse")]))
    assert "broken.json: tiles[0] (id 'gatehouse'): is already defined in tiles.json" in text
    merc = _character("provost", counts_as="cloister-wardens")
    text = _error(tmp_path, _pack(mercenaries=[merc]))
    assert "mercenaries[0] (id 'provost'): is already defined in faction_cloister_wardens" in text
    die = {"colour": "red", "name": "Red", "faces": [{"points": 1}] * 6}
    text = _error(tmp_path, _pack(dice=[die]))
    assert "dice[0] (id 'red'): is already defined in dice.json" in text


def test_a_die_has_exactly_six_faces(tmp_path: Path) -> None:
    die = {"colour": "red", "name": "Red", "faces": [{"points": 1}] * 5}
    text = _error(tmp_path, _pack(id="dice-extra", dice=[die]))
    assert "dice[0].faces" in text and "at least 6 items" in text


def test_an_order_section_keeps_to_the_printed_limits(tmp_path: Path) -> None:
    section = {"order": "search", "colour": "black", "max_cp": 5}
    tile = {"id": "greedy", "sections": [section, {**section, "max_cp": 1}]}
    text = _error(tmp_path, _pack(order_tiles=[tile]))
    assert "order_tiles[0].sections[0].max_cp" in text
    lone = {"id": "lone", "sections": [{"order": "move", "colour": "gold", "max_cp": 1}]}
    assert "order_tiles[0].sections" in _error(tmp_path, _pack(order_tiles=[lone]))
    odd = {"id": "odd", "sections": [{**section, "colour": "green", "max_cp": 1}] * 2}
    assert "order_tiles[0].sections[0].colour" in _error(tmp_path, _pack(order_tiles=[odd]))


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (
            {
                "walls": [{"start": "A1", "side": "north", "kind": "double"}],
                "doors": [{"door": "wooden-small", "at": "A1", "side": "north"}],
            },
            "doors[0] covers a double wall at A1",
        ),
        ({"walls": [{"start": "B1", "side": "north", "length": 3}]}, "walls[0] runs 3 squares"),
        ({"elements": [{"id": "crate", "name": "Crate", "squares": ["D4"]}]}, "D4"),
        ({"terrain": "outdoor", "group": 10}, "no search on a 'outdoor' tile"),
        ({"columns": 1, "rooms": ["storage"]}, "one-square-wide indoor tile is a corridor"),
        ({"terrain": "borer", "rooms": []}, "only borers, make up group 6"),
    ],
)
def test_tile_layouts_are_checked(tmp_path: Path, fields: dict[str, object], message: str) -> None:
    text = _error(tmp_path, _pack(tiles=[_tile("annex", **fields)]))
    assert "broken.json: tiles[0] (id 'annex')" in text
    assert message in text
