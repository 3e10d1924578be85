"""The game turn (001 Game Turns; `/rules` game-turn to activation, victory): the marker
phase, initiative, play passing between seats, the end of the game and its scoring."""

from __future__ import annotations

from rules.core.events import GameEnded
from rules.core.frames import FrameOpened
from rules.squad.events import (
    FirstChosen,
    InitiativeRolled,
    Scored,
    TurnBegan,
    TurnEnded,
    TurnPassed,
)
from rules.squad.scoring import final_scores
from rules.squad.state import InitiativeWindow
from tests.squad.builders import (
    ALPHA,
    BRAVO,
    BREAKTHROUGH,
    CHARLIE,
    HERO,
    OBJECTIVES,
    SYSTEM,
    TROOPERS,
    Placed,
    a,
    b,
    game,
    line,
    of,
    one,
    play,
    refuse,
    told,
    with_units,
)


def test_the_marker_phase_clears_the_turns_markers_and_a_tie_rolls_again() -> None:
    state = game(
        a(TROOPERS, line(10, 10, 5)),
        b(TROOPERS, line(50, 40, 5)),
        to_act=BRAVO,
    )
    state = with_units(state, A1={"activated": True, "order": "move", "moved": True})
    state, events = play(state, BRAVO, "hold B1", faces=[3, 3, 7, 4])
    assert one(events, TurnEnded).turn == 1
    assert one(events, TurnBegan).turn == 2
    rolled = one(events, InitiativeRolled)
    assert rolled.rolls == {ALPHA: (3, 7), BRAVO: (3, 4)}
    assert rolled.winner == ALPHA
    assert told(events, "Initiative") == (
        "Initiative: Alpha 3 then 7, Bravo 3 then 4. Alpha chooses who goes first."
    )
    for unit in state.units:
        assert not (unit.activated or unit.moved or unit.holding or unit.order)
    window = state.waiting_window()
    assert isinstance(window, InitiativeWindow) and window.seat == ALPHA
    prompt = SYSTEM.prompts(state)[0]
    assert prompt.seat == ALPHA and prompt.on_timeout == "first me"


def test_panic_outlasts_the_marker_phase() -> None:
    state = game(
        a(TROOPERS, line(10, 10, 5), panicked=True, activated=True),
        b(TROOPERS, line(50, 40, 5)),
        to_act=BRAVO,
    )
    state, _ = play(state, BRAVO, "hold B1", faces=[5, 2])
    assert state.turn == 2 and state.unit("A1").panicked


def test_only_the_tied_seats_roll_again() -> None:
    state = game(
        a(TROOPERS, line(10, 10, 5)),
        b(TROOPERS, line(10, 40, 5)),
        Placed(CHARLIE, TROOPERS, line(60, 25, 5)),
        seats=(ALPHA, BRAVO, CHARLIE),
        to_act=CHARLIE,
    )
    state = with_units(state, A1={"activated": True}, B1={"activated": True})
    state, events = play(state, CHARLIE, "hold C1", faces=[8, 8, 2, 5, 9])
    rolled = one(events, InitiativeRolled)
    assert rolled.rolls == {ALPHA: (8, 5), BRAVO: (8, 9), CHARLIE: (2,)}
    assert rolled.winner == BRAVO
    state, events = play(state, BRAVO, "first charlie")
    chosen = one(events, FirstChosen)
    assert (chosen.by, chosen.seat) == (BRAVO, CHARLIE)
    assert one(events, TurnPassed).seat == CHARLIE
    assert told(events, "activate first") == "Bravo has Charlie activate first."
    assert state.phase == "activation" and state.to_act == CHARLIE
    assert refuse(state, ALPHA, "hold A1").message == "It is Charlie's turn to activate a unit."
    assert refuse(state, BRAVO, "first me").message == (
        "The initiative of turn 2 is settled; Charlie is to activate a unit."
    )


def test_first_me() -> None:
    state = game(
        a(TROOPERS, line(10, 10, 5), activated=True),
        b(TROOPERS, line(50, 40, 5)),
        to_act=BRAVO,
    )
    state, _ = play(state, BRAVO, "hold B1", faces=[2, 9])
    assert refuse(state, ALPHA, "first me").message == (
        "Bravo won the initiative and chooses who goes first."
    )
    state, events = play(state, BRAVO, "first me")
    assert one(events, TurnPassed).seat == BRAVO


def test_play_passes_to_the_next_seat_with_a_unit_left_and_skips_the_others() -> None:
    state = game(
        a(TROOPERS, line(10, 10, 5)),
        a(HERO, [(30, 10)]),
        b(TROOPERS, line(10, 40, 5), activated=True),
        Placed(CHARLIE, TROOPERS, line(60, 25, 5)),
        seats=(ALPHA, BRAVO, CHARLIE),
    )
    state, events = play(state, ALPHA, "hold A1")
    assert one(events, TurnPassed).seat == CHARLIE  # Bravo has nothing left
    state, events = play(state, CHARLIE, "hold C1")
    # only Alpha has a unit left: it activates again
    assert one(events, TurnPassed).seat == ALPHA
    assert told(events, "to activate") == "Alpha to activate a unit."
    assert refuse(state, ALPHA, "hold A1").message == "A1 has already been activated this turn."


def test_the_game_ends_after_its_turns_with_the_scores() -> None:
    state = game(
        a(TROOPERS, line(10, 10, 5), activated=True),
        b(TROOPERS, line(50, 40, 5)),
        to_act=BRAVO,
        turn=2,
        turns=2,
    )
    state = state.model_copy(update={"kills": {ALPHA: 90, BRAVO: 100}})
    state, events = play(state, BRAVO, "hold B1")
    assert one(events, TurnEnded).turn == 2
    assert not of(events, TurnBegan)
    assert one(events, Scored).scores == {ALPHA: 90, BRAVO: 100}
    ended = one(events, GameEnded)
    assert ended.winners == (BRAVO,)
    assert ended.reason == "The battle is over: the last of 2 turns is over."
    assert state.finished and state.phase == "over"
    assert refuse(state, ALPHA, "hold A1", rule=False).message == "The battle is over."


def test_equal_scores_are_a_draw() -> None:
    state = game(
        a(TROOPERS, line(10, 10, 5), activated=True),
        b(TROOPERS, line(50, 40, 5)),
        to_act=BRAVO,
        turns=1,
    )
    _, events = play(state, BRAVO, "hold B1")
    assert one(events, Scored).scores == {ALPHA: 0, BRAVO: 0}
    assert one(events, GameEnded).winners == ()


def test_the_game_ends_when_one_side_is_left() -> None:
    # B1 is one model with one wound left, in the open 10" from A1
    state = game(
        a(TROOPERS, line(10, 10, 5)),
        b(HERO, [(13, 20.49)]),
        b(TROOPERS, line(60, 40, 5)),
    )
    state = with_units(state, B1={"wounds": (1,)}, B2={"status": "destroyed"})
    # five shots at 5+: 6 9 1 2 3 -> 2 hits; damage S4 vs T5 (7+): 8 -> the hero falls
    state, events = play(state, ALPHA, "shoot A1", faces=[6, 9, 1, 2, 3, 8, 2])
    ended = one(events, GameEnded)
    assert ended.winners == (ALPHA,)
    assert ended.reason == "The battle is over: only one side is left on the table."
    assert one(events, Scored).scores == {ALPHA: 80, BRAVO: 0}
    assert not of(events, FrameOpened) or all(
        not isinstance(e.frame, InitiativeWindow) for e in of(events, FrameOpened)
    )


def test_objectives_go_to_the_seat_with_most_models_within_3_inches() -> None:
    state = game(
        a(TROOPERS, line(33, 24, 5)),  # models at 33 ... 39; three within 3" of 36,24
        b(TROOPERS, [(36, 27.5), (40, 28), (44, 28), (48, 28), (52, 28)]),
        scenario=OBJECTIVES,
        objectives=((36, 24), (60, 40)),
    )
    scored = final_scores(state)
    assert scored.held == {"o1": ALPHA}
    assert scored.scores == {ALPHA: 100, BRAVO: 0}
    # a tie holds nothing
    tied = with_units(state, A1={"status": "destroyed"})
    assert final_scores(tied).held == {"o1": BRAVO}
    even = game(
        a(HERO, [(36, 21.5)]),
        b(HERO, [(36, 26.5)]),
        scenario=OBJECTIVES,
        objectives=((36, 24),),
    )
    assert final_scores(even).held == {}


def test_breakthrough_scores_units_in_an_enemy_zone_not_panicked() -> None:
    state = game(
        a(TROOPERS, line(10, 42, 5)),  # in Bravo's zone (y 38-48)
        a(HERO, [(60, 45)], panicked=True),
        b(TROOPERS, line(50, 30, 5)),
        scenario=BREAKTHROUGH,
    )
    state = state.model_copy(update={"kills": {ALPHA: 0, BRAVO: 80}})
    assert final_scores(state).scores == {ALPHA: 100, BRAVO: 80}
