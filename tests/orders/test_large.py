"""Large miniatures in play ([16]): the Cinder Walker fills a 2 x 2 block named by its
north-west square; it moves forward for 1 point, backward for 2, turns a quarter for 2
(its rotating cost), is seen through any of its squares, sees from the squares whose arc
holds the target, fights from any of them, is hit once by an explosion, deploys on a free
block, holds doorways open, is drawn as a large token and may be picked for a team.

Dice are scripted by D6 value: red 1-2 blank, 3-4 one hit, 5 two hits, 6 a critical; blue
4 is 3 points."""

from __future__ import annotations

import random

from rules.core.rejection import Rejection
from rules.core.visibility import Viewer
from rules.grid.board import Board
from rules.grid.facing import Facing
from rules.orders import events as ev
from rules.orders.picture import orders_scene
from rules.orders.sight import blockers, sees, sight_to
from rules.orders.state import Fighter, OrdersState
from rules.orders.teams import pickable
from rules.orders.transfers import near
from rules.orders.view import view
from tests.orders.builders import (
    ALPHA,
    BRAVO,
    CATALOG,
    SIZE,
    SYSTEM,
    act,
    automatic_moves,
    fighter,
    fold,
    game,
    ground,
    of,
    one,
    refused,
    sq,
)

WALKER = "cinder-walker"  # movement 2, max 4 CP, rotating cost 2, armour 3


def on_open(*people: Fighter, hands: tuple[str, ...] = ("dash",)) -> OrdersState:
    """A game on the test ground without its wall and door."""
    return game(
        people,
        hands={ALPHA: hands},
        ground_=ground().model_copy(update={"board": Board(size=SIZE)}),
    )


def test_a_large_character_fills_its_block_for_occupancy_sight_and_movement() -> None:
    state = on_open(
        fighter("A1", "provost", "E5", facing=Facing.NORTH),
        fighter("B1", WALKER, "F2", facing=Facing.WEST),
    )
    walker = state.fighter("B1")
    assert state.squares_of(walker) == (sq("F2"), sq("G2"), sq("F3"), sq("G3"))
    assert state.occupant(sq("G3")) == walker
    assert {sq("F2"), sq("G2"), sq("F3"), sq("G3")} <= blockers(state)
    state, _ = act(state, ALPHA, "activate A1 dash")
    rejection = refused(state, ALPHA, "move to G3")
    assert "holds B1" in rejection.message  # G3 is not B1's named square, but its own


def test_a_large_move_steps_forward_for_1_and_backward_for_2_never_sideways() -> None:
    state = on_open(fighter("A1", WALKER, "F4", facing=Facing.NORTH))
    state, _ = act(state, ALPHA, "activate A1 dash")  # move black 3, move red 1
    state, events = act(state, ALPHA, "move to F2")  # two steps forward
    moved = one(events, ev.Moved)
    assert (moved.path, moved.used, moved.points) == ((sq("F4"), sq("F3"), sq("F2")), 2, 2)
    assert state.fighter("A1").square == sq("F2")
    assert state.fighter("A1").facing == Facing.NORTH
    state, events = act(state, ALPHA, "move to F3")  # one step backward: 2 points
    assert one(events, ev.Moved).used == 2


def test_a_large_move_sideways_needs_turns_and_no_free_final_facing() -> None:
    state = on_open(fighter("A1", WALKER, "F4", facing=Facing.NORTH))
    state, _ = act(state, ALPHA, "activate A1 dash")
    # G4 lies east: a quarter turn (2) and a step (1); it ends facing east
    state, events = act(state, ALPHA, "move to G4")
    moved = one(events, ev.Moved)
    assert (moved.used, moved.facing) == (3, Facing.EAST)
    assert state.player(ALPHA).cp == 13  # 3 points at movement 2: 2 CP
    # facing north again at the end costs another quarter turn: 5 points, beyond 2 CP
    state2 = on_open(fighter("A1", WALKER, "F4", facing=Facing.NORTH))
    state2, _ = act(state2, ALPHA, "activate A1 dash")
    rejection = refused(state2, ALPHA, "move to G4 face north cp 2")
    assert rejection.rule == "[16]" and "never sideways" in rejection.message
    state2, events = act(state2, ALPHA, "move to G4 face north")
    assert one(events, ev.Moved).used == 5


def test_a_large_character_turns_on_the_spot_for_its_rotating_cost() -> None:
    state = on_open(fighter("A1", WALKER, "F4", facing=Facing.NORTH))
    state, _ = act(state, ALPHA, "activate A1 dash")
    state, events = act(state, ALPHA, "move to F4 face west")
    moved = one(events, ev.Moved)
    assert (moved.used, moved.facing) == (2, Facing.WEST)
    assert state.fighter("A1").square == sq("F4")
    assert refused(state, ALPHA, "move to F4").rule == "[16]"


def test_a_large_character_opens_no_door_and_is_barred_by_enemy_squares() -> None:
    # indoor block on B2 facing east: the wall east of column D has one door on row 3,
    # a 2 x 2 block never fits through it
    state = game(
        [fighter("A1", WALKER, "B2", facing=Facing.EAST)],
        hands={ALPHA: ("dash",)},
    )
    state, _ = act(state, ALPHA, "activate A1 dash")
    assert "cannot end on E2" in refused(state, ALPHA, "move to E2").message
    blocked = on_open(
        fighter("A1", WALKER, "B2", facing=Facing.EAST),
        fighter("B1", "ash-scout", "E3", facing=Facing.WEST),
    )
    blocked, _ = act(blocked, ALPHA, "activate A1 dash")
    assert "cannot end on D2" in refused(blocked, ALPHA, "move to D2").message
    act(blocked, ALPHA, "move to C2")


def test_a_door_a_large_character_stands_in_does_not_close_at_the_rounds_end() -> None:
    sliding = ground(door="sliding", door_open=True)
    held = game([fighter("A1", WALKER, "E3", facing=Facing.EAST)], ground_=sliding)
    held = held.model_copy(update={"sliding_opened": ((sq("D3"), sq("E3")),)})
    after, events = act(held, ALPHA, "pass")
    assert not of(events, ev.DoorClosed)
    assert after.ground is not None and not after.ground.board.walled(sq("D3"), sq("E3"))
    assert after.sliding_opened == ((sq("D3"), sq("E3")),)  # it shuts once the way is free
    free = game([fighter("A1", "provost", "F3")], ground_=sliding)
    free = free.model_copy(update={"sliding_opened": ((sq("D3"), sq("E3")),)})
    after, events = act(free, ALPHA, "pass")
    assert one(events, ev.DoorClosed).by_itself
    assert after.sliding_opened == ()


def test_a_large_character_is_seen_through_any_of_its_squares() -> None:
    # H3 looks west through the open door of row 3: C3 is in sight, B2 is not
    opened = ground(door_open=True)
    small = game(
        [
            fighter("A1", "provost", "B2", facing=Facing.EAST),
            fighter("B1", "ash-scout", "H3", facing=Facing.WEST),
        ],
        ground_=opened,
    )
    assert not sees(small, small.fighter("B1"), sq("B2"))
    large = game(
        [
            fighter("A1", WALKER, "B2", facing=Facing.EAST),
            fighter("B1", "ash-scout", "H3", facing=Facing.WEST),
        ],
        ground_=opened,
    )
    line = sight_to(large, large.fighter("B1"), large.fighter("A1"))
    assert line is not None and line[1] == sq("C3")


def test_a_large_character_sees_only_from_squares_whose_arc_holds_the_target() -> None:
    state = on_open(
        fighter("A1", WALKER, "B2", facing=Facing.EAST),
        fighter("B1", "ash-scout", "B5", facing=Facing.WEST),
        fighter("B2", "ash-scout", "A5", facing=Facing.WEST),
    )
    walker = state.fighter("A1")
    # B5 is level with the rear column B (its arc), A5 is behind every square
    assert sees(state, walker, sq("B5"))
    assert not sees(state, walker, sq("A5"))


def test_a_large_shooter_fires_from_its_nearest_square_that_sees_the_target() -> None:
    state = game(
        [
            fighter("A1", WALKER, "B2", facing=Facing.EAST, equipment=("carbine",)),
            fighter("B1", "salvage-brute", "H2", facing=Facing.WEST),
        ],
        hands={ALPHA: ("crossfire",)},
        ground_=ground().model_copy(update={"board": Board(size=SIZE)}),
    )
    state, _ = act(state, ALPHA, "activate A1 crossfire")
    _, events = act(state, ALPHA, "shoot B1", faces=[1, 1, 1, 1])
    shot = one(events, ev.Shot)
    assert (shot.range, shot.zone, shot.hit) == (5, "red", False)  # from C2, not B2


def test_close_combat_reaches_any_square_and_reads_arcs_from_the_nearest() -> None:
    state = game(
        [
            fighter("A1", WALKER, "B2", facing=Facing.EAST),
            fighter("B1", "ash-scout", "C4", facing=Facing.NORTH),
        ],
        hands={ALPHA: ("assault",)},
    )
    state, _ = act(state, ALPHA, "activate A1 assault")
    # C4 touches C3: the walker's flank (3 dice) against the scout's front (1 die)
    _, events = act(state, ALPHA, "fight B1", faces=[5, 5, 5, 1])
    fought = one(events, ev.CloseCombatFought)
    assert (fought.attacker.arc, len(fought.attacker.faces)) == ("flank", 3)
    assert fought.defender.arc == "front"


def test_an_explosion_hits_a_large_character_once_from_the_red_zone() -> None:
    state = game(
        [
            fighter("A1", "provost", "G6", facing=Facing.NORTH, equipment=("frag-grenade",)),
            fighter("B1", WALKER, "G2", facing=Facing.WEST),
        ],
        hands={ALPHA: ("crossfire",)},
    )
    state, _ = act(state, ALPHA, "activate A1 crossfire")
    # targeting 9 against range 3 (to G3, its nearest square); the block is caught on
    # G3 (red) and G2, H3 (orange): one red roll of 3 dice, 6 hits against armour 3
    state, events = act(state, ALPHA, "shoot B1 with frag-grenade", faces=[4, 4, 4, 5, 5, 5])
    assert one(events, ev.Exploded).at == sq("G3")
    hit = one(events, ev.BlastHit)
    assert (hit.target.fighter, hit.zone, hit.damage.wounds) == ("B1", "red", 3)
    assert state.fighter("B1").wounds == 3


def test_a_large_marker_needs_a_free_block_and_keeps_it() -> None:
    state = game([fighter("A1", "provost", None), fighter("B1", WALKER, None)])
    state = fold(
        state.model_copy(update={"phase": "deployment", "faced": (), "active": None, "turn": 0}),
        [ev.DeployTurn(seat=BRAVO)],
    )
    # H6 has no block east and south of it on the board; E2 blocks E2-F3 outdoors
    assert refused(state, BRAVO, "deploy B1 at H6").rule == "[20.3]"
    assert "2 x 2" in refused(state, BRAVO, "deploy B1 at D2").message
    state, _ = act(state, BRAVO, "deploy B1 at E2")
    assert state.markers[-1].square == sq("E2")
    markers = [c.notation for c in SYSTEM.legal_actions(state, BRAVO)]
    assert not any(n.endswith((" F2", " E3", " F3")) for n in markers)


def test_every_move_offered_to_a_large_character_is_accepted() -> None:
    state = on_open(
        fighter("A1", WALKER, "C3", facing=Facing.NORTH),
        fighter("A2", "provost", "F4"),
        fighter("B1", "ash-scout", "E2", facing=Facing.WEST),
    )
    state, _ = act(state, ALPHA, "activate A1 dash")
    moves = [c for c in SYSTEM.legal_actions(state, ALPHA) if c.notation.startswith("move to ")]
    assert moves
    for choice in moves:
        action = SYSTEM.parse_notation(choice.notation, state, ALPHA)
        assert not isinstance(action, Rejection), choice.notation
        act(state, ALPHA, choice.notation)
    labels = {c.notation.removeprefix("move to "): c.label for c in moves}
    assert "(1 movement points, 1 CP)" in labels["C2"]  # one step forward
    assert "(3 movement points, 2 CP)" in labels["D3"]  # a quarter turn and a step


def test_random_games_with_a_large_character_play_out() -> None:
    state = on_open(
        fighter("A1", WALKER, "B2", facing=Facing.EAST),
        fighter("B1", "ash-scout", "G5", facing=Facing.WEST),
        hands=("dash", "assault"),
    )
    moved = False
    for _, events in automatic_moves(state, random.Random(7), 60, randomness=0.5):
        moved |= any(isinstance(e, ev.Moved) and e.fighter == "A1" for e in events)
    assert moved


def test_a_large_character_is_drawn_on_its_corner_and_may_be_picked() -> None:
    state = on_open(fighter("A1", WALKER, "B2"), fighter("B1", "ash-scout", "G5"))
    scene = orders_scene(view(state, Viewer.spectator()))
    tokens = {t.id: t for t in scene.tokens}
    assert tokens["A1"].large and not tokens["B1"].large
    assert tokens["A1"].square == (1, 1)
    assert WALKER in pickable(CATALOG, "attacker")


def test_a_large_move_is_watched_where_it_ends_and_its_duel_turns_nothing() -> None:
    state = game(
        [
            fighter("A1", WALKER, "A2", facing=Facing.SOUTH),
            fighter("B1", "ash-scout", "D4", facing=Facing.SOUTH),  # sees rows 4 to 6
        ],
        hands={ALPHA: ("dash",), BRAVO: ("scramble", "charge")},
    )
    state, _ = act(state, ALPHA, "activate A1 dash")
    state, events = act(state, ALPHA, "move to A3")  # the block now fills row 4 too
    assert one(events, ev.Moved).path == (sq("A2"), sq("A3"))
    assert "B1 sight" in state.watched
    state, _ = act(state, BRAVO, "interrupt B1 bid 2")
    rejection = refused(state, ALPHA, "bid 1 face north")
    assert rejection.rule == "[16]" and "cannot turn freely" in rejection.message
    act(state, ALPHA, "bid 1")


def test_a_large_character_leaves_the_map_only_stepping_forward_off_its_edge() -> None:
    facing_out = on_open(fighter("A1", WALKER, "G2", facing=Facing.EAST))
    facing_out, _ = act(facing_out, ALPHA, "activate A1 dash")
    after, events = act(facing_out, ALPHA, "exit")
    assert one(events, ev.Exited).via == sq("G2") and not of(events, ev.Moved)
    assert after.fighter("A1").condition == "exited"
    facing_in = on_open(fighter("A1", WALKER, "G2", facing=Facing.WEST))
    facing_in, _ = act(facing_in, ALPHA, "activate A1 dash")
    assert refused(facing_in, ALPHA, "exit").rule == "[05.4]"


def test_items_change_hands_with_a_friend_next_to_any_square_of_the_block() -> None:
    state = on_open(fighter("A1", WALKER, "B2"), fighter("A2", "provost", "D3"))
    assert near(state, state.fighter("A2"), state.fighter("A1"))  # D3 touches C3
    assert not near(
        state, state.fighter("A1"), state.fighter("A2").model_copy(update={"square": sq("E3")})
    )
