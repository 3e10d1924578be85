"""Which drawing function draws which system's view."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from renderers.circle_map import draw_circle_map
from renderers.table import draw_table
from renderers.track import draw_track
from rules.tannhauser.picture import tannhauser_scene
from rules.wasteland.picture import wasteland_scene

_RENDERERS: dict[str, Callable[[Any], bytes]] = {
    "track": draw_track,
    "circle_map": lambda view: draw_circle_map(tannhauser_scene(view)),
    # Takes a TableScene, or a view whose scene() method returns one.
    "table": draw_table,
    "measured_table": lambda view: draw_table(wasteland_scene(view)),
}


def register_renderer(name: str, draw: Callable[[Any], bytes]) -> None:
    _RENDERERS[name] = draw


def render_view(name: str | None, view: Any) -> bytes | None:
    """PNG bytes of ``view`` with the named renderer, or None if the system has none."""
    if name is None or name not in _RENDERERS:
        return None
    return _RENDERERS[name](view)
