"""Boards drawn as ASCII pictures for the grid tests.

Lines alternate: a row of squares, then the edges below it. In a row of squares the
characters at even positions are squares and those between them are the edges joining
them; in an edge line the characters under the squares are the edges to the row below.

Squares: ``.`` floor; ``#`` a floor element blocking movement and sight; ``o`` one
blocking sight only; ``m`` one blocking movement only; ``x`` a destroyed blocking element;
any other letter is plain floor remembered by name (``marks``).

Edges: a space is open; ``|`` or ``-`` a single wall; ``H`` or ``=`` a double wall; ``D``
a closed door; ``d`` an open door; ``/`` a broken wall; ``*`` a destroyed closed door.
"""

from __future__ import annotations

from rules.grid.board import Board, PlacedBarrier
from rules.grid.edges import Barrier, Door, Wall, WallKind, edge_between
from rules.grid.floor import FloorElement
from rules.grid.size import BoardSize
from rules.grid.squares import Square

_EDGES: dict[str, Barrier] = {
    "|": Wall(),
    "-": Wall(),
    "H": Wall(kind=WallKind.DOUBLE),
    "=": Wall(kind=WallKind.DOUBLE),
    "D": Door(kind="wooden"),
    "d": Door(kind="wooden", open=True),
    "/": Wall(destroyed=True),
    "*": Door(kind="sliding", destroyed=True),
}

_FLOOR: dict[str, tuple[bool, bool, bool]] = {
    # movement, sight, destroyed
    "#": (True, True, False),
    "o": (False, True, False),
    "m": (True, False, False),
    "x": (True, True, True),
}


def board_from(picture: str) -> tuple[Board, dict[str, Square]]:
    lines = picture.strip("\n").split("\n")
    width = (max(len(line) for line in lines) + 1) // 2
    lines = [line.ljust(2 * width - 1) for line in lines]
    rows = (len(lines) + 1) // 2
    barriers: list[PlacedBarrier] = []
    floor: list[FloorElement] = []
    marks: dict[str, Square] = {}

    def place(a: Square, b: Square, char: str) -> None:
        if char != " ":
            barriers.append(PlacedBarrier(edge=edge_between(a, b), barrier=_EDGES[char]))

    for y in range(rows):
        row = lines[2 * y]
        below = lines[2 * y + 1] if 2 * y + 1 < len(lines) else ""
        for x in range(width):
            here = Square(x=x, y=y)
            char = row[2 * x]
            if char in _FLOOR:
                moves, sight, destroyed = _FLOOR[char]
                floor.append(
                    FloorElement(
                        name=f"{char} at {here}",
                        squares=frozenset({here}),
                        blocks_movement=moves,
                        blocks_sight=sight,
                        destroyed=destroyed,
                    )
                )
            elif char != ".":
                marks[char] = here
            if x + 1 < width:
                place(here, here.shifted(1, 0), row[2 * x + 1])
            if below and y + 1 < rows:
                place(here, here.shifted(0, 1), below[2 * x])
    board = Board(
        size=BoardSize(columns=width, rows=rows),
        barriers=tuple(barriers),
        floor=tuple(floor),
    )
    return board, marks
