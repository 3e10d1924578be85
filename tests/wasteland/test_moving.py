"""The Move Action: distances, terrain, refusals with measurements, breaking away,
embarking and disembarking."""

from __future__ import annotations

from rules.core.rejection import Rejection
from rules.geometry.pieces import Height, Terrain
from rules.geometry.units import inches
from rules.wasteland.actions import Move
from rules.wasteland.content.catalog import Catalog
from rules.wasteland.flow import Flow
from rules.wasteland.play import decide_battle
from rules.wasteland.state import WastelandState
from tests.scripted_dice import ScriptedRoller
from tests.wasteland.builders import area, battle, profile, reports, said, unit

GRUNT = profile("grunt")
TRUCK = profile("truck", weapons=("rifle",), vehicle=True, tough=3, transport=6, base_mm=60)


def run(
    state: WastelandState, action: Move, dice: list[int] | None = None
) -> tuple[Flow, Rejection | None]:
    roller = ScriptedRoller(dice or [])
    flow = Flow(state, roller, Catalog())
    problem = decide_battle(flow, "alpha", action)
    assert roller.unused == []
    return flow, problem


def lone(at: tuple[float, float], **kwargs: object) -> WastelandState:
    units = [unit("A1", "alpha", GRUNT, at), unit("B1", "bravo", GRUNT, (60, 40))]
    return battle(units, [GRUNT], active="A1", **kwargs)  # type: ignore[arg-type]


def test_a_move_within_reach_moves_the_models_and_spends_an_action() -> None:
    flow, problem = run(lone((10, 10)), Move(by=(inches(5), 0)))
    assert problem is None
    moved = flow.state.units["A1"].models[0]
    assert (moved.x, moved.y) == (inches(15), inches(10))
    assert flow.state.units["A1"].moved and flow.state.units["A1"].move_actions == 1
    assert flow.state.active is not None and flow.state.active.actions == 1


def test_a_move_too_long_is_refused_with_the_measured_distance() -> None:
    _, problem = run(lone((10, 10)), Move(by=(inches(7.4), 0)))
    assert problem is not None
    assert problem.message == 'A1.1 needs 7.4", Move is 6.0".'
    assert problem.rule == "004 Move"


def test_difficult_terrain_costs_two_inches_and_the_refusal_says_so() -> None:
    ruins = area("ruins", (14, 5), (4, 10), Terrain.DIFFICULT)
    _, problem = run(lone((10, 10), areas=(ruins,)), Move(by=(inches(5), 0)))
    assert problem is not None
    assert problem.message == 'A1.1 needs 7.0": 5.0" of ground, and ruins costs 2"; Move is 6.0".'
    flow, problem = run(lone((10, 10), areas=(ruins,)), Move(by=(inches(4), 0)))
    assert problem is None
    assert 'ruins costs 2"' in reports(flow)[-1]


def test_impassable_terrain_and_the_table_edge_refuse_the_move() -> None:
    wall = area("wall", (12, 0), (1, 20), Terrain.IMPASSABLE, height=Height.TALL)
    _, problem = run(lone((10, 10), areas=(wall,)), Move(by=(inches(5), 0)))
    assert problem is not None and "wall, which cannot be crossed" in problem.message
    _, problem = run(lone((2, 10)), Move(by=(inches(-5), 0)))
    assert problem is not None and "would leave the table" in problem.message


def test_a_move_may_not_end_in_base_contact_with_the_enemy() -> None:
    state = battle(
        [unit("A1", "alpha", GRUNT, (10, 10)), unit("B1", "bravo", GRUNT, (15, 10))],
        [GRUNT],
        active="A1",
    )
    reach = inches(5) - 2 * inches(0.49)  # centre to centre, minus both base radii
    _, problem = run(state, Move(by=(reach, 0)))
    assert problem is not None and "use Fight to charge" in problem.message


def test_leaving_base_contact_needs_a_will_roll_and_a_failure_wastes_the_move() -> None:
    state = battle(
        [unit("A1", "alpha", GRUNT, (10, 10)), unit("B1", "bravo", GRUNT, (10.98, 10))],
        [GRUNT],
        active="A1",
    )
    flow, problem = run(state, Move(by=(inches(-5), 0)), [3])
    assert problem is None
    assert flow.state.units["A1"].models[0].x == inches(10)
    assert "the Move is wasted" in reports(flow)[-1]
    flow, problem = run(state, Move(by=(inches(-5), 0)), [6])
    assert problem is None and flow.state.units["A1"].models[0].x == inches(5)


def test_dangerous_terrain_rolls_for_each_model_crossing_it() -> None:
    mines = area("mines", (12, 5), (2, 10), Terrain.DANGEROUS, dangerous=9)
    flow, problem = run(lone((10, 10), areas=(mines,)), Move(by=(inches(5), 0)), [9])
    assert problem is None
    assert flow.state.units["A1"].status == "destroyed"
    flow, _ = run(lone((10, 10), areas=(mines,)), Move(by=(inches(5), 0)), [8])
    assert flow.state.units["A1"].on_table


def test_a_multi_model_move_must_stay_coherent() -> None:
    state = battle(
        [unit("A1", "alpha", GRUNT, (10, 10), 3), unit("B1", "bravo", GRUNT, (60, 40))],
        [GRUNT],
        active="A1",
    )
    _, problem = run(state, Move(models={"A1.3": (inches(18), inches(10))}))
    assert problem is not None and "coherency" in problem.message


def test_embarking_and_disembarking_a_transport() -> None:
    state = battle(
        [
            unit("A1", "alpha", GRUNT, (10, 10), 2),
            unit("A2", "alpha", TRUCK, (14, 10)),
            unit("B1", "bravo", GRUNT, (60, 40)),
        ],
        [GRUNT, TRUCK],
        active="A1",
    )
    flow, problem = run(state, Move(embark="A2"))
    assert problem is None
    assert flow.state.units["A1"].status == "embarked"
    assert flow.state.units["A1"].embarked_in == "A2"
    aboard = flow.state.model_copy(
        update={"active": flow.state.active.model_copy(update={"actions": 2})}
    )  # type: ignore[union-attr]
    flow, problem = run(aboard, Move(disembark=(inches(30), inches(30))))
    assert problem is not None and 'disembarking models stay within 3"' in problem.message
    flow, problem = run(aboard, Move(disembark=(inches(14), inches(14))))
    assert problem is None
    landed = flow.state.units["A1"]
    assert landed.status == "table" and landed.disembarked and landed.embarked_in is None


def test_a_refused_move_adds_up_what_it_needs_with_the_terrain_cost() -> None:
    ruins = area("crater-east", (12, 5), (4, 10), Terrain.DIFFICULT)
    _, problem = run(lone((10, 10), areas=(ruins,)), Move(by=(inches(6), 0)))
    assert problem is not None
    assert problem.message.startswith('A1.1 needs 8.0": 6.0" of ground, and crater-east costs 2"')
    assert problem.message.endswith('Move is 6.0".')


def close_to_b2() -> WastelandState:
    units = [
        unit("A1", "alpha", GRUNT, (10, 10)),
        unit("B2", "bravo", GRUNT, (13, 14)),
    ]
    return battle(units, [GRUNT], active="A1")


def test_moving_toward_an_enemy_stops_short_of_its_models_and_says_where() -> None:
    flow, problem = run(close_to_b2(), Move(toward="B2"))
    assert problem is None, problem
    ours = flow.state.units["A1"].models
    theirs = flow.state.units["B2"].models
    gaps = [((a.x - b.x) ** 2 + (a.y - b.y) ** 2) ** 0.5 - 2 * 49 for a in ours for b in theirs]
    assert min(gaps) > 1  # not in base contact: a Move never ends touching an enemy
    assert ours[0].x > inches(10)  # it did move, as far as it could
    line = next(t for t in reports(flow) if "moves" in t)
    assert " to " in line and "stops short" in line, line


def test_moving_toward_stops_short_of_impassable_terrain() -> None:
    wall = area("wall", (14, 0), (1, 30), Terrain.IMPASSABLE)
    units = [unit("A1", "alpha", GRUNT, (10, 10)), unit("B2", "bravo", GRUNT, (20, 10))]
    flow, problem = run(battle(units, [GRUNT], active="A1", areas=(wall,)), Move(toward="B2"))
    assert problem is None, problem
    x = flow.state.units["A1"].models[0].x
    assert inches(10) < x < inches(14)
    assert "stops short" in next(t for t in reports(flow) if "moves" in t)


def test_every_move_line_gives_the_end_point() -> None:
    flow, problem = run(lone((10, 10)), Move(by=(inches(5), 0)))
    assert problem is None
    assert 'A1 moves 5.0" to 15.0,10.0.' in reports(flow)


def test_a_base_ending_over_dangerous_terrain_rolls_though_its_centre_stays_outside() -> None:
    # the centre stops 0.3" short of the minefield; the 25 mm base reaches into it
    mines = area("mines", (15.3, 5), (4, 10), Terrain.DANGEROUS, dangerous=9)
    flow, problem = run(lone((10, 10), areas=(mines,)), Move(by=(inches(5), 0)), dice=[9])
    assert problem is None
    assert said(flow, "dangerous ground") == "A1 crosses dangerous ground: 9 vs 9+ → 1 lost."


def test_a_base_only_touching_dangerous_terrain_rolls() -> None:
    mines = area("mines", (15.49, 5), (4, 10), Terrain.DANGEROUS, dangerous=9)
    flow, problem = run(lone((10, 10), areas=(mines,)), Move(by=(inches(5), 0)), dice=[3])
    assert problem is None
    assert "3 vs 9+" in said(flow, "dangerous ground")


def test_a_base_passing_alongside_dangerous_terrain_rolls() -> None:
    # the path runs 0.3" beside the area: centres never enter, the base sweeps over it
    mines = area("mines", (12, 10.3), (2, 4), Terrain.DANGEROUS, dangerous=9)
    flow, problem = run(lone((10, 10), areas=(mines,)), Move(by=(inches(5), 0)), dice=[2])
    assert problem is None
    assert "2 vs 9+" in said(flow, "dangerous ground")


def test_difficult_terrain_counts_when_only_the_base_goes_into_it() -> None:
    mud = area("mud", (15.3, 5), (4, 10), Terrain.DIFFICULT)
    _, problem = run(lone((10, 10), areas=(mud,)), Move(by=(inches(5), 0)))
    assert problem is not None
    assert problem.message == 'A1.1 needs 7.0": 5.0" of ground, and mud costs 2"; Move is 6.0".'
