"""Multiple levels ([19]): stairs take a character to the matching tile for 1 movement
point; sight, close combat, shots and blasts reach the corresponding stair tile; large
characters never change level. Red dice are scripted: 1-2 are 0 points, 3-4 are 1, 5 is
2, 6 is a critical; blue 4 is 3 points."""

from __future__ import annotations

import random
from typing import Any

from rules.core import engine
from rules.core.rejection import Rejection
from rules.core.visibility import Viewer
from rules.grid.board import Board
from rules.grid.coordinates import read_square
from rules.grid.facing import Facing
from rules.grid.size import BoardSize
from rules.grid.squares import Square, square_name
from rules.grid.stairs import Stair
from rules.orders import events as ev
from rules.orders.close_combat import strength
from rules.orders.deploy_squares import marker_distance
from rules.orders.ground import Ground, GroundTile
from rules.orders.narrate import describe
from rules.orders.picture import orders_scene
from rules.orders.sight import sight_to
from rules.orders.stairs import FAR, across_stairs, matching_tile, separation, span
from rules.orders.state import Fighter, OrdersState
from rules.orders.view import view
from tests.orders.builders import (
    ALPHA,
    CATALOG,
    SYSTEM,
    act,
    automatic_moves,
    fighter,
    game,
    of,
    one,
)
from tests.scripted_dice import scripted_attempt

SIZE = BoardSize(columns=8, rows=6, levels=2)
STAIRS = ("C3", "D3", "C4", "D4")


def at(name: str) -> Square:
    found = read_square(name, SIZE)
    assert isinstance(found, Square), name
    return found


def two_floors() -> Ground:
    """Both levels open floor with no walls; C3-D4 are the stairs up on the ground floor
    and the stairs down straight above them (C3@1-D4@1), each square joined to the one
    above it."""
    tiles = []
    squares: dict[str, str] = {}
    for level, (rest, stair) in enumerate(
        (("barracks", "stairs-up"), ("officers-rest", "stairs-down"))
    ):
        names = [square_name(s) for s in SIZE.squares(level)]
        stair_names = tuple(square_name(at(n).model_copy(update={"level": level})) for n in STAIRS)
        others = tuple(n for n in names if n not in stair_names)
        tiles.append(GroundTile(key=f"{rest}-{level}", tile=CATALOG.tiles[rest], squares=others))
        tiles.append(
            GroundTile(key=f"{stair}-{level}", tile=CATALOG.tiles[stair], squares=stair_names)
        )
        squares.update({n: f"{rest}-{level}" for n in others})
        squares.update({n: f"{stair}-{level}" for n in stair_names})
    stairs = tuple(Stair(a=at(n), b=at(f"{n}@1")) for n in STAIRS)
    return Ground(board=Board(size=SIZE, stairs=stairs), tiles=tuple(tiles), squares=squares)


def placed(
    label: str, character: str, square: str, facing: Facing = Facing.EAST, **more: Any
) -> Fighter:
    return fighter(label, character, None, facing=facing, **more).model_copy(
        update={"square": at(square)}
    )


def upstairs(*people: Fighter, tile: str = "assault") -> OrdersState:
    state = game(list(people), hands={ALPHA: (tile, "hunt", "dash")}, ground_=two_floors())
    state, _ = act(state, ALPHA, f"activate A1 {tile}")
    return state


def test_corresponding_stair_tiles_are_one_square_apart_and_nothing_else_is() -> None:
    ground = two_floors()
    assert set(matching_tile(ground, at("C3"))) == {at(f"{n}@1") for n in STAIRS}
    assert set(matching_tile(ground, at("D4@1"))) == {at(n) for n in STAIRS}
    assert matching_tile(ground, at("A1")) == ()
    assert across_stairs(ground, at("C3"), at("D4@1"))
    assert not across_stairs(ground, at("C3"), at("D4"))  # one level: ordinary squares
    assert (span(ground, at("C3"), at("D4@1")), span(ground, at("A1"), at("A1@1"))) == (1, None)
    # the way round by the stairs: A1 -> C3 (4), climb (1), C3@1 -> A1@1 (4)
    assert separation(ground, at("A1"), at("A1@1")) == 9
    assert separation(ground, at("A1"), at("B2")) == 2
    one_level = ground.model_copy(update={"board": Board(size=SIZE)})
    assert separation(one_level, at("A1"), at("A1@1")) == FAR


def test_a_character_on_the_stairs_climbs_for_one_movement_point() -> None:
    state = upstairs(placed("A1", "provost", "C4"), placed("B1", "ash-scout", "H6"), tile="hunt")
    state, events = act(state, ALPHA, "move to C4@1 face north")
    assert state.fighter("A1").square == at("C4@1")
    moved = one(events, ev.Moved)
    assert moved.path[-1] == at("C4@1") and moved.used == 1
    # and on to the other end of the upper floor like any walk
    assert state.ground is not None and state.ground.terrain(at("C4@1")) == "stairs_down"


def test_sight_reaches_the_corresponding_stair_tile_whatever_the_facings() -> None:
    # A1 on the stairs up faces south, away from everything; B1 on the stairs down
    state = upstairs(
        placed("A1", "provost", "C4", facing=Facing.SOUTH),
        placed("B1", "ash-scout", "D3@1", facing=Facing.NORTH),
        placed("B2", "ash-scout", "A1@1", facing=Facing.NORTH),
    )
    line = sight_to(state, state.fighter("A1"), state.fighter("B1"))
    assert line == (at("C4"), at("D3@1"), "orange")
    assert sight_to(state, state.fighter("B1"), state.fighter("A1")) is not None
    # off the stairs nothing is seen on the other level
    assert sight_to(state, state.fighter("A1"), state.fighter("B2")) is None


def test_a_shot_through_the_stairs_is_at_range_one_in_the_orange_zone() -> None:
    state = upstairs(
        placed("A1", "provost", "C4", facing=Facing.SOUTH, equipment=("carbine",)),
        placed("B1", "salvage-brute", "D3@1", facing=Facing.NORTH),
        tile="crossfire",
    )
    # 4 blue dice against range 1; the carbine's 2 orange dice
    state, events = act(state, ALPHA, "shoot B1", faces=[4, 4, 4, 4, 1, 1])
    shot = one(events, ev.Shot)
    assert (shot.range, shot.zone, shot.hit) == (1, "orange", True)


def test_close_combat_through_the_stairs_has_no_facing_each_side_fights_its_best_arc() -> None:
    # both turned away from each other: on one level each would meet the other's rear
    state = upstairs(
        placed("A1", "provost", "C3", facing=Facing.SOUTH),
        placed("B1", "ash-scout", "C3@1", facing=Facing.NORTH),
    )
    best = {}
    for label in ("A1", "B1"):
        combat = state.side_of(state.fighter(label)).combat
        charts = {"front": combat.front, "flank": combat.flank, "rear": combat.rear}
        best[label] = max(
            charts, key=lambda a: (charts[a].dice + charts[a].auto_hits, charts[a].auto_hits)
        )
    a_arc, a_dice, _ = strength(state, state.fighter("A1"), at("C3@1"))
    b_arc, b_dice, _ = strength(state, state.fighter("B1"), at("C3"))
    assert (a_arc, b_arc) == (best["A1"], best["B1"])
    state, events = act(state, ALPHA, "fight B1", faces=[1] * (a_dice + b_dice))
    fought = one(events, ev.CloseCombatFought)
    assert (fought.attacker.arc, fought.defender.arc) == (a_arc, b_arc)
    assert len(fought.attacker.faces) == a_dice and len(fought.defender.faces) == b_dice


def test_close_combat_never_reaches_another_level_off_the_stairs() -> None:
    state = upstairs(placed("A1", "provost", "A1"), placed("B1", "ash-scout", "A1@1"))
    outcome = scripted_attempt(SYSTEM, state, ALPHA, "fight B1", [])
    assert isinstance(outcome, Rejection) and outcome.rule == "[08.2]"


def test_a_blast_on_the_stairs_catches_the_corresponding_tile_as_red_zone() -> None:
    # the grenade lands on B1 on the stairs up; B2 waits on the stairs down above
    state = upstairs(
        placed("A1", "provost", "C6", facing=Facing.NORTH, equipment=("frag-grenade",)),
        placed("B1", "salvage-brute", "C4", facing=Facing.WEST),
        placed("B2", "salvage-brute", "D3@1", facing=Facing.WEST),
        placed("B3", "salvage-brute", "F3@1", facing=Facing.WEST),
        tile="crossfire",
    )
    faces = [4, 4, 4]  # targeting against range 2
    faces += [1, 1, 1]  # B1, red zone: nothing
    faces += [6, 1, 1]  # B2 upstairs, red zone: a critical
    state, events = act(state, ALPHA, "shoot B1 with frag-grenade", faces=faces)
    hits = {h.target.fighter: h for h in of(events, ev.BlastHit)}
    assert set(hits) == {"B1", "B2"}  # B3 upstairs off the stairs is not caught
    assert hits["B2"].zone == "red" and state.fighter("B2").wounds == 1


def test_markers_are_as_far_apart_as_the_way_over_the_stairs() -> None:
    ground = two_floors()
    # C3 -> C3@1 is one step; then two on to A3@1
    assert marker_distance(ground, at("C3"), at("A3@1")) == 3
    assert marker_distance(ground, at("A1"), at("A1@1")) == 9


def test_a_large_character_may_stand_on_the_stairs_but_never_climbs() -> None:
    state = upstairs(
        placed("A1", "cinder-walker", "C3", facing=Facing.NORTH),
        placed("B1", "ash-scout", "H6"),
        tile="dash",
    )
    moves = [
        c.notation for c in SYSTEM.legal_actions(state, ALPHA) if c.notation.startswith("move")
    ]
    assert moves and not any("@1" in m for m in moves)
    outcome = scripted_attempt(SYSTEM, state, ALPHA, "move to C3@1", [])
    assert isinstance(outcome, Rejection)


def test_every_move_offered_on_the_stairs_is_accepted_upstairs_included() -> None:
    state = upstairs(placed("A1", "provost", "C4"), placed("B1", "ash-scout", "H6"), tile="hunt")
    moves = [
        c.notation for c in SYSTEM.legal_actions(state, ALPHA) if c.notation.startswith("move")
    ]
    assert any("@1" in m for m in moves)
    for notation in moves:
        act(state, ALPHA, notation)


def test_a_generated_game_with_an_upper_floor_plays_to_the_end() -> None:
    seats = ("alpha", "bravo")
    fresh = SYSTEM.initial_state(SYSTEM.options_model(levels=2), seats)
    begun = engine.fold(SYSTEM, fresh, engine.begin(SYSTEM, fresh, bytes(32)))
    assert isinstance(begun, OrdersState) and begun.ground is not None
    assert begun.ground.board.size.levels == 2 and len(begun.ground.board.stairs) == 4
    state = begun
    upstairs_seen = False
    for state, _ in automatic_moves(begun, random.Random(11), 3000, randomness=0.3):
        upstairs_seen |= any(f.square is not None and f.square.level == 1 for f in state.fighters)
    assert state.finished and upstairs_seen
    scene = orders_scene(view(state, Viewer.spectator()))
    assert [level.name for level in scene.levels] == ["Ground floor", "Upper floor (@1)"]
    assert {t.level for t in scene.tiles} == {0, 1}


def test_a_climb_is_told_in_the_route() -> None:
    state = upstairs(placed("A1", "provost", "C4"), placed("B1", "ash-scout", "H6"), tile="hunt")
    _, events = act(state, ALPHA, "move to B3@1 face north")
    told = describe(one(events, ev.Moved))
    assert told is not None and told.startswith("A1 moves C3 C3@1 (up the stairs) B3@1 (3 of 3")
