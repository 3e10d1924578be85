"""Special weapon rules as they apply to shooting (004 Special weapon rules)."""

from __future__ import annotations

from typing import Any

from rules.geometry.pieces import Height, Terrain
from rules.wasteland.actions import Shoot
from rules.wasteland.options import WastelandOptions
from rules.wasteland.play import decide_battle
from rules.wasteland.state import WastelandState
from tests.wasteland.builders import OPEN_TRUCK, area, profile, reports, said, unit, weapon
from tests.wasteland.test_shooting import TANK, TROOPER, fire, five, make, run, shoot

BRUTE = profile("brute", tough=3)


def armed(gun: Any, count: int, target: Any, *extra: Any, **updates: Any) -> WastelandState:
    """A1: ``count`` gunners with ``gun`` at (10, 10); ``target`` and more as given."""
    gunner = profile("gunner", weapons=(gun.id,))
    return make(
        unit("A1", "alpha", gunner, (10, 10), count),
        target,
        *extra,
        profiles=(gunner, BRUTE, *updates.pop("profiles", ())),
        weapons=(gun, *updates.pop("weapons", ())),
        **updates,
    )


def test_critical_rolls_even_when_autohitting_and_fails_life_rolls() -> None:
    flamer = weapon("flamer", range=8, hit=0, critical=9)
    flow, roller = run(armed(flamer, 2, five("B1", "bravo", (10, 16))), [9, 3, 9])
    assert shoot(flow, fire("B1")) is None
    assert "A1 shoots B1 with Flamer ×2: Autohit (9 3) → 2 hits, 1 critical" in reports(flow)
    assert said(flow, "B1 Life") == "B1 Life 9 vs 6+ +1 critical → 1 failed, 1 down"
    assert roller.unused == []


def test_critical_hits_deal_deadly_two_to_tough_models() -> None:
    gun = weapon("gun", hit=5, critical=10)
    flow, roller = run(armed(gun, 1, unit("B1", "bravo", BRUTE, (10, 20))), [10])
    assert shoot(flow, fire("B1")) is None
    assert flow.state.units["B1"].models[0].wounds == 1
    assert roller.unused == []


def test_deadly_deals_extra_wounds_to_tough_models() -> None:
    gun = weapon("gun", hit=5, deadly=2)
    flow, roller = run(armed(gun, 1, unit("B1", "bravo", BRUTE, (10, 20))), [6, 1])
    assert shoot(flow, fire("B1")) is None
    assert flow.state.units["B1"].models[0].wounds == 1
    assert roller.unused == []


def test_rapid_multiplies_life_rolls() -> None:
    gun = weapon("gun", hit=5, rapid=2)
    flow, roller = run(armed(gun, 1, five("B1", "bravo", (10, 20))), [6, 1, 1])
    assert shoot(flow, fire("B1")) is None
    assert "A1 shoots B1 with Gun ×1: 6 vs 5+ → 1 hit" in reports(flow)
    assert said(flow, "B1 Life").startswith("B1 Life 1 1 vs 6+ → 2 failed")
    assert roller.unused == []


def test_granular_rapid_rolls_x_dice_per_model() -> None:
    gun = weapon("gun", hit=5, rapid=3)
    options = WastelandOptions(mission="annihilation", battlefield="open", granular=True)
    state = armed(gun, 2, five("B1", "bravo", (10, 20)), options=options)
    flow, roller = run(state, [6, 1, 1, 1, 1, 6, 1, 1])
    assert shoot(flow, fire("B1")) is None
    assert "A1 shoots B1 with Gun ×6: 6 1 1 1 1 6 vs 5+ → 2 hits" in reports(flow)
    assert said(flow, "B1 Life").startswith("B1 Life 1 1 vs 6+ → 2 failed")
    assert roller.unused == []


def test_area_effect_is_limited_to_the_models_in_the_target() -> None:
    gun = weapon("grenade", range=12, hit=5, area_effect=3)
    flow, roller = run(armed(gun, 1, unit("B1", "bravo", TROOPER, (10, 20), 2)), [7, 1, 9])
    assert shoot(flow, fire("B1")) is None
    assert said(flow, "B1 Life").startswith("B1 Life 1 9 vs 6+ → 1 failed")
    assert roller.unused == []


def test_spray_negates_cover_penalties_and_bonuses() -> None:
    torch = weapon("torch", range=10, hit=0, spray=2)
    wall = area("sandbags", (8, 18), (10, 4), Terrain.COVER)
    state = armed(torch, 1, five("B1", "bravo", (10, 19)), areas=(wall,))
    flow, roller = run(state, [6, 6])
    assert shoot(flow, fire("B1")) is None
    assert "A1 shoots B1 with Torch ×1: Autohit → 1 hit" in reports(flow)
    assert said(flow, "B1 Life") == "B1 Life 6 6 vs 6+ → 0 failed, 0 down"
    assert roller.unused == []
    rifle_state = make(five("A1", "alpha", (10, 10)), five("B1", "bravo", (10, 19)), areas=(wall,))
    flow, roller = run(rifle_state, [7, 7, 7, 1, 1, 5, 5, 5])
    assert shoot(flow, fire("B1")) is None
    assert "vs 7+ (cover -2) → 3 hits" in said(flow, "A1 shoots")
    assert said(flow, "B1 Life") == "B1 Life 5 5 5 vs 5+ (cover +1) → 0 failed, 0 down"
    assert roller.unused == []


def sniper_scene() -> WastelandState:
    scope = weapon("scope", range=36, hit=4, damage=2, sniper=True)
    marksman = profile("marksman", weapons=("rifle", "scope"))
    return make(
        unit("A1", "alpha", marksman, (10, 10), 2),
        five("B1", "bravo", (10, 30)),
        unit("B2", "bravo", TROOPER, (22, 30)),
        five("B4", "bravo", (30, 30)),
        profiles=(marksman,),
        weapons=(scope,),
    )


def test_sniper_targets_a_single_model_that_is_not_closest_without_a_roll() -> None:
    flow, roller = run(sniper_scene(), [4, 1, 1])
    assert shoot(flow, fire("B2")) is None
    assert not any("not the closest" in t for t in reports(flow))
    assert "A1 shoots B2 with Scope ×2: 4 1 vs 4+ → 1 hit" in reports(flow)
    assert said(flow, "B2 Life").startswith("B2 Life 1 vs 8+ (D2)")
    assert roller.unused == []


def test_a_named_sniper_weapon_needs_no_task_roll() -> None:
    flow, roller = run(sniper_scene(), [1, 1])
    assert shoot(flow, fire("B4", "scope")) is None
    assert not any("not the closest" in t for t in reports(flow))
    assert "A1 shoots B4 with Scope ×2: 1 1 vs 4+ → 0 hits" in reports(flow)
    assert roller.unused == []


def test_sniper_damage_is_zero_against_closed_vehicles() -> None:
    scope = weapon("scope", range=36, hit=4, damage=2, sniper=True)
    flow, roller = run(armed(scope, 1, unit("B3", "bravo", TANK, (12, 22))), [5, 2])
    assert shoot(flow, fire("B3")) is None
    assert said(flow, "B3 Life") == "B3 Life 2 vs 6+ → 1 failed, 0 down"
    assert flow.state.units["B3"].models[0].wounds == 2
    assert roller.unused == []


def test_suppressive_fire_once_per_activation_with_stacked_penalty() -> None:
    belt = weapon("belt", hit=5, suppressive=1)
    flow, roller = run(armed(belt, 3, five("B1", "bravo", (10, 20))), [9, 1, 1, 9, 5])
    assert shoot(flow, fire("B1")) is None
    assert said(flow, "Suppressive") == "B1 fails against Suppressive fire: 5 vs 9+ ✗ (-3)."
    assert flow.state.units["B1"].markers == 1
    assert flow.state.active is not None and flow.state.active.terror_used
    roller._faces.extend([9, 1, 1, 9])
    assert shoot(flow, fire("B1")) is None
    assert sum(1 for t in reports(flow) if "Suppressive fire" in t) == 1
    assert flow.state.units["B1"].markers == 1
    assert roller.unused == []


def test_suppressive_penalty_caps_at_five_and_misses_do_nothing() -> None:
    belt = weapon("belt", hit=5, suppressive=1)
    flow, roller = run(armed(belt, 7, five("B1", "bravo", (10, 20))), [9, 1, 1, 1, 1, 1, 1, 9])
    assert shoot(flow, fire("B1")) is None
    assert said(flow, "Suppressive") == "B1 fails against Suppressive fire: auto fail (-5)."
    assert roller.unused == []
    flow, roller = run(armed(belt, 2, five("B1", "bravo", (10, 20))), [1, 1])
    assert shoot(flow, fire("B1")) is None
    assert not any("Suppressive" in t for t in reports(flow))
    assert flow.state.units["B1"].markers == 0


def test_terrifying_failures_withdraw_and_take_a_marker() -> None:
    torch = weapon("torch", range=10, hit=0, spray=2, terrifying=1)
    flow, roller = run(armed(torch, 1, five("B1", "bravo", (10, 16))), [9, 9, 3])
    assert shoot(flow, fire("B1")) is None
    assert said(flow, "Terrifying") == "B1 fails against Terrifying fire: 3 vs 7+ ✗ (-1)."
    assert said(flow, "B1 withdraws").startswith('B1 withdraws 6.0" away from A1 (terrified)')
    after = flow.state.units["B1"].models
    x, y = sum(m.x for m in after) // len(after), sum(m.y for m in after) // len(after)
    assert f"(terrified) to {x / 100:.1f},{y / 100:.1f}" in said(flow, "B1 withdraws")
    assert flow.state.units["B1"].markers == 1
    assert roller.unused == []


def test_unstable_backfires_on_low_dice() -> None:
    plasma = weapon("plasma", hit=5, unstable=2)
    flow, roller = run(armed(plasma, 2, five("B1", "bravo", (10, 20))), [2, 8, 5])
    assert shoot(flow, fire("B1")) is None
    assert said(flow, "Unstable") == "A1 Plasma is Unstable 2: 1 backfire(s) on A1.1."
    assert [m.id for m in flow.state.units["A1"].living] == ["A1.2"]
    assert roller.unused == []


def mortar_scene(spotter: Any, *, seen: bool = True) -> WastelandState:
    mortar = weapon("mortar", range=48, hit=6, indirect=True).model_copy(update={"min_range": 4})
    wall = area("wall", (5, 12), (20, 2), Terrain.BUILDING, height=Height.TALL)
    return armed(
        mortar,
        2,
        five("B1", "bravo", (10, 30)),
        unit("A2", "alpha", spotter, (20, 22) if seen else (40, 5)),
        areas=(wall,),
        profiles=(spotter,),
    )


def test_indirect_fire_with_a_spearhead_spotter_takes_minus_two() -> None:
    flow, roller = run(mortar_scene(profile("elite", type="spearhead")), [8, 8, 1, 1])
    assert shoot(flow, fire("B1"), indirect=True) is None
    assert "A1 fires indirectly at B1 with Mortar ×2: 8 8 vs 8+ (indirect -2) → 2 hits" in reports(
        flow
    )
    assert roller.unused == []


def test_indirect_fire_spotted_by_scouts_has_no_penalty() -> None:
    flow, roller = run(mortar_scene(profile("spotter", scouts=True)), [6, 1, 9])
    assert shoot(flow, fire("B1"), indirect=True) is None
    assert "A1 fires indirectly at B1 with Mortar ×2: 6 1 vs 6+ → 1 hit" in reports(flow)
    assert roller.unused == []


def test_indirect_fire_needs_a_spotter() -> None:
    flow, roller = run(mortar_scene(profile("elite", type="spearhead"), seen=False), [])
    problem = shoot(flow, fire("B1"), indirect=True)
    assert problem is not None and problem.rule == "004 Indirect Fire"
    assert problem.message.startswith("No model of A1 can see B1 (")
    assert problem.message.endswith('and no friendly Spearhead or Scouts unit sees it within 15".')
    problem = shoot(flow, fire("B1"))
    assert problem is not None and problem.rule == "004 Visibility"
    assert roller.rolled == []


def test_minimum_range_is_measured_to_the_farthest_model() -> None:
    mortar = weapon("mortar", range=48, hit=6).model_copy(update={"min_range": 12})
    flow, _ = run(armed(mortar, 1, five("B1", "bravo", (10, 18))), [])
    problem = shoot(flow, fire("B1"))
    assert problem is not None
    assert problem.explain() == (
        'B1 is too close for Mortar (minimum range 12", measured to the farthest model).'
        " (004 Weapons)"
    )


def test_heavy_weapons_of_passengers_cannot_fire_after_the_transport_moved() -> None:
    gun = weapon("gun", range=30, hit=5, heavy=True)
    crew = profile("crew", weapons=("gun",))
    truck = OPEN_TRUCK
    state = make(
        unit("A5", "alpha", truck, (12, 10), moved=True),
        unit("A1", "alpha", crew, (0, 0), 2, status="embarked", embarked_in="A5"),
        five("B1", "bravo", (10, 30)),
        profiles=(crew, truck),
        weapons=(gun,),
    )
    flow, _ = run(state, [])
    problem = decide_battle(flow, "alpha", Shoot(fires=(fire("B1", "gun"),)))
    assert problem is not None and problem.rule == "004 Heavy"
