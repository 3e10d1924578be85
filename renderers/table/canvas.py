"""The table and everything on it, drawn on a canvas of its own in drawing units: the
whole table for the board picture, or the part a close-up shows."""

from __future__ import annotations

from PIL import Image, ImageDraw

from renderers.drawn import Recorder
from renderers.placement import Placer
from renderers.table import (
    barriers,
    counters,
    grid,
    measures,
    objectives,
    terrain,
    unit_labels,
    units,
    zones,
)
from renderers.table.layout import Layout, Point
from renderers.table.palette import FELT
from rules.geometry.scene import TableScene


def table_canvas(lay: Layout, scene: TableScene, recorder: Recorder) -> Image.Image:
    """The table and everything on it, in drawing units; what lies off the table is cut."""
    image = Image.new("RGB", lay.canvas, FELT)
    draw = ImageDraw.Draw(image)
    zones.draw_zone_grounds(draw, lay, scene)
    terrain.draw_areas(image, draw, lay, scene.areas)
    grid.draw_grid(image, lay, scene.width, scene.depth)
    barriers.draw_barriers(draw, lay, scene)
    zones.draw_zone_edges(draw, lay, scene)
    # Every label is placed on one placer, the units' first (players type their codes),
    # then the names fixed to the table, which are drawn under the pieces.
    placer = _obstacles(lay, scene)
    tags = objectives.place_tags(lay, scene, placer)
    groups = unit_labels.place_labels(lay, scene, placer, lay.canvas)
    terrain.draw_area_labels(image, draw, lay, scene.areas, placer, recorder)
    barriers.draw_labels(draw, lay, scene, placer, recorder)
    objectives.rings(lay, scene, placer)  # a zone's name stays off the objective pieces too
    zones.draw_zone_labels(draw, lay, scene, placer, recorder)
    objectives.draw_objectives(image, draw, lay, scene, tags)
    units.draw_bases(image, lay, scene)
    counters.draw_counters(image, draw, lay, scene, recorder)
    measures.draw_lines(image, draw, lay, scene)
    unit_labels.draw_labels(image, draw, lay, scene, groups, recorder)
    objectives.draw_scores(image, lay, scene, tags, placer, recorder)
    measures.draw_labels(image, lay, scene, placer, recorder)
    _record_pieces(lay, scene, tags, recorder)
    return image


def _record_pieces(
    lay: Layout, scene: TableScene, tags: dict[str, Point], recorder: Recorder
) -> None:
    """The bases and objective markers labels must keep off."""
    for unit in scene.units:
        for centre, r in units.bases(lay, unit):
            recorder.disc(unit.label, centre, r, lay.ss, (f"unit {unit.id}",))
    for objective in scene.objectives:
        if objective.face_down or objective.kind == "marker":
            centre = lay.at(objective.x, objective.y)
            r = objectives.radius(lay, objective)
            recorder.disc(objective.label, centre, r, lay.ss, (f"objective {objective.id}",))
        elif objective.kind == "terrain" and objective.id in tags:
            text = objective.label or objectives.TERRAIN_TAG
            box = objectives.tag_box(lay, objective, tags[objective.id])
            recorder.label(text, box, lay.ss, (f"objective {objective.id}",))


def _canvas_placer(lay: Layout) -> Placer:
    """An empty placer over the whole picture."""
    width, height = lay.canvas
    return Placer((0.0, 0.0, float(width), float(height)), lay.length(300))


def _obstacles(lay: Layout, scene: TableScene) -> Placer:
    """What every label should keep off: bases, objective markers and measured lines
    (and then the labels placed before it)."""
    placer = _canvas_placer(lay)
    for unit in scene.units:
        for centre, r in units.bases(lay, unit):
            placer.disc(centre, r + lay.u(1))
    objectives.obstacles(lay, scene, placer)
    counters.obstacles(lay, scene, placer)
    measures.obstacles(lay, scene, placer)
    barriers.obstacles(lay, scene, placer)
    return placer
