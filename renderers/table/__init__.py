"""Measured tables (tape-measure games, positions in inches): terrain, deployment zones,
objectives, units, measured lines, an inch grid and a key.

Drawn from a :class:`~renderers.table.scene.TableScene` alone, which any game system can
build from its public view; nothing here knows a particular game.
"""

from renderers.table.picture import draw_table
from renderers.table.scene import (
    SceneArea,
    SceneMeasure,
    SceneModel,
    SceneObjective,
    SceneSeat,
    SceneSource,
    SceneUnit,
    SceneZone,
    TableScene,
)

__all__ = [
    "SceneArea",
    "SceneMeasure",
    "SceneModel",
    "SceneObjective",
    "SceneSeat",
    "SceneSource",
    "SceneUnit",
    "SceneZone",
    "TableScene",
    "draw_table",
]
