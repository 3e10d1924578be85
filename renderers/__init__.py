"""Pictures of public game views: PNG bytes out, nothing hidden in."""

from renderers.registry import render_view

__all__ = ["render_view"]
