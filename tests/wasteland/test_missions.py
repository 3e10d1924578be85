"""Every mission's victory condition, Interact (slow and steady, go for broke), scoring
units, zones and objectives."""

from __future__ import annotations

from rules.core.actions import Action
from rules.core.events import GameEnded
from rules.geometry.pieces import Table
from rules.geometry.units import inches
from rules.wasteland.actions import Interact, Move
from rules.wasteland.content.catalog import Catalog
from rules.wasteland.flow import Flow
from rules.wasteland.missions import (
    check_victory,
    end_of_round,
    objectives_for,
    time_up,
    zones_for,
)
from rules.wasteland.play import decide_battle
from rules.wasteland.state import Objective, WastelandState, WUnit
from tests.scripted_dice import ScriptedRoller
from tests.wasteland.builders import battle, profile, unit

GRUNT = profile("grunt")
CHIEF = profile("chief", type="command", leadership=1)
TABLE = Table()


def mission_state(
    mission: str,
    units: list[WUnit],
    *,
    defender: str | None = None,
    active: str | None = None,
    **updates: object,
) -> WastelandState:
    zones = zones_for(mission, ("alpha", "bravo"), defender, TABLE)
    objectives = objectives_for(mission, ("alpha", "bravo"), defender, TABLE, zones)
    state = battle(units, [GRUNT, CHIEF], active=active)
    return state.model_copy(
        update={
            "mission": mission,
            "defender": defender,
            "zones": zones,
            "objectives": objectives,
            **updates,
        }
    )


def ended(flow: Flow) -> GameEnded | None:
    return next((e for e in flow.events if isinstance(e, GameEnded)), None)


def at_objective(objective: Objective) -> tuple[float, float]:
    """Where a single 25 mm base touches the objective's left edge."""
    return ((objective.x - objective.radius) / 100 - 0.5, objective.y / 100)


def interact(state: WastelandState, action: Action, dice: list[int]) -> Flow:
    roller = ScriptedRoller(dice)
    flow = Flow(state, roller, Catalog())
    assert decide_battle(flow, "alpha", action) is None
    assert roller.unused == []
    return flow


def test_critical_objective_go_for_broke_scores_and_five_wins() -> None:
    probe = mission_state("critical_objective", [unit("B1", "bravo", GRUNT, (60, 44))])
    spot = at_objective(probe.objectives[0])
    units = [unit("A1", "alpha", GRUNT, spot), unit("B1", "bravo", GRUNT, (60, 44))]
    state = mission_state("critical_objective", units, active="A1", scores={"alpha": 4, "bravo": 0})
    failed = interact(state, Interact(objective="o1"), [5])
    assert failed.state.scores["alpha"] == 4 and ended(failed) is None
    flow = interact(state, Interact(objective="o1"), [6])
    game_over = ended(flow)
    assert game_over is not None and game_over.winners == ("alpha",)


def test_slow_and_steady_makes_the_second_interact_succeed_and_can_cut_a_score() -> None:
    probe = mission_state("reinforcements", [unit("B1", "bravo", GRUNT, (60, 44))])
    comms = probe.objectives[0]
    units = [unit("A1", "alpha", GRUNT, at_objective(comms)), unit("B1", "bravo", GRUNT, (60, 44))]
    state = mission_state("reinforcements", units, active="A1", scores={"alpha": 0, "bravo": 5})
    flow = interact(state, Interact(objective=comms.id, mode="steady"), [])
    assert flow.state.active is not None and flow.state.active.steady
    roller = ScriptedRoller([])
    second = Flow(flow.state, roller, Catalog())
    assert decide_battle(second, "alpha", Interact(objective=comms.id, against="bravo")) is None
    assert second.state.scores == {"alpha": 0, "bravo": 3}


def test_interact_needs_a_scoring_unit_in_base_contact() -> None:
    units = [unit("A1", "alpha", GRUNT, (10, 10)), unit("B1", "bravo", GRUNT, (60, 44))]
    state = mission_state("critical_objective", units, active="A1")
    flow = Flow(state, ScriptedRoller([]), Catalog())
    problem = decide_battle(flow, "alpha", Interact(objective="o1"))
    assert problem is not None and "is not in base contact with The objective" in problem.message
    marked = state.units["A1"].model_copy(update={"markers": 1})
    flow = Flow(
        state.model_copy(update={"units": {**state.units, "A1": marked}}),
        ScriptedRoller([]),
        Catalog(),
    )
    problem = decide_battle(flow, "alpha", Interact(objective="o1"))
    assert problem is not None and "not a scoring unit" in problem.message


def test_landing_zone_obstacles_are_cleared_at_three_and_time_favours_the_defender() -> None:
    probe = mission_state("landing_zone", [unit("B1", "bravo", GRUNT, (60, 44))], defender="bravo")
    first = probe.objectives[0]
    units = [unit("A1", "alpha", GRUNT, at_objective(first)), unit("B1", "bravo", GRUNT, (60, 44))]
    state = mission_state("landing_zone", units, defender="bravo", active="A1")
    state = state.model_copy(
        update={
            "objectives": (
                first.model_copy(update={"score": 2}),
                *(o.model_copy(update={"removed": True}) for o in state.objectives[1:]),
            )
        }
    )
    flow = interact(state, Interact(objective=first.id), [9])
    assert flow.state.objectives[0].removed
    game_over = ended(flow)
    assert game_over is not None and game_over.winners == ("alpha",)
    late = Flow(state, ScriptedRoller([]), Catalog())
    time_up(late)
    assert (ended(late) or GameEnded(reason="")).winners == ("bravo",)


def test_hold_is_lost_when_the_score_falls_below_zero() -> None:
    probe = mission_state("hold", [unit("B1", "bravo", GRUNT, (60, 44))], defender="bravo")
    target = probe.objectives[0]
    units = [unit("A1", "alpha", GRUNT, at_objective(target)), unit("B1", "bravo", GRUNT, (36, 22))]
    state = mission_state("hold", units, defender="bravo", active="A1")
    flow = interact(state, Interact(objective=target.id), [8])
    game_over = ended(flow)
    assert game_over is not None and game_over.winners == ("alpha",)


def test_salvage_markers_are_taken_at_two_and_three_win() -> None:
    probe = mission_state("salvage", [unit("B1", "bravo", GRUNT, (60, 44))])
    target = probe.objectives[0]
    taken = tuple(
        o.model_copy(update={"removed": True, "holder": "alpha"}) for o in probe.objectives[1:3]
    )
    units = [unit("A1", "alpha", GRUNT, at_objective(target)), unit("B1", "bravo", GRUNT, (60, 44))]
    state = mission_state("salvage", units, active="A1")
    state = state.model_copy(
        update={
            "objectives": (target.model_copy(update={"score": 1}), *taken, *state.objectives[3:])
        }
    )
    flow = interact(state, Interact(objective=target.id), [6])
    assert flow.state.objectives[0].holder == "alpha"
    game_over = ended(flow)
    assert game_over is not None and game_over.winners == ("alpha",)


def test_rescue_counters_are_turned_and_the_captive_escorted_home() -> None:
    probe = mission_state("rescue", [unit("B1", "bravo", GRUNT, (60, 44))])
    counter = probe.objectives[0]
    units = [
        unit("A1", "alpha", GRUNT, at_objective(counter)),
        unit("B1", "bravo", GRUNT, (60, 44)),
    ]
    numbers = {o.id: i + 1 for i, o in enumerate(probe.objectives)}
    state = mission_state("rescue", units, active="A1", counter_numbers=numbers, counter_key=1)
    flow = interact(state, Interact(objective=counter.id), [6])
    captive = flow.state.objectives[0]
    assert captive.holder == "alpha" and captive.revealed and captive.number == 1
    blank = mission_state("rescue", units, active="A1", counter_numbers=numbers, counter_key=7)
    flow = interact(blank, Interact(objective=counter.id), [6])
    assert flow.state.objectives[0].removed and flow.state.objectives[0].holder is None


def test_blitz_attackers_win_with_three_scoring_units_in_the_defenders_zone() -> None:
    attackers = [unit(f"A{i}", "alpha", GRUNT, (10 + 10 * i, 3)) for i in range(1, 4)]
    state = mission_state(
        "blitz", [*attackers, unit("B1", "bravo", GRUNT, (36, 30))], defender="bravo"
    )
    # the defender deploys along the top edge: the attackers stand inside its zone
    flow = Flow(state, ScriptedRoller([]), Catalog())
    end_of_round(flow)
    game_over = ended(flow)
    assert game_over is not None and game_over.winners == ("alpha",)
    gone = {u.id: u.model_copy(update={"status": "destroyed"}) for u in attackers}
    flow = Flow(
        state.model_copy(update={"units": {**state.units, **gone}}), ScriptedRoller([]), Catalog()
    )
    check_victory(flow)
    game_over = ended(flow)
    assert game_over is not None and game_over.winners == ("bravo",)


def test_ambush_defender_escapes_off_an_open_edge() -> None:
    state = mission_state(
        "ambush",
        [unit("A1", "alpha", GRUNT, (40, 20)), unit("B1", "bravo", GRUNT, (69.5, 30))],
        defender="bravo",
        active="B1",
    )
    state = state.model_copy(update={"turn": "bravo"})
    roller = ScriptedRoller([])
    flow = Flow(state, roller, Catalog())
    assert decide_battle(flow, "bravo", Move(by=(inches(2), 0))) is None
    assert flow.state.units["B1"].status == "evacuated"
    check_victory(flow)
    game_over = ended(flow)
    assert game_over is not None and game_over.winners == ("bravo",)


def test_total_annihilation_and_evacuation_are_decided_on_points() -> None:
    units = [
        unit("A1", "alpha", GRUNT, (10, 5), 3),
        unit("B1", "bravo", GRUNT, (10, 40), 2, status="destroyed"),
    ]
    state = mission_state("annihilation", units)
    flow = Flow(state, ScriptedRoller([]), Catalog())
    time_up(flow)
    game_over = ended(flow)
    assert game_over is not None and game_over.winners == ("alpha",)
    assert flow.state.scores == {"alpha": 20, "bravo": -20}


def test_a_side_with_nothing_left_loses_at_once() -> None:
    units = [
        unit("A1", "alpha", CHIEF, (10, 5)),
        unit("B1", "bravo", GRUNT, (10, 40), status="destroyed"),
    ]
    state = mission_state("critical_objective", units)
    flow = Flow(state, ScriptedRoller([]), Catalog())
    check_victory(flow)
    game_over = ended(flow)
    assert game_over is not None and game_over.winners == ("alpha",)


def test_zones_for_four_players_and_the_ambush_corridor() -> None:
    four = zones_for("salvage", ("alpha", "bravo", "charlie", "delta"), None, TABLE)
    assert [z.seat for z in four] == ["alpha", "bravo", "charlie", "delta"]
    ambush = zones_for("ambush", ("alpha", "bravo"), "alpha", TABLE)
    assert ambush[0].seat == "alpha" and ambush[1].seat == "bravo"
    xs = [p[0] for p in ambush[1].points]
    assert max(xs) == TABLE.width  # the attackers hold the far side of the table
