"""Hold and reactions (`/rules` reaction-shots): reaction tests, reaction shots and
counter-charges."""

from __future__ import annotations

from typing import Any

from rules.core.frames import FrameOpened
from rules.squad.events import (
    ActivationEnded,
    Assaulted,
    Damaged,
    Fired,
    Fought,
    ReactionTested,
    TurnPassed,
)
from rules.squad.state import AllocateWindow, SquadState
from tests.squad.builders import (
    ALPHA,
    BRAVO,
    TROOPERS,
    a,
    b,
    game,
    line,
    of,
    one,
    play,
    told,
)


def _holding(**b1: Any) -> SquadState:
    """A1 and A2 at y 10, B1 holding at y 30: 20" away, in sight and in range."""
    return game(
        a(TROOPERS, line(10, 10, 5)),
        a(TROOPERS, line(20, 10, 5)),
        b(TROOPERS, line(10, 30, 5), holding=True, **b1),
    )


def test_a_holding_unit_shoots_at_a_unit_ending_a_move_in_its_sight() -> None:
    # ML 5: the reaction test needs 5+; then five shots at 5+ (no -1: B1 did not move)
    state, events = play(_holding(), ALPHA, "move A1 to 13,16", faces=[5, 2, 3, 4, 1, 2])
    tested = one(events, ReactionTested)
    assert (tested.unit, tested.against, tested.kind) == ("B1", "A1", "shot")
    assert (tested.roll.score, tested.roll.passed) == (5, True)
    fired = one(events, Fired)
    assert fired.reaction and fired.modifier == 0 and fired.hits == 0
    assert (fired.unit, fired.target, fired.band) == ("B1", "A1", "medium")
    assert told(events, "tests for") == "B1 tests for a reaction shot at A1: 5 vs 5+ ✓."
    assert told(events, "takes a reaction shot") == (
        'B1 takes a reaction shot at A1 at medium range (13.0"): 2 3 4 1 2 vs 5+ (SH 5) → 0 hits.'
    )
    # the mover's activation goes on; the reaction is spent
    assert state.activation is not None and state.activation.unit == "A1"
    assert not state.unit("B1").holding
    state, _ = play(state, ALPHA, "end")
    state = state.model_copy(update={"to_act": ALPHA})
    _, events = play(state, ALPHA, "move A2 to 23,16")
    assert not of(events, ReactionTested)  # once per turn


def test_a_failed_reaction_test_fires_nothing() -> None:
    state, events = play(_holding(), ALPHA, "move A1 to 13,16", faces=[4])
    assert not one(events, ReactionTested).roll.passed
    assert not of(events, Fired)
    assert told(events, "tests for").endswith("4 vs 5+ ✗, no reaction.")
    assert not state.unit("B1").holding


def test_a_move_out_of_range_brings_no_reaction() -> None:
    far = game(
        a(TROOPERS, line(10, 2, 5)),
        b(TROOPERS, line(10, 46, 5), holding=True),
    )
    state, events = play(far, ALPHA, "move A1 to 13,5")  # 40.0" apart: beyond the rifles
    assert not of(events, ReactionTested)
    assert state.unit("B1").holding


def test_a_rushs_activation_ends_after_the_reactions() -> None:
    # three hits on five models: Alpha allocates them before play passes
    state, events = play(_holding(), ALPHA, "rush A1 to 13,22", faces=[6, 5, 5, 5, 1, 1])
    window = of(events, FrameOpened)[-1].frame
    assert isinstance(window, AllocateWindow) and window.seat == ALPHA
    assert len(window.hits) == 3
    assert not of(events, TurnPassed)
    # B1 is 7" away: short range, strength 4 against T4 is 6+
    state, events = play(state, ALPHA, "allocate 5, 4, 3", faces=[6, 1, 1])
    assert [w.model for w in one(events, Damaged).rolls] == ["5", "4", "3"]
    assert not of(events, ActivationEnded)  # a Rush keeps no activation open
    assert one(events, TurnPassed).seat == BRAVO
    assert [m.id for m in state.unit("A1").living] == ["1", "2", "3", "4"]


def test_panicked_units_never_react() -> None:
    _, events = play(_holding(panicked=True), ALPHA, "move A1 to 13,16")
    assert not of(events, ReactionTested)


def test_a_holding_unit_counter_charges_an_assault() -> None:
    state = game(
        a(TROOPERS, line(10, 10, 5)),
        b(TROOPERS, line(10, 15, 5), holding=True),
    )
    # reaction test 6 (5+): counter-charge; then both sides strike with +1 (6+ needed)
    faces = [6, 4, 4, 4, 4, 4, 5, 4, 4, 4, 4, 1]
    state, events = play(state, ALPHA, "assault A1 B1", faces=faces)
    tested = one(events, ReactionTested)
    assert (tested.kind, tested.roll.passed) == ("counter", True)
    assaulted = one(events, Assaulted)
    assert assaulted.counter and assaulted.charge
    fought = one(events, Fought)
    assert fought.attacker.modifiers == ("+1 charged",)
    assert fought.defender.modifiers == ("+1 counter-charged",)
    assert (fought.attacker.hits, fought.defender.hits) == (0, 1)
    assert told(events, "assaults") == "A1 assaults B1; B1 counter-charges."
    assert not state.unit("B1").holding and not state.unit("B1").charged


def test_holding_units_shoot_at_an_assault_move_before_the_combat() -> None:
    state = game(
        a(TROOPERS, line(10, 10, 5)),
        b(TROOPERS, line(10, 15, 5), holding=True),  # assaulted: it counter-charges instead
        b(TROOPERS, line(30, 20, 5), holding=True),
    )
    faces = [5, 2, 2, 2, 2, 2]  # B2's reaction test and its five shots, all missing
    faces += [4]  # B1's counter-charge test fails
    faces += [4, 4, 4, 4, 4, 1, 1, 1, 1, 1]  # nobody hits: a draw
    state, events = play(state, ALPHA, "assault A1 B1", faces=faces)
    kinds = [type(e).__name__ for e in events if type(e).__name__ in _ORDERED]
    assert kinds == ["Moved", "ReactionTested", "Fired", "ReactionTested", "Assaulted", "Fought"]
    shot, counter = of(events, ReactionTested)
    assert (shot.unit, shot.kind, counter.unit, counter.kind) == ("B2", "shot", "B1", "counter")
    fired = one(events, Fired)
    assert (fired.unit, fired.target, fired.reaction) == ("B2", "A1", True)
    assert not one(events, Assaulted).counter
    assert one(events, TurnPassed).seat == BRAVO
    assert not state.unit("B1").holding and not state.unit("B2").holding


_ORDERED = {"Moved", "ReactionTested", "Fired", "Assaulted", "Fought"}
