"""Measured tables (tape-measure games, positions in inches): terrain, deployment zones,
objectives, units, measured lines, an inch grid and a key.

Drawn from a :class:`~rules.geometry.scene.TableScene` alone, which any game system can
build from its public view; nothing here knows a particular game.
"""

from renderers.registry import register
from renderers.table.picture import draw_table, table_pictures
from rules.geometry.scene import TableScene

register(TableScene, draw_table, table_pictures)

__all__ = ["draw_table"]
