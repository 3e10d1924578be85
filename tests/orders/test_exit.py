"""Leaving the map ([05.4]): a Move order onto a square beyond the board frame, or out by
a drain outlet for 1 more movement point."""

from __future__ import annotations

from rules.grid.facing import Facing
from rules.orders import events as ev
from tests.orders.builders import ALPHA, BRAVO, act, fighter, game, of, one, refused, sq
from tests.orders.search_builders import retiled, with_missions


def test_a_character_steps_off_the_edge_and_is_gone_with_its_equipment() -> None:
    state = game(
        [
            fighter("A1", "provost", "B3", equipment=("carbine",), magnetic=True),
            fighter("B1", "ash-scout", "G3", facing=Facing.WEST),
        ],
        hands={ALPHA: ("dash",)},
    )
    state, _ = act(state, ALPHA, "activate A1 dash")
    state, events = act(state, ALPHA, "exit")
    assert one(events, ev.Moved).path == (sq("B3"), sq("A3"))
    assert one(events, ev.Exited).via == sq("A3")
    assert one(events, ev.OrderPaid).placed[0].cp == 1  # 1 step + 1 off the map: 2 of 3
    gone = state.fighter("A1")
    assert (gone.condition, gone.square, gone.equipment, gone.magnetic) == (
        "exited",
        None,
        (),
        False,
    )
    assert state.active == BRAVO


def test_leaving_needs_the_movement_points_to_the_edge_and_one_more() -> None:
    state = game(
        [fighter("A1", "sentinel", "C3"), fighter("B1", "ash-scout", "G3")],  # movement 2
        hands={ALPHA: ("dash",)},
    )
    state, _ = act(state, ALPHA, "activate A1 dash")
    rejection = refused(state, ALPHA, "exit cp 1")
    assert rejection.rule == "[05.4]"
    assert "needs 3 Movement points" in rejection.message and "2 CP" in rejection.message
    state, events = act(state, ALPHA, "exit cp 2")
    assert one(events, ev.Exited).via in (sq("A3"), sq("C1"))


def test_a_drain_outlet_lets_a_character_leave_from_inside_the_map() -> None:
    fighters = [fighter("A1", "provost", "F3"), fighter("B1", "ash-scout", "A1")]
    state = game(fighters, hands={ALPHA: ("dash",)})
    state, _ = act(state, ALPHA, "activate A1 dash")
    rejection = refused(state, ALPHA, "exit via F3")
    assert "Nobody leaves the map from F3" in rejection.message
    state = game(fighters, hands={ALPHA: ("dash",)}, ground_=retiled(east="drain-outlet"))
    state, _ = act(state, ALPHA, "activate A1 dash")
    state, events = act(state, ALPHA, "exit via F3")
    assert not of(events, ev.Moved)
    assert one(events, ev.Exited).via == sq("F3")


def test_exits_count_for_missions() -> None:
    fighters = [
        fighter("A1", "provost", "B3"),
        fighter("A2", "provost", "B5"),
        fighter("B1", "ash-scout", "G3"),
    ]
    state = with_missions(game(fighters, hands={ALPHA: ("dash", "dash")}), alpha=("get-out-alive",))
    state, _ = act(state, ALPHA, "activate A1 dash")
    state, events = act(state, ALPHA, "exit")
    assert not of(events, ev.MissionFulfilled)
    state, _ = act(state, BRAVO, "pass")
    state, _ = act(state, ALPHA, "activate A2 dash")
    state, events = act(state, ALPHA, "exit")
    assert one(events, ev.MissionFulfilled).mission == "get-out-alive"
    assert state.player(ALPHA).mp == 34


def test_moving_to_off_the_map_is_leaving_it() -> None:
    state = game(
        [fighter("A1", "provost", "B3"), fighter("B1", "ash-scout", "G3")],
        hands={ALPHA: ("dash",)},
    )
    state, _ = act(state, ALPHA, "activate A1 dash")
    state, events = act(state, ALPHA, "move to off cp 1")
    assert one(events, ev.Exited).via == sq("A3")
    assert "Use `exit" in refused(state, BRAVO, "move to off somewhere").message
