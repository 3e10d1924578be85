"""Circle-and-path boards (Tannhäuser): the map, its markers, the characters and a legend.

Drawn from the public :class:`~rules.tannhauser.view.TannhauserView` alone.
"""

from renderers.circle_map.picture import draw_circle_map

__all__ = ["draw_circle_map"]
