"""Command Points: shaking off a wound right after the shock roll."""

from __future__ import annotations

from rules.core.rejection import RejectionCode
from rules.tannhauser import events as ev
from rules.tannhauser.state import CounterWindow, ShakeOffWindow, TannhauserState
from tests.tannhauser.builders import (
    ALPHA,
    BRAVO,
    a,
    b,
    game,
    of,
    one,
    play,
    refuse,
)


def hit(bob_row: int, cp: int, attack: list[int], shock: list[int]) -> TannhauserState:
    state = game(
        a("ace", "r2", "pistol"),
        b("bob", "r4", row=bob_row),
        b("cid", "o1"),
        active="ace",
        cp={ALPHA: 0, BRAVO: cp},
    )
    state, _ = play(state, ALPHA, "attack bob with pistol", attack + shock)
    return state


def test_after_a_shock_roll_one_wound_may_be_shaken_off() -> None:
    state = hit(0, 2, [9, 9, 1, 1], [1, 1, 1, 1])
    window = state.windows[-1]
    assert isinstance(window, ShakeOffWindow)
    assert (window.seat, window.victim, window.wounds, window.floor) == (BRAVO, "bob", 2, 0)
    assert state.tokens["bob"].row == 0  # nothing applied yet
    state, events = play(state, BRAVO, "shake")
    spent = one(events, ev.CommandPointsSpent)
    assert (spent.seat, spent.amount, spent.effect) == (BRAVO, 1, "shake")
    assert one(events, ev.WoundShaken).key == "bob"
    assert one(events, ev.Wounded).wounds == 1
    assert state.tokens["bob"].row == 1


def test_shaking_off_the_only_wound_never_heals_an_old_one() -> None:
    state = hit(2, 1, [9, 1, 1, 1], [1, 1, 1, 1])
    state, events = play(state, BRAVO, "shake")
    assert not of(events, ev.Wounded) and not of(events, ev.Healed)
    assert state.tokens["bob"].row == 2  # the row before the attack, not higher


def test_shaking_off_can_save_a_life() -> None:
    state = hit(2, 1, [9, 9, 1, 1], [1, 1, 1, 1])
    state, events = play(state, BRAVO, "shake")
    assert not of(events, ev.Killed) and state.tokens["bob"].row == 3


def test_declining_takes_every_wound() -> None:
    state = hit(0, 1, [9, 9, 1, 1], [1, 1, 1, 1])
    state, events = play(state, BRAVO, "decline")
    assert one(events, ev.Wounded).wounds == 2
    assert state.command_points[BRAVO] == 1


def test_no_window_without_command_points_or_without_wounds() -> None:
    assert hit(0, 0, [9, 1, 1, 1], [1, 1, 1, 1]).windows == ()
    no_wounds = hit(0, 1, [9, 1, 1, 1], [9, 1, 1, 1])
    assert not any(isinstance(w, ShakeOffWindow) for w in no_wounds.windows)


def test_the_counterattack_chance_follows_the_shake_off() -> None:
    state = game(
        a("ace", "r2", "pistol"), b("bob", "r4", "rifle"), active="ace", cp={ALPHA: 0, BRAVO: 2}
    )
    state, _ = play(state, ALPHA, "attack bob with pistol", [9, 1, 1, 1, 1, 1, 1, 1])
    state, _ = play(state, BRAVO, "shake")
    assert isinstance(state.windows[-1], CounterWindow)


def test_a_wound_is_shaken_off_once_per_activation() -> None:
    # Bob shakes off a grenade wound; Cid, caught by the same blast, may not (bravo still
    # holds a Command Point, but has used this effect during Ace's activation)
    state = game(
        a("ace", "r2", "grenade"),
        b("bob", "r4"),
        b("cid", "r5"),
        active="ace",
        cp={ALPHA: 0, BRAVO: 2},
    )
    state, _ = play(state, ALPHA, "throw grenade at r4", [9, 9, 9, 1])
    state, _ = play(state, BRAVO, "shake", [9, 9, 1, 1])
    assert state.command_points[BRAVO] == 1
    assert state.tokens["cid"].row == 2 and state.windows == ()


def test_only_the_victims_side_answers() -> None:
    state = hit(0, 1, [9, 9, 1, 1], [1, 1, 1, 1])
    assert refuse(state, ALPHA, "shake", rule=False).code == RejectionCode.NOT_YOUR_TURN
    refused = refuse(state, BRAVO, "end")
    assert refused.rule == "000 Shaking off a wound"


def test_no_shake_off_without_a_shock_roll() -> None:
    # a null Stamina rolls no shock dice, so there is no shock roll to shake a wound off after
    state = game(a("ace", "r2", "pistol"), b("golem", "r4", character="golem"), active="ace", cp=1)
    state, events = play(state, ALPHA, "attack golem with pistol", [9, 9, 1, 1])
    assert one(events, ev.ShockRolled).pool == 0
    assert not any(isinstance(w, ShakeOffWindow) for w in state.windows)
    assert one(events, ev.Wounded).wounds == 2
