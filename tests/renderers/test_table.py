"""The measured-table picture: valid, small, deterministic, and drawn from the scene alone."""

from __future__ import annotations

import io
import math

import pytest
from PIL import Image, ImageChops
from pydantic import ValidationError

from renderers import draw
from renderers.placement import Placer, text_box
from renderers.seat_colours import SEAT
from renderers.table import draw_table
from renderers.table.grid import steps
from renderers.table.label_spots import place_inside
from renderers.table.picture import layout_for
from renderers.table.shapes import centroid, contains, inside_point
from rules.geometry.scene import (
    SceneArea,
    SceneMeasure,
    SceneModel,
    SceneObjective,
    SceneSeat,
    SceneUnit,
    SceneZone,
    TableScene,
)
from rules.geometry.units import inches

SEATS = (
    SceneSeat(id="ash", name="Ash Wardens", colour=0),
    SceneSeat(id="iron", name="Iron Choir", colour=1),
    SceneSeat(id="gull", name="Gull Reavers", colour=2),
    SceneSeat(id="moth", name="Moth Court", colour=3),
)
TERRAIN_KINDS: tuple[tuple[tuple[str, ...], int, int | None, str], ...] = (
    (("difficult", "concealment"), 2, None, "Wood"),
    (("ruins", "cover"), 2, None, "Ruin"),
    (("building",), 3, None, "Hab"),
    (("impassable",), 4, None, "Crag"),
    (("dangerous", "difficult"), 0, 4, "Acid"),
    (("cover",), 1, None, "Wall"),
    (("clear",), 0, None, ""),
    (("concealment",), 0, None, "Smoke"),
)


def _blob(cx: int, cy: int, count: int, radius: int = 63) -> tuple[SceneModel, ...]:
    """``count`` bases in rows of five, 1.5 inches apart, centred on (cx, cy)."""
    step = 150
    rows, columns = math.ceil(count / 5), min(count, 5)
    return tuple(
        SceneModel(
            x=cx + (2 * (i % 5) - columns + 1) * step // 2,
            y=cy + (2 * (i // 5) - rows + 1) * step // 2,
            radius=radius,
        )
        for i in range(count)
    )


def _hexagon(cx: int, cy: int, rx: int, ry: int) -> tuple[tuple[int, int], ...]:
    return tuple(
        (round(cx + rx * math.cos(a)), round(cy + ry * math.sin(a)))
        for a in (math.pi * k / 3 + 0.2 for k in range(6))
    )


def _rect(x0: int, y0: int, x1: int, y1: int) -> tuple[tuple[int, int], ...]:
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def busy_scene() -> TableScene:
    """30 units of 10 models, 25 areas, 4 zones, 10 objectives and 3 measured lines."""
    areas = []
    for index in range(25):
        classes, height, roll, name = TERRAIN_KINDS[index % len(TERRAIN_KINDS)]
        cx = 700 + (index % 5) * 1450
        cy = 600 + (index // 5) * 900
        areas.append(
            SceneArea.model_validate(
                {
                    "id": f"a{index}",
                    "label": f"{name} {index}" if name else "",
                    "points": _hexagon(cx, cy, 420 + (index * 37) % 200, 260 + (index * 53) % 120),
                    "classes": classes,
                    "height": height,
                    "dangerous": roll,
                }
            )
        )
    zones = (
        SceneZone(seat="ash", label="Ash deployment", points=_rect(0, 0, 7200, 1200)),
        SceneZone(seat="iron", label="Iron deployment", points=_rect(0, 3600, 7200, 4800)),
        SceneZone(seat="gull", label="Gull flank", points=_rect(0, 1200, 900, 3600)),
        SceneZone(seat=None, label="No man's land", points=_rect(3000, 2000, 4200, 2800)),
    )
    objectives = tuple(
        SceneObjective(
            id=f"o{index}",
            label=str(index + 1),
            x=900 + index * 600,
            y=2400 + (300 if index % 2 else -300),
            kind="terrain" if index == 4 else "marker",
            score=f"{index % 3}/3" if index % 2 == 0 else "",
            owner=SEATS[index % 4].id if index % 3 == 0 else None,
            face_down=index >= 8,
        )
        for index in range(10)
    )
    units = tuple(
        SceneUnit(
            id=f"u{index}",
            label=f"{SEATS[index % 4].id[:2].upper()}{index}",
            seat=SEATS[index % 4].id,
            models=_blob(700 + (index % 6) * 1150, 500 + (index // 6) * 950, 10),
            suppression=index % 4,
            activated=index % 3 == 0,
            defending=index % 5 == 0,
            active=index == 7,
            wounds="T2" if index % 7 == 0 else "",
            facing=90 if index % 11 == 0 else None,
            embarked=3 if index == 22 else None,
        )
        for index in range(30)
    )
    measures = (
        SceneMeasure(kind="distance", start=(1000, 1000), end=(1740, 1000), label='7.4"'),
        SceneMeasure(kind="blocked", start=(2000, 1500), end=(5000, 3300), label="no sight"),
        SceneMeasure(
            kind="path", start=(3000, 4000), via=((3600, 3500),), end=(4400, 3400), label='9"'
        ),
    )
    return TableScene(
        title="Scrapyard at dusk",
        caption=("Round 2 · Ash Wardens activating", "Ash 3 VP - Iron 2 VP"),
        seats=SEATS,
        areas=tuple(areas),
        zones=zones,
        objectives=objectives,
        units=units,
        measures=measures,
    )


def small_scene(**changes: object) -> TableScene:
    """One unit of one seat and a face-down counter on an otherwise empty table."""
    fields: dict[str, object] = {
        "title": "Test",
        "seats": (SEATS[0], SEATS[1]),
        "units": (SceneUnit(id="u1", label="AW1", seat="ash", models=_blob(1800, 2400, 5, 100)),),
        "objectives": (SceneObjective(id="hidden-1", x=5400, y=2400, face_down=True),),
    }
    fields.update(changes)
    return TableScene.model_validate(fields)


def _decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def _pixel(scene: TableScene, x: int, y: int) -> tuple[int, int, int]:
    """The colour at table point (x, y) hundredths in the picture of ``scene``."""
    lay = layout_for(scene)
    left, top = lay.table_origin
    px, py = lay.at(x, y)
    image = _decode(draw_table(scene))
    colour = image.getpixel((round(left + px / lay.ss), round(top + py / lay.ss)))
    assert isinstance(colour, tuple)
    return colour[0], colour[1], colour[2]


def _distance(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    return math.dist(a, b)


def test_busy_picture_is_a_png_of_the_expected_size() -> None:
    png = draw_table(busy_scene())
    assert png.startswith(b"\x89PNG")
    assert len(png) < 500_000
    with Image.open(io.BytesIO(png)) as image:
        image.verify()
    with Image.open(io.BytesIO(png)) as image:
        assert image.format == "PNG"
        assert 1400 <= image.width <= 1600
        assert 1000 <= image.height <= 1500


def test_other_table_sizes_scale_to_a_similar_width() -> None:
    for width, depth in ((inches(44), inches(30)), (inches(48), inches(48)), (2200, 3000)):
        with Image.open(io.BytesIO(draw_table(TableScene(width=width, depth=depth)))) as image:
            assert 900 <= image.width <= 1600
            assert 500 <= image.height <= 1600


def test_same_scene_gives_identical_bytes() -> None:
    scene = busy_scene()
    copy = TableScene.model_validate_json(scene.model_dump_json())
    assert draw_table(scene) == draw_table(copy)


def test_registered_for_table_scenes() -> None:
    scene = small_scene()
    assert draw(scene) == draw_table(scene)
    assert draw(None) is None
    with pytest.raises(TypeError):
        draw(SceneSeat(id="ash", name="Ash Wardens", colour=0))


def test_face_down_counters_ignore_their_label_and_id() -> None:
    blank = small_scene()
    named = small_scene(
        objectives=(
            SceneObjective(
                id="secret-relic",
                label="Relic",
                score="3/3",
                owner="iron",
                kind="terrain",
                x=5400,
                y=2400,
                face_down=True,
            ),
        )
    )
    assert draw_table(named) == draw_table(blank)
    # The same objective face up does show its label.
    shown = small_scene(objectives=(SceneObjective(id="relic", label="Relic", x=5400, y=2400),))
    assert draw_table(shown) != draw_table(blank)


def test_base_centre_shows_the_seat_colour() -> None:
    scene = small_scene(
        units=(SceneUnit(id="u1", label="AW1", seat="iron", models=_blob(1800, 2400, 1, 100)),)
    )
    # A lone base's label goes beside it, so its centre shows the seat's colour.
    assert _distance(_pixel(scene, 1800, 2400), SEAT[1]) < 12


def test_activated_units_are_dimmed() -> None:
    fresh = small_scene()
    spent = small_scene(
        units=(
            SceneUnit(
                id="u1", label="AW1", seat="ash", models=_blob(1800, 2400, 5, 100), activated=True
            ),
        )
    )
    # The leftmost base, clear of the label in the middle of the unit.
    before, after = _pixel(fresh, 1500, 2400), _pixel(spent, 1500, 2400)
    assert _distance(before, SEAT[0]) < 12
    assert _distance(after, SEAT[0]) > 60


def test_suppression_pips_change_the_picture() -> None:
    calm = small_scene()
    pinned = small_scene(
        units=(
            SceneUnit(
                id="u1", label="AW1", seat="ash", models=_blob(1800, 2400, 5, 100), suppression=3
            ),
        )
    )
    assert layout_for(calm) == layout_for(pinned)
    with _decode(draw_table(calm)) as a, _decode(draw_table(pinned)) as b:
        lay = layout_for(calm)
        left, top = lay.table_origin
        table = (left, top, left + lay.table_size[0], top + lay.table_size[1])
        difference = ImageChops.difference(a.crop(table), b.crop(table)).convert("L")
        changed = difference.point(lambda value: 255 if value else 0).histogram()[255]
    assert changed > 30


def test_terrain_and_zones_are_drawn() -> None:
    bare = small_scene(units=(), objectives=())
    wood = small_scene(
        units=(),
        objectives=(),
        areas=(
            SceneArea.model_validate(
                {
                    "id": "wood",
                    "points": _rect(2000, 2000, 3000, 3000),
                    "classes": ("difficult", "concealment"),
                }
            ),
        ),
        zones=(SceneZone(seat="ash", points=_rect(0, 0, 7200, 1200)),),
    )
    assert _pixel(wood, 2300, 2700) != _pixel(bare, 2300, 2700)
    assert _pixel(wood, 500, 500) != _pixel(bare, 500, 500)


def test_scene_rejects_unknown_fields_and_bad_terrain() -> None:
    area = {"id": "a", "points": ((0, 0), (100, 0), (0, 100)), "classes": ("difficult",)}
    SceneArea.model_validate(area)
    with pytest.raises(ValidationError):
        SceneArea.model_validate({**area, "classes": ("swamp",)})
    with pytest.raises(ValidationError):
        SceneArea.model_validate({**area, "colour": "green"})
    with pytest.raises(ValidationError):
        SceneArea.model_validate({**area, "dangerous": 3})
    with pytest.raises(ValidationError):
        TableScene.model_validate({"title": "x", "scale": 2})
    with pytest.raises(ValidationError):
        SceneUnit.model_validate(
            {
                "id": "u",
                "label": "TOOLONG1",
                "seat": "ash",
                "models": ({"x": 0, "y": 0, "radius": 50},),
            }
        )


def test_scene_rejects_broken_references() -> None:
    unit = SceneUnit(id="u1", label="X1", seat="nobody", models=_blob(100, 100, 1))
    with pytest.raises(ValidationError):
        TableScene(seats=SEATS, units=(unit,))
    with pytest.raises(ValidationError):
        TableScene(seats=(SEATS[0], SEATS[0]))
    with pytest.raises(ValidationError):
        TableScene(seats=SEATS, zones=(SceneZone(seat="nobody", points=((0, 0), (1, 0), (0, 1))),))
    with pytest.raises(ValidationError):
        SceneSeat(id="x", name="X", colour=8)


def test_models_off_the_table_and_odd_text_still_draw() -> None:
    scene = small_scene(
        title="Łukasz — Zoë's “Ägidius” table " * 3,
        caption=("Round 1 · ünïcödé",) * 4,
        units=(
            SceneUnit(id="edge", label="ÉDGE", seat="ash", models=_blob(-200, 20, 10), facing=-45),
            SceneUnit(id="far", label="FAR", seat="iron", models=_blob(9000, 9000, 3)),
        ),
        measures=(SceneMeasure(kind="sight", start=(0, 0), end=(0, 0), label='0"'),),
    )
    with Image.open(io.BytesIO(draw_table(scene))) as image:
        assert 1400 <= image.width <= 1600


def test_grid_is_faint_every_two_inches_and_numbered_every_six_at_the_usual_scale() -> None:
    lay = layout_for(TableScene())
    assert lay.per_inch == 20
    assert steps(lay.per_inch) == (2, 6)
    assert steps(36) == (1, 6)  # a small table drawn larger gets a line every inch
    assert steps(6) == (6, 12)  # a very large one keeps its numbers apart


def test_labels_go_inside_concave_areas() -> None:
    # A U shape whose centroid lies in the gap between its arms.
    u_shape = [(0, 0), (30, 0), (30, 30), (20, 30), (20, 10), (10, 10), (10, 30), (0, 30)]
    points = [(float(x), float(y)) for x, y in u_shape]
    assert not contains(points, centroid(points))
    assert contains(points, inside_point(points))


def test_a_zone_label_moves_off_an_area_label_it_would_overprint() -> None:
    lay = layout_for(TableScene(width=7200, depth=4800))
    zone = [lay.at(0, 0), lay.at(7200, 0), lay.at(7200, 1000), lay.at(0, 1000)]
    size = lay.fs(18)
    placer = Placer((0.0, 0.0, *map(float, lay.canvas)), lay.length(300))
    taken = text_box("rubble west h1", lay.fs(12), lay.at(3600, 500), "mm", 0)
    placer.rect(taken)
    spot, _, away = place_inside(placer, lay, zone, "Alpha zone", size, margin=lay.u(3))
    assert not away
    box = text_box("Alpha zone", size, spot, "mm", 0)
    assert not (box[0] < taken[2] and taken[0] < box[2] and box[1] < taken[3] and taken[1] < box[3])
    assert lay.at(0, 0)[1] < box[1] and box[3] < lay.at(0, 1000)[1]  # still inside the zone
