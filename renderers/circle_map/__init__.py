"""Circle-and-path boards: the map, its markers, the characters, a legend and a key.

Drawn from a :class:`~rules.pathmap.scene.CircleMapScene` alone, which any game system
played on such a map can build from its public view; nothing here knows a particular game.
"""

from renderers.circle_map.picture import circle_pictures, draw_circle_map
from renderers.registry import register
from rules.pathmap.scene import CircleMapScene

register(CircleMapScene, draw_circle_map, circle_pictures)

__all__ = ["draw_circle_map"]
