"""The morale phase (004 Phase 3) and end-of-round Medic/Repair rolls."""

from __future__ import annotations

from rules.geometry.measure import in_contact, overlaps, within
from rules.geometry.units import inches
from rules.wasteland import table as tb
from rules.wasteland.content.catalog import Catalog
from rules.wasteland.flow import Flow
from rules.wasteland.medics import end_of_round
from rules.wasteland.morale import morale_phase
from rules.wasteland.state import Melee, WUnit
from tests.scripted_dice import ScriptedRoller
from tests.wasteland.builders import battle, profile, reports, said, unit

GRUNT = profile("grunt")
STUBBORN = profile("stubborn", stubborn=1)
FEARLESS = profile("fearless", fearless=True)
ENFORCER = profile("enforcer", price_of_failure=1)
TANK = profile("tank", weapons=("knife",), vehicle=True, tough=3, base_mm=60, height="tall")
MEDIC = profile("medic", medic=5)
TOUGH_MEDIC = profile("tough-medic", medic=6, tough=3)
MECHANIC = profile("mechanic", repair=4, vehicle=True, tough=3, base_mm=60, height="tall")
PROFILES = [GRUNT, STUBBORN, FEARLESS, ENFORCER, TANK, MEDIC, TOUGH_MEDIC, MECHANIC]


def start(units: list[WUnit], faces: list[int]) -> tuple[Flow, ScriptedRoller]:
    roller = ScriptedRoller(faces)
    return Flow(battle(units, PROFILES), roller, Catalog()), roller


def lost(u: WUnit, count: int) -> WUnit:
    """``u`` with its last ``count`` models destroyed."""
    keep = len(u.models) - count
    models = tuple(
        m if i < keep else m.model_copy(update={"wounds": 0}) for i, m in enumerate(u.models)
    )
    return u.model_copy(update={"models": models})


def where(flow: Flow, fragment: str) -> int:
    return next(i for i, t in enumerate(reports(flow)) if fragment in t)


# -- step 1 and 2 -------------------------------------------------------------------------------
def test_a_passed_will_roll_removes_one_marker() -> None:
    flow, roller = start(
        [
            unit("B1", "bravo", GRUNT, (10, 10), markers=2),
            unit("B2", "bravo", GRUNT, (30, 10), markers=1),
        ],
        [5, 4],  # Will 6+ with +1 for having markers: 5 passes, 4 fails
    )
    morale_phase(flow)
    assert flow.state.units["B1"].markers == 1
    assert flow.state.units["B2"].markers == 1
    assert said(flow, "B1 rallies") == "B1 rallies: Will 5 vs 5+ ✓ → 1 marker(s) left."
    assert said(flow, "B2 rallies") == "B2 rallies: Will 4 vs 5+ ✗ → keeps 1 marker(s)."
    assert roller.unused == []


def test_three_markers_after_the_rally_destroy_the_unit_unless_stubborn() -> None:
    flow, roller = start(
        [
            unit("B1", "bravo", GRUNT, (10, 10), markers=4),
            unit("B2", "bravo", STUBBORN, (30, 10), markers=3),
            unit("B3", "bravo", GRUNT, (50, 10), markers=3),
        ],
        [5, 2, 6],  # B1 drops to 3; B2 keeps 3 (counts 2); B3 drops to 2
    )
    morale_phase(flow)
    assert flow.state.units["B1"].status == "destroyed"
    assert "3 Suppression markers: it breaks and flees" in said(flow, "B1 Grunt is destroyed")
    assert flow.state.units["B2"].on_table and flow.state.units["B2"].markers == 3
    assert said(flow, "B2 is Stubborn") == "B2 is Stubborn: 3 markers count as 2."
    assert flow.state.units["B3"].on_table and flow.state.units["B3"].markers == 2
    assert roller.unused == []


# -- step 3 ---------------------------------------------------------------------------------------
def melee_pair(faces: list[int]) -> tuple[Flow, ScriptedRoller]:
    winner = unit("A1", "alpha", GRUNT, (20, 20), melee={"B1": Melee(killed=2)})
    loser = lost(
        unit("B1", "bravo", GRUNT, (20.98, 20), 4, melee={"A1": Melee(lost=2, killed=0)}), 2
    )
    return start([winner, loser], faces)


def test_the_loser_of_a_melee_withdraws_when_its_will_fails() -> None:
    flow, roller = melee_pair([3])  # only B1 rolls: 3 vs 6+ fails
    morale_phase(flow)
    state = flow.state
    b1, a1 = state.units["B1"], state.units["A1"]
    assert not tb.in_contact(state, a1, b1)
    assert b1.models[0].x > inches(20.98)  # moved straight away from A1
    assert b1.markers == 1
    assert "lost 2, killed 0" in said(flow, "B1 lost the melee to A1")
    assert said(flow, "B1 lost the melee").endswith("→ withdraws.")
    assert roller.unused == []


def test_the_loser_of_a_melee_stays_when_its_will_holds() -> None:
    flow, roller = melee_pair([7])
    morale_phase(flow)
    state = flow.state
    assert tb.in_contact(state, state.units["A1"], state.units["B1"])
    assert state.units["B1"].markers == 0
    assert said(flow, "B1 lost the melee").endswith("→ holds.")
    assert roller.unused == []


# -- step 4 ----------------------------------------------------------------------------------------
def test_failed_life_rolls_test_will_at_minus_one_below_half_strength() -> None:
    flow, roller = start(
        [
            lost(unit("B1", "bravo", GRUNT, (10, 10), 5, failed_life=True), 3),
            lost(unit("B2", "bravo", GRUNT, (30, 10), 5, failed_life=True), 2),
            unit("B3", "bravo", GRUNT, (50, 10), 5),
        ],
        [6, 6],  # B1 needs 7+ (fails), B2 needs 6+ (passes); B3 failed none and rolls none
    )
    morale_phase(flow)
    assert flow.state.units["B1"].markers == 1
    assert "Will 6 vs 7+ ✗ (-1: 3 of 5 lost) → shaken" in said(flow, "B1 took casualties")
    assert flow.state.units["B2"].markers == 0
    assert said(flow, "B2 took casualties") == "B2 took casualties: Will 6 vs 6+ ✓ → steady."
    assert roller.unused == []


def test_fearless_units_lose_a_model_instead_of_gaining_a_marker() -> None:
    flow, roller = start(
        [unit("B1", "bravo", FEARLESS, (10, 10), 3, failed_life=True)],
        [2],
    )
    morale_phase(flow)
    b1 = flow.state.units["B1"]
    assert b1.markers == 0
    assert len(b1.living) == 2
    assert "Fearless" in said(flow, "B1 is Fearless")
    assert roller.unused == []


def test_price_of_failure_kills_the_closest_models_and_counts_as_passed() -> None:
    flow, roller = start(
        [
            unit("C1", "bravo", ENFORCER, (30, 20)),
            unit("B1", "bravo", GRUNT, (32, 20), 3, failed_life=True),
            unit("B2", "bravo", GRUNT, (60, 20), 3, failed_life=True),
        ],
        [2, 2],  # both fail; only B1 is within 5" of the enforcer
    )
    morale_phase(flow)
    b1, b2 = flow.state.units["B1"], flow.state.units["B2"]
    assert [m.id for m in b1.living] == ["B1.2", "B1.3"]  # B1.1 stood closest to C1
    assert b1.markers == 0
    assert "counts as passing" in said(flow, "C1 Price of Failure 1")
    assert "passed by Price of Failure" in said(flow, "B1 took casualties")
    assert b2.markers == 1 and len(b2.living) == 3
    assert roller.unused == []


def test_vehicles_and_monsters_never_take_morale_tests() -> None:
    flow, roller = start([unit("V1", "alpha", TANK, (10, 10), failed_life=True)], [])
    morale_phase(flow)
    assert flow.state.units["V1"].markers == 0
    assert roller.unused == []


def test_the_morale_steps_run_in_the_source_order() -> None:
    winner = unit("A1", "alpha", GRUNT, (20, 20), melee={"B1": Melee(killed=1)})
    loser = unit(
        "B1",
        "bravo",
        GRUNT,
        (20.98, 20),
        3,
        markers=1,
        failed_life=True,
        melee={"A1": Melee(lost=1)},
    )
    # rally 5 vs 5+ passes (marker gone); the melee Will 6 vs 6+ holds; casualties 1 fails
    flow, roller = start([winner, lost(loser, 1)], [5, 6, 1])
    morale_phase(flow)
    assert (
        where(flow, "B1 rallies")
        < where(flow, "B1 lost the melee")
        < where(flow, "B1 took casualties")
    )
    assert flow.state.units["B1"].markers == 1
    assert roller.unused == []


# -- Medic and Repair -------------------------------------------------------------------------
def test_a_medic_brings_a_model_back_next_to_its_unit() -> None:
    flow, roller = start([lost(unit("A1", "alpha", MEDIC, (10, 10), 3), 1)], [5])
    end_of_round(flow)
    state = flow.state
    a1 = state.units["A1"]
    assert [m.wounds for m in a1.models] == [1, 1, 1]
    back = tb.model_of(state, a1, "A1.3")
    others = [tb.model_of(state, a1, mid) for mid in ("A1.1", "A1.2")]
    assert any(in_contact(back, o) or within(back, o, inches(1)) for o in others)
    assert not any(overlaps(back, o) for o in others)
    assert said(flow, "A1 Medic 5+") == "A1 Medic 5+: 5 → A1.3 returns to A1 with one wound."
    assert roller.unused == []


def test_a_medic_helps_the_friendly_unit_in_contact_that_lost_the_most() -> None:
    flow, roller = start(
        [
            lost(unit("A1", "alpha", MEDIC, (10, 10), 3), 1),
            lost(unit("A2", "alpha", GRUNT, (10, 10.98), 4, spacing=1.5), 2),
        ],
        [9],
    )
    end_of_round(flow)
    assert len(flow.state.units["A2"].living) == 3
    assert len(flow.state.units["A1"].living) == 2
    assert roller.unused == []


def test_a_failed_medic_roll_does_nothing() -> None:
    flow, roller = start([lost(unit("A1", "alpha", MEDIC, (10, 10), 3), 1)], [4])
    end_of_round(flow)
    assert len(flow.state.units["A1"].living) == 2
    assert said(flow, "A1 Medic") == "A1 Medic 5+: 4 → no help this round."
    assert roller.unused == []


def test_a_medic_restores_a_wound_to_a_tough_model() -> None:
    hurt = unit("A1", "alpha", TOUGH_MEDIC, (10, 10), 2)
    hurt = hurt.model_copy(
        update={"models": (hurt.models[0].model_copy(update={"wounds": 1}), hurt.models[1])}
    )
    flow, roller = start([hurt], [6])
    end_of_round(flow)
    assert [m.wounds for m in flow.state.units["A1"].models] == [2, 3]
    assert "A1.1 regains a wound (2/3)" in said(flow, "A1 Medic 6+")
    assert roller.unused == []


def test_repair_mends_vehicles_and_medics_do_not() -> None:
    wreck = unit("V1", "alpha", MECHANIC, (10, 10))
    wreck = wreck.model_copy(update={"models": (wreck.models[0].model_copy(update={"wounds": 1}),)})
    flow, roller = start([wreck], [4])
    end_of_round(flow)
    assert flow.state.units["V1"].models[0].wounds == 2
    assert "V1 Repair 4+: 4" in said(flow, "V1 Repair")
    assert roller.unused == []

    tank = unit("V2", "alpha", TANK, (10, 10))
    tank = tank.model_copy(update={"models": (tank.models[0].model_copy(update={"wounds": 1}),)})
    medic = unit("A1", "alpha", MEDIC, (11.67, 10))  # touching the tank's hull
    flow, roller = start([tank, medic], [])
    assert tb.in_contact(flow.state, flow.state.units["A1"], flow.state.units["V2"])
    end_of_round(flow)
    assert flow.state.units["V2"].models[0].wounds == 1
    assert roller.unused == []


def test_units_destroyed_as_a_whole_stay_destroyed() -> None:
    gone = lost(unit("A2", "alpha", GRUNT, (10, 10.98)), 1).model_copy(
        update={"status": "destroyed"}
    )
    flow, roller = start([unit("A1", "alpha", MEDIC, (10, 10)), gone], [])
    end_of_round(flow)
    assert flow.state.units["A2"].status == "destroyed"
    assert roller.unused == []
