"""The game turn: refresh, initiative, the set-overwatch step and alternating activations."""

from __future__ import annotations

from rules.core.events import Event, GameEnded
from rules.core.rejection import RejectionCode
from rules.tannhauser import events as ev
from rules.tannhauser.state import RerollWindow, TannhauserState
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
    types,
)

R_ACTIVATE = "000 Turn §4 Activate characters"
R_OVERWATCH_STEP = "000 Turn §3 Set overwatch"


def end_of_turn_two() -> tuple[TannhauserState, list[Event]]:
    """Ace ends the last activation of turn 2; Bob sat on overwatch and never fired."""
    state = game(
        a("ace", "r2"),
        b("bob", "r9"),
        b("cid", "o1"),
        active="ace",
        overwatch=("bob",),
        activated=("cid",),
        cp={ALPHA: 5, BRAVO: 0},
    )
    state, events = play(state, ALPHA, "end", [8, 3])
    return state, events


def test_refresh_resets_command_points_marks_and_unused_overwatch() -> None:
    state, events = end_of_turn_two()
    started = one(events, ev.TurnStarted)
    assert started.turn == 3 and started.command_points == {ALPHA: 2, BRAVO: 2}
    assert state.turn == 3 and state.command_points == {ALPHA: 2, BRAVO: 2}
    assert state.activated == () and state.overwatch == ()
    assert not state.activation
    # the initiative roll follows the refresh from the second turn on
    assert types(events).index("th_turn") < types(events).index("th_roll_started")
    assert isinstance(state.windows[-1], RerollWindow)


def test_the_overwatch_step_starts_with_the_side_without_initiative() -> None:
    state, _ = end_of_turn_two()
    state, events = play(state, BRAVO, "keep")
    assert state.initiative == ALPHA
    assert state.phase == "overwatch" and state.overwatch_next == BRAVO
    assert one(events, ev.OverwatchStep).seat == BRAVO
    refused = refuse(state, ALPHA, "overwatch ace")
    assert (refused.code, refused.rule) == (RejectionCode.NOT_YOUR_TURN, R_OVERWATCH_STEP)


def test_setting_overwatch_costs_a_point_and_marks_the_character_activated() -> None:
    state, _ = end_of_turn_two()
    state, _ = play(state, BRAVO, "keep")
    state, events = play(state, BRAVO, "overwatch bob")
    spent = one(events, ev.CommandPointsSpent)
    assert (spent.seat, spent.amount) == (BRAVO, 1)
    assert state.overwatch == ("bob",) and "bob" in state.activated
    assert state.command_points[BRAVO] == 1
    assert state.overwatch_next == ALPHA
    # no double overwatch
    state, _ = play(state, ALPHA, "decline")
    assert state.overwatch_next == BRAVO
    refused = refuse(state, BRAVO, "overwatch bob")
    assert refused.code == RejectionCode.BAD_ARGUMENT and "already" in refused.message


def test_the_step_ends_only_when_both_decline_in_sequence() -> None:
    state, _ = end_of_turn_two()
    state, _ = play(state, BRAVO, "keep")
    state, _ = play(state, BRAVO, "decline")
    state, _ = play(state, ALPHA, "overwatch ace")  # alpha sets after bravo declined
    assert state.phase == "overwatch" and state.overwatch_next == BRAVO
    state, _ = play(state, BRAVO, "overwatch bob")  # bravo may still set after declining
    # alpha has nobody left to set: it declines by itself; then bravo declines
    assert state.overwatch_next == BRAVO
    state, events = play(state, BRAVO, "decline")
    assert [e.seat for e in of(events, ev.OverwatchDeclined)] == [BRAVO]
    assert state.phase == "activations" and state.overwatch == ("ace", "bob")
    # alpha holds the initiative but has nobody left to activate: bravo goes on
    assert one(events, ev.NextActivation).seat == BRAVO


def test_a_side_without_command_points_is_passed_over() -> None:
    state = game(
        a("ace", "r2"), b("bob", "r9"), active="ace", activated=("bob",), cp={ALPHA: 2, BRAVO: 2}
    )
    state, _ = play(state, ALPHA, "end", [8, 3])
    state, _ = play(state, BRAVO, "reroll", [1])  # bravo keeps one point
    state, _ = play(state, BRAVO, "overwatch bob")  # and spends it
    state, events = play(state, ALPHA, "decline")
    assert state.phase == "activations"
    # bravo has no Command Point left, so it is passed over
    assert [e.seat for e in of(events, ev.OverwatchDeclined)] == [ALPHA, BRAVO]


def test_activations_alternate_and_a_side_that_runs_out_leaves_the_rest() -> None:
    state = game(a("ace", "r2"), a("amy", "g1"), b("bob", "r9"), initiative=ALPHA)
    order = []
    for _ in range(3):
        seat = state.next_seat
        assert seat is not None
        key = next(t.key for t in state.living(seat) if t.key not in state.activated)
        state, _ = play(state, seat, f"activate {key}")
        order.append(key)
        if len(order) < 3:
            state, _ = play(state, seat, "end")
    assert order == ["ace", "bob", "amy"]


def test_a_character_is_activated_once_and_not_when_on_overwatch() -> None:
    state = game(
        a("ace", "r2"),
        a("amy", "g1"),
        a("ann", "b2"),
        b("bob", "r9"),
        activated=("ace",),
        overwatch=("amy",),
    )
    refused = refuse(state, ALPHA, "activate ace")
    assert (refused.code, refused.rule) == (RejectionCode.BAD_ARGUMENT, R_ACTIVATE)
    assert refused.legal == ("activate ann",)
    refuse(state, ALPHA, "activate amy")
    assert refuse(state, BRAVO, "activate bob").code == RejectionCode.NOT_YOUR_TURN
    refused = refuse(state, ALPHA, "move r3")
    assert "activate" in refused.message and refused.rule == R_ACTIVATE


def test_a_side_with_no_living_character_loses_at_once() -> None:
    state = game(
        a("ace", "r2", "pistol"), b("bob", "r4", row=3), active="ace", cp={ALPHA: 0, BRAVO: 0}
    )
    state, events = play(state, ALPHA, "attack bob with pistol", [9, 1, 1, 1, 1, 1, 1, 1])
    ended = one(events, GameEnded)
    assert ended.winners == (ALPHA,)
    assert state.finished and state.winners == (ALPHA,)
    assert not of(events, ev.ActivationEnded)


def test_characters_waiting_off_the_board_are_still_in_the_game() -> None:
    state = game(
        a("ace", "r2", "pistol"),
        b("bob", "r4", row=3),
        b("cid", None),
        active="ace",
        cp={ALPHA: 0, BRAVO: 0},
    )
    state, events = play(state, ALPHA, "attack bob with pistol", [9, 1, 1, 1, 1, 1, 1, 1])
    assert of(events, ev.Killed) and not of(events, GameEnded)
