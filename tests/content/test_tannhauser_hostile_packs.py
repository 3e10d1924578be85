"""Hostile Tannhäuser packs that need knowledge of its maps: circles, adjacency, features
and walls turned against themselves. Each loads or is refused with a ``PackError`` naming
the file and the field, cheaply. (Every system's packs are fuzzed generically in
tests/fuzz/test_packs.py.)"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules.tannhauser.content.loading import load_catalog
from rules.tannhauser.content.pack import ContentPack
from tests.fuzz.pack_loading import check_extra_pack

HEADER = {"format": "umpire-tannhauser-pack/1", "id": "extra", "name": "Extra"}


def _extra(**sections: Any) -> str:
    return json.dumps({**HEADER, **sections})


def _map(**changes: Any) -> dict[str, Any]:
    """A small valid map: a ring of four circles, two of them entry points."""
    data: dict[str, Any] = {
        "id": "ring",
        "name": "Ring",
        "width": 100,
        "height": 100,
        "paths": [{"id": "red", "name": "Red", "colour": "#aa0000"}],
        "circles": [
            {"id": "a", "x": 10, "y": 10, "paths": ["red"], "entry": "north"},
            {"id": "b", "x": 90, "y": 10, "paths": ["red"]},
            {"id": "c", "x": 90, "y": 90, "paths": ["red"], "entry": "south"},
            {"id": "d", "x": 10, "y": 90, "paths": ["red"]},
        ],
        "adjacency": [["a", "b"], ["b", "c"], ["c", "d"], ["d", "a"]],
    }
    data.update(changes)
    return data


CASES: dict[str, str] = {
    "valid ring map": _extra(maps=[_map()]),
    "circle adjacent to itself": _extra(
        maps=[_map(adjacency=[["a", "a"], ["a", "b"], ["b", "c"]])]
    ),
    "adjacency listed both ways": _extra(
        maps=[_map(adjacency=[["a", "b"], ["b", "a"], ["b", "c"], ["c", "d"], ["d", "a"]])]
    ),
    "two separate loops": _extra(maps=[_map(adjacency=[["a", "b"], ["b", "a"], ["c", "d"]])]),
    "feature next to itself": _extra(
        maps=[
            _map(features=[{"id": "f", "kind": "action", "x": 50, "y": 50, "adjacent": ["f", "a"]}])
        ]
    ),
    "feature that is also a circle": _extra(
        maps=[_map(features=[{"id": "a", "kind": "action", "x": 5, "y": 5, "adjacent": ["b"]}])]
    ),
    "circle on its own id as path": _extra(
        maps=[
            _map(
                circles=[
                    {"id": "a", "x": 1, "y": 1, "paths": ["a"], "entry": "n"},
                    {"id": "b", "x": 2, "y": 2, "paths": ["b"], "entry": "s"},
                ],
                adjacency=[["a", "b"]],
            )
        ]
    ),
    "1000 adjacency lines through 200 walls": _extra(
        maps=[
            _map(
                adjacency=[["a", "b"], ["b", "c"], ["c", "d"], ["d", "a"]] * 250,
                walls=[{"points": [[40 + j % 2 * 20, 40 + j * 0.3] for j in range(64)]}] * 200,
            )
        ]
    ),
    "pack id repeated from a bundled pack": json.dumps({**HEADER, "id": "equipment-common"}),
}
MUST_LOAD = {"valid ring map"}


@pytest.mark.parametrize("case", sorted(CASES))
def test_hostile_tannhauser_packs(case: str, tmp_path: Path) -> None:
    check_extra_pack(
        CASES[case],
        tmp_path,
        load_catalog,
        ContentPack,
        kind="tannhauser pack files",
        must_load=case in MUST_LOAD,
    )
