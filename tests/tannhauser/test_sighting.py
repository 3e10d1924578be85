"""Sighting: who may attack whom along paths, next door, through smoke and out of path."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core.rejection import Rejection, RejectionCode
from rules.tannhauser import events as ev
from rules.tannhauser.sight import can_see
from rules.tannhauser.state import Smoke
from tests.scripted_dice import ScriptedRoller
from tests.tannhauser.builders import (
    ALPHA,
    SYSTEM,
    a,
    b,
    decide,
    game,
    one,
    refuse,
    to_action,
)

R_TARGET = "000 Combat §1 Declare target and weapon"
SMOKE_ON_RED = (Smoke(circle="r8", counters=2),)


def attack_allowed(attacker: str, target: str, weapon: str | None, **more: Any) -> bool:
    """Whether Ace on ``attacker`` may attack Bob on ``target`` (dice all miss)."""
    kit = (weapon,) if weapon else ()
    state = game(a("ace", attacker, *kit), b("bob", target), active="ace", cp=0, **more)
    text = f"attack bob with {weapon}" if weapon else "attack bob"
    outcome = SYSTEM.decide(state, ALPHA, to_action(state, ALPHA, text), ScriptedRoller([1] * 9))
    return not isinstance(outcome, Rejection)


def test_a_ranged_weapon_reaches_a_target_sharing_a_path() -> None:
    assert attack_allowed("g1", "g3", "pistol")
    assert attack_allowed("b2", "r4", "rifle")  # r4 is on the red and the blue path
    assert attack_allowed("r1", "r9", "psi-lance")


def test_a_target_on_no_shared_path_and_not_adjacent_cannot_be_attacked() -> None:
    state = game(a("ace", "g2", "pistol"), b("bob", "r2"), active="ace")
    refused = refuse(state, ALPHA, "attack bob with pistol")
    assert "does not share a path" in refused.message
    assert (refused.rule, refused.code) == (R_TARGET, RejectionCode.NO_LINE_OF_SIGHT)
    assert not attack_allowed("b2", "r6", "rifle")  # b2 is blue only, r6 red only


def test_a_non_adjacent_target_needs_a_pistol_automatic_or_mental_weapon() -> None:
    state = game(a("ace", "r2", "knife"), b("bob", "r4"), active="ace")
    refused = refuse(state, ALPHA, "attack bob with knife")
    assert "Pistol, Automatic or Mental" in refused.message and refused.rule == R_TARGET
    assert "Pistol, Automatic or Mental" in refuse(state, ALPHA, "attack bob").message


@pytest.mark.parametrize("weapon", [None, "knife", "pistol", "rifle"])
def test_an_adjacent_target_can_be_attacked_with_anything(weapon: str | None) -> None:
    # g3 (green) and r3 (red) are next to each other on different paths
    assert attack_allowed("g3", "r3", weapon)


def test_sight_is_reciprocal_and_walls_block_adjacency() -> None:
    state = game(a("ace", "g2"), b("bob", "r2"))
    for x, y in (("g2", "r2"), ("g1", "r1"), ("g3", "r3"), ("r1", "r9"), ("b2", "r6")):
        assert can_see(state, x, y) == can_see(state, y, x)
    assert not can_see(state, "g2", "r2")  # the wall: not adjacent, no shared path
    assert can_see(state, "g3", "r3")
    smoky = state.model_copy(update={"smoke": SMOKE_ON_RED})
    assert not can_see(smoky, "r1", "r9") and not can_see(smoky, "b2", "r4")
    assert can_see(smoky, "r1", "r2")


def test_smoke_limits_attacks_to_adjacent_targets_both_ways() -> None:
    # the attacker stands in smoke
    state = game(a("ace", "r2", "pistol"), b("bob", "r4"), active="ace", smoke=SMOKE_ON_RED)
    refused = refuse(state, ALPHA, "attack bob with pistol")
    assert "smoke" in refused.message and refused.rule == "000 Smoke grenade effects"
    # the target stands in smoke (r4 is also on the clear blue path)
    state = game(a("ace", "b2", "pistol"), b("bob", "r4"), active="ace", smoke=SMOKE_ON_RED)
    assert refuse(state, ALPHA, "attack bob with pistol").rule == "000 Smoke grenade effects"
    # next door is still fine, with two dice fewer
    assert attack_allowed("r2", "r3", "pistol", smoke=SMOKE_ON_RED)


def test_an_out_of_path_weapon_reaches_within_its_range() -> None:
    # g2 → g3 → r3 → r2 is three out-of-path circles; the hex rod reaches 3
    assert attack_allowed("g2", "r2", "hex-rod")
    # g1 → g2 → g3 → r3: the red Movement icon on g2 does not lengthen the range
    assert attack_allowed("g1", "r3", "hex-rod")


def test_out_of_path_range_ignores_miniatures_in_between() -> None:
    state = game(a("ace", "g2", "hex-rod"), a("amy", "g3"), b("bob", "r2"), active="ace", cp=0)
    events = decide(state, ALPHA, "attack bob with hex-rod", [1, 1, 1, 1])
    assert one(events, ev.AttackDeclared).target == "bob"


def test_an_out_of_path_weapon_is_refused_beyond_its_range_with_the_distance() -> None:
    state = game(a("ace", "g2", "hex-rod"), b("bob", "r1"), active="ace")
    refused = refuse(state, ALPHA, "attack bob with hex-rod")
    assert "4 out-of-path circles, 3 allowed" in refused.message
    assert refused.rule == "000 Out-of-path ranges"
