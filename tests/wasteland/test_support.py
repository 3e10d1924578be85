"""Rules gained in play: Support X grants (004 Support X, stacking) and battle-long rules
kept on the unit (Grizzled veterans), as every rule sees them through the unit's profile."""

from __future__ import annotations

from typing import Any

from rules.geometry.pieces import Terrain
from rules.wasteland import actions as act
from rules.wasteland.checks import effective_markers
from rules.wasteland.content.catalog import Catalog
from rules.wasteland.content.special import UnitRule
from rules.wasteland.flow import Flow
from rules.wasteland.play import decide_battle
from rules.wasteland.profiles import profile_in_play
from rules.wasteland.state import Fire, ReactionWindow, WastelandState
from tests.scripted_dice import ScriptedRoller
from tests.wasteland.builders import area, battle, profile, said, unit

TROOPER = profile("trooper")
BEARER = profile("bearer", type="support", support=(UnitRule(kind="stubborn", value=1),))
CENSER = profile("censer", type="support", support=(UnitRule(kind="stealth", value=1),))
CONTACT = 10.98  # 25 mm bases this far apart (centre to centre) touch


def make(*units: Any, **updates: Any) -> WastelandState:
    return battle(list(units), [TROOPER, BEARER, CENSER], **updates)


def run(state: WastelandState, dice: list[int]) -> tuple[Flow, ScriptedRoller]:
    roller = ScriptedRoller(dice)
    return Flow(state, roller, Catalog()), roller


def squad(at: float = CONTACT, spacing: float = 1.5, **kw: Any) -> Any:
    return unit("A2", "alpha", TROOPER, (at, 10), 5, spacing=spacing, **kw)


def test_support_grants_its_rules_to_a_unit_in_base_contact_and_within_10_inches() -> None:
    state = make(unit("A1", "alpha", BEARER, (10, 10)), squad(markers=1))
    a2 = state.units["A2"]
    assert profile_in_play(state, a2).value("stubborn") == 1
    assert effective_markers(state, a2) == 0
    assert not profile_in_play(state, state.units["A1"]).has("stubborn")  # not its own unit
    assert state.profiles["trooper"].value("stubborn") == 0  # the stored profile is untouched


def test_no_support_without_base_contact_or_with_a_model_beyond_10_inches() -> None:
    apart = make(unit("A1", "alpha", BEARER, (10, 10)), squad(at=11.5))
    assert profile_in_play(apart, apart.units["A2"]).value("stubborn") == 0
    strung = make(unit("A1", "alpha", BEARER, (10, 10)), squad(spacing=3.0))
    assert profile_in_play(strung, strung.units["A2"]).value("stubborn") == 0  # last model 12" off


def test_enemy_units_get_no_support() -> None:
    state = make(
        unit("A1", "alpha", BEARER, (10, 10)),
        unit("B2", "bravo", TROOPER, (CONTACT, 10), 5),
    )
    assert profile_in_play(state, state.units["B2"]).value("stubborn") == 0


def test_support_from_two_models_stacks() -> None:
    state = make(
        unit("A1", "alpha", BEARER, (10, 10)),
        unit("A3", "alpha", BEARER, (CONTACT, CONTACT)),
        squad(markers=2),
    )
    assert profile_in_play(state, state.units["A2"]).value("stubborn") == 2
    assert effective_markers(state, state.units["A2"]) == 0


def test_a_supported_unit_keeps_both_actions_with_one_marker() -> None:
    state = make(
        unit("A1", "alpha", BEARER, (10, 10)),
        squad(markers=1),
        unit("B1", "bravo", TROOPER, (60, 40)),
    )
    flow, roller = run(state, [])
    assert decide_battle(flow, "alpha", act.Activate(unit="A2")) is None
    assert "A2 Trooper activates (2 Actions)." in said(flow, "A2 Trooper activates")
    lone = make(squad(markers=1), unit("B1", "bravo", TROOPER, (60, 40)))
    flow, roller = run(lone, [])
    assert decide_battle(flow, "alpha", act.Activate(unit="A2")) is None
    assert said(flow, "A2 Trooper activates").endswith("(1 Action, 1 lost to suppression).")
    assert roller.unused == []


def test_granted_stealth_adds_its_shoot_penalty() -> None:
    brush = area("brush", (9, 29), (9, 3), Terrain.CONCEALMENT)
    state = make(
        unit("A1", "alpha", TROOPER, (10, 10), 5),
        unit("B1", "bravo", TROOPER, (10, 30), 5),
        unit("B2", "bravo", CENSER, (10, 30 + 0.98)),
        areas=(brush,),
        active="A1",
    )
    flow, roller = run(state, [8, 8, 1, 1, 1, 1, 1])
    action = act.Shoot(fires=(Fire(target="B1"),))
    assert decide_battle(flow, "alpha", action) is None
    while flow.state.windows:
        window = flow.state.windows[-1]
        assert isinstance(window, ReactionWindow)
        assert decide_battle(flow, window.seat, act.React(unit=window.unit)) is None
    assert "8 8 1 1 1 vs 8+ (cover -2, stealth -1) → 2 hits" in said(flow, "A1 shoots")
    assert roller.unused == []


def test_battle_long_rules_count_once() -> None:
    state = make(squad(markers=2, rules_extra=("stubborn",)))
    a2 = state.units["A2"]
    assert profile_in_play(state, a2).value("stubborn") == 1
    assert effective_markers(state, a2) == 1
