"""Properties of square-grid geometry, checked over many random small boards."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.rejection import Rejection
from rules.grid.adjacency import adjacent, neighbours, touching
from rules.grid.arcs import Arc, arc_of
from rules.grid.board import Board, PlacedBarrier
from rules.grid.coordinates import read_square
from rules.grid.edges import Barrier, Door, Wall, WallKind, edge_between, stops_movement
from rules.grid.facing import Facing
from rules.grid.floor import FloorElement
from rules.grid.paths import Passage, path_costs, reachable, shortest_path
from rules.grid.sight import crossings, in_sight
from rules.grid.size import BoardSize
from rules.grid.squares import Square, square_name
from rules.grid.stairs import Stair

PROPERTY = settings(deadline=None, derandomize=True, max_examples=150)

barriers: st.SearchStrategy[Barrier] = st.one_of(
    st.builds(Wall, kind=st.sampled_from(list(WallKind)), destroyed=st.booleans()),
    st.builds(
        Door,
        kind=st.sampled_from(["sliding", "wooden", "magnetic"]),
        open=st.booleans(),
        destroyed=st.booleans(),
    ),
)


@st.composite
def boards(draw: st.DrawFn, largest: int = 6) -> Board:
    columns = draw(st.integers(1, largest))
    rows = draw(st.integers(1, largest))
    size = BoardSize(columns=columns, rows=rows, levels=draw(st.integers(1, 2)))
    squares = list(size.squares())
    edges = [
        edge_between(s, t)
        for s in squares
        for t in (s.shifted(1, 0), s.shifted(0, 1))
        if size.contains(t)
    ]
    placed = []
    for edge in edges:
        if draw(st.integers(0, 3)) == 0:
            placed.append(PlacedBarrier(edge=edge, barrier=draw(barriers)))
    floor = []
    for i, square in enumerate(squares):
        if draw(st.integers(0, 6)) == 0:
            floor.append(
                FloorElement(
                    name=f"element {i}",
                    squares=frozenset({square}),
                    blocks_movement=draw(st.booleans()),
                    blocks_sight=draw(st.booleans()),
                    destroyed=draw(st.integers(0, 3)) == 0,
                )
            )
    stairs = []
    if size.levels == 2:
        ground, upper = list(size.squares(level=0)), list(size.squares(level=1))
        for _ in range(draw(st.integers(0, 2))):
            stairs.append(Stair(a=draw(st.sampled_from(ground)), b=draw(st.sampled_from(upper))))
    return Board(size=size, barriers=tuple(placed), floor=tuple(floor), stairs=tuple(stairs))


@st.composite
def boards_with_squares(draw: st.DrawFn) -> tuple[Board, Square, Square, frozenset[Square]]:
    board = draw(boards())
    squares = list(board.size.squares())
    a, b = draw(st.sampled_from(squares)), draw(st.sampled_from(squares))
    occupied = frozenset(s for s in squares if draw(st.integers(0, 4)) == 0)
    return board, a, b, occupied


@PROPERTY
@given(boards())
def test_adjacency_is_symmetric_orthogonal_and_never_through_a_barrier(board: Board) -> None:
    for square in board.size.squares():
        for other in neighbours(board, square):
            assert adjacent(board, other, square)
            assert board.on_board(other)
            assert abs(square.x - other.x) + abs(square.y - other.y) == 1
            assert not stops_movement(board.barrier(square, other))


@PROPERTY
@given(boards_with_squares())
def test_sight_is_symmetric(case: tuple[Board, Square, Square, frozenset[Square]]) -> None:
    board, a, b, occupied = case
    assert in_sight(board, a, b, occupied) == in_sight(board, b, a, occupied)
    # the figures at either end never hide each other
    assert in_sight(board, a, b, occupied) == in_sight(board, a, b, occupied | {a, b})


@PROPERTY
@given(st.integers(1, 9), st.integers(1, 9), st.integers(0, 9), st.integers(0, 9))
def test_a_sight_line_steps_square_by_square_and_reverses(
    x0: int, y0: int, x1: int, y1: int
) -> None:
    a, b = Square(x=x0, y=y0), Square(x=x1, y=y1)
    forward = list(crossings(a, b))
    here = a
    for step in forward:
        assert step.left == here
        dx, dy = abs(step.entered.x - here.x), abs(step.entered.y - here.y)
        assert (dx, dy) in ({(1, 0), (0, 1)} if step.beside is None else {(1, 1)})
        here = step.entered
    assert here == b
    path = [a] + [s.entered for s in forward]
    assert [b] + [s.entered for s in crossings(b, a)] == path[::-1]
    # on an empty board every line is clear
    empty = Board(size=BoardSize(columns=10, rows=10))
    assert in_sight(empty, a, b)


def _costs(square: Square) -> int:
    return 1 + (square.x * 7 + square.y * 3) % 3


def _relaxed(board: Board, start: Square, passage: Passage) -> dict[Square, int]:
    """Cheapest costs by relaxing every step until nothing improves: slow but plain."""
    blocked = passage.impassable | board.movement_blocked
    best: dict[Square, int] = {start: 0}
    changed = True
    while changed:
        changed = False
        for square, spent in list(best.items()):
            onward = [
                other
                for other in touching(square)
                if board.on_board(other) and not stops_movement(board.barrier(square, other))
            ]
            if passage.stairs:
                onward += [s.other_end(square) for s in board.stairs if square in (s.a, s.b)]
            for other in onward:
                if other is None or other in blocked:
                    continue
                total = spent + passage.entry_cost(other)
                if other not in best or total < best[other]:
                    best[other] = total
                    changed = True
    return best


@PROPERTY
@given(boards_with_squares(), st.booleans())
def test_paths_are_legal_priced_right_and_cheapest(
    case: tuple[Board, Square, Square, frozenset[Square]], use_stairs: bool
) -> None:
    board, start, goal, enemies = case
    passage = Passage(entry_cost=_costs, impassable=enemies - {start}, stairs=use_stairs)
    expected = _relaxed(board, start, passage)
    assert path_costs(board, start, passage) == expected
    route = shortest_path(board, start, goal, passage)
    if goal not in expected:
        assert route is None
        return
    assert route is not None
    assert route.squares[0] == start and route.squares[-1] == goal
    assert route.cost == expected[goal]
    assert route.cost == sum(_costs(s) for s in route.squares[1:])
    for here, there in zip(route.squares, route.squares[1:], strict=False):
        if here.level != there.level:
            assert use_stairs and there in board.stair_ends(here)
            continue
        assert adjacent(board, here, there)
        assert not stops_movement(board.barrier(here, there))
        assert there not in passage.impassable and there not in board.movement_blocked


@PROPERTY
@given(boards_with_squares(), st.integers(0, 8))
def test_reachable_squares_are_those_within_the_points(
    case: tuple[Board, Square, Square, frozenset[Square]], points: int
) -> None:
    board, start, _, friends = case
    passage = Passage(entry_cost=_costs, no_stop=friends - {start})
    everywhere = _relaxed(board, start, passage)
    expected = {s: c for s, c in everywhere.items() if c <= points and s not in passage.no_stop}
    assert reachable(board, start, points, passage) == expected


def _arc_by_angle(origin: Square, facing: Facing, target: Square) -> Arc:
    """The arc from the angle between the facing and the target, in degrees."""
    fx, fy = facing.step
    dx, dy = target.x - origin.x, target.y - origin.y
    # positive angles turn clockwise (toward the figure's right); y grows southward
    angle = math.degrees(math.atan2(fx * dy - fy * dx, fx * dx + fy * dy))
    if abs(angle) <= 45 + 1e-9:
        return Arc.FRONT
    if abs(angle) > 135 + 1e-9:
        return Arc.REAR
    return Arc.RIGHT if angle > 0 else Arc.LEFT


@settings(deadline=None, derandomize=True, max_examples=60)
@given(st.sampled_from(list(Facing)), st.integers(0, 8), st.integers(0, 8))
def test_the_four_arcs_partition_the_surroundings(facing: Facing, x: int, y: int) -> None:
    origin = Square(x=x, y=y)
    around = [
        Square(x=i, y=j)
        for i in range(max(0, x - 5), x + 6)
        for j in range(max(0, y - 5), y + 6)
        if (i, j) != (x, y)
    ]
    arcs = {arc: {s for s in around if arc_of(origin, facing, s) is arc} for arc in Arc}
    assert set().union(*arcs.values()) == set(around)
    assert sum(len(squares) for squares in arcs.values()) == len(around)
    for square in around:
        assert arc_of(origin, facing, square) is _arc_by_angle(origin, facing, square)
    # the eight squares round a figure: three in front, two at each side, one behind
    ring = [s for s in around if max(abs(s.x - x), abs(s.y - y)) == 1]
    if x > 0 and y > 0:
        counts = {arc: sum(1 for s in ring if s in arcs[arc]) for arc in Arc}
        assert counts == {Arc.FRONT: 3, Arc.LEFT: 2, Arc.RIGHT: 2, Arc.REAR: 1}


@PROPERTY
@given(
    st.integers(1, 60),
    st.integers(1, 40),
    st.integers(1, 3),
    st.integers(0, 59),
    st.integers(0, 39),
    st.integers(0, 2),
)
def test_square_names_read_back(
    columns: int, rows: int, levels: int, x: int, y: int, level: int
) -> None:
    size = BoardSize(columns=columns, rows=rows, levels=levels)
    square = Square(x=x, y=y, level=level)
    typed = square_name(square)
    if size.contains(square):
        assert read_square(typed, size) == square
        assert read_square(typed.lower(), size) == square
    else:
        assert isinstance(read_square(typed, size), Rejection)
