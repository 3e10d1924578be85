"""Draw a sample measured table and write it as a PNG::

    .venv/bin/python examples/render_table_demo.py table.png

Two warbands on a 72 by 48 inch table with woods, ruins, a hab block, a crag and an acid
pool; objectives (one held, one face down), a unit acting with its move and a blocked line
of sight drawn.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from renderers.table import draw_table
from rules.geometry.scene import (
    SceneArea,
    SceneMeasure,
    SceneModel,
    SceneObjective,
    SceneSeat,
    SceneUnit,
    SceneZone,
    TableScene,
)
from rules.geometry.units import inches, mm

BASE_32 = mm(32) // 2
BASE_25 = mm(25) // 2


def squad(x: float, y: float, count: int, radius: int = BASE_32) -> tuple[SceneModel, ...]:
    """``count`` bases in a loose line, two inches apart, starting at (x, y) inches."""
    return tuple(
        SceneModel(x=inches(x + 2 * (i % 5)), y=inches(y + 1.6 * (i // 5)), radius=radius)
        for i in range(count)
    )


def area(ident: str, label: str, points: list[tuple[float, float]], **fields: object) -> SceneArea:
    corners = tuple((inches(x), inches(y)) for x, y in points)
    return SceneArea.model_validate({"id": ident, "label": label, "points": corners, **fields})


def demo_scene() -> TableScene:
    seats = (
        SceneSeat(id="ash", name="Ash Wardens", colour=0),
        SceneSeat(id="iron", name="Iron Choir", colour=1),
    )
    areas = (
        area("wood", "Old wood", [(10, 16), (20, 14), (23, 22), (15, 27), (8, 23)],
             classes=("difficult", "concealment"), height=2),
        area("ruin", "Chapel ruin", [(30, 8), (40, 8), (40, 15), (34, 17), (30, 14)],
             classes=("ruins", "cover"), height=2),
        area("hab", "Hab block", [(44, 20), (52, 20), (52, 28), (44, 28)],
             classes=("building",), height=3),
        area("crag", "Crag", [(58, 30), (64, 28), (67, 34), (60, 37)],
             classes=("impassable",), height=4),
        area("acid", "Acid pool", [(27, 30), (35, 29), (37, 34), (29, 36)],
             classes=("dangerous", "difficult"), dangerous=4),
        area("wall", "Low wall", [(20, 34), (26, 34), (26, 35), (20, 35)],
             classes=("cover",), height=1),
        area("field", "", [(54, 8), (64, 8), (64, 14), (54, 14)], classes=("clear",)),
    )  # fmt: skip
    zones = (
        SceneZone(seat="ash", label="Ash deployment",
                  points=((0, 0), (inches(72), 0), (inches(72), inches(10)), (0, inches(10)))),
        SceneZone(seat="iron", label="Iron deployment",
                  points=((0, inches(38)), (inches(72), inches(38)), (inches(72), inches(48)),
                          (0, inches(48)))),
    )  # fmt: skip
    objectives = (
        SceneObjective(id="o1", label="1", x=inches(18), y=inches(24), score="1/3"),
        SceneObjective(id="o2", label="2", x=inches(36), y=inches(24), owner="iron", score="2/3"),
        SceneObjective(id="o3", label="Comms", x=inches(48), y=inches(24), radius=inches(5),
                       kind="terrain"),
        SceneObjective(id="hidden", x=inches(60), y=inches(20), face_down=True),
    )  # fmt: skip
    units = (
        SceneUnit(id="aw1", label="AW1", seat="ash", models=squad(12, 5, 10), activated=True),
        SceneUnit(id="aw2", label="AW2", seat="ash", models=squad(31, 19, 5, BASE_25),
                  active=True, suppression=1),
        SceneUnit(id="aw3", label="AW3", seat="ash",
                  models=(SceneModel(x=inches(56), y=inches(6), radius=inches(2.5), height=3),),
                  facing=180, embarked=4),
        SceneUnit(id="ic1", label="IC1", seat="iron", models=squad(40, 40, 8), defending=True),
        SceneUnit(id="ic2", label="IC2", seat="iron", models=squad(20, 37, 5),
                  suppression=2, wounds="T2"),
    )  # fmt: skip
    measures = (
        SceneMeasure(kind="path", start=(inches(35), inches(19)), via=((inches(38), inches(21)),),
                     end=(inches(39), inches(25)), label='6"'),
        SceneMeasure(kind="blocked", start=(inches(31), inches(20)), end=(inches(48), inches(40)),
                     label="blocked"),
        SceneMeasure(kind="distance", start=(inches(39), inches(26)), end=(inches(40), inches(39)),
                     label='12.7"'),
    )  # fmt: skip
    return TableScene(
        title="Umpire demo - Scrapyard",
        caption=("Round 2 · Ash Wardens activating", "Ash 1 VP - Iron 2 VP"),
        seats=seats,
        areas=areas,
        zones=zones,
        objectives=objectives,
        units=units,
        measures=measures,
    )


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: render_table_demo.py OUTPUT.png", file=sys.stderr)
        return 2
    out = Path(argv[1])
    out.write_bytes(draw_table(demo_scene()))
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
