"""Draw a sample square-grid board and write it as a PNG::

    .venv/bin/python examples/render_grid_demo.py grid.png

Two squads in a 16 by 20 square base: rooms walled in (one without power), doors open,
closed and blown, floor elements that block movement or sight or are switched ON or OFF,
a large miniature on a 2 x 2 block, face-down markers, a line of sight, a blocked one
and a fire arc.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from renderers.grid import draw_grid
from rules.grid.scene import (
    GridArc,
    GridDoor,
    GridElement,
    GridMarker,
    GridRoom,
    GridScene,
    GridSeat,
    GridSight,
    GridTile,
    GridToken,
    GridWall,
    KeyEntry,
    TileKind,
)

Square = tuple[int, int]
Edge = tuple[Square, Square]


def block(c0: int, r0: int, c1: int, r1: int) -> tuple[Square, ...]:
    """The squares from (c0, r0) to (c1, r1), both included."""
    return tuple((c, r) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1))


def outline(squares: tuple[Square, ...], columns: int = 16, rows: int = 20) -> list[Edge]:
    """The edges between ``squares`` and the board squares around them."""
    inside = set(squares)
    edges = []
    for c, r in squares:
        for other in ((c + 1, r), (c, r + 1), (c - 1, r), (c, r - 1)):
            on_board = 0 <= other[0] < columns and 0 <= other[1] < rows
            if on_board and other not in inside:
                edges.append(((c, r), other))
    return edges


def walls_round(
    squares: tuple[Square, ...], doors: set[Edge], kind: str = "single"
) -> list[GridWall]:
    """Walls all round ``squares`` except where there are doors."""
    return [
        GridWall.model_validate({"between": edge, "kind": kind})
        for edge in outline(squares)
        if edge not in doors and (edge[1], edge[0]) not in doors
    ]


def demo_scene() -> GridScene:
    lab, power, barracks, armoury = (
        block(0, 0, 5, 6),
        block(10, 0, 15, 5),
        block(0, 9, 5, 14),
        block(10, 8, 15, 13),
    )
    yard, hall = block(0, 15, 15, 19), block(6, 0, 9, 14)
    doors = {
        ((5, 3), (6, 3)): ("open", "sliding"),
        ((10, 2), (9, 2)): ("closed", "magnetic"),
        ((5, 11), (6, 11)): ("closed", "wooden"),
        ((10, 10), (9, 10)): ("destroyed", "wooden"),
        ((2, 14), (2, 15)): ("open", "wooden"),
        ((12, 13), (12, 14)): ("closed", "sliding"),
    }
    door_edges = set(doors)
    walls = [
        *walls_round(lab, door_edges),
        *walls_round(power, door_edges, "double"),
        *walls_round(barracks, door_edges),
        *walls_round(armoury, door_edges),
    ]
    broken = {frozenset(((2, 6), (2, 7))), frozenset(((3, 6), (3, 7)))}
    walls = [
        wall.model_copy(update={"destroyed": frozenset(wall.between) in broken})
        for wall in {frozenset(w.between): w for w in walls}.values()
    ]
    seats = (
        GridSeat(id="jail", name="Jail Guards", colour=0),
        GridSeat(id="sal", name="Salvagers", colour=1),
    )
    guards = [
        ("Jn", (7, 3), "E", 180, "", (), True),
        ("Fb", (8, 6), "S", 180, "Wd", ("E",), False),
        ("Gd1", (2, 2), "E", 180, "", ("E", "M"), False),
        ("Gd2", (3, 5), "N", 180, "", (), False),
        ("Gd3", (7, 12), "S", 90, "", (), False),
        ("Doc", (1, 11), "E", 180, "Wd", (), False),
        ("Sn", (4, 13), "E", 90, "", ("S",), False),
        ("Tk", (12, 3), "W", 180, "", (), False),
        ("Ol", (14, 1), "S", 180, "", (), False),
    ]
    salvagers = [
        ("Rx", (3, 17), "N", 180, "", ("E",), False),
        ("Ka", (6, 16), "N", 180, "Wd", ("E", "C"), False),
        ("Bo", (9, 17), "N", 90, "", (), False),
        ("Zed", (11, 16), "W", 180, "", (), False),
        ("Vi", (14, 18), "N", 180, "", (), False),
        ("Pik", (8, 9), "N", 180, "", ("M",), False),
        ("Lu", (12, 10), "W", 180, "Wd", (), False),
        ("Mo", (13, 12), "N", 180, "", (), False),
        ("Hex", (1, 18), "E", 180, "", (), False),
    ]
    tokens = [
        GridToken.model_validate(
            {"id": f"{seat}-{label}", "label": label, "seat": seat, "square": square,
             "facing": facing, "sight": sight, "state": state, "marks": marks, "active": active}
        )
        for seat, crew in (("jail", guards), ("sal", salvagers))
        for label, square, facing, sight, state, marks, active in crew
    ]  # fmt: skip
    tokens.append(
        GridToken(id="hauler", label="Hauler", seat="sal", square=(6, 18), large=True,
                  facing="N", sight=90)
    )  # fmt: skip
    tokens.append(GridToken(id="dead", label="Gd4", seat="jail", square=(7, 8), dead=True))
    return GridScene(
        title="Demo - The jailbreak",
        caption=("Turn 3 - Jail Guards activating Jn", "Salvagers 2 MP, Jail Guards 1 MP"),
        seats=seats,
        tile_kinds=(
            TileKind(id="lab", name="laboratory", shade=1),
            TileKind(id="power", name="generator room", shade=5),
            TileKind(id="bunk", name="barracks", shade=2),
            TileKind(id="arms", name="armoury", shade=4),
            TileKind(id="hall", name="corridor", shade=0),
            TileKind(id="yard", name="yard", shade=3),
        ),
        tiles=(
            GridTile(id="t-lab", kind="lab", squares=lab),
            GridTile(id="t-power", kind="power", squares=power),
            GridTile(id="t-bunk", kind="bunk", squares=barracks),
            GridTile(id="t-arms", kind="arms", squares=armoury),
            GridTile(id="t-hall", kind="hall", squares=hall),
            GridTile(id="t-yard", kind="yard", squares=yard),
        ),
        rooms=(
            GridRoom(id="lab", name="Lab", squares=lab),
            GridRoom(id="power", name="Generator", squares=power, powered=False),
            GridRoom(id="bunk", name="Barracks", squares=barracks),
            GridRoom(id="arms", name="Armoury", squares=armoury),
        ),
        walls=tuple(walls),
        doors=tuple(
            GridDoor.model_validate({"between": edge, "state": state, "kind": kind})
            for edge, (state, kind) in doors.items()
        ),
        elements=(
            GridElement(id="bench", label="Bench", squares=((1, 1), (2, 1)), blocks_movement=True),
            GridElement(id="term", label="Term", squares=((4, 0),), state="on"),
            GridElement(
                id="gen",
                label="Gen",
                squares=block(13, 3, 14, 4),
                blocks_movement=True,
                blocks_sight=True,
                state="off",
            ),
            GridElement(
                id="crates",
                label="Crates",
                squares=((11, 17), (12, 17)),
                blocks_movement=True,
                blocks_sight=True,
            ),
            GridElement(id="rack", label="Rack", squares=((15, 9),), destroyed=True),
            GridElement(id="scram", label="Scram", squares=((0, 6),), state="off"),
        ),
        tokens=tuple(tokens),
        markers=tuple(GridMarker(square=s) for s in ((1, 13), (11, 11), (15, 0), (3, 3))),
        sights=(
            GridSight(start=(7, 3), end=(3, 5), label="LoS"),
            GridSight(start=(7, 3), end=(12, 3), blocked=True),
        ),
        arcs=(GridArc(origin=(7, 3), facing="E", degrees=90, reach=6, label="fire arc"),),
        key=(
            KeyEntry(text="Wd", meaning="wounded"),
            KeyEntry(text="E", meaning="engaged"),
            KeyEntry(text="M", meaning="order: move"),
            KeyEntry(text="S", meaning="order: shoot"),
            KeyEntry(text="C", meaning="order: close combat"),
        ),
    )


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: render_grid_demo.py OUTPUT.png", file=sys.stderr)
        return 2
    out = Path(argv[1])
    out.write_bytes(draw_grid(demo_scene()))
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
