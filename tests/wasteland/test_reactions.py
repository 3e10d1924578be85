"""Reactions (004 Shoot/Fight step 2, Reactions): who may react, Withdraw, Go to Ground,
Counter-Attack, failures, markers and the windows of a plan."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core.rejection import RejectionCode
from rules.wasteland import reactions
from rules.wasteland.actions import React, Shoot
from rules.wasteland.flow import Flow
from rules.wasteland.options import WastelandOptions
from rules.wasteland.play import decide_battle
from rules.wasteland.reactions import reaction_choices
from rules.wasteland.shooting import counter_attack
from rules.wasteland.state import AttackPlan, Fire, ReactionKind, ReactionWindow, WastelandState
from tests.wasteland.builders import profile, reports, said, unit, weapon
from tests.wasteland.test_shooting import (
    TANK,
    TROOPER,
    decline,
    fire,
    five,
    make,
    pending,
    run,
)


def react(flow: Flow, uid: str, kind: ReactionKind | None, seat: str = "bravo") -> Any:
    return decide_battle(flow, seat, React(unit=uid, reaction=kind))


def open_window(flow: Flow, *fires: Fire) -> ReactionWindow:
    assert decide_battle(flow, "alpha", Shoot(fires=fires)) is None
    window = flow.state.windows[-1]
    assert isinstance(window, ReactionWindow)
    return window


def near_scene(**updates: Any) -> WastelandState:
    """A1 and B1, five troopers each, 9" apart edge to edge."""
    return make(five("A1", "alpha", (10, 10)), five("B1", "bravo", (10, 20)), **updates)


def test_declining_costs_nothing() -> None:
    flow, roller = run(near_scene(), [1, 1, 1, 1, 1])
    window = open_window(flow, fire("B1"))
    assert window.seat == "bravo" and window.counter_allowed
    assert react(flow, "B1", None) is None
    assert "B1 does not react." in reports(flow)
    assert flow.state.units["B1"].markers == 0
    assert flow.state.windows == ()
    assert roller.unused == []


def test_withdraw_moves_away_and_the_shot_is_lost_out_of_range() -> None:
    state = make(five("A1", "alpha", (10, 10)), five("B1", "bravo", (10, 30)))
    flow, roller = run(state, [7])
    open_window(flow, fire("B1"))
    assert react(flow, "B1", "withdraw") is None
    assert "B1 reacts with Withdraw: 7 vs 6+ ✓." in reports(flow)
    assert said(flow, "withdraws").startswith('B1 withdraws 6.0" away from A1')
    b1 = flow.state.units["B1"]
    assert b1.models[0].y == 3600 and b1.markers == 1
    assert "no target models remain visible and within range" in said(flow, "A1:")
    assert flow.state.windows == ()
    assert roller.unused == []


def test_withdraw_into_the_table_edge_destroys_the_unit() -> None:
    state = make(five("A1", "alpha", (10, 30)), five("B1", "bravo", (10, 45)))
    flow, roller = run(state, [8])
    open_window(flow, fire("B1"))
    assert react(flow, "B1", "withdraw") is None
    assert "the way is blocked" in said(flow, "B1 withdraws")
    assert flow.state.units["B1"].gone
    assert "no target models remain visible and within range" in said(flow, "A1:")
    assert roller.unused == []


def test_failed_reaction_gives_a_marker_and_the_shooting_goes_on() -> None:
    flow, roller = run(near_scene(), [3, 9, 1, 1, 1, 1, 6])
    open_window(flow, fire("B1"))
    assert react(flow, "B1", "withdraw") is None
    assert "B1 tries to Withdraw: 3 vs 6+ ✗, fails." in reports(flow)
    b1 = flow.state.units["B1"]
    assert b1.markers == 1 and b1.models[0].y == 2000
    assert said(flow, "B1 Life") == "B1 Life 6 vs 5+ (defending +1) → 0 failed, 0 down"
    assert roller.unused == []


def test_go_to_ground_gives_two_life_against_this_action() -> None:
    flow, roller = run(near_scene(), [6, 9, 9, 1, 1, 1, 3, 3])
    open_window(flow, fire("B1"))
    assert react(flow, "B1", "ground") is None
    assert "B1 goes to ground: +2 Life against this Action." in reports(flow)
    assert said(flow, "B1 Life") == (
        "B1 Life 3 3 vs 3+ (defending +1, gone to ground +2) → 0 failed, 0 down"
    )
    assert flow.state.units["B1"].markers == 1
    assert roller.unused == []


def test_bulky_and_flying_units_cannot_go_to_ground() -> None:
    ogre = profile("ogre", bulky=2)
    state = make(
        five("A1", "alpha", (10, 10)), unit("B1", "bravo", ogre, (10, 20), 3), profiles=(ogre,)
    )
    flow, roller = run(state, [])
    window = open_window(flow, fire("B1"))
    problem = react(flow, "B1", "ground")
    assert problem is not None
    assert problem.explain() == "B1 is Bulky and cannot Go to Ground. (004 Bulky)"
    assert ("react B1 ground", "Go to ground (+2 Life)") not in reaction_choices(flow.state, window)
    assert roller.rolled == []


def test_counter_attack_shoots_back_at_minus_one_then_the_shot_resolves() -> None:
    flow, roller = run(near_scene(), [7, 6, 6, 1, 1, 1, 1, 9, 1, 1, 1, 1])
    open_window(flow, fire("B1"))
    assert react(flow, "B1", "counter") is None
    assert "B1 counter-attacks A1." in reports(flow)
    assert "B1 shoots A1 with Rifle ×5: 6 6 1 1 1 vs 6+ (counter-attack -1) → 2 hits" in reports(
        flow
    )
    assert said(flow, "A1 Life").endswith("→ 1 failed, 1 down")
    assert flow.state.units["B1"].markers == 1
    assert "A1 shoots B1 with Rifle ×4: 1 1 1 1 vs 5+ → 0 hits" in reports(flow)
    assert flow.state.windows == ()
    assert roller.unused == []


def test_counter_attack_is_refused_beyond_fifteen_inches() -> None:
    state = make(five("A1", "alpha", (10, 10)), five("B1", "bravo", (10, 30)))
    flow, roller = run(state, [])
    window = open_window(flow, fire("B1"))
    assert not window.counter_allowed
    problem = react(flow, "B1", "counter")
    assert problem is not None and problem.code == RejectionCode.OUT_OF_RANGE
    assert problem.explain() == (
        'A1 is 19.0" away; a Counter-Attack needs 15" or less. (004 Counter-Attack)'
    )
    assert [c[0] for c in reaction_choices(flow.state, window)] == [
        "react B1 withdraw",
        "react B1 ground",
        "react B1 none",
    ]
    assert roller.rolled == []


def test_reaction_choices_for_a_counter_in_range() -> None:
    flow, _ = run(near_scene(), [])
    window = open_window(flow, fire("B1"))
    assert reaction_choices(flow.state, window) == [
        ("react B1 withdraw", "Withdraw (full Move straight away from A1)"),
        ("react B1 ground", "Go to ground (+2 Life)"),
        ("react B1 counter", "Counter-attack A1 (free Shoot at -1)"),
        ("react B1 none", "No reaction"),
    ]


def test_answers_for_the_wrong_unit_or_seat_are_refused() -> None:
    flow, _ = run(near_scene(), [])
    open_window(flow, fire("B1"))
    problem = react(flow, "B2", None)
    assert problem is not None and problem.code == RejectionCode.BAD_ARGUMENT
    assert "The reaction asked for is B1's" in problem.message
    problem = react(flow, "B1", None, seat="alpha")
    assert problem is not None and problem.code == RejectionCode.NOT_YOUR_TURN


def test_units_that_never_react() -> None:
    zealot = profile("zealot", fearless=True)
    state = make(
        five("A1", "alpha", (10, 10)),
        unit("B1", "bravo", zealot, (10, 20), 3),
        profiles=(zealot,),
    )
    flow, roller = run(state, [1, 1, 1, 1, 1])
    assert decide_battle(flow, "alpha", Shoot(fires=(fire("B1"),))) is None
    assert flow.state.windows == ()
    assert "A1 shoots B1 with Rifle ×5: 1 1 1 1 1 vs 5+ → 0 hits" in reports(flow)
    state = make(five("A1", "alpha", (10, 10)), unit("B3", "bravo", TANK, (12, 22)))
    flow, roller = run(state, [1, 1, 1, 1, 1])
    assert decide_battle(flow, "alpha", Shoot(fires=(fire("B3"),))) is None
    assert flow.state.windows == ()
    assert roller.unused == []


def test_a_target_touching_a_friendly_unit_cannot_react() -> None:
    state = make(
        five("A1", "alpha", (10, 10)),
        five("B1", "bravo", (10, 20)),
        unit("B2", "bravo", TROOPER, (10, 20.98)),
    )
    flow, roller = run(state, [1, 1, 1, 1, 1])
    assert decide_battle(flow, "alpha", Shoot(fires=(fire("B1"),))) is None
    assert flow.state.windows == ()
    assert roller.unused == []


def test_each_target_answers_in_turn_and_the_plan_carries_over() -> None:
    state = make(
        five("A1", "alpha", (10, 10)),
        five("B1", "bravo", (10, 20)),
        five("B2", "bravo", (20, 20)),
    )
    flow, roller = run(state, [8, 7, 7, 9, 9, 1, 1, 1, 1, 1])
    fires = (fire("B1", None, "A1.1", "A1.2"), fire("B2", None, "A1.3", "A1.4", "A1.5"))
    assert decide_battle(flow, "alpha", Shoot(fires=fires)) is None
    assert pending(flow) == ["B1", "B2"]
    assert react(flow, "B1", "ground") is None
    second = flow.state.windows[-1]
    assert isinstance(second, ReactionWindow) and second.plan.grounded == ("B1",)
    assert not any("shoots" in t for t in reports(flow))
    assert react(flow, "B2", None) is None
    assert "A1 shoots B1 with Rifle ×2: 9 9 vs 5+ → 2 hits" in reports(flow)
    assert "gone to ground +2" in said(flow, "B1 Life")
    assert flow.state.active is not None and flow.state.active.actions == 1
    assert roller.unused == []


def test_the_activation_ends_after_the_last_window_when_no_actions_remain() -> None:
    flow, roller = run(near_scene(actions=1), [1, 1, 1, 1, 1])
    open_window(flow, fire("B1"))
    assert react(flow, "B1", None) is None
    assert flow.state.active is None
    assert flow.state.units["A1"].activated
    assert roller.unused == []


def test_counter_attack_against_a_fight_counts_every_weapon_in_range() -> None:
    pistol = weapon("pistol", range=6, hit=5)
    gunman = profile("gunman", weapons=("pistol",))
    state = make(
        five("A1", "alpha", (10, 10)),
        unit("B1", "bravo", gunman, (10, 22), 2),
        profiles=(gunman,),
        weapons=(pistol,),
    )
    flow, roller = run(state, [6, 1, 1])
    counter_attack(flow, "B1", "A1", against_fight=True)
    assert "B1 shoots A1 with Pistol ×2: 6 1 vs 6+ (counter-attack -1) → 1 hit" in reports(flow)
    assert flow.state.windows == ()
    assert roller.unused == []
    flow, roller = run(state, [])
    counter_attack(flow, "B1", "A1", against_fight=False)
    assert "no target models remain visible and within range" in said(flow, "B1:")


def test_close_formation_helps_counter_attacks() -> None:
    options = WastelandOptions(mission="annihilation", battlefield="open", close_formations=True)
    state = make(
        five("A1", "alpha", (10, 10)),
        unit("B1", "bravo", TROOPER, (10, 20), 4, spacing=0.98),
        options=options,
    )
    flow, roller = run(state, [1, 1, 1, 1])
    counter_attack(flow, "B1", "A1", against_fight=False)
    assert "vs 5+ (counter-attack -1, close formation +1)" in said(flow, "B1 shoots")
    assert roller.unused == []


def test_fight_plans_resume_through_the_fight_module(monkeypatch: pytest.MonkeyPatch) -> None:
    import rules.wasteland.fighting as fighting

    seen: list[AttackPlan] = []
    monkeypatch.setattr(fighting, "resume", lambda flow, plan: seen.append(plan))
    zealot = profile("zealot", fearless=True)
    state = make(
        five("A1", "alpha", (10, 10)), unit("B1", "bravo", zealot, (10, 14)), profiles=(zealot,)
    )
    flow, _ = run(state, [])
    plan = AttackPlan(kind="fight", unit="A1", fires=(Fire(target="B1"),))
    reactions.offer(flow, plan)
    assert seen == [plan]
    fight_plan = AttackPlan(kind="fight", unit="A1", fires=(Fire(target="B1"),))
    state = make(five("A1", "alpha", (10, 10)), five("B1", "bravo", (10, 14)))
    flow, roller = run(state, [7])
    reactions.offer(flow, fight_plan)
    assert pending(flow) == ["B1"]
    assert react(flow, "B1", "ground") is None
    assert seen[-1].grounded == ("B1",)
    assert roller.unused == []


def test_a_counter_attack_that_fails_to_stop_a_vehicle_fight_destroys_the_unit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import rules.wasteland.fighting as fighting

    monkeypatch.setattr(fighting, "resume", lambda flow, plan: None)
    state = make(unit("A1", "alpha", TANK, (12, 10), facing=90), five("B1", "bravo", (10, 18)))
    flow, roller = run(state, [7, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9])
    reactions.offer(flow, AttackPlan(kind="fight", unit="A1", fires=(Fire(target="B1"),)))
    window = flow.state.windows[-1]
    assert isinstance(window, ReactionWindow)
    choices = [c[0] for c in reaction_choices(flow.state, window)]
    assert "react B1 ground" not in choices
    assert react(flow, "B1", "counter") is None
    assert "it is overrun" in said(flow, "did not stop A1")
    assert flow.state.units["B1"].gone
    assert roller.unused == []


def test_decline_helper_answers_everything() -> None:
    flow, roller = run(near_scene(), [1, 1, 1, 1, 1])
    open_window(flow, fire("B1"))
    decline(flow)
    assert flow.state.windows == ()
    assert roller.unused == []


def test_windows_close_unasked_once_a_counter_attack_destroys_the_attacker() -> None:
    state = make(
        unit("A1", "alpha", TANK, (12, 10), facing=90),
        five("B1", "bravo", (10, 20)),
        five("B2", "bravo", (22, 20)),
    )
    flow, roller = run(state, [7, 9, 9, 9, 9, 9, 1, 1, 1, 1, 1])
    fires = (fire("B1", "rifle"), fire("B2", "cannon"))
    assert decide_battle(flow, "alpha", Shoot(fires=fires)) is None
    assert pending(flow) == ["B1", "B2"]
    assert react(flow, "B1", "counter") is None
    assert flow.state.units["A1"].gone
    assert flow.state.windows == ()
    assert "A1 can no longer shoot; the Action ends." in reports(flow)
    assert flow.state.active is None
    assert roller.unused == []
