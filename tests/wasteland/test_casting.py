"""Psychic powers: the Cast Action and the nullification chain (004 Caster, Cast)."""

from __future__ import annotations

from typing import Any

from rules.core.rejection import Rejection, RejectionCode
from rules.wasteland.actions import Cast, Nullify
from rules.wasteland.casting import cast_choices
from rules.wasteland.content.catalog import Catalog
from rules.wasteland.flow import Flow
from rules.wasteland.play import decide_battle
from rules.wasteland.state import CastWindow, WastelandState
from tests.scripted_dice import ScriptedRoller
from tests.wasteland.builders import battle, profile, reports, unit

PSYKER = profile("psyker", caster=True, will=5)
WITCH = profile("witch", caster=True, will=6)
TROOPER = profile("trooper")
PROFILES = [PSYKER, WITCH, TROOPER]


def make(*extra: Any, **updates: Any) -> WastelandState:
    """A1 psyker activating at (10, 10), A2 troopers beside it, B1 troopers 14" below."""
    units = [
        unit("A1", "alpha", PSYKER, (10, 10)),
        unit("A2", "alpha", TROOPER, (14, 10), 2),
        unit("B1", "bravo", TROOPER, (10, 25), 3),
        *extra,
    ]
    return battle(units, PROFILES, active="A1", **updates)


def witches(count: int) -> Any:
    return unit("B2", "bravo", WITCH, (30, 30), count)


def run(state: WastelandState, dice: list[int]) -> tuple[Flow, ScriptedRoller]:
    roller = ScriptedRoller(dice)
    return Flow(state, roller, Catalog()), roller


def window(flow: Flow) -> CastWindow:
    first = flow.state.windows[-1]
    assert isinstance(first, CastWindow)
    return first


def test_psychic_fury_hits() -> None:
    # no enemy caster: the power takes effect at once; 7 hits, Life at D10 always fails
    flow, roller = run(make(), [7, 4])
    assert decide_battle(flow, "alpha", Cast(power="fury", target="B1")) is None
    assert len(flow.state.units["B1"].living) == 2
    assert flow.state.windows == ()
    assert flow.state.active is not None and flow.state.active.actions == 1
    lines = reports(flow)
    assert "A1 casts Psychic Fury on B1: the power is cast." in lines
    assert "A1 Psychic Fury at B1: 7 vs 6+ → 1 hit" in lines
    assert any(t.startswith("B1 Life 4 vs 16+ (D10)") for t in lines)
    assert roller.unused == []


def test_psychic_fury_misses() -> None:
    flow, roller = run(make(), [5])
    assert decide_battle(flow, "alpha", Cast(power="fury", target="B1")) is None
    assert len(flow.state.units["B1"].living) == 3
    assert "A1 Psychic Fury at B1: 5 vs 6+ → miss" in reports(flow)
    assert roller.unused == []


def test_psychic_fury_range_sight_and_target_refusals() -> None:
    far = battle(
        [unit("A1", "alpha", PSYKER, (10, 10)), unit("B1", "bravo", TROOPER, (10, 35))],
        PROFILES,
        active="A1",
    )
    flow, _ = run(far, [])
    problem = decide_battle(flow, "alpha", Cast(power="fury", target="B1"))
    assert isinstance(problem, Rejection) and problem.code == RejectionCode.OUT_OF_RANGE
    assert problem.explain() == 'B1 is 24.0" from A1; Psychic Fury reaches 20". (004 Caster)'
    flow, _ = run(make(), [])
    problem = decide_battle(flow, "alpha", Cast(power="fury", target="A2"))
    assert isinstance(problem, Rejection)
    assert problem.message == "Psychic Fury targets an enemy unit; A2 is friendly."
    problem = decide_battle(flow, "alpha", Cast(power="blessing", target="B1"))
    assert isinstance(problem, Rejection)
    assert problem.message == "War Blessing goes to a friendly unit; B1 is an enemy."


def test_cast_needs_a_caster_out_of_base_contact() -> None:
    flow, _ = run(battle(list(make().units.values()), PROFILES, active="A2"), [])
    problem = decide_battle(flow, "alpha", Cast(power="blessing", target="A1"))
    assert isinstance(problem, Rejection)
    assert problem.explain() == "A2 has no Caster model. (004 Cast)"
    engaged = make(unit("B3", "bravo", TROOPER, (10.98, 10)))
    flow, _ = run(engaged, [])
    problem = decide_battle(flow, "alpha", Cast(power="blessing", target="A2"))
    assert isinstance(problem, Rejection)
    assert problem.message == "A1 is in base contact with enemy models and cannot cast."


def test_war_blessing_on_a_friend_and_on_the_caster_itself() -> None:
    flow, roller = run(make(), [])
    assert decide_battle(flow, "alpha", Cast(power="blessing", target="A2")) is None
    assert flow.state.units["A2"].blessed is True
    assert "A2 is blessed: +1 Shoot and +1 Fight during its next activation." in reports(flow)
    assert decide_battle(flow, "alpha", Cast(power="blessing", target="A1")) is None
    a1 = flow.state.units["A1"]
    # the caster's blessing waits for its next activation
    assert a1.blessed is True and a1.blessing_active is False
    assert a1.activated is True and flow.state.active is None
    assert roller.unused == []


def test_nullify_override_renullify_with_unstable_destroying_the_nullifier() -> None:
    # B2: two witches (Will 6+, +1 for the second caster → 5+)
    flow, roller = run(make(witches(2)), [6, 5, 2, 8, 3])
    assert decide_battle(flow, "alpha", Cast(power="fury", target="B1")) is None
    first = window(flow)
    assert (first.seat, first.cast, first.nullifier) == ("bravo", True, None)
    assert cast_choices(flow.state, first) == [
        ("nullify B2", "Nullify with B2 Witch (Will 5+, Unstable 2)"),
        ("nullify none", "Let Psychic Fury stand"),
    ]
    assert decide_battle(flow, "bravo", Nullify(unit="B2")) is None  # 6 vs 5+
    second = window(flow)
    assert (second.seat, second.cast, second.nullifier) == ("alpha", False, "B2")
    assert cast_choices(flow.state, second) == [
        ("nullify A1", "Override with A1 Psyker (Will 5+, Unstable 2)"),
        ("nullify none", "Give up: Psychic Fury is nullified"),
    ]
    assert decide_battle(flow, "alpha", Nullify(unit="A1")) is None  # 5 vs 5+
    third = window(flow)
    assert (third.seat, third.cast, third.nullifier) == ("bravo", True, "B2")
    # 2: fails, and Unstable 2 destroys the rolling witch; the power stands: 8 hits
    assert decide_battle(flow, "bravo", Nullify(unit="B2")) is None
    assert len(flow.state.units["B2"].living) == 1
    assert flow.state.windows == ()
    assert len(flow.state.units["B1"].living) == 2
    lines = reports(flow)
    assert "B2 Will to nullify Psychic Fury: 6 vs 5+ ✓ (+1 for 1 more Caster)." in lines
    assert "A1 Will to override the nullification of Psychic Fury: 5 vs 5+ ✓." in lines
    assert "Unstable 2 (2): B2.1 fails a Life roll and is destroyed." in lines
    # the chain is over: the activation goes on with its second Action
    assert flow.state.active is not None and flow.state.active.unit == "A1"
    assert roller.unused == []


def test_unstable_destroys_the_caster_and_ends_its_activation() -> None:
    flow, roller = run(make(witches(1)), [7, 1])
    assert decide_battle(flow, "alpha", Cast(power="fury", target="B1")) is None
    assert decide_battle(flow, "bravo", Nullify(unit="B2")) is None  # 7 vs 6+
    assert decide_battle(flow, "alpha", Nullify(unit="A1")) is None  # 1: fails, A1 falls
    assert flow.state.units["A1"].status == "destroyed"
    assert flow.state.windows == ()
    assert flow.state.active is None
    assert len(flow.state.units["B1"].living) == 3
    assert "A1 fails to override: Psychic Fury is nullified." in reports(flow)
    assert roller.unused == []


def test_stopping_the_chain() -> None:
    # bravo lets it stand: the blessing takes effect
    flow, roller = run(make(witches(1)), [])
    assert decide_battle(flow, "alpha", Cast(power="blessing", target="A2")) is None
    assert decide_battle(flow, "bravo", Nullify()) is None
    assert flow.state.units["A2"].blessed is True
    assert flow.state.windows == ()
    # alpha gives up after a nullification: nothing happens
    flow, roller = run(make(witches(1)), [9])
    assert decide_battle(flow, "alpha", Cast(power="blessing", target="A2")) is None
    assert decide_battle(flow, "bravo", Nullify(unit="B2")) is None
    assert decide_battle(flow, "alpha", Nullify()) is None
    assert flow.state.units["A2"].blessed is False
    assert flow.state.windows == ()
    assert "Alpha gives up: War Blessing is nullified." in reports(flow)
    assert flow.state.active is not None and flow.state.active.actions == 1
    assert roller.unused == []


def test_failed_nullify_lets_the_power_stand() -> None:
    flow, roller = run(make(witches(1)), [5])
    assert decide_battle(flow, "alpha", Cast(power="blessing", target="A2")) is None
    assert decide_battle(flow, "bravo", Nullify(unit="B2")) is None  # 5 vs 6+
    assert flow.state.units["A2"].blessed is True
    assert flow.state.windows == ()
    assert roller.unused == []


def test_each_extra_caster_adds_one() -> None:
    # three witches: Will 6+ with +2 → 4+
    flow, roller = run(make(witches(3)), [4])
    assert decide_battle(flow, "alpha", Cast(power="blessing", target="A2")) is None
    assert decide_battle(flow, "bravo", Nullify(unit="B2")) is None
    assert window(flow).cast is False
    assert "B2 Will to nullify War Blessing: 4 vs 4+ ✓ (+2 for 2 more Casters)." in reports(flow)
    assert roller.unused == []


def test_wrong_answers_are_refused() -> None:
    flow, _ = run(make(witches(1)), [])
    assert decide_battle(flow, "alpha", Cast(power="blessing", target="A2")) is None
    problem = decide_battle(flow, "bravo", Nullify(unit="B1"))
    assert isinstance(problem, Rejection)
    assert problem.message == "'B1' is not one of your Caster units on the table."
    assert problem.legal == ("nullify B2", "nullify none")
    problem = decide_battle(flow, "alpha", Nullify())
    assert isinstance(problem, Rejection) and problem.code == RejectionCode.NOT_YOUR_TURN
