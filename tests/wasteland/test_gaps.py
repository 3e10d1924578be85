"""Focus fire in the chat notation, shots offered to passengers of Open transports, Cast
Actions from them, the order of Life and destruction lines, and the points message."""

from __future__ import annotations

from typing import Any

from rules.core.events import GameEnded
from rules.geometry.pieces import Terrain
from rules.wasteland import actions as act
from rules.wasteland.content.catalog import Catalog
from rules.wasteland.flow import Flow
from rules.wasteland.missions import finish_on_points
from rules.wasteland.notation import VERBS, parse
from rules.wasteland.options import WastelandOptions
from rules.wasteland.play import decide_battle
from rules.wasteland.state import Fire, ReactionWindow, WastelandState
from tests.scripted_dice import ScriptedRoller
from tests.wasteland.builders import (
    KNIFE,
    OPEN_TRUCK,
    RIFLE,
    area,
    battle,
    legal,
    profile,
    reports,
    said,
    unit,
    weapon,
)

TROOPER = profile("trooper")
PISTOL = weapon("pistol", range=10, hit=5, assault=True)
RAIDER = profile("raider", weapons=("rifle", "pistol"))
SEER = profile("seer", caster=True, weapons=("rifle",))
BIKE = profile("bike", type="fast", vehicle=5, base_mm=40, weapons=("rifle",))
FOCUS = WastelandOptions(mission="annihilation", battlefield="open", partial_concealment=True)


def make(*units: Any, **updates: Any) -> WastelandState:
    return battle(
        list(units),
        [TROOPER, RAIDER, SEER, BIKE, OPEN_TRUCK],
        (RIFLE, KNIFE, PISTOL),
        **updates,
    )


def run(state: WastelandState, dice: list[int]) -> tuple[Flow, ScriptedRoller]:
    roller = ScriptedRoller(dice)
    return Flow(state, roller, Catalog()), roller


def read(state: WastelandState, text: str, seat: str = "alpha") -> Any:
    return parse(text, state, Catalog(), seat)


def decline(flow: Flow) -> None:
    while flow.state.windows:
        window = flow.state.windows[-1]
        assert isinstance(window, ReactionWindow)
        assert decide_battle(flow, window.seat, act.React(unit=window.unit)) is None


# -- 1. focus fire (004 Partially concealed units) ------------------------------------------
def brush_scene(shooter: Any, options: WastelandOptions = FOCUS) -> WastelandState:
    """B1's first three models stand in brush, its last two in the open."""
    brush = area("brush", (9, 29), (5, 2), Terrain.CONCEALMENT)
    b1 = unit("B1", "bravo", TROOPER, (10, 30), 5)
    return make(shooter, b1, areas=(brush,), active="A1", options=options)


def test_focus_is_part_of_the_shoot_notation_and_its_usage() -> None:
    state = brush_scene(unit("A1", "alpha", TROOPER, (10, 10), 5))
    assert read(state, "shoot B1 with rifle focus") == act.Shoot(
        fires=(Fire(target="B1", weapon="rifle"),), focus=True
    )
    assert read(state, "shoot B1 focus fire").focus is True
    assert read(state, "shoot B1 focused extend").extend is True
    assert read(state, "shoot B1").focus is False
    assert "[focus]" in VERBS.forms(["shoot"]) and "[focus]" in VERBS.forms(["move"])


def test_focused_fire_drops_the_concealment_penalty_and_hides_the_other_models() -> None:
    state = brush_scene(unit("A1", "alpha", TROOPER, (10, 10), 5))
    flow, roller = run(state, [9, 9, 9, 9, 9, 1, 1, 1, 1, 1])
    assert decide_battle(flow, "alpha", read(state, "shoot B1 with rifle focus")) is None
    decline(flow)
    assert said(flow, "A1 shoots").endswith("vs 5+ → 5 hits")
    assert said(flow, "B1 Life").endswith("→ 5 failed, 2 down")
    assert [m.id for m in flow.state.units["B1"].living] == ["B1.1", "B1.2", "B1.3"]
    assert roller.unused == []


def test_unfocused_fire_takes_the_concealment_penalty() -> None:
    state = brush_scene(unit("A1", "alpha", TROOPER, (10, 10), 5))
    flow, roller = run(state, [9, 9, 9, 9, 9, 1, 1, 1, 1, 1])
    assert decide_battle(flow, "alpha", read(state, "shoot B1 with rifle")) is None
    decline(flow)
    assert "vs 7+ (cover -2) → 5 hits" in said(flow, "A1 shoots")
    assert said(flow, "B1 Life").endswith("→ 5 failed, 5 down · destroyed")
    assert roller.unused == []


def test_focus_is_refused_without_the_advanced_rule() -> None:
    state = brush_scene(unit("A1", "alpha", TROOPER, (10, 10), 5), WastelandOptions())
    flow, roller = run(state, [])
    problem = decide_battle(flow, "alpha", read(state, "shoot B1 focus"))
    assert problem is not None
    assert problem.explain() == (
        "Focus fire is an advanced rule this game does not use. (004 Partially concealed units)"
    )
    assert roller.unused == []


def test_assault_fire_after_a_move_may_focus() -> None:
    state = brush_scene(unit("A1", "alpha", RAIDER, (10, 20), 3, spacing=1.0))
    action = read(state, "move by 0,1 then shoot B1 focus")
    assert isinstance(action, act.Move)
    assert action.focus is True and action.fire == (Fire(target="B1"),)
    flow, roller = run(state, [5, 5, 5, 1, 1, 1])
    assert decide_battle(flow, "alpha", action) is None
    decline(flow)
    assert said(flow, "A1 shoots").endswith("Pistol ×3: 5 5 5 vs 5+ → 3 hits")
    assert said(flow, "B1 Life").endswith("→ 3 failed, 2 down")
    assert roller.unused == []
    problem = read(state, "move by 0,1 then shoot B1 extend")
    assert "belong to a Shoot Action" in problem.message


# -- 4. passengers of Open transports -------------------------------------------------------
def truck_scene(**truck: Any) -> WastelandState:
    return make(
        unit("A5", "alpha", OPEN_TRUCK, (12, 10), **truck),
        unit("A1", "alpha", TROOPER, (0, 0), 2, status="embarked", embarked_in="A5"),
        unit("B1", "bravo", TROOPER, (10, 30), 5),
        active="A1",
    )


def test_passengers_of_an_open_transport_are_offered_their_shots() -> None:
    notations = [c.notation for c in legal(truck_scene(), Catalog(), "alpha")]
    assert "shoot B1 with rifle" in notations
    closed = OPEN_TRUCK.model_copy(
        update={"rules": tuple(r for r in OPEN_TRUCK.rules if r.kind != "open")}
    )
    state = truck_scene()
    state = state.model_copy(update={"profiles": {**state.profiles, "truck": closed}})
    assert not [c for c in legal(state, Catalog(), "alpha") if c.notation.startswith("shoot")]


def test_no_shots_from_an_open_transport_that_took_two_move_actions() -> None:
    state = truck_scene(move_actions=2, moved=True)
    assert not [c for c in legal(state, Catalog(), "alpha") if c.notation.startswith("shoot")]
    flow, roller = run(state, [])
    problem = decide_battle(flow, "alpha", read(state, "shoot B1"))
    assert problem is not None
    assert problem.explain() == (
        "A5 took two Move Actions this round, so A1 cannot shoot from it. (004 Open)"
    )
    assert roller.unused == []


def test_a_caster_aboard_an_open_transport_casts_from_it() -> None:
    state = make(
        unit("A5", "alpha", OPEN_TRUCK, (12, 10)),
        unit("A1", "alpha", SEER, (0, 0), 1, status="embarked", embarked_in="A5"),
        unit("B1", "bravo", TROOPER, (12, 25), 5),
        active="A1",
    )
    assert "cast fury at B1" in [c.notation for c in legal(state, Catalog(), "alpha")]
    flow, roller = run(state, [6, 1])
    assert decide_battle(flow, "alpha", read(state, "cast fury at B1")) is None
    assert "A1 Psychic Fury at B1: 6 vs 6+ → 1 hit" in reports(flow)
    assert said(flow, "B1 Life").endswith("→ 1 failed, 1 down")
    assert roller.unused == []


# -- 5. the Life line comes before the destruction it causes --------------------------------
def test_a_wiped_out_unit_is_destroyed_after_its_life_line() -> None:
    state = make(
        unit("A1", "alpha", TROOPER, (10, 10), 5),
        unit("B4", "bravo", TROOPER, (10, 30)),
        active="A1",
    )
    flow, roller = run(state, [9, 1, 1, 1, 1, 1])
    assert decide_battle(flow, "alpha", read(state, "shoot B4")) is None
    decline(flow)
    lines = reports(flow)
    life = lines.index("B4 Life 1 vs 6+ → 1 failed, 1 down · destroyed")
    assert lines.index("B4 Trooper is destroyed (wiped out).") == life + 1
    assert flow.state.units["B4"].status == "destroyed"
    assert roller.unused == []


def test_a_destroyed_vehicle_leaves_its_wreck_and_death_throes_after_the_life_line() -> None:
    state = make(
        unit("A1", "alpha", TROOPER, (10, 10), 5),
        unit("B1", "bravo", BIKE, (10, 30)),
        active="A1",
    )
    flow, roller = run(state, [9, 1, 1, 1, 1, 2, 3])  # shots, Life, death throes
    assert decide_battle(flow, "alpha", read(state, "shoot B1")) is None
    decline(flow)
    lines = reports(flow)
    order = [
        next(i for i, t in enumerate(lines) if t.startswith(prefix))
        for prefix in ("B1 Life", "B1 Bike is destroyed", "B1 death throes")
    ]
    assert order == sorted(order)
    assert "B1 death throes: 3 vs 5+, nothing happens." in lines
    assert any(a.id == "wreck-b1" for a in flow.state.table.areas)
    assert roller.unused == []


# -- 6. Total Annihilation points ----------------------------------------------------------
def test_annihilation_points_subtract_the_units_lost() -> None:
    state = make(
        unit("A1", "alpha", TROOPER, (10, 10), 5),
        unit("B1", "bravo", TROOPER, (10, 30), 5, status="destroyed"),
        unit("B2", "bravo", TROOPER, (30, 30), 2),
    )
    flow, roller = run(state, [])
    finish_on_points(flow, "time ran out")
    ended = [e for e in flow.events if isinstance(e, GameEnded)]
    assert ended[0].winners == ("alpha",)
    assert ended[0].reason == (
        "time ran out; points (enemy units destroyed minus own units lost): Alpha 50, Bravo -50"
    )
    assert flow.state.scores == {"alpha": 50, "bravo": -50}
    assert roller.unused == []
