"""Occupying buildings (004 Occupying buildings, Open, Transport): occupying with a Move,
shooting out of a building, shooting at it, Area Effect free attacks on its occupants, ruins,
leaving it, and the refusals."""

from __future__ import annotations

from typing import Any

from rules.core.actions import Action
from rules.core.rejection import Rejection
from rules.geometry.pieces import Height, Terrain
from rules.wasteland import actions as act
from rules.wasteland.content.catalog import Catalog
from rules.wasteland.flow import Flow
from rules.wasteland.missions import points_scores, scoring
from rules.wasteland.notation import parse
from rules.wasteland.options import WastelandOptions
from rules.wasteland.play import decide_battle
from rules.wasteland.profiles import profile_in_play
from rules.wasteland.state import Activation, Fire, ReactionWindow, WastelandState
from tests.scripted_dice import ScriptedRoller
from tests.wasteland.builders import KNIFE, RIFLE, area, battle, legal, profile, reports, said, unit
from tests.wasteland.builders import weapon as make_weapon

TROOPER = profile("trooper")
GRENADE = make_weapon("grenade", range=24, hit=5, area_effect=3)
BOMBER = profile("bomber", weapons=("grenade",))
OCCUPY = WastelandOptions(mission="annihilation", battlefield="open", occupy_buildings=True)
HOUSE = area("house", (20, 20), (6, 6), Terrain.BUILDING, height=Height.TALL)
BUNKER = area("bunker", (20, 20), (6, 6), Terrain.BUILDING, Terrain.COVER, height=Height.TALL)


def make(*units: Any, options: WastelandOptions = OCCUPY, house: Any = HOUSE, **kw: Any) -> Any:
    return battle(
        list(units),
        [TROOPER, BOMBER],
        (RIFLE, KNIFE, GRENADE),
        areas=(house,),
        options=options,
        **kw,
    )


def run(state: WastelandState, dice: list[int]) -> tuple[Flow, ScriptedRoller]:
    roller = ScriptedRoller(dice)
    return Flow(state, roller, Catalog()), roller


def read(state: WastelandState, text: str, seat: str) -> Action:
    action = parse(text, state, Catalog(), seat)
    assert not isinstance(action, Rejection), action
    return action


def act_as(state: WastelandState, unit_id: str) -> WastelandState:
    """The same position with ``unit_id`` activating (two Actions)."""
    seat = state.units[unit_id].seat
    active = Activation(unit=unit_id, seat=seat, actions=2)
    return state.model_copy(update={"active": active, "turn": seat})


def decline(flow: Flow) -> None:
    while flow.state.windows:
        window = flow.state.windows[-1]
        assert isinstance(window, ReactionWindow)
        assert decide_battle(flow, window.seat, act.React(unit=window.unit)) is None


def occupied(house: Any = HOUSE, **bravo: Any) -> WastelandState:
    """A1 (two troopers) has occupied the house; B1 stands south of it."""
    state = make(
        unit("A1", "alpha", TROOPER, (17, 22), 2),
        unit("B1", "bravo", bravo.pop("prof", TROOPER), (23, 35), bravo.pop("count", 5)),
        house=house,
        active="A1",
    )
    flow, roller = run(state, [])
    move = read(state, f"move embark {house.id}", "alpha")
    assert decide_battle(flow, "alpha", move) is None
    assert roller.unused == []
    return flow.state


def test_a_move_into_a_building_occupies_it() -> None:
    state = make(
        unit("A1", "alpha", TROOPER, (17, 22), 2),
        unit("B1", "bravo", TROOPER, (23, 35), 5),
        active="A1",
    )
    action = read(state, "move embark house", "alpha")
    assert action == act.Move(embark="house")
    assert read(state, "move occupy hou", "alpha") == act.Move(embark="house")
    flow, roller = run(state, [])
    assert decide_battle(flow, "alpha", action) is None
    a1, house = flow.state.units["A1"], flow.state.units["house"]
    assert (a1.status, a1.embarked_in) == ("embarked", "house")
    assert (house.seat, house.status, house.building) == ("alpha", "table", "house")
    profile = profile_in_play(flow.state, house)
    assert profile.life == 5 and profile.move == 0
    assert [profile.value(k) for k in ("open", "tough", "transport", "vehicle")] == [1, 10, 10, 1]
    assert house.models[0].wounds == 10
    assert "A1 occupies house." in reports(flow)
    assert flow.state.units_of("alpha") == [flow.state.units["A1"]]  # not one of alpha's units
    assert not scoring(flow.state, house)
    assert roller.unused == []
    choices = [c.notation for c in legal(state, Catalog(), "alpha")]
    assert "move embark house" in choices


def test_a_fortified_building_has_life_3() -> None:
    state = occupied(BUNKER)
    assert profile_in_play(state, state.units["bunker"]).life == 3


def test_occupying_is_refused_without_the_advanced_rule() -> None:
    state = make(
        unit("A1", "alpha", TROOPER, (17, 22), 2),
        unit("B1", "bravo", TROOPER, (23, 35), 5),
        options=WastelandOptions(mission="annihilation", battlefield="open"),
        active="A1",
    )
    flow, roller = run(state, [])
    problem = decide_battle(flow, "alpha", act.Move(embark="house"))
    assert problem is not None and problem.rule == "004 Buildings and Ruins"
    assert "impassable" in problem.message
    assert roller.unused == []


def test_occupants_shoot_from_the_building() -> None:
    state = act_as(occupied(), "A1")
    flow, roller = run(state, [5, 5, 1, 1])
    assert decide_battle(flow, "alpha", read(state, "shoot B1", "alpha")) is None
    decline(flow)
    assert "A1 shoots B1 with Rifle ×2: 5 5 vs 5+ → 2 hits" in reports(flow)
    assert len(flow.state.units["B1"].living) == 3
    assert roller.unused == []
    assert "shoot B1 with rifle" in [c.notation for c in legal(state, Catalog(), "alpha")]


def test_enemies_shoot_the_building_not_its_occupants() -> None:
    state = act_as(occupied(), "B1")
    flow, roller = run(state, [5, 5, 5, 1, 1, 1, 1, 9])
    assert decide_battle(flow, "bravo", read(state, "shoot house", "bravo")) is None
    assert flow.state.windows == ()  # a Vehicle makes no Reactions
    assert "B1 shoots house with Rifle ×5: 5 5 5 1 1 vs 5+ → 3 hits" in reports(flow)
    assert said(flow, "house Life").startswith("house Life 1 1 9 vs 5+ → 2 failed")
    assert flow.state.units["house"].models[0].wounds == 8
    assert len(flow.state.units["A1"].living) == 2
    assert roller.unused == []


def test_area_effect_is_deadly_against_the_building_and_strikes_its_occupants() -> None:
    state = act_as(occupied(prof=BOMBER, count=1), "B1")
    # shot at the house, its Life roll, the free attack on A1 and A1's two Life rolls
    flow, roller = run(state, [6, 1, 7, 1, 9])
    assert decide_battle(flow, "bravo", read(state, "shoot house", "bravo")) is None
    lines = reports(flow)
    assert "B1 shoots house with Grenade ×1: 6 vs 5+ → 1 hit" in lines
    assert said(flow, "house Life").startswith("house Life 1 vs 5+ → 1 failed")
    assert flow.state.units["house"].models[0].wounds == 8  # Deadly 2 against Open
    assert "B1 Grenade makes a free attack on A1 inside house (Open) ×1: 7 vs 5+ → 1 hit" in lines
    assert said(flow, "A1 Life").startswith("A1 Life 1 9 vs 6+ → 1 failed, 1 down")
    assert flow.state.units["A1"].status == "embarked"
    assert roller.unused == []


def test_a_destroyed_building_becomes_ruins_and_its_occupants_bail_out() -> None:
    state = act_as(occupied(), "B1")
    house = state.units["house"]
    worn = house.model_copy(update={"models": (house.models[0].model_copy(update={"wounds": 1}),)})
    state = state.model_copy(update={"units": {**state.units, "house": worn}})
    flow, roller = run(state, [5, 1, 1, 1, 1, 1])  # 1 hit and its Life roll
    assert decide_battle(flow, "bravo", act.Shoot(fires=(Fire(target="house"),))) is None
    lines = reports(flow)
    assert lines.index("house Light building house is destroyed (wiped out).") > lines.index(
        said(flow, "house Life")
    )
    assert "A1 bails out of the wreck." in lines
    assert "house collapses into ruins (concealment, difficult terrain)." in lines
    ruins = next(a for a in flow.state.table.areas if a.id == "house")
    assert Terrain.RUINS in ruins.classes and not ruins.has(Terrain.BUILDING)
    assert not any(a.id.startswith("wreck") for a in flow.state.table.areas)
    a1 = flow.state.units["A1"]
    assert a1.status == "table" and a1.markers == 1
    assert points_scores(flow.state) == {"alpha": 0, "bravo": 0}  # buildings are worth nothing
    assert roller.unused == []


def test_leaving_a_building_empties_it_and_anyone_may_occupy_it_next() -> None:
    state = act_as(occupied(), "A1")
    flow, roller = run(state, [])
    assert decide_battle(flow, "alpha", act.Move(disembark=(1850, 2300))) is None
    assert flow.state.units["A1"].status == "table"
    assert flow.state.units["house"].status == "reserve"
    assert "house stands empty." in reports(flow)
    empty = flow.state
    assert not [u for u in empty.enemies("bravo") if u.id == "house"]
    later = act_as(
        empty.model_copy(
            update={"units": {**empty.units, "B1": unit("B1", "bravo", TROOPER, (23, 29), 2)}}
        ),
        "B1",
    )
    flow, roller = run(later, [])
    move = read(later, "move embark house", "bravo")
    assert decide_battle(flow, "bravo", move) is None
    assert flow.state.units["house"].seat == "bravo"
    assert flow.state.units["B1"].embarked_in == "house"
    assert roller.unused == []


def test_an_enemy_cannot_join_the_occupants() -> None:
    state = occupied()
    b2 = unit("B2", "bravo", TROOPER, (23, 29), 2)
    state = act_as(state.model_copy(update={"units": {**state.units, "B2": b2}}), "B2")
    flow, roller = run(state, [])
    problem = decide_battle(flow, "bravo", act.Move(embark="house"))
    assert problem is not None
    assert problem.explain() == (
        "house is occupied by Alpha; only friendly models may join them. (004 Transport)"
    )
    assert roller.unused == []


def test_moving_into_a_building_points_to_occupying_it() -> None:
    state = make(
        unit("A1", "alpha", TROOPER, (17, 22), 2),
        unit("B1", "bravo", TROOPER, (23, 35), 5),
        active="A1",
    )
    flow, roller = run(state, [])
    problem = decide_battle(flow, "alpha", read(state, "move to 23,23", "alpha"))
    assert problem is not None
    assert problem.explain() == (
        "A1 cannot move into house: it is impassable; occupy it instead with"
        " `move embark house`. (004 Occupying buildings)"
    )
    assert roller.unused == []


def test_a_move_toward_something_beyond_a_building_stops_short_of_it() -> None:
    # impassable terrain stops a move toward something, buildings too (004 Move); the
    # move used to be refused outright with "cannot move into house"
    state = make(
        unit("A1", "alpha", TROOPER, (14, 23), 1),
        unit("B1", "bravo", TROOPER, (34, 23), 1),
        active="A1",
    )
    flow, _ = run(state, [])
    assert decide_battle(flow, "alpha", read(state, "move toward B1", "alpha")) is None
    a1 = flow.state.units["A1"].models[0]
    start = state.units["A1"].models[0]
    assert start.x < a1.x < 20 * 100  # closer, and still short of the house's west wall
    assert any("stops short" in line for line in reports(flow))
