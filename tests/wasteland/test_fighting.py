"""The Fight Action: reach, the charge, Fight rolls and the unit rules that touch them."""

from __future__ import annotations

import math
from typing import Any

from rules.core.rejection import Rejection
from rules.geometry.measure import in_contact, overlaps
from rules.geometry.pieces import Height, Model, Terrain
from rules.geometry.units import inches
from rules.wasteland import table as tb
from rules.wasteland.actions import Fight, React
from rules.wasteland.content.catalog import Catalog
from rules.wasteland.content.units import UnitDef
from rules.wasteland.flow import Flow
from rules.wasteland.options import WastelandOptions
from rules.wasteland.play import decide_battle
from rules.wasteland.state import ReactionWindow, WastelandState, WUnit
from tests.scripted_dice import ScriptedRoller
from tests.wasteland.builders import (
    KNIFE,
    RIFLE,
    area,
    battle,
    profile,
    reports,
    said,
    unit,
    weapon,
)

GRUNT = profile("grunt")
TARGET = profile("target", weapons=("rifle",))
BRUTE = profile("brute", bloodthirsty=2)
LANCER = profile("lancer", reach=True)
PISTOLEER = profile("pistoleer", weapons=("pistol",))
SHOOTER = profile("shooter", weapons=("rifle",))
BURNER = profile("burner", weapons=("flamer",))
PATHFINDER = profile("pathfinder", pathfinder=True)
PATHBOUND = profile("pathbound", pathbound=True)
JUMPER = profile("jumper", jump=True)
TANK = profile("tank", weapons=("ram",), vehicle=True, tough=3, base_mm=60, height="tall")
CARRIER = profile(
    "carrier", weapons=("rifle",), vehicle=True, tough=3, transport=6, open=True, base_mm=60
)
PISTOL = weapon("pistol", range=10, hit=5, assault=True)
FLAMER = weapon("flamer", range=8, hit=5, assault=True, area_effect=3)
RAM = weapon("ram", range=None, hit=4, damage=2)
WEAPONS = (RIFLE, KNIFE, PISTOL, FLAMER, RAM)
PROFILES = [
    GRUNT,
    TARGET,
    BRUTE,
    LANCER,
    PISTOLEER,
    SHOOTER,
    BURNER,
    PATHFINDER,
    PATHBOUND,
    JUMPER,
    TANK,
    CARRIER,
]
WALL = area("wall", (11.5, 8), (0.5, 4), Terrain.IMPASSABLE, height=Height.TALL)


def start(units: list[WUnit], faces: list[int], **kwargs: Any) -> tuple[Flow, ScriptedRoller]:
    state = battle(units, PROFILES, WEAPONS, active="A1", **kwargs)
    roller = ScriptedRoller(faces)
    return Flow(state, roller, Catalog()), roller


def fight(flow: Flow, *targets: str) -> Rejection | None:
    """Declare a Fight for alpha's active unit; every target declines to react."""
    result = decide_battle(flow, "alpha", Fight(targets=targets))
    while result is None and flow.state.windows:
        window = flow.state.windows[-1]
        assert isinstance(window, ReactionWindow)
        result = decide_battle(flow, window.seat, React(unit=window.unit, reaction=None))
    return result


def geo_model(state: WastelandState, unit_id: str, model_id: str) -> Model:
    return tb.model_of(state, state.units[unit_id], model_id)


# -- step 1: targets -----------------------------------------------------------------------
def test_a_target_out_of_reach_is_refused_with_the_measured_distance() -> None:
    flow, roller = start(
        [unit("A1", "alpha", GRUNT, (10, 10)), unit("B1", "bravo", TARGET, (19.58, 10))], []
    )
    result = fight(flow, "B1")
    assert isinstance(result, Rejection)
    assert result.message == 'B1 is 8.6" away; the charge reaches 6" (Move 6", no bonus).'
    assert result.rule == "004 Fight"
    assert roller.unused == []


def test_bloodthirsty_lengthens_the_reach_shown_in_a_refusal() -> None:
    flow, _ = start(
        [unit("A1", "alpha", BRUTE, (10, 10)), unit("B1", "bravo", TARGET, (19.58, 10))], []
    )
    result = fight(flow, "B1")
    assert isinstance(result, Rejection)
    assert result.message == ('B1 is 8.6" away; the charge reaches 8" (Move 6", Bloodthirsty +2").')


def test_only_enemy_units_can_be_fought() -> None:
    flow, _ = start(
        [unit("A1", "alpha", GRUNT, (10, 10)), unit("A2", "alpha", GRUNT, (12, 10))], []
    )
    result = fight(flow, "A2")
    assert isinstance(result, Rejection)
    assert "not an enemy unit" in result.message


def test_a_unit_without_melee_or_assault_weapons_cannot_fight() -> None:
    flow, _ = start(
        [unit("A1", "alpha", SHOOTER, (10, 10)), unit("B1", "bravo", TARGET, (12, 10))], []
    )
    result = fight(flow, "B1")
    assert isinstance(result, Rejection)
    assert "no melee weapon" in result.message
    assert result.rule == "004 Fight"


# -- step 2: the charge --------------------------------------------------------------------
def test_a_charge_ends_in_base_contact_and_the_fight_kills() -> None:
    flow, roller = start(
        [unit("A1", "alpha", GRUNT, (10, 10)), unit("B1", "bravo", TARGET, (14, 10))],
        [7, 3],  # Fight roll 7 vs 5+ hits; Life 3 vs 6+ fails
    )
    assert fight(flow, "B1") is None
    state = flow.state
    attacker = state.units["A1"]
    assert attacker.moved
    a = geo_model(state, "A1", "A1.1")
    assert abs(a.x - 1302) <= 1 and a.y == 1000
    assert state.units["B1"].status == "destroyed"
    assert attacker.melee["B1"].killed == 1
    assert state.units["B1"].melee["A1"].lost == 1
    assert [m.kind for m in state.measures] == ["path"]
    assert "1 in base contact" in said(flow, "A1 charges B1")
    assert " to " in said(flow, "A1 charges B1")  # every move line gives its end point
    assert said(flow, "A1 fights B1 with Knife ×1").endswith("7 vs 5+ → 1 hit")
    assert roller.unused == []


def test_a_charge_blocked_by_impassable_terrain_falls_short() -> None:
    flow, roller = start(
        [unit("A1", "alpha", GRUNT, (10, 10)), unit("B1", "bravo", TARGET, (14, 10))],
        [],
        areas=(WALL,),
    )
    assert fight(flow, "B1") is None
    a = geo_model(flow.state, "A1", "A1.1")
    assert a.x + a.radius <= inches(11.5)  # stopped at the wall
    assert a.x > inches(10.5)
    assert "The Fight Action ends" in said(flow, "A1 falls short")
    assert flow.state.units["B1"].on_table
    assert roller.unused == []


def test_every_model_charges_in_a_straight_line_to_the_closest_enemy_model() -> None:
    flow, roller = start(
        [
            unit("A1", "alpha", GRUNT, (10, 10), 3),
            unit("B1", "bravo", TARGET, (11.5, 14)),
        ],
        [9, 9, 9, 1, 9, 9],  # three Fight rolls hit; one of three Life rolls fails
    )
    before = {m.id: (m.x, m.y) for m in flow.state.units["A1"].models}
    assert fight(flow, "B1") is None
    state = flow.state
    goal = (inches(11.5), inches(14))
    ends = {m.id: geo_model(state, "A1", m.id) for m in state.units["A1"].models}
    for mid, end in ends.items():
        sx, sy = before[mid]
        cross = (end.x - sx) * (goal[1] - sy) - (end.y - sy) * (goal[0] - sx)
        length = math.hypot(goal[0] - sx, goal[1] - sy)
        assert abs(cross) / length <= 1.0, mid  # on the line start → enemy model
        assert (end.x, end.y) != (sx, sy)
    enemy = geo_model(state, "B1", "B1.1") if state.units["B1"].on_table else None
    middle = ends["A1.2"]
    assert enemy is None or in_contact(middle, enemy)
    for a in ends.values():
        for b in ends.values():
            if a.id < b.id:
                assert not overlaps(a, b)
    # the outer models were stopped by the middle one, touching it, and still strike
    assert in_contact(ends["A1.1"], middle) and in_contact(ends["A1.3"], middle)
    assert "×3" in said(flow, "A1 fights B1 with Knife")
    assert len([m for m in state.measures if m.kind == "path"]) == 3
    assert roller.unused == []


# -- step 3: Fight rolls ---------------------------------------------------------------------
def test_suppression_and_outnumbering_2_to_1_modify_fight_rolls() -> None:
    flow, roller = start(
        [
            unit("A1", "alpha", GRUNT, (10, 10), 2, columns=1, spacing=0.98),
            unit("B1", "bravo", TARGET, (10.98, 10), markers=1),
        ],
        [3, 2, 9],  # 3 vs 3+ hits, 2 misses; Life 9 passes
    )
    assert fight(flow, "B1") is None
    line = said(flow, "A1 fights B1 with Knife ×2")
    assert "3 2 vs 3+ (+1 suppression, +1 outnumbers 2:1) → 1 hit" in line
    assert roller.unused == []


def test_outnumbering_3_to_1_gives_plus_two_not_three() -> None:
    flow, roller = start(
        [
            unit("A1", "alpha", LANCER, (10, 10), 3, columns=1, spacing=0.98),
            unit("B1", "bravo", TARGET, (10.98, 10)),
        ],
        [3, 2, 2, 9],
    )
    assert fight(flow, "B1") is None
    assert "3 2 2 vs 3+ (+2 outnumbers 3:1) → 1 hit" in said(flow, "A1 fights B1")
    assert roller.unused == []


def test_each_model_strikes_its_closest_target_unit_in_contact() -> None:
    flow, roller = start(
        [
            unit("A1", "alpha", GRUNT, (10, 10), 2, columns=1, spacing=4),
            unit("B1", "bravo", TARGET, (10.98, 10)),
            unit("B2", "bravo", TARGET, (10.98, 14)),
        ],
        [1, 2],  # A1.1 at B1, A1.2 at B2: both miss
    )
    assert fight(flow, "B1", "B2") is None
    assert "×1: 1 vs 5+" in said(flow, "A1 fights B1 with Knife")
    assert "×1: 2 vs 5+" in said(flow, "A1 fights B2 with Knife")
    assert roller.unused == []


def test_casualties_are_taken_from_models_not_in_base_contact_first() -> None:
    flow, roller = start(
        [
            unit("A1", "alpha", GRUNT, (10, 10)),
            unit("B1", "bravo", TARGET, (10.98, 10), 3),
        ],
        [8, 1],
    )
    assert fight(flow, "B1") is None
    alive = [m.id for m in flow.state.units["B1"].living]
    assert alive == ["B1.1", "B1.3"]  # B1.1 touches A1.1; B1.2 was the nearest of the rest
    assert roller.unused == []


def test_reach_lets_models_strike_from_afar_and_others_cannot() -> None:
    # immobilised, so nobody moves: A1.1 touches B1.1, A1.2 stands 2" back
    def setup(prof: UnitDef, faces: list[int]) -> tuple[Flow, ScriptedRoller]:
        return start(
            [
                unit("A1", "alpha", prof, (10, 10), 2, columns=1, spacing=3, immobile=True),
                unit("B1", "bravo", TARGET, (10.98, 10), 2),
            ],
            faces,
        )

    flow, roller = setup(LANCER, [1, 1])
    assert fight(flow, "B1") is None
    assert "×2: 1 1 vs 5+" in said(flow, "A1 fights B1 with Knife")
    assert roller.unused == []

    flow, roller = setup(GRUNT, [1])
    assert fight(flow, "B1") is None
    assert "×1: 1 vs 5+" in said(flow, "A1 fights B1 with Knife")
    assert roller.unused == []


def test_bloodthirsty_adds_to_the_charge_and_the_fight_rolls() -> None:
    flow, roller = start(
        [unit("A1", "alpha", BRUTE, (10, 10)), unit("B1", "bravo", TARGET, (18.48, 10))],
        [3, 9],  # 3 vs 3+ (Bloodthirsty +2) hits; Life 9 passes
    )
    assert fight(flow, "B1") is None
    assert "Bloodthirsty +2" in said(flow, "A1 charges B1")
    assert "3 vs 3+ (+2 Bloodthirsty) → 1 hit" in said(flow, "A1 fights B1")
    assert roller.unused == []


def test_bloodthirsty_does_not_apply_when_already_in_contact() -> None:
    flow, roller = start(
        [unit("A1", "alpha", BRUTE, (10, 10)), unit("B1", "bravo", TARGET, (10.98, 10))],
        [4],
    )
    assert fight(flow, "B1") is None
    assert said(flow, "A1 fights B1").endswith("4 vs 5+ → 0 hits")
    assert "no model moves" in said(flow, "A1 is already locked")
    assert roller.unused == []


def test_an_assault_weapon_serves_as_a_melee_weapon() -> None:
    flow, roller = start(
        [unit("A1", "alpha", PISTOLEER, (10, 10)), unit("B1", "bravo", TARGET, (12, 10))],
        [6, 8],
    )
    assert fight(flow, "B1") is None
    assert "with Pistol ×1: 6 vs 5+ → 1 hit" in said(flow, "A1 fights B1")
    assert roller.unused == []


def test_area_effect_weapons_are_barred_in_melee_after_starting_the_round_in_contact() -> None:
    units = [
        unit("A1", "alpha", BURNER, (10, 10), in_contact_at_start=True),
        unit("B1", "bravo", TARGET, (10.98, 10), 3),
    ]
    flow, _ = start(units, [])
    result = fight(flow, "B1")
    assert isinstance(result, Rejection)
    assert "Area Effect and Spray weapons cannot be used in melee" in result.message
    assert result.rule == "004 Rapid/Area Effect/Spray X"

    units[0] = units[0].model_copy(update={"in_contact_at_start": False})
    flow, roller = start(units, [5, 1, 1, 9])  # one hit → three Life rolls (Area Effect 3)
    assert fight(flow, "B1") is None
    assert "2 failed" in said(flow, "B1 Life 1 1 9")
    assert roller.unused == []


def test_a_vehicle_charge_overruns_a_counter_attack_that_fails_to_destroy_it() -> None:
    flow, roller = start(
        [unit("A1", "alpha", TANK, (10, 10)), unit("B1", "bravo", SHOOTER, (15, 10), 2)],
        [8, 2, 2],  # B1 Will 8 passes; two counter-attack shots miss
    )
    assert decide_battle(flow, "alpha", Fight(targets=("B1",))) is None
    window = flow.state.windows[-1]
    assert isinstance(window, ReactionWindow)
    ground = decide_battle(flow, "bravo", React(unit="B1", reaction="ground"))
    assert isinstance(ground, Rejection)
    assert window.unit == "B1"
    assert decide_battle(flow, "bravo", React(unit="B1", reaction="counter")) is None
    assert flow.state.units["B1"].status == "destroyed"
    assert flow.state.units["A1"].on_table
    assert not flow.state.windows
    assert roller.unused == []


def test_units_that_disembarked_this_round_cannot_fight() -> None:
    flow, _ = start(
        [
            unit("A1", "alpha", GRUNT, (10, 10), disembarked=True),
            unit("B1", "bravo", TARGET, (12, 10)),
        ],
        [],
    )
    result = fight(flow, "B1")
    assert isinstance(result, Rejection)
    assert "disembarked this round" in result.message
    assert result.rule == "004 Transport"


def test_units_leaving_an_open_transport_may_fight_unless_it_moved_twice() -> None:
    def setup(moves: int, faces: list[int]) -> tuple[Flow, ScriptedRoller]:
        return start(
            [
                unit("A1", "alpha", GRUNT, (10, 10), disembarked=True),
                unit("T1", "alpha", CARRIER, (10, 12.5), move_actions=moves),
                unit("B1", "bravo", TARGET, (10.98, 10)),
            ],
            faces,
        )

    flow, roller = setup(1, [2])
    assert fight(flow, "B1") is None
    assert "2 vs 5+" in said(flow, "A1 fights B1")
    assert roller.unused == []

    flow, _ = setup(2, [])
    result = fight(flow, "B1")
    assert isinstance(result, Rejection)
    assert "fewer than two" in result.message
    assert result.rule == "004 Open"


# -- orders and blessings -----------------------------------------------------------------------
def test_push_forward_extends_the_charge_and_is_used_up() -> None:
    flow, roller = start(
        [
            unit("A1", "alpha", GRUNT, (10, 10), push_forward=inches(2)),
            unit("B1", "bravo", TARGET, (18.48, 10)),
        ],
        [1],
    )
    assert fight(flow, "B1") is None
    assert 'Push forward +2"' in said(flow, "A1 charges B1")
    assert flow.state.units["A1"].push_forward == 0
    assert roller.unused == []


def test_strike_harder_rerolls_up_to_three_failed_dice_and_is_used_up() -> None:
    flow, roller = start(
        [
            unit("A1", "alpha", LANCER, (10, 10), 5, strike_harder=True),
            unit("B1", "bravo", TARGET, (10.98, 11), 3, columns=1, spacing=1),
        ],
        # five rolls at 5+ (no bonus), four fail; three re-rolled: 5 6 1; then Life rolls
        [1, 2, 3, 9, 4, 5, 6, 1, 9, 9, 9],
    )
    assert fight(flow, "B1") is None
    line = said(flow, "A1 fights B1")
    assert "1 2 3 9 4 vs 5+ · Strike harder! re-rolls 1 2 3 → 5 6 1" in line
    assert line.endswith("→ 3 hits")
    assert flow.state.units["A1"].strike_harder is False
    assert roller.unused == []


def test_war_blessing_heroic_figure_and_inexperience_modify_fight_rolls() -> None:
    flow, roller = start(
        [
            unit("A1", "alpha", GRUNT, (10, 10), blessing_active=True, heroic_figure=True),
            unit("B1", "bravo", TARGET, (10.98, 10)),
        ],
        [4, 9],
        advantages={"alpha": ("inexperienced",)},
    )
    assert fight(flow, "B1") is None
    line = said(flow, "A1 fights B1")
    assert "4 vs 4+ (+1 War Blessing, +1 heroic figure, -1 inexperienced) → 1 hit" in line
    assert roller.unused == []


def test_charging_a_close_formation_costs_one() -> None:
    flow, roller = start(
        [
            unit("A1", "alpha", GRUNT, (10, 10)),
            unit("B1", "bravo", TARGET, (13, 10), 4, columns=2, spacing=0.98),
        ],
        [5],
        options=WastelandOptions(mission="annihilation", battlefield="open", close_formations=True),
    )
    assert fight(flow, "B1") is None
    assert "5 vs 6+ (-1 close formation) → 0 hits" in said(flow, "A1 fights B1")
    assert roller.unused == []


# -- terrain ------------------------------------------------------------------------------------
RUBBLE = area("rubble", (11.5, 8), (1, 4), Terrain.DIFFICULT)


def test_difficult_terrain_shortens_the_charge() -> None:
    flow, _ = start(
        [unit("A1", "alpha", GRUNT, (10, 10)), unit("B1", "bravo", TARGET, (15.98, 10))],
        [],
        areas=(RUBBLE,),
    )
    result = fight(flow, "B1")
    assert isinstance(result, Rejection)
    assert result.message == (
        'B1 is 5" away; the charge reaches 4" (Move 6", difficult terrain -2").'
    )


def test_pathfinders_treat_difficult_terrain_as_clear() -> None:
    flow, roller = start(
        [unit("A1", "alpha", PATHFINDER, (10, 10)), unit("B1", "bravo", TARGET, (15.98, 10))],
        [1],
        areas=(RUBBLE,),
    )
    assert fight(flow, "B1") is None
    assert '(reach 6": Move 6", no bonus)' in said(flow, "A1 charges B1")
    assert roller.unused == []


def test_a_charge_through_difficult_terrain_within_reach_arrives() -> None:
    flow, roller = start(
        [unit("A1", "alpha", GRUNT, (10, 10)), unit("B1", "bravo", TARGET, (14.48, 10))],
        [1],
        areas=(RUBBLE,),
    )
    assert fight(flow, "B1") is None
    assert 'difficult terrain -2"' in said(flow, "A1 charges B1")
    assert "1 in base contact" in said(flow, "A1 charges B1")
    assert roller.unused == []


def test_pathbound_picks_the_dangerous_option_when_only_it_reaches() -> None:
    flow, roller = start(
        [unit("A1", "alpha", PATHBOUND, (10, 10)), unit("B1", "bravo", TARGET, (14.48, 10))],
        [3, 1],  # Dangerous Terrain 9: 3 is safe; Fight roll 1 misses
        areas=(RUBBLE,),
    )
    assert fight(flow, "B1") is None
    line = said(flow, "A1 charges B1")
    assert "Pathbound: treats the difficult terrain as Dangerous Terrain 9" in line
    assert "3 vs 9+ → 0 lost" in said(flow, "dangerous terrain")
    assert roller.unused == []


def test_dangerous_terrain_destroys_a_model_on_each_roll_of_x_or_more() -> None:
    mines = area("mines", (11.2, 8), (1, 6), Terrain.DANGEROUS, dangerous=7)
    flow, roller = start(
        [
            unit("A1", "alpha", GRUNT, (10, 10), 2, columns=1, spacing=1.5),
            unit("B1", "bravo", TARGET, (14, 10.75)),
        ],
        [8, 2, 1],  # one roll of 7+: a model falls; the survivor's Fight roll misses
        areas=(mines,),
    )
    assert fight(flow, "B1") is None
    assert "8 2 vs 7+ → 1 lost" in said(flow, "A1 dangerous terrain")
    # the model out of base contact is the one given up
    assert [m.id for m in flow.state.units["A1"].living] == ["A1.1"]
    assert "1 vs 5+" in said(flow, "A1 fights B1")
    assert roller.unused == []


def test_areas_made_dangerous_in_play_and_earthquakes_take_their_toll() -> None:
    flow, roller = start(
        [
            unit("A1", "alpha", GRUNT, (10, 10), 2, columns=1, spacing=1.5),
            unit("B1", "bravo", TARGET, (14, 10.75)),
        ],
        [8, 7, 1],  # both roll 8+ for the earthquake: the 8 kills, the 7 does not
        event_this_round="earthquake",
    )
    assert fight(flow, "B1") is None
    assert "8 7 vs 8+ → 1 lost" in said(flow, "A1 dangerous terrain")
    assert roller.unused == []

    trap = area("ruin", (11.2, 8), (1, 6), Terrain.COVER)
    flow, roller = start(
        [unit("A1", "alpha", GRUNT, (10, 10)), unit("B1", "bravo", TARGET, (14, 10))],
        [6, 1],
        areas=(trap,),
        dangerous_areas={"ruin": 6},
    )
    assert fight(flow, "B1") is None
    assert flow.state.units["A1"].status == "destroyed"
    assert "6 vs 6+ → 1 lost" in said(flow, "A1 dangerous terrain")
    assert roller.unused == [1]


def test_charging_more_than_five_inches_in_the_dark_is_dangerous() -> None:
    flow, roller = start(
        [unit("A1", "alpha", GRUNT, (10, 10)), unit("B1", "bravo", TARGET, (16.48, 10))],
        [4, 1],
        condition="dark",
    )
    assert fight(flow, "B1") is None
    assert "4 vs 9+ → 0 lost" in said(flow, "A1 dangerous terrain")
    assert roller.unused == []


def test_jumpers_charge_straight_over_walls() -> None:
    flow, roller = start(
        [unit("A1", "alpha", JUMPER, (10, 10)), unit("B1", "bravo", TARGET, (14, 10))],
        [1],
        areas=(WALL,),
    )
    assert fight(flow, "B1") is None
    assert "1 in base contact" in said(flow, "A1 charges B1")
    assert roller.unused == []


# -- weapon rules in melee -----------------------------------------------------------------------
CLAWS = weapon("claws", range=None, hit=5, terrifying=1)
HORROR = profile("horror", weapons=("claws",))
MAUL = weapon("maul", range=None, hit=4, slow=True)
OGRE = profile("ogre", weapons=("maul", "knife"))


def test_terrifying_blows_make_the_target_withdraw_once_per_activation() -> None:
    state = battle(
        [unit("A1", "alpha", HORROR, (10, 10)), unit("B1", "bravo", TARGET, (10.98, 10), 2)],
        [HORROR, TARGET],
        (RIFLE, KNIFE, CLAWS),
        active="A1",
    )
    roller = ScriptedRoller([6, 9, 3])  # hit; Life 9 holds; Will 3 vs 7+ fails
    flow = Flow(state, roller, Catalog())
    assert fight(flow, "B1") is None
    assert "fails against Terrifying blows: 3 vs 7+ ✗ (-1)" in said(flow, "B1 fails")
    assert not tb.in_contact(flow.state, flow.state.units["A1"], flow.state.units["B1"])
    assert flow.state.units["B1"].markers == 1
    assert flow.state.active is not None and flow.state.active.terror_used
    assert roller.unused == []


def test_a_slow_melee_weapon_strikes_once_per_round() -> None:
    state = battle(
        [unit("A1", "alpha", OGRE, (10, 10)), unit("B1", "bravo", TARGET, (10.98, 10))],
        [OGRE, TARGET],
        (RIFLE, KNIFE, MAUL),
        active="A1",
    )
    roller = ScriptedRoller([1, 1])
    flow = Flow(state, roller, Catalog())
    assert fight(flow, "B1") is None
    assert "with Maul ×1" in said(flow, "A1 fights B1")
    assert flow.state.units["A1"].slow_fired == ("maul",)
    assert fight(flow, "B1") is None
    assert "with Knife ×1" in said(flow, "A1 fights B1 with Knife")
    assert roller.unused == []


def test_mud_makes_every_charge_difficult() -> None:
    flow, _ = start(
        [unit("A1", "alpha", GRUNT, (10, 10)), unit("B1", "bravo", TARGET, (15.98, 10))],
        [],
        condition="muddy",
    )
    result = fight(flow, "B1")
    assert isinstance(result, Rejection)
    assert result.message == 'B1 is 5" away; the charge reaches 4" (Move 6", mud -2").'


def test_a_model_strikes_the_closer_of_two_target_units() -> None:
    flow, roller = start(
        [
            unit("A1", "alpha", LANCER, (10, 10), 3, spacing=2.5, immobile=True),
            unit("B1", "bravo", TARGET, (10, 10.98)),
            unit("B2", "bravo", TARGET, (13.5, 10.98), 2),
        ],
        [1, 1, 2],  # A1.1 at B1; A1.2 (nearer B2's models) and A1.3 at B2
    )
    assert fight(flow, "B1", "B2") is None
    assert "×1: 1 vs 5+" in said(flow, "A1 fights B1 with Knife")
    assert "×2: 1 2 vs 5+" in said(flow, "A1 fights B2 with Knife")
    assert roller.unused == []


ARMOURED = profile(
    "armoured", weapons=("ram", "knife"), vehicle=True, tough=3, base_mm=60, height="tall"
)


def test_a_vehicle_strikes_with_as_many_weapons_as_it_has_wounds() -> None:
    def setup(wounds: int, faces: list[int]) -> tuple[Flow, ScriptedRoller]:
        tank = unit("A1", "alpha", ARMOURED, (10, 10))
        tank = tank.model_copy(
            update={"models": (tank.models[0].model_copy(update={"wounds": wounds}),)}
        )
        state = battle(
            [tank, unit("B1", "bravo", TARGET, (11.67, 10))],
            [ARMOURED, TARGET],
            WEAPONS,
            active="A1",
        )
        roller = ScriptedRoller(faces)
        return Flow(state, roller, Catalog()), roller

    flow, roller = setup(3, [1, 1])
    assert fight(flow, "B1") is None
    assert "with Ram ×1" in said(flow, "A1 fights B1 with Ram")
    assert "with Knife ×1" in said(flow, "A1 fights B1 with Knife")
    assert roller.unused == []

    flow, roller = setup(1, [1])
    assert fight(flow, "B1") is None
    assert "with Ram ×1" in said(flow, "A1 fights B1 with Ram")
    assert not [t for t in reports(flow) if "with Knife" in t]
    assert roller.unused == []


def test_a_charge_whose_bases_only_touch_dangerous_terrain_rolls_for_it() -> None:
    # the charging base's edge runs along the minefield's edge: base contact, no overlap
    mines = area("mines", (11, 10.49), (1, 3), Terrain.DANGEROUS, dangerous=7)
    flow, roller = start(
        [unit("A1", "alpha", GRUNT, (10, 10)), unit("B1", "bravo", TARGET, (14, 10))],
        [2, 1],  # Dangerous Terrain 7: 2 is safe; the Fight roll misses
        areas=(mines,),
    )
    assert fight(flow, "B1") is None
    assert "2 vs 7+ → 0 lost" in said(flow, "A1 dangerous terrain")
    assert roller.unused == []
