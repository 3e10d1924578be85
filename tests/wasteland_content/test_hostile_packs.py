"""Hostile Wasteland packs that need knowledge of its armies and battlefields: rules that
grant themselves, repeated units and weapons, terrain that crosses itself or leaves the
numbers. Each loads or is refused with a ``PackError`` naming the file and the field,
cheaply. (Every system's packs are fuzzed generically in tests/fuzz/test_packs.py.)"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules.wasteland.content.loading import load_catalog
from rules.wasteland.content.pack import ContentPack
from tests.fuzz.pack_loading import check_extra_pack

HEADER = {"format": "umpire-wasteland-pack/1", "id": "extra", "name": "Extra"}


def _extra(**sections: Any) -> str:
    return json.dumps({**HEADER, **sections})


def _unit(unit_id: str, **fields: Any) -> dict[str, Any]:
    unit: dict[str, Any] = {
        "id": unit_id,
        "name": unit_id,
        "type": "command",
        "points": 10,
        "move": 6,
        "will": 6,
        "life": 6,
        "weapons": ["sidearm"],
        "rules": [{"kind": "leadership", "value": 1}],
    }
    unit.update(fields)
    return unit


def _grants(depth: int) -> dict[str, Any]:
    rule: dict[str, Any] = {"kind": "tough", "value": 1}
    for _ in range(depth):
        rule = {"kind": "support", "grants": [rule]}
    return rule


def _area(area_id: str, points: list[list[float]]) -> dict[str, Any]:
    return {"id": area_id, "name": area_id, "classes": ["impassable"], "points": points}


CASES: dict[str, str] = {
    "unit whose support grants support": _extra(
        factions=[{"id": "bog", "name": "Bog", "units": [_unit("u", rules=[_grants(2)])]}]
    ),
    "grants nested 400 deep": _extra(
        factions=[{"id": "bog", "name": "Bog", "units": [_unit("u", rules=[_grants(400)])]}]
    ),
    "unit repeated in its faction": _extra(
        factions=[{"id": "bog", "name": "Bog", "units": [_unit("u")] * 2}]
    ),
    "weapon listed twice on a unit": _extra(
        factions=[{"id": "bog", "name": "Bog", "units": [_unit("u", weapons=["sidearm"] * 2)]}]
    ),
    "self-crossing terrain": _extra(
        battlefields=[
            {"id": "bow", "name": "Bow", "areas": [_area("tie", [[1, 1], [9, 9], [9, 1], [1, 9]])]}
        ]
    ),
    "non-finite terrain points": _extra(
        battlefields=[
            {
                "id": "void",
                "name": "Void",
                "areas": [_area("nan", [[float("nan"), 1], [float("inf"), 2], [3, 3]])],
            }
        ]
    ),
    "80 areas of 64 points": _extra(
        battlefields=[
            {
                "id": "busy",
                "name": "Busy",
                "areas": [
                    _area(f"a{i}", [[1 + (j % 8) * 0.5, 1 + (j // 8) * 0.5] for j in range(64)])
                    for i in range(80)
                ],
            }
        ]
    ),
    "hostile names": _extra(
        name="@everyone <@&5> \u202e" + "\u200b" * 30,
        weapons=[{"id": "w", "name": "**<@1>**", "range": 1, "hit": 5}],
    ),
}
MUST_LOAD = {"hostile names"}


@pytest.mark.parametrize("case", sorted(CASES))
def test_hostile_wasteland_packs(case: str, tmp_path: Path) -> None:
    check_extra_pack(
        CASES[case],
        tmp_path,
        load_catalog,
        ContentPack,
        kind="wasteland pack files",
        must_load=case in MUST_LOAD,
    )
