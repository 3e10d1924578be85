"""Maps: paths, adjacency, walls, modifier circles, entry points and feature circles."""

from __future__ import annotations

import copy

import pytest
from pydantic import ValidationError

from rules.tannhauser.board import board_of
from rules.tannhauser.content.maps import MapDef
from rules.tannhauser.content.stats import Stat
from tests.tannhauser.builders import TEST_MAP, TEST_MAP_DATA


def test_a_circle_on_two_paths_is_on_both() -> None:
    grid = board_of(TEST_MAP)
    assert grid.paths_of["r4"] == {"red", "blue"}
    assert grid.share_path("r4", "r9") and grid.share_path("r4", "b2")
    assert not grid.share_path("r9", "b2")


def test_adjacency_does_not_depend_on_paths() -> None:
    grid = board_of(TEST_MAP)
    assert grid.adjacent("g3", "r3") and not grid.share_path("g3", "r3")
    assert grid.share_path("r1", "r9") and not grid.adjacent("r1", "r9")


def test_circles_on_opposite_sides_of_a_wall_are_never_adjacent() -> None:
    assert not board_of(TEST_MAP).adjacent("r2", "g2")
    data = copy.deepcopy(TEST_MAP_DATA)
    data["adjacency"].append(["r2", "g2"])
    with pytest.raises(ValidationError, match=r"adjacency \(r2, g2\) .*wall"):
        MapDef.model_validate(data)


def test_modifier_circles_and_entry_points() -> None:
    modifiers = {c.id: c.modifier for c in TEST_MAP.circles if c.modifier is not None}
    stats = {m.stat for m in modifiers.values()}
    assert stats == {Stat.COMBAT, Stat.STAMINA, Stat.MENTAL, Stat.MOVEMENT}
    assert modifiers["g2"].amount == -1 and modifiers["g1"].amount == 2
    assert TEST_MAP.entry_points == ("r1", "o1")


def test_action_and_objective_circles_are_beside_the_paths_not_on_them() -> None:
    kinds = {f.id: f.kind for f in TEST_MAP.features}
    assert kinds == {"lever": "action", "vault": "objective"}
    grid = board_of(TEST_MAP)
    assert grid.feature_neighbours["lever"] == {"r2", "r3"}
    assert "lever" not in grid.neighbours and "vault" not in grid.paths_of
