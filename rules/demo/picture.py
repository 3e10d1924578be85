"""The demo race's public view as a track scene, which the board picture draws."""

from __future__ import annotations

from rules.core.track import TrackLane, TrackScene
from rules.demo.view import DemoView

LANE_COLOURS = {"red": "#c83c3c", "blue": "#3c64c8"}
OTHER_LANE = "#5a5a5a"


def track_scene(view: DemoView) -> TrackScene:
    """Every runner in its lane, with the one whose turn it is marked until the race ends."""
    title = f"Turn {view.turn} — {view.phase}" + (" — finished" if view.finished else "")
    return TrackScene(
        title=title,
        goal=view.goal,
        lanes=tuple(
            TrackLane(
                label=seat.title(),
                colour=LANE_COLOURS.get(seat, OTHER_LANE),
                position=position,
                marked=view.active == seat and not view.finished,
            )
            for seat, position in view.positions.items()
        ),
    )
