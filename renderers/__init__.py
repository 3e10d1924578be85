"""Pictures of scenes that systems build from their public views: PNG bytes out, nothing
hidden in. Importing the package registers every renderer's drawing."""

from renderers import circle_map, grid, table, track
from renderers.registry import Pictures, draw, draw_pictures

__all__ = ["Pictures", "circle_map", "draw", "draw_pictures", "grid", "table", "track"]
