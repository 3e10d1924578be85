"""Command Points: launching a counterattack."""

from __future__ import annotations

from rules.core.rejection import RejectionCode
from rules.tannhauser import events as ev
from rules.tannhauser.state import CounterWindow, FreeMeleeWindow, OverwatchWindow
from tests.tannhauser.builders import (
    ALPHA,
    BRAVO,
    SYSTEM,
    a,
    b,
    game,
    of,
    one,
    play,
    refuse,
)

R_COUNTER = "000 Launching a counterattack"


def test_a_surviving_target_may_counterattack_with_its_worst_combat() -> None:
    state = game(
        a("ace", "r2", "pistol"), b("bob", "r4", "rifle"), active="ace", cp={ALPHA: 0, BRAVO: 1}
    )
    state, events = play(state, ALPHA, "attack bob with pistol", [1, 1, 1, 1])
    window = state.windows[-1]
    assert isinstance(window, CounterWindow)
    assert (window.seat, window.counter, window.target) == (BRAVO, "bob", "ace")
    state, events = play(state, BRAVO, "counter with rifle", [1, 1, 1, 1, 1])
    spent = one(events, ev.CommandPointsSpent)
    assert (spent.seat, spent.effect) == (BRAVO, "counter")
    declared = one(events, ev.AttackDeclared)
    assert (declared.attacker, declared.target, declared.kind) == ("bob", "ace", "counter")
    # Bob is unhurt (Combat 5) but counterattacks with his worst Combat value, 3
    assert one(events, ev.AttackRolled).difficulty == 7
    assert state.windows == ()
    assert state.activation is not None and state.activation.key == "ace"


def test_a_counterattack_may_follow_a_missed_attack() -> None:
    state = game(a("ace", "r2", "pistol"), b("bob", "r4", "rifle"), active="ace", cp=1)
    state, events = play(state, ALPHA, "attack bob with pistol", [1, 1, 1, 1])
    assert one(events, ev.AttackRolled).successes == 0
    assert isinstance(state.windows[-1], CounterWindow)


def test_no_counterattack_against_a_counterattack() -> None:
    state = game(a("ace", "r2", "pistol"), b("bob", "r4", "rifle"), active="ace", cp=2)
    state, _ = play(state, ALPHA, "attack bob with pistol", [1, 1, 1, 1])
    state, events = play(state, BRAVO, "counter", [9, 1, 1, 1, 1, 9, 9, 1, 1])
    assert one(events, ev.ShockRolled).wounds == 0  # Ace survives the counterattack
    assert state.windows == ()  # and is offered nothing in return
    assert state.command_points[ALPHA] == 2


def test_declining_a_counterattack_costs_nothing() -> None:
    state = game(a("ace", "r2", "pistol"), b("bob", "r4", "rifle"), active="ace", cp=1)
    state, _ = play(state, ALPHA, "attack bob with pistol", [1, 1, 1, 1])
    state, events = play(state, BRAVO, "decline")
    assert not of(events, ev.CommandPointsSpent) and state.command_points[BRAVO] == 1
    assert state.windows == ()


def test_no_counterattack_without_command_points_or_after_dying() -> None:
    broke = game(a("ace", "r2", "pistol"), b("bob", "r4", "rifle"), active="ace", cp=0)
    broke, _ = play(broke, ALPHA, "attack bob with pistol", [1, 1, 1, 1])
    assert broke.windows == ()
    dying = game(
        a("ace", "r2", "pistol"),
        b("bob", "r4", "rifle", row=3),
        b("cid", "o1"),
        active="ace",
        cp={ALPHA: 0, BRAVO: 0},
    )
    dying, events = play(dying, ALPHA, "attack bob with pistol", [9, 1, 1, 1, 1, 1, 1, 1])
    assert of(events, ev.Killed) and dying.windows == ()


def test_the_attacker_must_be_a_legal_target_of_the_counterattack() -> None:
    # Bob holds only a knife and Ace fires from two circles away
    state = game(a("ace", "r2", "pistol"), b("bob", "r4", "knife"), active="ace", cp=1)
    state, _ = play(state, ALPHA, "attack bob with pistol", [1, 1, 1, 1])
    assert state.windows == ()


def test_the_counterattack_weapon_must_reach_the_attacker() -> None:
    state = game(a("ace", "r2", "pistol"), b("bob", "r4", "rifle", "knife"), active="ace", cp=1)
    state, _ = play(state, ALPHA, "attack bob with pistol", [1, 1, 1, 1])
    refused = refuse(state, BRAVO, "counter with knife")
    assert (refused.code, refused.rule) == (RejectionCode.BAD_ARGUMENT, R_COUNTER)
    assert refuse(state, ALPHA, "decline", rule=False).code == RejectionCode.NOT_YOUR_TURN


def test_one_counterattack_per_side_and_activation() -> None:
    # Ace fails a bull rush on Bob and survives Bob's free strike: alpha counterattacks.
    # Later in the same activation Cid's overwatch attack cannot be countered again.
    state = game(
        a("ace", "r3", "knife"),
        b("bob", "r4", "knife"),
        b("cid", "r9", "pistol"),
        active="ace",
        cp={ALPHA: 2, BRAVO: 0},
        overwatch=("cid",),
    )
    state, _ = play(state, ALPHA, "rush r4 r5", [1, 1, 1, 1, 9, 9, 9, 9])
    assert isinstance(state.windows[-1], FreeMeleeWindow)
    state, _ = play(state, BRAVO, "strike with knife", [1, 1, 1, 1])
    assert isinstance(state.windows[-1], CounterWindow)
    state, _ = play(state, ALPHA, "counter with knife", [1, 1, 1, 1])
    assert state.windows == () and state.command_points[ALPHA] == 1
    state, _ = play(state, ALPHA, "operate lever")
    assert isinstance(state.windows[-1], OverwatchWindow)
    state, events = play(state, BRAVO, "fire cid", [1, 1, 1, 1])
    assert one(events, ev.AttackDeclared).kind == "overwatch"
    assert not any(isinstance(w, CounterWindow) for w in state.windows)
    assert one(events, ev.ActionCircleUsed).key == "ace"


def test_a_counterattack_can_be_made_with_bare_hands_on_purpose() -> None:
    state = game(a("ace", "r3", "pistol"), b("bob", "r4", "rifle"), active="ace", cp=1)
    state, _ = play(state, ALPHA, "attack bob with pistol", [1, 1, 1, 1])
    window = state.windows[-1]
    assert isinstance(window, CounterWindow)
    state, events = play(state, BRAVO, "counter with hands", [1, 1])
    assert one(events, ev.AttackDeclared).weapon is None
    assert one(events, ev.AttackRolled).pool == 2


def test_the_counterattack_prompt_is_private_and_says_its_deadline() -> None:
    state = game(a("ace", "r2", "pistol"), b("bob", "r4", "rifle"), active="ace", cp=1)
    state, _ = play(state, ALPHA, "attack bob with pistol", [1, 1, 1, 1])
    [prompt] = SYSTEM.prompts(state)
    assert prompt.seat == BRAVO and prompt.private
    assert prompt.on_timeout == "decline" and prompt.timeout_minutes == 720
    assert prompt.text.endswith("No answer within 12 hours counts as `decline`.")
    assert prompt.choices[0].notation == "decline"
