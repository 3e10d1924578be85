"""Close-ups: what drawing the close-up of an action adds to drawing its board, and how
large it is. Each busy board the benchmarks draw is given an action to frame (the first
unit or character acting and walking, an attack), the way the systems' scenes show the
latest action. The board alone and the board with its close-up (as posts draw them) are
drawn in turn, 40 times each, PNGs included: the close-up's time is the difference of the
two medians. Circle maps and grids crop the close-up from the board's own drawing, so it
costs little; a table draws the close-up's part of the table anew.
"""

from __future__ import annotations

import math
import statistics
import time

from pydantic import BaseModel

from renderers import draw, draw_pictures
from rules.geometry.scene import SceneMeasure, TableScene
from rules.geometry.units import PER_INCH
from rules.grid.scene import GridRoute, GridScene
from rules.pathmap.scene import CircleMapScene, SceneTrail

SAMPLES = 40


def with_action(scene: BaseModel) -> BaseModel:
    """``scene`` showing an action, as a system shows its latest one."""
    if isinstance(scene, TableScene):
        unit = scene.units[0]
        start = (unit.models[0].x, unit.models[0].y)
        end = (min(start[0] + 6 * PER_INCH, scene.width), start[1])
        acting = unit.model_copy(update={"active": True})
        path = SceneMeasure(kind="path", start=start, end=end, label='6.0"')
        return scene.model_copy(update={"units": (acting, *scene.units[1:]), "measures": (path,)})
    if isinstance(scene, CircleMapScene):
        assert scene.map is not None
        placed = [t for t in scene.tokens if t.circle is not None]
        mover, target = placed[0], placed[-1]
        steps = [
            a if b == mover.circle else b for a, b in scene.map.adjacency if mover.circle in (a, b)
        ]
        trail = SceneTrail(
            seat=mover.seat,
            route=(steps[0], mover.circle or steps[0]),
            shots=((mover.circle or steps[0], target.circle or steps[0]),),
        )
        return scene.model_copy(update={"trail": trail})
    if isinstance(scene, GridScene):
        token = scene.tokens[0]
        x, y = token.square
        back = (x, max(0, y - 3)) if y >= 3 else (x, min(scene.rows - 1, y + 3))
        squares = tuple((x, row) for row in _between(back[1], y))
        route = GridRoute(seat=token.seat, squares=squares, level=token.level)
        return scene.model_copy(update={"routes": (route,)})
    raise TypeError(f"no action for a {type(scene).__name__}")


def _between(start: int, end: int) -> list[int]:
    step = 1 if end >= start else -1
    return list(range(start, end + step, step))


def closeup_figures(name: str, scene: BaseModel) -> dict[str, float]:
    """``<name>_closeup_p50_ms`` (what the close-up adds to its board's drawing) and
    ``<name>_closeup_kb`` for ``scene`` with an action."""
    acting = with_action(scene)
    alone: list[float] = []
    both: list[float] = []
    png = b""
    for _ in range(SAMPLES):
        start = time.perf_counter()
        draw(acting)
        alone.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        drawn = draw_pictures(acting)
        both.append((time.perf_counter() - start) * 1000)
        assert drawn is not None and drawn.closeup is not None
        png = drawn.closeup
    return {
        f"{name}_closeup_p50_ms": max(0.0, statistics.median(both) - statistics.median(alone)),
        f"{name}_closeup_kb": len(png) / 1024,
    }


def focus_figures(figures: dict[str, float]) -> dict[str, float]:
    """The slowest and largest close-up of those measured: ``focus_render_p50_ms`` and
    ``focus_png_kb``."""
    times = [v for k, v in figures.items() if k.endswith("_closeup_p50_ms")]
    sizes = [v for k, v in figures.items() if k.endswith("_closeup_kb")]
    if not times:
        return {}
    return {"focus_render_p50_ms": max(times), "focus_png_kb": max(sizes, default=math.nan)}
