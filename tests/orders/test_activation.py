"""Activation rounds, order tiles and CP limits ([02], [02.1], [02.2], [04])."""

from __future__ import annotations

from rules.grid.facing import Facing
from rules.orders import events as ev
from tests.orders.builders import ALPHA, BRAVO, act, fighter, game, of, one, refused, sq


def two() -> list:  # type: ignore[type-arg]
    return [
        fighter("A1", "provost", "B3"),  # movement 3, max CP 5
        fighter("B1", "ash-scout", "G3", facing=Facing.WEST),
    ]


def test_activating_engages_and_assigns_a_tile_from_behind_the_screen() -> None:
    state = game(two(), hands={ALPHA: ("advance", "dash")})
    state, events = act(state, ALPHA, "activate A1 advance")
    assert one(events, ev.Activated).first
    assert state.fighter("A1").engaged
    assert [t.tile for t in state.fighter("A1").tiles] == ["advance"]
    assert state.player(ALPHA).hand == ("dash",)


def test_only_one_new_tile_per_activation_round() -> None:
    state = game(two(), hands={ALPHA: ("advance", "dash")})
    state, _ = act(state, ALPHA, "activate A1 advance")
    rejection = refused(state, ALPHA, "assign dash")
    assert "[02.1]" in rejection.message or rejection.rule == "[02.1]"
    assert "already assigned a new order tile" in rejection.message


def test_a_move_spends_movement_value_per_cp_and_loses_the_rest() -> None:
    state = game(two(), hands={ALPHA: ("dash",)})  # dash: move black 3, move red 1
    state, _ = act(state, ALPHA, "activate A1 dash")
    state, events = act(state, ALPHA, "move to B5")  # 2 squares: 1 CP of movement 3
    moved = one(events, ev.Moved)
    assert (moved.used, moved.points) == (2, 3)
    assert state.player(ALPHA).cp == 14
    assert state.fighter("A1").square == sq("B5")
    assert state.fighter("A1").spent == 1


def test_move_sections_take_cp_again_and_merge() -> None:
    state = game(two(), hands={ALPHA: ("dash",)})
    state, _ = act(state, ALPHA, "activate A1 dash")
    state, _ = act(state, ALPHA, "move to B4")
    # the black Move 3 holds 1 CP: it takes 2 more, then the red Move 1 is merged in
    state, events = act(state, ALPHA, "move to A1 cp 3")
    placed = one(events, ev.OrderPaid).placed
    assert [(p.section, p.cp) for p in placed] == [(0, 2), (1, 1)]


def test_a_section_that_holds_cp_takes_no_more() -> None:
    state = game(two(), hands={ALPHA: ("advance",)})  # shoot black 1 among its sections
    state, _ = act(state, ALPHA, "activate A1 advance")
    state, _ = act(state, ALPHA, "move to B5 cp 2")  # fills black Move 2
    state, _ = act(state, ALPHA, "move to B4")  # the red Move 1
    rejection = refused(state, ALPHA, "move to B3")
    assert rejection.rule == "[02.2]"
    assert "already holds CP" in rejection.message


def test_the_character_maximum_per_turn_caps_cp() -> None:
    state = game(two(), hands={ALPHA: ("dash", "scramble")})
    state, _ = act(state, ALPHA, "activate A1 dash")
    state, _ = act(state, ALPHA, "move to B6 cp 4")  # merges black 3 + red 1
    state, _ = act(state, ALPHA, "done")
    state, _ = act(state, BRAVO, "pass")
    state, _ = act(state, ALPHA, "activate A1 scramble")  # all of Alpha's are engaged
    rejection = refused(state, ALPHA, "move to B4 cp 2")
    assert rejection.rule == "[02.2]"
    assert "1 CP left of its Maximum CP per turn (5)" in rejection.message


def test_reactivation_waits_until_every_character_is_engaged() -> None:
    fighters = [*two(), fighter("A2", "sentinel", "C5")]
    state = game(fighters, hands={ALPHA: ("dash",)})
    state, _ = act(state, ALPHA, "activate A1")
    state, _ = act(state, ALPHA, "done")
    state, _ = act(state, BRAVO, "pass")
    rejection = refused(state, ALPHA, "activate A1")
    assert "once all yours are engaged" in rejection.message
    assert "A2" in rejection.message


def test_doors_open_for_one_movement_point_and_sliding_ones_close_after_the_round() -> None:
    from tests.orders.builders import ground

    state = game(  # Bravo has no CP to bid, so B1 seeing A1 stops nothing
        two(), hands={ALPHA: ("dash",)}, ground_=ground(door="sliding"), cp={ALPHA: 15, BRAVO: 0}
    )
    state, _ = act(state, ALPHA, "activate A1 dash")
    state, events = act(state, ALPHA, "move to E3")  # C3 D3, door, E3: 3 squares + 1
    assert of(events, ev.DoorOpened)
    assert one(events, ev.Moved).used == 4
    assert one(events, ev.OrderPaid).placed[0].cp == 2
    state, events = act(state, ALPHA, "done")
    assert one(events, ev.DoorClosed).by_itself


def test_enemies_bar_the_way_and_walls_stop_everything() -> None:
    state = game(
        [fighter("A1", "provost", "D3"), fighter("B1", "ash-scout", "E3")],
        hands={ALPHA: ("dash",)},
    )
    state, _ = act(state, ALPHA, "activate A1 dash")
    rejection = refused(state, ALPHA, "move to F3")
    assert rejection.rule == "[04.3]"
    assert "bar every path" in rejection.message


def test_everyone_passing_in_succession_ends_the_phase_and_tiles_are_discarded() -> None:
    state = game(two(), hands={ALPHA: ("dash",)})
    state, _ = act(state, ALPHA, "activate A1 dash")
    state, _ = act(state, ALPHA, "move to B4")
    state, _ = act(state, ALPHA, "done")
    state, _ = act(state, BRAVO, "pass")
    assert state.phase == "activation" and state.turn == 1
    # Bravo, then Alpha: every player has passed in succession
    state, events = act(state, ALPHA, "pass", faces=[1] * 10)
    final = one(events, ev.FinalPhase)
    assert final.discarded == 1
    assert one(events, ev.TurnBegan).turn == 2
    assert state.fighter("A1").tiles == ()
    assert not state.fighter("A1").engaged
    assert "dash" in state.discard


def test_buying_a_tile_costs_one_cp_and_is_the_whole_round() -> None:
    state = game(two(), bag=("advance", "dash"))
    state, events = act(state, ALPHA, "buy", faces=[2])
    assert one(events, ev.TilesDrawn).cost == 1
    assert state.player(ALPHA).cp == 14
    assert state.player(ALPHA).hand == ("dash",)
    assert one(events, ev.TilesSeen).visibility.seats == (ALPHA,)
    assert state.active == BRAVO


def test_taking_from_an_empty_discard_pile_is_impossible() -> None:
    state = game(two())
    rejection = refused(state, ALPHA, "take dash")
    assert rejection.rule == "[02]"
