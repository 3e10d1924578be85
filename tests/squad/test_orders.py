"""Orders (001 Orders; `/rules` activation, move-order): Move with its follow-ups, Rush,
Hold, and what is refused."""

from __future__ import annotations

from rules.core.rejection import RejectionCode
from rules.squad.events import (
    Activated,
    ActivationEnded,
    Assaulted,
    Fired,
    Held,
    Moved,
    TurnPassed,
)
from rules.squad.state import SquadState
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
    refuse,
    told,
)


def _facing(gap_y: float = 30) -> SquadState:
    """A1 in a line at y 10 (x 10-16), B1 in a line at ``gap_y``."""
    return game(a(TROOPERS, line(10, 10, 5)), b(TROOPERS, line(10, gap_y, 5)))


def test_move_then_shoot_at_minus_1() -> None:
    state, events = play(_facing(), ALPHA, "move A1 to 13,16")
    moved = one(events, Moved)
    assert (moved.how, moved.distance) == ("move", 600)
    assert told(events, "moves") == 'A1 moves 6.0" to 13.0,16.0.'
    assert state.activation is not None and state.activation.order == "move"
    assert not of(events, TurnPassed)
    # 13" apart now (medium range): 5+ at -1
    state, events = play(state, ALPHA, "shoot", faces=[6, 5, 10, 1, 7])
    fired = one(events, Fired)
    assert (fired.band, fired.score, fired.modifier, fired.hits) == ("medium", 5, -1, 3)
    assert fired.modifiers == ("-1 moved",)
    assert one(events, Activated).order == "shoot"
    assert told(events, "shoots") == (
        'A1 shoots B1 at medium range (13.0"): 6 5 10 1 7 vs 5+ (SH 5, -1 moved) → 3 hits.'
    )


def test_move_then_end() -> None:
    state, _ = play(_facing(), ALPHA, "move A1 to 13,16")
    assert refuse(state, ALPHA, "hold A1").message == (
        "A1 has moved: it may still shoot or assault, or `end` its activation."
    )
    assert refuse(state, BRAVO, "end").message == "You have no activation to end."
    state, events = play(state, ALPHA, "end")
    assert one(events, ActivationEnded).unit == "A1"
    assert one(events, TurnPassed).seat == BRAVO
    assert state.activation is None and state.unit("A1").activated


def test_move_then_assault() -> None:
    state, _ = play(_facing(20), ALPHA, "move A1 to 13,14")
    # 5" apart: every model reaches; AS 4 against AS 4 needs 6+, +1 for the charge
    state, events = play(state, ALPHA, "assault B1", faces=[4, 4, 4, 4, 4, 1, 1, 1, 1, 1])
    assert one(events, Activated).order == "assault"
    assert one(events, Assaulted).charge
    assert one(events, Moved).how == "assault"
    assert of(events, TurnPassed)[-1].seat == BRAVO


def test_rush_moves_three_times_and_ends_at_once() -> None:
    state, events = play(_facing(40), ALPHA, "rush A1 to 13,28")
    assert one(events, Moved).how == "rush"
    assert one(events, Moved).distance == 1800
    assert one(events, TurnPassed).seat == BRAVO
    assert state.activation is None and state.unit("A1").moved
    refused = refuse(_facing(40), ALPHA, "rush A1 to 13,29")
    assert refused.code == RejectionCode.OUT_OF_RANGE
    assert refused.message == 'A1 would move 19.0"; its Rush is 18.0".'


def test_a_move_longer_than_movement_is_refused_with_the_distance() -> None:
    refused = refuse(_facing(), ALPHA, "move A1 to 13,17")
    assert refused.message == 'A1 would move 7.0"; its Move is 6.0".'


def test_hold_ends_at_once() -> None:
    state, events = play(_facing(), ALPHA, "hold A1")
    assert one(events, Held).unit == "A1"
    assert one(events, TurnPassed).seat == BRAVO
    assert state.unit("A1").holding and state.activation is None
    assert told(events, "holds") == "A1 holds."


def test_a_move_ending_in_base_contact_is_refused() -> None:
    refused = refuse(_facing(16), ALPHA, "move A1 to 13,15.02")
    assert refused.message == "Only an Assault brings A1 into base contact with an enemy."


def test_a_unit_in_base_contact_may_only_assault() -> None:
    state = _facing(10.98)  # the lines touch
    hold = refuse(state, ALPHA, "hold A1")
    assert hold.message == (
        "A1 is in close combat with B1: only an Assault order (fight on) is possible."
    )
    assert refuse(state, ALPHA, "move A1 to 13,5").message == hold.message
    assert refuse(state, ALPHA, "shoot A1").message == hold.message


def test_a_unit_activated_twice_is_refused() -> None:
    state, _ = play(_facing(), ALPHA, "hold A1")
    state = state.model_copy(update={"to_act": ALPHA})
    refused = refuse(state, ALPHA, "move A1 to 13,12")
    assert refused.code == RejectionCode.ALREADY_DONE
    assert refused.message == "A1 has already been activated this turn."


def test_move_toward_an_enemy_goes_the_full_move_or_stops_short_of_contact() -> None:
    _, events = play(_facing(), ALPHA, "move A1 toward B1")
    assert one(events, Moved).distance == 600
    assert {y for _, y in one(events, Moved).positions} == {1600}
    # 7" apart: a Rush stops half an inch short of base contact
    _, events = play(_facing(18), ALPHA, "rush A1 toward B1")
    moved = one(events, Moved)
    assert moved.distance == 652
    assert {y for _, y in moved.positions} == {1652}
