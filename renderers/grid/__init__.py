"""Square-grid boards: floor tiles, walls, doors, floor elements, rooms, miniatures,
face-down markers and measures, one board a level side by side, with rulers and a key.

Drawn from a :class:`~rules.grid.scene.GridScene` alone, which any game system played on
squares can build from its public view; nothing here knows a particular game.
"""

from renderers.grid.picture import draw_grid, grid_pictures
from renderers.registry import register
from rules.grid.scene import GridScene

register(GridScene, draw_grid, grid_pictures)

__all__ = ["draw_grid"]
