"""Moving: routes, movement modifier circles, enemies and friends, entry points, buying."""

from __future__ import annotations

from rules.core.rejection import RejectionCode
from rules.tannhauser import actions as act
from rules.tannhauser import events as ev
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


def test_a_destination_is_reached_by_the_cheapest_legal_route() -> None:
    # r3 → b1: through g3 (one green Movement icon, free) beats r4
    state = game(a("ace", "r3"), b("bob", "o1"), active="ace", points=4)
    state, events = play(state, ALPHA, "move b1")
    moved = one(events, ev.Moved)
    assert (moved.route, moved.points_left) == (("g3", "b1"), 3)
    assert state.tokens["ace"].circle == "b1"
    assert state.activation is not None and state.activation.points == 3


def test_an_enemy_on_the_cheap_route_forces_the_other_way() -> None:
    state = game(a("ace", "r3"), b("bob", "g3"), active="ace", points=4)
    moved = one(decide(state, ALPHA, "move b1"), ev.Moved)
    assert (moved.route, moved.points_left) == (("r4", "b1"), 2)


def test_a_friend_may_be_passed_through_but_not_stopped_on() -> None:
    state = game(a("ace", "r3"), a("amy", "g3"), b("bob", "o1"), active="ace", points=4)
    moved = one(decide(state, ALPHA, "move b1"), ev.Moved)
    assert moved.route == ("g3", "b1")
    refused = refuse(state, ALPHA, "move g3")
    assert "friend" in refused.message and refused.rule == "000 Moving"
    explicit = refuse(state, ALPHA, act.Move(to="g3", route=("g3",)))
    assert "friend" in explicit.message


def test_an_explicit_route_is_followed_step_by_step() -> None:
    state = game(a("ace", "r3"), b("bob", "o1"), active="ace", points=4)
    moved = one(decide(state, ALPHA, "move r4 b1"), ev.Moved)
    assert (moved.route, moved.points_left) == (("r4", "b1"), 2)
    refused = refuse(state, ALPHA, "move r4 b2")
    assert "not adjacent" in refused.message


def test_enemy_circles_cannot_be_entered() -> None:
    state = game(a("ace", "r3"), b("bob", "r4"), active="ace", points=6)
    assert "enemy" in refuse(state, ALPHA, "move r4").message
    refused = refuse(state, ALPHA, "move r4 r5")
    assert "enemy stands on r4" in refused.message and refused.code == RejectionCode.ILLEGAL_MOVE
    # r5 lies only beyond Bob: out of reach without a bull rush
    refuse(state, ALPHA, "move r5")


def test_one_red_movement_icon_needs_two_points_to_enter() -> None:
    state = game(a("ace", "g3"), b("bob", "o1"), active="ace", points=1)
    assert "out of reach" in refuse(state, ALPHA, "move g2").message
    refused = refuse(state, ALPHA, act.Move(to="g2", route=("g2",)))
    assert "needs 2 movement points; 1 left" in refused.message
    richer = game(a("ace", "g3"), b("bob", "o1"), active="ace", points=2)
    assert one(decide(richer, ALPHA, "move g2"), ev.Moved).points_left == 0


def test_one_green_movement_icon_is_free_to_enter() -> None:
    state = game(a("ace", "r3"), b("bob", "o1"), active="ace", points=1)
    assert one(decide(state, ALPHA, "move g3"), ev.Moved).points_left == 1


def test_two_green_movement_icons_give_a_point_back() -> None:
    state = game(a("ace", "g2"), b("bob", "o1"), active="ace", points=1)
    assert one(decide(state, ALPHA, "move g1"), ev.Moved).points_left == 2


def test_off_board_characters_enter_through_an_entry_point_for_one_point() -> None:
    state = game(a("ace", None), b("bob", "o1"), active="ace")
    assert state.activation is not None and state.activation.points == 6
    state, events = play(state, ALPHA, "move r2")
    moved = one(events, ev.Moved)
    assert (moved.route, moved.points_left, moved.entered) == (("r1", "r2"), 4, True)


def test_off_board_characters_must_enter_first() -> None:
    state = game(a("ace", None, "pistol"), b("bob", "r3"), active="ace")
    refused = refuse(state, ALPHA, "move r2 r3")
    assert "entry point" in refused.message and refused.rule == "000 Entry points"
    assert "enter the board" in refuse(state, ALPHA, "attack bob with pistol").message
    assert "entry points" in refuse(state, ALPHA, "end").message


def test_a_character_may_act_between_two_moves() -> None:
    state = game(a("ace", "r1", "pistol"), b("bob", "r6"), active="ace", cp=0)
    state, _ = play(state, ALPHA, "move r3")
    state, _ = play(state, ALPHA, "attack bob with pistol", [1, 1, 1, 1])
    state, events = play(state, ALPHA, "move g3")
    assert one(events, ev.Moved).points_left == 4
    assert state.activation is not None and state.activation.acted


def test_unspent_movement_points_are_lost_when_the_activation_ends() -> None:
    state = game(a("ace", "r3"), b("bob", "o1"), active="ace", points=4)
    state, events = play(state, ALPHA, "end")
    assert one(events, ev.ActivationEnded).key == "ace"
    assert state.activation is None and "ace" in state.activated
    assert state.next_seat == BRAVO


def test_a_movement_point_may_be_bought_once_per_activation() -> None:
    state = game(a("ace", "r3"), b("bob", "o1"), active="ace", points=0, cp=2)
    state, events = play(state, ALPHA, "buy move")
    spent = one(events, ev.CommandPointsSpent)
    assert (spent.amount, spent.effect) == (1, "move")
    assert of(events, ev.MovementBought)
    assert state.activation is not None and state.activation.points == 1
    assert state.command_points[ALPHA] == 1
    again = refuse(state, ALPHA, "buy move")
    assert again.code == RejectionCode.ALREADY_DONE
    broke = game(a("ace", "r3"), b("bob", "o1"), active="ace", points=0, cp=0)
    assert refuse(broke, ALPHA, "buy move").code == RejectionCode.CANNOT_AFFORD


def test_the_other_side_cannot_move_the_active_character() -> None:
    state = game(a("ace", "r3"), b("bob", "o1"), active="ace")
    refused = refuse(state, BRAVO, "move r9")
    assert refused.code == RejectionCode.NOT_YOUR_TURN
