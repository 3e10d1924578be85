"""What a board holds: walls and doors on edges, floor elements, rooms and stairs."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from rules.grid.board import Board, PlacedBarrier
from rules.grid.edges import Door, Wall, WallKind, edge_between, stops_movement, stops_sight
from rules.grid.floor import FloorElement
from rules.grid.rooms import Room, room_of
from rules.grid.size import BoardSize
from rules.grid.squares import Square
from rules.grid.stairs import Stair

A1, B1, A2, B2 = Square(x=0, y=0), Square(x=1, y=0), Square(x=0, y=1), Square(x=1, y=1)
SMALL = BoardSize(columns=4, rows=4)


def test_an_edge_is_the_same_whichever_square_names_it_first() -> None:
    assert edge_between(A1, B1) == edge_between(B1, A1)
    assert str(edge_between(B1, A1)) == "A1|B1"


@pytest.mark.parametrize(
    ("a", "b"), [(A1, B2), (A1, A1), (A1, Square(x=2, y=0)), (A1, Square(x=1, y=0, level=1))]
)
def test_an_edge_joins_only_orthogonal_neighbours_on_one_level(a: Square, b: Square) -> None:
    with pytest.raises(ValidationError, match="do not share a side"):
        edge_between(a, b)


@pytest.mark.parametrize(
    ("barrier", "blocks"),
    [
        (None, False),
        (Wall(), True),
        (Wall(kind=WallKind.DOUBLE), True),
        (Wall(destroyed=True), False),
        (Door(kind="sliding"), True),
        (Door(kind="wooden", open=True), False),
        (Door(kind="magnetic", destroyed=True), False),
        (Door(kind="wooden", destroyed=True, over=WallKind.SINGLE), False),
    ],
)
def test_standing_walls_and_closed_doors_block(barrier: Wall | Door | None, blocks: bool) -> None:
    assert stops_movement(barrier) is blocks
    assert stops_sight(barrier) is blocks


def test_walls_and_doors_survive_a_round_trip_through_json() -> None:
    board = Board(
        size=SMALL,
        barriers=(
            PlacedBarrier(edge=edge_between(A1, B1), barrier=Wall(kind=WallKind.DOUBLE)),
            PlacedBarrier(edge=edge_between(A1, A2), barrier=Door(kind="single")),
        ),
        rooms=(Room(name="Lab", squares=frozenset({A1, B1})),),
    )
    again = Board.model_validate_json(board.model_dump_json())
    assert again == board
    assert isinstance(again.barrier(A1, A2), Door)


def test_a_door_opens_and_a_wall_is_broken_on_a_new_board() -> None:
    board = Board(size=SMALL).with_barrier(A1, B1, Door(kind="wooden"))
    assert board.walled(B1, A1)
    opened = board.with_barrier(B1, A1, Door(kind="wooden", open=True))
    assert not opened.walled(A1, B1)
    assert board.walled(A1, B1)  # the old board is unchanged
    assert len(opened.barriers) == 1
    assert opened.with_barrier(A1, B1, None).barrier(A1, B1) is None


def test_floor_elements_block_until_destroyed() -> None:
    crate = FloorElement(
        name="crates", squares=frozenset({A1, B1}), blocks_movement=True, blocks_sight=True
    )
    lamp = FloorElement(name="lamp", squares=frozenset({A2}), blocks_sight=False)
    board = Board(size=SMALL, floor=(crate, lamp))
    assert board.movement_blocked == {A1, B1}
    assert board.sight_blocked == {A1, B1}
    broken = Board(size=SMALL, floor=(crate.model_copy(update={"destroyed": True}), lamp))
    assert broken.movement_blocked == frozenset()
    assert broken.sight_blocked == frozenset()


def test_the_room_of_a_square() -> None:
    lab = Room(name="Lab", squares=frozenset({A1, B1}))
    cell = Room(name="Cell", squares=frozenset({B2}))
    board = Board(size=SMALL, rooms=(lab, cell))
    assert board.room_of(B1) == lab
    assert board.room_of(B2) == cell
    assert board.room_of(A2) is None
    assert room_of(B1, board.rooms) == lab
    assert room_of(A2, board.rooms) is None


def test_stairs_lead_to_the_other_level_either_way() -> None:
    up, down = Square(x=3, y=3), Square(x=0, y=0, level=1)
    board = Board(size=BoardSize(columns=4, rows=4, levels=2), stairs=(Stair(a=up, b=down),))
    assert board.stair_ends(up) == (down,)
    assert board.stair_ends(down) == (up,)
    assert board.stair_ends(A1) == ()
    with pytest.raises(ValidationError, match="join two levels"):
        Stair(a=A1, b=B1)


@pytest.mark.parametrize(
    ("parts", "message"),
    [
        (
            {
                "barriers": (
                    PlacedBarrier(
                        edge=edge_between(Square(x=3, y=0), Square(x=4, y=0)), barrier=Wall()
                    ),
                )
            },
            "the wall on D1|E1 is off the board",
        ),
        (
            {
                "barriers": (
                    PlacedBarrier(edge=edge_between(A1, B1), barrier=Wall()),
                    PlacedBarrier(edge=edge_between(B1, A1), barrier=Door()),
                )
            },
            "carries two walls or doors",
        ),
        (
            {"floor": (FloorElement(name="pit", squares=frozenset({Square(x=9, y=9)})),)},
            "floor element 'pit' at J10 is off the board",
        ),
        (
            {
                "rooms": (
                    Room(name="Lab", squares=frozenset({A1, B1})),
                    Room(name="Cell", squares=frozenset({B1})),
                )
            },
            "B1 is in both 'Lab' and 'Cell'",
        ),
        (
            {"stairs": (Stair(a=A1, b=Square(x=0, y=0, level=1)),)},
            "a stair at A1@1 is off the board",
        ),
    ],
)
def test_a_board_refuses_parts_that_do_not_fit(parts: dict[str, object], message: str) -> None:
    with pytest.raises(ValidationError, match=message):
        Board.model_validate({"size": SMALL, **parts})
