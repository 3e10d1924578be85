"""Grenades: range, the path rule for every circle but the last, victims and aftermath."""

from __future__ import annotations

import pytest

from rules.core.rejection import RejectionCode
from rules.tannhauser import events as ev
from rules.tannhauser.grenades import targets
from rules.tannhauser.state import CounterWindow, PendingGrenade, ShakeOffWindow
from tests.tannhauser.builders import (
    ALPHA,
    BRAVO,
    a,
    b,
    decide,
    game,
    of,
    one,
    play,
    refuse,
)

R_GRENADES = "000 Grenades"


@pytest.mark.parametrize(("circle", "allowed"), [("r6", True), ("r7", False)])
def test_a_grenade_reaches_five_circles(circle: str, allowed: bool) -> None:
    state = game(a("ace", "r1", "grenade"), b("bob", "b2"), active="ace", cp=0)
    assert (circle in targets(state, "ace", "grenade")) is allowed
    if allowed:
        thrown = one(decide(state, ALPHA, f"throw grenade at {circle}"), ev.GrenadeThrown)
        assert thrown.circle == circle
    else:
        refused = refuse(state, ALPHA, f"throw grenade at {circle}")
        assert refused.code == RejectionCode.OUT_OF_RANGE and refused.rule == R_GRENADES
        assert "reaches 5 circles" in refused.message


@pytest.mark.parametrize(("circle", "allowed"), [("r9", True), ("o1", False)])
def test_a_smoke_grenade_reaches_eight_circles(circle: str, allowed: bool) -> None:
    state = game(a("ace", "r1", "smoke"), b("bob", "b2"), active="ace", cp=0)
    assert (circle in targets(state, "ace", "smoke")) is allowed
    if allowed:
        assert (
            one(decide(state, ALPHA, f"throw smoke at {circle}"), ev.SmokePlaced).circle == circle
        )
    else:
        assert "reaches 8 circles" in refuse(state, ALPHA, f"throw smoke at {circle}").message


@pytest.mark.parametrize(
    ("circle", "allowed"),
    [
        ("g3", True),  # r2, r3 on the thrower's path, then g3 (the last) off it
        ("b1", True),  # r2, r3, r4, then b1
        ("g2", False),  # would pass through g3, which is not on the red path
        ("b2", False),  # would pass through b1
    ],
)
def test_every_circle_but_the_last_must_share_a_path_with_the_thrower(
    circle: str, allowed: bool
) -> None:
    state = game(a("ace", "r1", "grenade"), b("bob", "o1"), active="ace", cp=0)
    if allowed:
        decide(state, ALPHA, f"throw grenade at {circle}")
    else:
        assert refuse(state, ALPHA, f"throw grenade at {circle}").rule == R_GRENADES


def test_range_counts_the_target_circle_but_not_the_throwers() -> None:
    state = game(a("ace", "r1", "grenade"), b("bob", "o1"))
    reach = targets(state, "ace", "grenade")
    assert (reach["r1"], reach["r2"], reach["g3"], reach["b1"], reach["r6"]) == (0, 1, 3, 4, 5)


def test_a_grenade_hits_everyone_on_and_next_to_the_target_circle_friends_too() -> None:
    state = game(
        a("ace", "r1", "grenade"),
        a("amy", "r2"),
        b("bob", "r4"),
        b("cid", "g3"),
        b("dan", "r5"),
        active="ace",
        cp=0,
    )
    state, events = play(state, ALPHA, "throw grenade at r3", [9, 9, 9, 9] * 3)
    thrown = one(events, ev.GrenadeThrown)
    assert set(thrown.victims) == {"amy", "bob", "cid"}
    shocks = of(events, ev.ShockRolled)
    assert [s.key for s in shocks] == list(thrown.victims)
    assert all(s.against == 4 and s.wounds == 0 for s in shocks)
    assert state.tokens["dan"].row == 0
    assert not of(events, ev.AttackDeclared)  # throwing a grenade is not an attack
    assert one(events, ev.RubblePlaced).circle == "r3"


def test_a_thrower_may_throw_into_his_own_circle() -> None:
    state = game(a("ace", "r3", "grenade"), b("bob", "r4"), active="ace", cp=0)
    state, events = play(state, ALPHA, "throw grenade at r3", [9, 9, 9, 9, 9, 9, 9, 9])
    assert set(one(events, ev.GrenadeThrown).victims) == {"ace", "bob"}


def test_no_counterattack_after_grenade_damage() -> None:
    state = game(a("ace", "r2", "grenade"), b("bob", "r4", "pistol"), active="ace", cp=2)
    state, events = play(state, ALPHA, "throw grenade at r4", [9, 9, 1, 1])
    window = state.windows[-1]
    assert isinstance(window, ShakeOffWindow) and window.attack is None
    assert isinstance(state.windows[-2], PendingGrenade)
    state, events = play(state, BRAVO, "decline")
    assert one(events, ev.Wounded).wounds == 2
    assert one(events, ev.RubblePlaced).circle == "r4"
    assert not any(isinstance(w, CounterWindow) for w in state.windows)
    assert state.windows == ()
    assert state.activation is not None and state.activation.key == "ace"


def test_each_wounded_victim_may_shake_off_in_turn() -> None:
    state = game(a("ace", "r1", "grenade"), b("bob", "r4"), b("cid", "r5"), active="ace", cp=2)
    state, events = play(state, ALPHA, "throw grenade at r4", [9, 9, 9, 1])
    assert isinstance(state.windows[-1], ShakeOffWindow) and state.windows[-1].victim == "bob"
    state, events = play(state, BRAVO, "shake", [9, 9, 1, 1])
    assert one(events, ev.WoundShaken).key == "bob"
    assert state.tokens["bob"].row == 0  # one wound, shaken off
    # Cid's shock roll follows; the shake-off effect is spent for this activation
    assert one(events, ev.ShockRolled).key == "cid"
    assert state.tokens["cid"].row == 2
    assert one(events, ev.RubblePlaced).circle == "r4"


def test_the_grenade_leaves_the_inventory_and_needs_the_grenade_trait() -> None:
    state = game(a("ace", "r1", "grenade", "pistol"), b("bob", "o1"), active="ace", cp=0)
    after, _ = play(state, ALPHA, "throw grenade at r4")
    assert after.tokens["ace"].equipment == ("pistol",)
    assert "not a Grenade" in refuse(state, ALPHA, "throw pistol at r2").message


def test_a_thrower_killed_by_his_own_grenade_ends_his_activation() -> None:
    state = game(
        a("ace", "r3", "grenade", row=3), a("amy", "g1"), b("bob", "r4"), active="ace", cp=0
    )
    state, events = play(state, ALPHA, "throw grenade at r3", [1, 1, 1, 1, 9, 9, 9, 9])
    assert one(events, ev.Killed).key == "ace"
    assert state.ground == {}  # the grenade was thrown: nothing disposable is left
    assert one(events, ev.RubblePlaced).circle == "r3"
    assert one(events, ev.ActivationEnded).reason == "killed"
