"""The Shoot Action (004 Shoot): targets and Advanced Shooting Tasks, refusals with measured
distances, modifiers, Vehicle/Monster shooting, friends in base contact, visible-only
casualties, Assault fire after a move and the advanced firing options."""

from __future__ import annotations

from typing import Any

from rules.core.rejection import Rejection, RejectionCode
from rules.geometry.pieces import Height, Terrain
from rules.geometry.units import inches
from rules.wasteland.actions import Move, React, Shoot
from rules.wasteland.content.catalog import Catalog
from rules.wasteland.flow import Flow
from rules.wasteland.options import WastelandOptions
from rules.wasteland.play import decide_battle
from rules.wasteland.shooting import fire_after_move, resolve_friendly_fire
from rules.wasteland.state import Fire, Measure, ReactionWindow, WastelandState
from rules.wasteland.steps import settle
from rules.wasteland.system import WastelandSystem
from tests.scripted_dice import ScriptedRoller
from tests.wasteland.builders import (
    KNIFE,
    OPEN_TRUCK,
    RIFLE,
    area,
    battle,
    profile,
    reports,
    said,
    unit,
    weapon,
)

TROOPER = profile("trooper")
TANK = profile(
    "tank",
    type="heavy",
    vehicle=True,
    tough=3,
    base_mm=60,
    height="tall",
    weapons=("rifle", "cannon"),
)
CANNON = weapon("cannon", range=30, hit=4, damage=2)
BASIC = [RIFLE, KNIFE, CANNON]


def make(
    *units: Any,
    profiles: tuple[Any, ...] = (),
    weapons: tuple[Any, ...] = (),
    active: str = "A1",
    **updates: Any,
) -> WastelandState:
    """A battle with A1 activating; the given units, the trooper and tank profiles."""
    return battle(
        list(units),
        [TROOPER, TANK, *profiles],
        (*BASIC, *weapons),
        active=active,
        **updates,
    )


def five(uid: str, seat: str, at: tuple[float, float], **kw: Any) -> Any:
    return unit(uid, seat, TROOPER, at, 5, **kw)


def run(state: WastelandState, dice: list[int]) -> tuple[Flow, ScriptedRoller]:
    roller = ScriptedRoller(dice)
    return Flow(state, roller, Catalog()), roller


def fire(target: str, weapon_id: str | None = None, *models: str) -> Fire:
    return Fire(target=target, weapon=weapon_id, models=models)


def pending(flow: Flow) -> list[str]:
    """The units whose reactions are awaited, in order."""
    return [w.unit for w in reversed(flow.state.windows) if isinstance(w, ReactionWindow)]


def decline(flow: Flow) -> None:
    while flow.state.windows:
        window = flow.state.windows[-1]
        assert isinstance(window, ReactionWindow)
        assert decide_battle(flow, window.seat, React(unit=window.unit)) is None


def shoot(flow: Flow, *fires: Fire, answer: bool = True, **kw: Any) -> Rejection | None:
    """The active alpha unit shoots; every reaction window is declined."""
    problem = decide_battle(flow, "alpha", Shoot(fires=fires, **kw))
    if problem is None and answer:
        decline(flow)
    return problem


# -- a plain Shoot Action -----------------------------------------------------------------
def test_shoot_rolls_hits_and_life_rolls_and_records_the_sight_line() -> None:
    state = make(five("A1", "alpha", (10, 10)), five("B1", "bravo", (10, 30)))
    flow, roller = run(state, [5, 6, 2, 3, 9, 6, 2, 1])
    assert decide_battle(flow, "alpha", Shoot(fires=(fire("B1"),))) is None
    assert pending(flow) == ["B1"]
    assert flow.state.measures == (
        Measure(kind="sight", start=(1000, 1000), end=(1000, 3000), label='19.0"'),
    )
    decline(flow)
    assert "A1 shoots B1 with Rifle ×5: 5 6 2 3 9 vs 5+ → 3 hits" in reports(flow)
    assert said(flow, "B1 Life").startswith("B1 Life 6 2 1 vs 6+")
    assert len(flow.state.units["B1"].living) == 3
    assert flow.state.active is not None and flow.state.active.actions == 1
    assert roller.unused == []


# -- step 1: the closest target and the Advanced Shooting Tasks ---------------------------
def scene_two_targets() -> WastelandState:
    return make(
        five("A1", "alpha", (10, 10)),
        five("B1", "bravo", (10, 30)),
        five("B2", "bravo", (22, 30)),
    )


def test_closest_target_needs_no_roll() -> None:
    flow, roller = run(scene_two_targets(), [1, 1, 1, 1, 1])
    assert shoot(flow, fire("B1")) is None
    assert not any("Advanced Shooting Task" in t or "not the closest" in t for t in reports(flow))
    assert roller.unused == []


def test_targeting_a_farther_unit_passes_its_will_roll() -> None:
    flow, roller = run(scene_two_targets(), [7, 1, 1, 1, 1, 1])
    assert decide_battle(flow, "alpha", Shoot(fires=(fire("B2"),))) is None
    assert said(flow, "not the closest") == (
        "A1 targets B2, which is not the closest enemy unit: 7 vs 6+ ✓."
    )
    assert pending(flow) == ["B2"]
    decline(flow)
    assert "A1 shoots B2 with Rifle ×5: 1 1 1 1 1 vs 5+ → 0 hits" in reports(flow)
    assert roller.unused == []


def test_failed_target_task_falls_back_to_the_closest_with_confusion() -> None:
    flow, roller = run(scene_two_targets(), [3, 6, 6, 1, 1, 1, 2, 2])
    assert decide_battle(flow, "alpha", Shoot(fires=(fire("B2"),))) is None
    assert "not done; confusion -1 Shoot" in said(flow, "not the closest")
    assert "A1 fires at the closest enemy unit, B1, instead." in reports(flow)
    assert pending(flow) == ["B1"]
    decline(flow)
    assert "A1 shoots B1 with Rifle ×5: 6 6 1 1 1 vs 6+ (confusion -1) → 2 hits" in reports(flow)
    assert len(flow.state.units["B1"].living) == 3
    assert roller.unused == []


def test_single_model_that_is_not_closest_needs_a_sniper_weapon() -> None:
    state = make(
        five("A1", "alpha", (10, 10)),
        five("B1", "bravo", (10, 30)),
        unit("B2", "bravo", TROOPER, (22, 30)),
    )
    flow, roller = run(state, [])
    problem = shoot(flow, fire("B2"))
    assert problem is not None and problem.code == RejectionCode.ILLEGAL_MOVE
    assert problem.message == (
        'B2 is a single model and not the closest enemy unit (B1 is, 19.0" away);'
        " only a Sniper weapon may target it."
    )
    assert problem.rule == "004 Sniper"
    assert roller.rolled == []


def test_split_fire_passes() -> None:
    flow, roller = run(scene_two_targets(), [8, 7, 1, 1, 1, 1, 1])
    first = fire("B1", None, "A1.1", "A1.2")
    second = fire("B2", None, "A1.3", "A1.4", "A1.5")
    assert decide_battle(flow, "alpha", Shoot(fires=(first, second))) is None
    assert said(flow, "splits fire") == "A1 splits fire between B1, B2: 8 vs 6+ ✓."
    assert pending(flow) == ["B1", "B2"]
    decline(flow)
    assert "A1 shoots B1 with Rifle ×2: 1 1 vs 5+ → 0 hits" in reports(flow)
    assert "A1 shoots B2 with Rifle ×3: 1 1 1 vs 5+ → 0 hits" in reports(flow)
    assert roller.unused == []


def test_failed_split_fire_aims_everything_at_the_first_target() -> None:
    flow, roller = run(scene_two_targets(), [2, 1, 1, 1, 1, 1])
    first = fire("B1", None, "A1.1", "A1.2")
    second = fire("B2", None, "A1.3", "A1.4", "A1.5")
    assert decide_battle(flow, "alpha", Shoot(fires=(first, second))) is None
    assert "confusion -1" in said(flow, "splits fire")
    assert pending(flow) == ["B1"]
    decline(flow)
    assert "A1 shoots B1 with Rifle ×5: 1 1 1 1 1 vs 6+ (confusion -1) → 0 hits" in reports(flow)
    assert roller.unused == []


def test_extended_range_passes_at_minus_three() -> None:
    state = make(five("A1", "alpha", (10, 10)), five("B1", "bravo", (10, 37)))
    flow, roller = run(state, [6, 8, 8, 1, 1, 1, 9, 9])
    assert shoot(flow, fire("B1"), extend=True) is None
    assert said(flow, "extends") == 'A1 extends its ranges by 5" (-3 Shoot): 6 vs 6+ ✓.'
    assert "A1 shoots B1 with Rifle ×5: 8 8 1 1 1 vs 8+ (extended range -3) → 2 hits" in reports(
        flow
    )
    assert roller.unused == []


def test_failed_extension_leaves_the_target_out_of_range() -> None:
    state = make(five("A1", "alpha", (10, 10)), five("B1", "bravo", (10, 37)))
    flow, roller = run(state, [2])
    assert shoot(flow, fire("B1"), extend=True) is None
    assert "not done" in said(flow, "extends")
    assert "no target models remain visible and within range" in said(flow, "A1:")
    assert roller.unused == []


def test_out_of_range_is_refused_with_the_distance() -> None:
    state = make(five("A1", "alpha", (10, 10)), five("B1", "bravo", (10, 40)))
    flow, roller = run(state, [])
    problem = shoot(flow, fire("B1"))
    assert problem is not None and problem.code == RejectionCode.OUT_OF_RANGE
    assert problem.explain() == 'B1 is 29.0" away; the longest range is 24" (Rifle). (004 Shoot)'
    assert roller.rolled == []


def test_out_of_range_even_when_extended() -> None:
    state = make(five("A1", "alpha", (10, 10)), five("B1", "bravo", (10, 40)))
    flow, _ = run(state, [])
    problem = shoot(flow, fire("B1"), extend=True)
    assert problem is not None
    assert problem.message == 'B1 is 29.0" away; the longest range is 29" (Rifle, extended).'


def test_a_hidden_target_is_refused_with_the_distance() -> None:
    wall = area("wall", (5, 18), (20, 2), Terrain.BUILDING, height=Height.TALL)
    state = make(five("A1", "alpha", (10, 10)), five("B1", "bravo", (10, 30)), areas=(wall,))
    flow, _ = run(state, [])
    problem = shoot(flow, fire("B1"))
    assert problem is not None and problem.code == RejectionCode.NO_LINE_OF_SIGHT
    assert problem.message == 'No model of A1 can see B1 (19.0" away).'
    assert problem.rule == "004 Visibility"


def test_friendly_and_unknown_targets_are_refused() -> None:
    state = make(five("A1", "alpha", (10, 10)), five("A2", "alpha", (10, 30)))
    flow, _ = run(state, [])
    problem = shoot(flow, fire("A2"))
    assert problem is not None and problem.message == "A2 is not an enemy unit."
    problem = shoot(flow, fire("Z9"))
    assert problem is not None and problem.message == "There is no unit 'Z9'."


def test_a_unit_in_base_contact_with_enemies_cannot_shoot() -> None:
    state = make(unit("A1", "alpha", TROOPER, (10, 10)), unit("B1", "bravo", TROOPER, (10.98, 10)))
    flow, _ = run(state, [])
    problem = shoot(flow, fire("B1"))
    assert problem is not None
    assert problem.explain() == "A1 is in base contact with B1 and cannot Shoot. (004 Shoot)"


# -- modifiers ---------------------------------------------------------------------------
def brush_scene(*extra: Any, **updates: Any) -> WastelandState:
    brush = area("brush", (8, 28), (12, 5), Terrain.CONCEALMENT)
    return make(
        five("A1", "alpha", (10, 10)),
        five("B1", "bravo", (10, 30)),
        *extra,
        areas=(brush, *updates.pop("areas", ())),
        **updates,
    )


def test_concealment_costs_two() -> None:
    flow, roller = run(brush_scene(), [1, 1, 1, 1, 1])
    assert shoot(flow, fire("B1")) is None
    assert "A1 shoots B1 with Rifle ×5: 1 1 1 1 1 vs 7+ (cover -2) → 0 hits" in reports(flow)
    assert roller.unused == []


def test_no_concealment_penalty_inside_the_same_area() -> None:
    field = area("field", (5, 5), (20, 30), Terrain.CONCEALMENT)
    state = make(five("A1", "alpha", (10, 10)), five("B1", "bravo", (10, 30)), areas=(field,))
    flow, roller = run(state, [1, 1, 1, 1, 1])
    assert shoot(flow, fire("B1")) is None
    assert "A1 shoots B1 with Rifle ×5: 1 1 1 1 1 vs 5+ → 0 hits" in reports(flow)
    assert roller.unused == []


def test_no_concealment_penalty_firing_out_of_it() -> None:
    hide = area("hide", (8, 8), (10, 4), Terrain.CONCEALMENT)
    state = make(five("A1", "alpha", (10, 10)), five("B1", "bravo", (10, 30)), areas=(hide,))
    flow, roller = run(state, [1, 1, 1, 1, 1])
    assert shoot(flow, fire("B1")) is None
    assert "A1 shoots B1 with Rifle ×5: 1 1 1 1 1 vs 5+ → 0 hits" in reports(flow)
    assert roller.unused == []


def test_area_effect_good_intel_and_vehicles_ignore_concealment() -> None:
    grenade = weapon("grenade", range=24, hit=5, area_effect=2)
    bomber = profile("bomber", weapons=("grenade",))
    state = brush_scene(
        unit("A2", "alpha", bomber, (20, 10), 2),
        profiles=(bomber,),
        weapons=(grenade,),
        active="A2",
    )
    flow, roller = run(state, [1, 1])
    assert shoot(flow, fire("B1")) is None
    assert "A2 shoots B1 with Grenade ×2: 1 1 vs 5+ → 0 hits" in reports(flow)
    assert roller.unused == []
    flow, roller = run(brush_scene(advantages={"alpha": ("intel",)}), [1, 1, 1, 1, 1])
    assert shoot(flow, fire("B1")) is None
    assert "A1 shoots B1 with Rifle ×5: 1 1 1 1 1 vs 5+ → 0 hits" in reports(flow)
    state = make(
        five("A1", "alpha", (10, 10)),
        unit("B3", "bravo", TANK, (12, 30)),
        areas=(area("brush", (8, 28), (12, 5), Terrain.CONCEALMENT),),
    )
    flow, roller = run(state, [1, 1, 1, 1, 1])
    assert shoot(flow, fire("B3")) is None
    assert said(flow, "A1 shoots B3").endswith("vs 5+ → 0 hits")
    assert roller.unused == []


def test_stealth_adds_to_the_penalty() -> None:
    sneaky = profile("sneaky", stealth=1)
    state = brush_scene(profiles=(sneaky,))
    state = state.model_copy(
        update={"units": {**state.units, "B1": unit("B1", "bravo", sneaky, (10, 30), 5)}}
    )
    flow, roller = run(state, [1, 1, 1, 1, 1])
    assert shoot(flow, fire("B1")) is None
    assert "vs 8+ (cover -2, stealth -1)" in said(flow, "A1 shoots")
    assert roller.unused == []


def test_dark_costs_one_per_full_ten_inches_unless_acute_senses() -> None:
    state = make(five("A1", "alpha", (10, 10)), five("B1", "bravo", (10, 32)), condition="dark")
    flow, roller = run(state, [1, 1, 1, 1, 1])
    assert shoot(flow, fire("B1")) is None
    assert "vs 7+ (dark -2)" in said(flow, "A1 shoots")
    keen = profile("keen", acute_senses=True)
    state = make(
        unit("A1", "alpha", keen, (10, 10), 5),
        five("B1", "bravo", (10, 32)),
        profiles=(keen,),
        condition="rainy",
    )
    flow, roller = run(state, [1, 1, 1, 1, 1])
    assert shoot(flow, fire("B1")) is None
    assert said(flow, "A1 shoots").endswith("vs 5+ → 0 hits")
    assert roller.unused == []


def test_blessing_heroic_figure_inexperience_and_low_ammo_stack() -> None:
    state = make(
        five("A1", "alpha", (10, 10), blessing_active=True, heroic_figure=True, low_ammo=2),
        five("B1", "bravo", (10, 30)),
        advantages={"alpha": ("inexperienced",)},
    )
    flow, roller = run(state, [1, 1, 1, 1, 1])
    assert shoot(flow, fire("B1")) is None
    assert "vs 6+ (War Blessing +1, heroic figure +1, inexperienced -1, low ammo -2)" in said(
        flow, "A1 shoots"
    )
    assert roller.unused == []


def test_low_ammunition_worsens_after_half_failures() -> None:
    state = make(
        five("A1", "alpha", (10, 10)),
        five("B1", "bravo", (10, 30)),
        advantages={"alpha": ("low_ammo",)},
    )
    flow, roller = run(state, [1, 1, 1, 9, 9, 2, 2])
    assert shoot(flow, fire("B1")) is None
    assert flow.state.units["A1"].low_ammo == 1
    assert "(3 of 5 dice failed): -1 Shoot" in said(flow, "low on ammunition")
    assert roller.unused == []
    flow, roller = run(state, [1, 1, 9, 9, 9, 2, 2, 2])
    assert shoot(flow, fire("B1")) is None
    assert flow.state.units["A1"].low_ammo == 0
    assert roller.unused == []


def test_strike_harder_rerolls_three_failed_dice_then_clears() -> None:
    state = make(five("A1", "alpha", (10, 10), strike_harder=True), five("B1", "bravo", (10, 30)))
    flow, roller = run(state, [1, 2, 3, 4, 9, 5, 6, 1, 2, 2, 2])
    assert shoot(flow, fire("B1")) is None
    line = said(flow, "A1 shoots")
    assert "(Strike harder! 1→5 2→6 3→1)" in line
    assert line.endswith("→ 3 hits")
    assert flow.state.units["A1"].strike_harder is False
    assert roller.unused == []


# -- Vehicles and Monsters ----------------------------------------------------------------
def test_a_vehicle_fires_as_many_weapons_as_wounds_left_in_its_front_arc() -> None:
    state = make(unit("A1", "alpha", TANK, (12, 10), facing=90), five("B1", "bravo", (10, 30)))
    flow, roller = run(state, [1, 1])
    assert shoot(flow, fire("B1")) is None
    assert "A1 shoots B1 with Cannon ×1: 1 vs 4+ → 0 hits" in reports(flow)
    assert "A1 shoots B1 with Rifle ×1: 1 vs 5+ → 0 hits" in reports(flow)
    assert roller.unused == []
    hurt = unit("A1", "alpha", TANK, (12, 10), facing=90)
    hurt = hurt.model_copy(update={"models": (hurt.models[0].model_copy(update={"wounds": 1}),)})
    flow, roller = run(make(hurt, five("B1", "bravo", (10, 30))), [1])
    assert shoot(flow, fire("B1")) is None
    assert "A1 shoots B1 with Cannon ×1: 1 vs 4+ → 0 hits" in reports(flow)
    assert not any("Rifle" in t for t in reports(flow))
    assert roller.unused == []


def test_a_vehicle_cannot_target_units_behind_it() -> None:
    state = make(unit("A1", "alpha", TANK, (12, 10), facing=270), five("B1", "bravo", (10, 30)))
    flow, _ = run(state, [])
    problem = shoot(flow, fire("B1"))
    assert problem is not None and problem.rule == "004 Vehicle/Monster"
    assert "not in front of A1's centre line" in problem.message


def test_vehicle_tasks_are_free() -> None:
    state = make(
        unit("A1", "alpha", TANK, (12, 10), facing=90),
        five("B1", "bravo", (10, 30)),
        five("B2", "bravo", (22, 30)),
    )
    flow, roller = run(state, [1, 1])
    assert shoot(flow, fire("B2")) is None
    assert (
        "A1 targets B2, which is not the closest enemy unit: free for a Vehicle/Monster."
        in reports(flow)
    )
    assert roller.unused == []


def test_shooting_a_vehicle_in_base_contact_counts_as_moving() -> None:
    heavy = weapon("mortar", range=24, hit=5, heavy=True)
    gunner = profile("gunner", weapons=("rifle", "mortar"))
    state = make(
        unit("A1", "alpha", gunner, (10, 10), 2, spacing=1.0),
        unit("B3", "bravo", TANK, (10, 11.67)),
        five("B1", "bravo", (20, 20)),
        profiles=(gunner,),
        weapons=(heavy,),
    )
    flow, _ = run(state, [])
    problem = shoot(flow, fire("B1"))
    assert (
        problem is not None
        and problem.message == "A1 is in base contact with B3 and may only shoot at it."
    )
    problem = shoot(flow, fire("B3", "mortar"))
    assert problem is not None and problem.rule == "004 Vehicle/Monster"
    assert "Heavy" in problem.message
    flow, roller = run(state, [5, 6, 7, 8])
    assert shoot(flow, fire("B3")) is None
    assert "A1 shoots B3 with Rifle ×2: 5 6 vs 5+ → 2 hits" in reports(flow)
    assert roller.unused == []


def test_failed_shots_hit_own_units_in_base_contact_with_the_target() -> None:
    state = make(
        five("A1", "alpha", (10, 10)),
        five("B1", "bravo", (10, 30)),
        unit("A2", "alpha", TROOPER, (10, 30.98)),
    )
    flow, roller = run(state, [1, 1, 1, 6, 6, 1, 1, 1, 9, 9])
    assert shoot(flow, fire("B1")) is None
    assert "3 failed Shoot rolls hit A2, in base contact with B1. (004 Shoot)" in reports(flow)
    assert len(flow.state.units["B1"].living) == 3
    assert flow.state.units["A2"].gone
    assert roller.unused == []


def test_only_rolls_of_one_hit_friends_touching_a_vehicle_target() -> None:
    state = make(
        five("A1", "alpha", (10, 10)),
        unit("B3", "bravo", TANK, (12, 30)),
        unit("A2", "alpha", TROOPER, (12, 31.67)),
    )
    flow, roller = run(state, [1, 2, 3, 9, 9, 9, 9, 1])
    assert shoot(flow, fire("B3")) is None
    assert (
        "1 failed Shoot roll hit A2, in base contact with B3. (004 Vehicle/Monster: only rolls"
        " of 1)" in reports(flow)
    )
    assert flow.state.units["A2"].gone
    assert roller.unused == []


def test_only_visible_models_fall_and_excess_is_lost() -> None:
    block = area("block", (10.7, 20), (10, 9.4), Terrain.BUILDING, height=Height.TALL)
    state = make(
        unit("A1", "alpha", TROOPER, (8, 10), 3, spacing=1.0, columns=1),
        unit("B1", "bravo", TROOPER, (10, 30), 3),
        areas=(block,),
    )
    flow, roller = run(state, [9, 9, 9, 1, 1, 1])
    assert shoot(flow, fire("B1")) is None
    assert said(flow, "B1 Life").endswith("→ 3 failed, 1 down")
    assert [m.id for m in flow.state.units["B1"].living] == ["B1.2", "B1.3"]
    assert roller.unused == []


def test_open_transport_passengers_shoot_from_the_transport() -> None:
    truck = OPEN_TRUCK
    state = make(
        unit("A5", "alpha", truck, (12, 10)),
        unit("A1", "alpha", TROOPER, (0, 0), 2, status="embarked", embarked_in="A5"),
        five("B1", "bravo", (10, 30)),
        profiles=(truck,),
    )
    flow, roller = run(state, [5, 5, 1, 1])
    assert shoot(flow, fire("B1")) is None
    assert "A1 shoots B1 with Rifle ×2: 5 5 vs 5+ → 2 hits" in reports(flow)
    assert roller.unused == []
    closed = truck.model_copy(update={"rules": tuple(r for r in truck.rules if r.kind != "open")})
    state = state.model_copy(update={"profiles": {**state.profiles, "truck": closed}})
    flow, _ = run(state, [])
    problem = shoot(flow, fire("B1"))
    assert problem is not None and "embarked" in problem.message


# -- Heavy, Slow and Assault fire after a move --------------------------------------------
def test_heavy_weapons_cannot_fire_after_moving_except_from_vehicles() -> None:
    gun = weapon("gun", range=30, hit=5, heavy=True)
    crew = profile("crew", weapons=("gun",))
    state = make(
        unit("A1", "alpha", crew, (10, 10), 2, moved=True, moved_models=("A1.1", "A1.2")),
        five("B1", "bravo", (10, 30)),
        profiles=(crew,),
        weapons=(gun,),
    )
    flow, _ = run(state, [])
    problem = shoot(flow, fire("B1", "gun"))
    assert problem is not None
    assert problem.explain() == (
        "Gun is Heavy and cannot be fired by a model that moved this round"
        " (every model of the unit moved). (004 Heavy)"
    )
    problem = shoot(flow, fire("B1"))
    assert problem is not None and problem.rule == "004 Heavy"
    walker = TANK.model_copy(update={"id": "walker", "weapons": ("gun",)})
    state = make(
        unit("A1", "alpha", walker, (12, 10), moved=True, moved_models=("A1.1",), facing=90),
        five("B1", "bravo", (10, 30)),
        profiles=(walker,),
        weapons=(gun,),
    )
    flow, roller = run(state, [1])
    assert shoot(flow, fire("B1")) is None
    assert "A1 shoots B1 with Gun ×1: 1 vs 5+ → 0 hits" in reports(flow)
    assert roller.unused == []


def assault_scene(**updates: Any) -> WastelandState:
    pistol = weapon("pistol", range=10, hit=5, assault=True)
    raider = profile("raider", weapons=("rifle", "pistol"))
    return make(
        unit("A1", "alpha", raider, (10, 10), 3, moved=True),
        five("B1", "bravo", (10, 18)),
        profiles=(raider,),
        weapons=(pistol,),
        **updates,
    )


def test_assault_fire_after_a_move_uses_assault_weapons_once_per_round() -> None:
    flow, roller = run(assault_scene(), [5, 5, 1, 1, 1])
    assert fire_after_move(flow, "A1", (fire("B1"),)) is None
    settle(flow)
    assert pending(flow) == ["B1"]
    decline(flow)
    assert "A1 shoots B1 with Pistol ×3: 5 5 1 vs 5+ → 2 hits" in reports(flow)
    assert flow.state.units["A1"].assault_fired
    assert roller.unused == []
    problem = fire_after_move(flow, "A1", (fire("B1"),))
    assert problem is not None and problem.code == RejectionCode.ALREADY_DONE
    assert problem.rule == "004 Assault"


def test_assault_fire_refuses_other_weapons_and_takes_minus_two_after_difficult_ground() -> None:
    flow, _ = run(assault_scene(), [])
    problem = fire_after_move(flow, "A1", (fire("B1", "rifle"),))
    assert problem is not None
    assert problem.explain() == "Rifle is not an Assault weapon. (004 Assault)"
    shot = _assault_fire_over(area("mud", (5, 12), (15, 3), Terrain.DIFFICULT))
    assert "vs 7+ (difficult terrain -2)" in shot


def test_slow_weapons_fire_once_per_round() -> None:
    launcher = weapon("launcher", range=24, hit=5, slow=True)
    crew = profile("crew", weapons=("launcher",))
    state = make(
        unit("A1", "alpha", crew, (10, 10), 2),
        five("B1", "bravo", (10, 30)),
        profiles=(crew,),
        weapons=(launcher,),
    )
    flow, roller = run(state, [1, 1])
    assert shoot(flow, fire("B1")) is None
    assert flow.state.units["A1"].slow_fired == ("launcher",)
    problem = shoot(flow, fire("B1", "launcher"))
    assert problem is not None
    assert problem.explain() == "Launcher is Slow and has already fired this round. (004 Slow)"
    assert roller.unused == []


# -- advanced options ----------------------------------------------------------------------
def test_firing_positions_deep_target_and_wide_shooter() -> None:
    options = WastelandOptions(mission="annihilation", battlefield="open", firing_positions=True)
    state = make(
        five("A1", "alpha", (10, 10)),
        unit("B1", "bravo", TROOPER, (13, 25), 5, columns=1),
        options=options,
    )
    flow, roller = run(state, [1, 1, 1, 9, 9, 1, 1])
    assert shoot(flow, fire("B1")) is None
    line = said(flow, "A1 shoots")
    assert "vs 3+ (deep target +1, wide firing line +1)" in line
    assert "(Life deep target -1)" in line
    assert "vs 7+" in said(flow, "B1 Life")
    assert flow.state.units["B1"].last_fired_from == (inches(13), inches(10))
    assert roller.unused == []


def test_firing_positions_opposite_quadrant() -> None:
    options = WastelandOptions(mission="annihilation", battlefield="open", firing_positions=True)
    state = make(
        unit("A1", "alpha", TROOPER, (20, 40)),
        unit("B1", "bravo", TROOPER, (30, 30), last_fired_from=(inches(40), inches(20))),
        options=options,
    )
    flow, roller = run(state, [9, 1])
    assert shoot(flow, fire("B1")) is None
    assert "(Life opposite quadrant -1)" in said(flow, "A1 shoots")
    assert flow.state.units["B1"].gone
    assert roller.unused == []


def test_partial_concealment_focus_fire() -> None:
    brush = area("brush", (9, 29), (5, 2), Terrain.CONCEALMENT)
    options = WastelandOptions(mission="annihilation", battlefield="open", partial_concealment=True)
    state = make(
        five("A1", "alpha", (10, 10)),
        five("B1", "bravo", (10, 30)),
        areas=(brush,),
        options=options,
    )
    flow, roller = run(state, [9, 9, 9, 9, 9, 1, 1, 1, 1, 1])
    assert shoot(flow, fire("B1"), focus=True) is None
    assert said(flow, "A1 shoots").endswith("vs 5+ → 5 hits")
    assert said(flow, "B1 Life").endswith("→ 5 failed, 2 down")
    assert [m.id for m in flow.state.units["B1"].living] == ["B1.1", "B1.2", "B1.3"]
    assert roller.unused == []
    flow, _ = run(state.model_copy(update={"options": WastelandOptions()}), [])
    problem = shoot(flow, fire("B1"), focus=True)
    assert problem is not None and problem.rule == "004 Partially concealed units"
    flow, _ = run(
        make(five("A1", "alpha", (10, 10)), five("B1", "bravo", (10, 30)), options=options), []
    )
    problem = shoot(flow, fire("B1"), focus=True)
    assert problem is not None and "nothing to focus on" in problem.message


def test_friendly_fire_incident_is_a_plain_shot_at_a_friend() -> None:
    state = make(five("A1", "alpha", (10, 10)), five("A2", "alpha", (10, 30)), active="A1")
    state = state.model_copy(update={"active": None})
    flow, roller = run(state, [5, 5, 1, 1, 1, 1, 9])
    resolve_friendly_fire(flow, "A1", "A2")
    assert "A1 shoots A2 with Rifle ×5: 5 5 1 1 1 vs 5+ → 2 hits" in reports(flow)
    assert len(flow.state.units["A2"].living) == 4
    assert flow.state.windows == ()
    assert roller.unused == []


def test_assault_fire_needs_a_target() -> None:
    flow, _ = run(assault_scene(), [])
    problem = fire_after_move(flow, "A1", ())
    assert problem is not None and problem.message == "Name the unit to shoot at."


def test_a_heavy_weapon_fires_from_a_model_that_did_not_move_though_another_did() -> None:
    gun = weapon("gun", range=30, hit=5, heavy=True)
    crew = profile("crew", weapons=("gun",))
    state = make(
        unit("A1", "alpha", crew, (10, 10), 2),
        five("B1", "bravo", (10, 30)),
        profiles=(crew,),
        weapons=(gun,),
    )
    flow, _ = run(state, [])
    # only A1.2 moves, half an inch; A1.1 stays where it stood
    moved = decide_battle(flow, "alpha", Move(models={"A1.2": (inches(11.5), inches(10.5))}))
    assert moved is None, moved
    after = flow.state
    assert after.units["A1"].moved_models == ("A1.2",)
    flow, _ = run(after, [])
    problem = shoot(flow, fire("B1", "gun", "A1.2"))
    assert problem is not None and problem.rule == "004 Heavy"
    assert "A1.2 moved" in problem.message
    flow, _ = run(after, [9, 1])
    assert shoot(flow, fire("B1", "gun", "A1.1")) is None
    volleys = [e for e in flow.events if type(e).__name__ == "VolleyFired"]
    assert len(volleys) == 1 and volleys[0].count == 1


def test_games_saved_before_models_moved_one_by_one_count_every_model_as_moved() -> None:
    old = {
        "type": "wt_units",
        "units": [
            {
                "id": "A1",
                "seat": "alpha",
                "profile": "crew",
                "name": "Crew",
                "models": [{"id": "A1.1"}, {"id": "A1.2", "wounds": 0}],
                "starting": 2,
                "cost": 20,
                "moved": True,
            }
        ],
    }
    event = WastelandSystem.event_adapter.validate_python(WastelandSystem().upcast(old))
    assert event.units[0].moved_models == ("A1.1", "A1.2")


def test_assault_fire_takes_minus_two_when_only_the_base_crossed_difficult_ground() -> None:
    # the path's centre line runs 0.3" beside the mud; the 25 mm base sweeps over it
    shot = _assault_fire_over(area("mud", (10.3, 12), (3, 2), Terrain.DIFFICULT))
    assert "(difficult terrain -2)" in shot


def _assault_fire_over(ground: Any) -> str:
    """The shooting line of A1's Assault fire after a 5" move ending beside ``ground``."""
    state = assault_scene(areas=(ground,))
    start = state.units["A1"].models[0]
    path = Measure(kind="path", start=(start.x, start.y + inches(5)), end=(start.x, start.y))
    state = state.model_copy(update={"measures": (path,)})
    flow, roller = run(state, [1, 1, 1])
    assert fire_after_move(flow, "A1", (fire("B1"),)) is None
    settle(flow)
    decline(flow)
    assert roller.unused == []
    return said(flow, "A1 shoots")
