"""The Advanced Rules chapter (004): advantages and disadvantages, handicap, battlefield
conditions, random battle events, crippling damage and buildings."""

from __future__ import annotations

from typing import Any

import pytest

from rules.geometry.pieces import Height, Terrain
from rules.wasteland import advanced, battle_events
from rules.wasteland.attacks import Strike, strike
from rules.wasteland.checks import will_modifier
from rules.wasteland.content.catalog import Catalog
from rules.wasteland.events import RoundEvent, SettingsSet
from rules.wasteland.flow import Flow
from rules.wasteland.options import WastelandOptions
from rules.wasteland.orders import leadership_of
from rules.wasteland.rounds import leadership
from rules.wasteland.state import WastelandState
from tests.scripted_dice import ScriptedRoller
from tests.wasteland.builders import KNIFE, RIFLE, area, battle, profile, reports, unit, weapon

OFFICER = profile("officer", type="command", leadership=2)
CAPTAIN = profile("captain", type="command", leadership=1, tough=3)
TROOPER = profile("trooper")
CANNON = weapon("cannon", range=36, hit=5, damage=3, deadly=2)
TANK = profile(
    "tank", type="heavy", move=8, life=3, tough=6, vehicle=True, weapons=("cannon", "rifle")
)
BUGGY = profile("buggy", type="fast", move=12, life=5, tough=3, vehicle=True)
BOOMER = profile("boomer", type="heavy", move=6, life=3, tough=6, vehicle=6, weapons=("cannon",))
PROFILES = [OFFICER, CAPTAIN, TROOPER, TANK, BUGGY, BOOMER]
WEAPONS = [RIFLE, KNIFE, CANNON]


def run(state: WastelandState, dice: list[int]) -> tuple[Flow, ScriptedRoller]:
    roller = ScriptedRoller(dice)
    return Flow(state, roller, Catalog()), roller


def armies(**options: Any) -> WastelandState:
    units = [
        unit("A1", "alpha", OFFICER, (10, 10)),
        unit("A2", "alpha", TROOPER, (14, 10), 3),
        unit("A3", "alpha", TROOPER, (20, 10), 2),
        unit("B1", "bravo", OFFICER, (10, 40)),
        unit("B2", "bravo", TROOPER, (14, 40), 3),
    ]
    chosen = WastelandOptions(mission="annihilation", battlefield="open", **options)
    return battle(units, PROFILES, WEAPONS, options=chosen)


# -- advantages and disadvantages -----------------------------------------------------------
def test_heroic_figure_and_exhausted() -> None:
    # alpha rolls 3 (heroic) then 1 (exhausted); bravo rolls 2: nothing at all
    flow, roller = run(armies(advantages=True), [3, 1, 2])
    advanced.roll_settings(flow)
    state = flow.state
    assert state.advantages == {"alpha": ("heroic", "exhausted"), "bravo": ()}
    assert state.condition == "normal"
    a1 = state.units["A1"]
    assert a1.heroic_figure is True
    assert a1.models[0].wounds == 2  # a single model: Tough 0 + 2
    assert leadership(state, "alpha") == 3
    assert leadership_of(state, a1) == 3
    assert advanced.move_of(state, state.units["A2"]) == 5
    assert advanced.move_of(state, state.units["B2"]) == 6
    assert will_modifier(state, state.units["A2"]) == -1
    assert any(isinstance(e, SettingsSet) for e in flow.events)
    assert "Bravo advantage roll 2: no advantages (and no disadvantages)." in reports(flow)
    assert roller.unused == []


def test_heroic_figure_on_a_tough_command_unit_with_the_best_leadership() -> None:
    units = [
        unit("A1", "alpha", CAPTAIN, (10, 10)),
        unit("A2", "alpha", OFFICER, (14, 10)),
    ]
    state = battle(units, PROFILES, WEAPONS, options=WastelandOptions(handicap="alpha:+heroic"))
    flow, roller = run(state, [])
    advanced.roll_settings(flow)
    assert flow.state.units["A2"].heroic_figure is True
    assert flow.state.units["A1"].heroic_figure is False
    captain = unit("A1", "alpha", CAPTAIN, (10, 10))
    flow, roller = run(
        battle([captain], PROFILES, WEAPONS, options=WastelandOptions(handicap="alpha:+heroic")),
        [],
    )
    advanced.roll_settings(flow)
    assert flow.state.units["A1"].models[0].wounds == 5  # Tough 3 + 2
    assert roller.unused == []


def test_heroic_single_model_takes_two_failed_life_rolls() -> None:
    flow, roller = run(armies(handicap="alpha:+heroic"), [1])
    advanced.roll_settings(flow)
    strike(flow, Strike(target="A1", weapon=RIFLE, hits=1, kind="shoot", source="B2"))
    assert flow.state.units["A1"].on_table
    assert flow.state.units["A1"].models[0].wounds == 1
    assert roller.unused == []


@pytest.mark.parametrize(
    ("advantage_roll", "key"),
    [
        (4, "intel"),
        (5, "equipment"),
        (6, "equipment"),
        (9, "reinforcements"),
        (10, "reinforcements"),
    ],
)
def test_advantages_recorded(advantage_roll: int, key: str) -> None:
    flow, roller = run(armies(advantages=True), [advantage_roll, 3, 1])
    advanced.roll_settings(flow)
    assert flow.state.advantages["alpha"] == (key, "low_ammo")
    assert roller.unused == []


def test_grizzled_veterans_are_stubborn() -> None:
    flow, roller = run(armies(advantages=True), [1, 7, 9])
    advanced.roll_settings(flow)
    assert flow.state.advantages["bravo"] == ("veterans", "inexperienced")
    assert flow.state.units["B2"].rules_extra == ("stubborn",)
    assert flow.state.units["A2"].rules_extra == ()
    assert roller.unused == []


@pytest.mark.parametrize(
    ("roll", "key"),
    [
        (1, "exhausted"),
        (2, "exhausted"),
        (3, "low_ammo"),
        (4, "low_ammo"),
        (5, "terrible_commander"),
        (6, "terrible_commander"),
        (9, "inexperienced"),
        (10, "inexperienced"),
    ],
)
def test_disadvantages_recorded(roll: int, key: str) -> None:
    flow, roller = run(armies(advantages=True), [4, roll, 2])
    advanced.roll_settings(flow)
    assert flow.state.advantages["alpha"] == ("intel", key)
    assert roller.unused == []


def test_terrible_commander_zeroes_the_best_leadership() -> None:
    flow, roller = run(armies(handicap="alpha:terrible_commander"), [])
    advanced.roll_settings(flow)
    assert leadership(flow.state, "alpha") == 0
    assert leadership_of(flow.state, flow.state.units["A1"]) == 0
    assert roller.unused == []


def test_desertion_rolls_in_id_order_until_a_one() -> None:
    # alpha: 4 intel, 7 desertion; bravo: 2; then A1 5, A2 3, A3 6, A1 1 → A1 deserts
    flow, roller = run(armies(advantages=True), [4, 7, 2, 5, 3, 6, 1])
    advanced.roll_settings(flow)
    assert flow.state.units["A1"].status == "deserted"
    assert [u.status for u in flow.state.units.values() if u.id != "A1"] == ["table"] * 4
    assert "Desertion (A1 5, A2 3, A3 6, A1 1): A1 Officer has deserted." in reports(flow)
    assert roller.unused == []


def test_handicap_without_rolls() -> None:
    flow, roller = run(armies(handicap="alpha:exhausted, bravo:+veterans"), [])
    advanced.roll_settings(flow)
    assert flow.state.advantages == {"alpha": ("exhausted",), "bravo": ("veterans",)}
    assert flow.state.units["B1"].rules_extra == ("stubborn",)
    assert roller.unused == []


def test_parse_handicap() -> None:
    seats = ("alpha", "bravo")
    assert advanced.parse_handicap("", seats) == {}
    assert advanced.parse_handicap("alpha:exhausted,alpha:low-ammo,bravo:+intel", seats) == {
        "alpha": ("exhausted", "low_ammo"),
        "bravo": ("intel",),
    }
    assert advanced.parse_handicap("charlie:exhausted", seats) == (
        "Handicap 'charlie:exhausted': 'charlie' is not a seat in this game (alpha, bravo)."
    )
    unknown = advanced.parse_handicap("alpha:lucky", seats)
    assert isinstance(unknown, str) and unknown.startswith(
        "Handicap 'alpha:lucky': unknown 'lucky'"
    )
    assert advanced.parse_handicap("bravo:veterans", seats) == (
        "Handicap 'bravo:veterans': veterans is an advantage; write bravo:+veterans."
    )
    assert advanced.parse_handicap("alpha:+exhausted", seats) == (
        "Handicap 'alpha:+exhausted': exhausted is a disadvantage; write alpha:exhausted (no +)."
    )
    malformed = advanced.parse_handicap("alpha exhausted", seats)
    assert isinstance(malformed, str) and "seat:disadvantage or seat:+advantage" in malformed


# -- battlefield conditions -------------------------------------------------------------------
@pytest.mark.parametrize(
    ("roll", "key"),
    [
        (1, "normal"),
        (4, "normal"),
        (5, "dark"),
        (6, "muddy"),
        (7, "rainy"),
        (8, "haunted"),
        (9, "corrosive"),
        (10, "dangerous_ground"),
    ],
)
def test_random_condition(roll: int, key: str) -> None:
    flow, roller = run(armies(conditions="random"), [roll])
    advanced.roll_settings(flow)
    assert flow.state.condition == key
    assert roller.unused == []


@pytest.mark.parametrize(
    ("chosen", "key"), [("none", "normal"), ("haunted", "haunted"), ("rainy", "rainy")]
)
def test_chosen_condition(chosen: str, key: str) -> None:
    flow, roller = run(armies(conditions=chosen), [])
    advanced.roll_settings(flow)
    assert flow.state.condition == key
    assert roller.unused == []


def test_move_of_immobile_unit() -> None:
    state = armies()
    tank = unit("V1", "alpha", TANK, (30, 30), immobile=True)
    assert advanced.move_of(state.model_copy(update={"units": {"V1": tank}}), tank) == 0


# -- random battle events --------------------------------------------------------------------
def events_state(*extra: Any, areas: tuple[Any, ...] = ()) -> WastelandState:
    units = [
        unit("A1", "alpha", OFFICER, (10, 10)),
        unit("A2", "alpha", TROOPER, (14, 10), 2),
        unit("B1", "bravo", TROOPER, (10, 40), 2),
        *extra,
    ]
    return battle(
        units, PROFILES, WEAPONS, areas=areas, options=WastelandOptions(random_events=True)
    )


def round_events(flow: Flow) -> list[str]:
    return [e.event for e in flow.events if isinstance(e, RoundEvent)]


def test_no_event_below_nine() -> None:
    flow, roller = run(events_state(), [8])
    advanced.round_event(flow)
    assert round_events(flow) == []
    assert flow.state.event_this_round == ""
    assert roller.unused == []


def test_friendly_fire_picks_the_farthest_unit_and_its_closest_friend(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = events_state(
        unit("A3", "alpha", TROOPER, (40, 10), 2),
        unit("A4", "alpha", TROOPER, (40, 16), 2),
    )
    shots: list[tuple[str, str]] = []
    monkeypatch.setattr(
        battle_events, "resolve_friendly_fire", lambda flow, a, b: shots.append((a, b))
    )
    flow, roller = run(state, [9, 2])
    advanced.round_event(flow)
    assert round_events(flow) == ["friendly_fire"]
    assert shots == [("A4", "A3")]  # A4 is farthest from A1; A3 is its closest friend
    a4 = flow.state.units["A4"]
    assert a4.markers == 1 and a4.activated is True
    assert roller.unused == []


def test_breakdown_hits_the_slowest_vehicle() -> None:
    state = events_state(
        unit("V1", "alpha", TANK, (30, 20)),
        unit("V2", "alpha", BUGGY, (40, 20)),
    )
    flow, roller = run(state, [10, 3])
    advanced.round_event(flow)
    assert round_events(flow) == ["breakdown"]
    assert flow.state.units["V1"].immobile is True
    assert flow.state.units["V2"].immobile is False
    assert advanced.move_of(flow.state, flow.state.units["V1"]) == 0
    assert roller.unused == []


def test_events_that_do_not_apply_are_rolled_again() -> None:
    # no Vehicle: breakdown (4) does not apply; earthquake (6) does
    flow, roller = run(events_state(), [9, 4, 6])
    advanced.round_event(flow)
    assert round_events(flow) == ["earthquake"]
    assert flow.state.event_this_round == "earthquake"
    assert any("rolled again after 4 Breakdown" in t for t in reports(flow))
    assert roller.unused == []


def test_comms_down() -> None:
    flow, roller = run(events_state(), [9, 8])
    advanced.round_event(flow)
    assert flow.state.event_this_round == "comms_down"
    assert roller.unused == []


def test_its_a_trap_picks_the_enemy_in_the_largest_area() -> None:
    woods = area("woods", (5, 35), (12, 10), Terrain.CONCEALMENT)
    crater = area("crater", (28, 38), (4, 4), Terrain.DIFFICULT)
    state = events_state(unit("B2", "bravo", TROOPER, (30, 40)), areas=(woods, crater))
    flow, roller = run(state, [9, 9])
    advanced.round_event(flow)
    assert round_events(flow) == ["trap"]
    assert flow.state.dangerous_areas == {"woods": 6}
    assert "It's a trap! woods, where B1 stands, is Dangerous Terrain 6." in reports(flow)
    assert roller.unused == []


def test_trap_does_not_apply_without_an_enemy_in_terrain() -> None:
    flow, roller = run(events_state(), [9, 10, 9, 5])
    advanced.round_event(flow)
    # 10 and 9: a trap needs an enemy unit in a terrain area; 5: earthquake
    assert round_events(flow) == ["earthquake"]
    assert roller.unused == []


# -- crippling damage ------------------------------------------------------------------------
def crippling_state(*extra: Any) -> WastelandState:
    units = [unit("V1", "alpha", TANK, (30, 20)), unit("B1", "bravo", TROOPER, (30, 40)), *extra]
    return battle(units, PROFILES, WEAPONS, options=WastelandOptions(crippling=True))


@pytest.mark.parametrize(("roll", "wounds"), [(9, 2), (10, 1), (1, 2)])
def test_crippling_eleven_or_less_does_nothing(roll: int, wounds: int) -> None:
    flow, roller = run(crippling_state(), [roll])
    advanced.crippling(flow, "V1", wounds, "B1")
    v1 = flow.state.units["V1"]
    assert not v1.immobile and v1.broken_weapons == () and v1.on_table
    assert roller.unused == []


@pytest.mark.parametrize(("roll", "wounds"), [(10, 2), (10, 4)])
def test_crippling_twelve_to_fourteen_immobilizes(roll: int, wounds: int) -> None:
    flow, roller = run(crippling_state(), [roll])
    advanced.crippling(flow, "V1", wounds, "B1")
    assert flow.state.units["V1"].immobile is True
    assert roller.unused == []


@pytest.mark.parametrize(("roll", "wounds"), [(9, 6), (10, 7)])
def test_crippling_fifteen_to_seventeen_destroys_the_best_weapon(roll: int, wounds: int) -> None:
    flow, roller = run(crippling_state(), [roll])
    advanced.crippling(flow, "V1", wounds, "B1")
    assert flow.state.units["V1"].broken_weapons == ("cannon",)
    assert roller.unused == []


def test_crippling_second_weapon_then_none_left() -> None:
    flow, roller = run(crippling_state(), [9, 9, 9])
    for _ in range(3):
        advanced.crippling(flow, "V1", 6, "B1")
    assert flow.state.units["V1"].broken_weapons == ("cannon", "rifle")
    assert any("weapon destroyed, but it has none left" in t for t in reports(flow))
    assert roller.unused == []


def test_crippling_eighteen_explodes_with_a_ten() -> None:
    # Boomer (Vehicle 6) explodes automatically: B2 within 4" rolls Life at -1
    base = crippling_state(unit("B2", "bravo", TROOPER, (32, 20)))
    boomer = unit("V1", "alpha", BOOMER, (30, 20))
    state = base.model_copy(update={"units": {**base.units, "V1": boomer}})
    flow, roller = run(state, [10, 6])
    advanced.crippling(flow, "V1", 8, "B1")
    assert flow.state.units["V1"].status == "destroyed"
    assert flow.state.units["B2"].status == "destroyed"
    lines = reports(flow)
    assert any(t.startswith("V1 explodes (10 vs 6+)") for t in lines)
    assert roller.unused == []


def test_crippling_is_rolled_after_a_deadly_hit() -> None:
    flow, roller = run(crippling_state(), [1, 1, 10])  # Life 1 and 1: 4 wounds; 10 + 4 = 14
    strike(flow, Strike(target="V1", weapon=CANNON, hits=2, kind="shoot", source="B1"))
    v1 = flow.state.units["V1"]
    assert v1.models[0].wounds == 2
    assert v1.immobile is True
    assert any(t.startswith("V1 crippling damage: 10 + 4 wounds = 14") for t in reports(flow))
    assert roller.unused == []


# -- buildings -----------------------------------------------------------------------------
def test_building_profiles() -> None:
    light, heavy = advanced.building_profile("light"), advanced.building_profile("heavy")
    assert (light.life, heavy.life) == (5, 3)
    for building in (light, heavy):
        assert building.move == 0
        assert building.has("open") and building.has("vehicle")
        assert building.value("tough") == 10 and building.value("transport") == 10
    assert advanced.building_profile("heavy", capacity=20).value("transport") == 20


@pytest.mark.parametrize(
    ("kind", "screen"), [("heavy", Terrain.COVER), ("light", Terrain.CONCEALMENT)]
)
def test_building_becomes_ruins(kind: str, screen: Terrain) -> None:
    house = area("house", (20, 20), (6, 6), Terrain.BUILDING, height=Height.TALL)
    state = battle([unit("A1", "alpha", TROOPER, (5, 5))], PROFILES, WEAPONS, areas=(house,))
    flow, roller = run(state, [])
    advanced.building_ruined(flow, "house", kind)  # type: ignore[arg-type]
    areas = flow.state.table.areas
    assert len(areas) == 1
    ruins = areas[0]
    assert ruins.id == "house" and ruins.points == house.points
    assert ruins.has(Terrain.RUINS) and ruins.has(screen) and ruins.has(Terrain.DIFFICULT)
    assert not ruins.blocks_movement
    assert roller.unused == []
