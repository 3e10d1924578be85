"""The circle-and-path board picture: valid, small, deterministic, and drawn from the scene."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from renderers import draw
from renderers.circle_map import draw_circle_map, icons
from renderers.circle_map.layout import IMAGE_WIDTH
from renderers.circle_map.palette import HINDERS
from renderers.circle_map.picture import layout_for
from renderers.circle_map.tokens import rows_left
from rules.pathmap.maps import DoorDef, PathDef, WallDef
from rules.pathmap.scene import (
    Badge,
    CircleMapScene,
    MapKey,
    SceneCircle,
    SceneFeature,
    SceneMap,
    SceneSide,
    SceneSmoke,
    SceneToken,
)


def _circle(
    ident: str,
    x: float,
    y: float,
    *paths: str,
    modifier: Badge | None = None,
    entry: str | None = None,
) -> SceneCircle:
    return SceneCircle(id=ident, x=x, y=y, paths=paths, modifier=modifier, entry=entry)


def sample_map() -> SceneMap:
    circles = (
        _circle("c1", 150, 150, "red", entry="north gate"),
        _circle("c2", 350, 150, "red"),
        _circle("c3", 550, 150, "red", "blue"),
        _circle("c4", 750, 150, "blue", modifier=Badge(text="C+2", helps=True)),
        _circle("c5", 950, 150, "blue"),
        _circle("c6", 150, 400, "red", "green"),
        _circle("c7", 350, 400, "green", modifier=Badge(text="Mv-1", helps=False)),
        _circle("c8", 550, 400, "red", "blue", "green"),
        _circle("c9", 750, 400, "green"),
        _circle("c10", 950, 400, "blue", "green"),
        _circle("c11", 150, 650, "green"),
        _circle("c12", 350, 650, "green", modifier=Badge(text="M+1", helps=True)),
        _circle("c13", 550, 650, "blue"),
        _circle("c14", 750, 650, "blue", modifier=Badge(text="S-2", helps=False)),
        _circle("c15", 1050, 650, "blue", entry="south gate"),
    )
    adjacency = (
        ("c1", "c2"), ("c2", "c3"), ("c3", "c4"), ("c4", "c5"),
        ("c6", "c7"), ("c7", "c8"), ("c8", "c9"), ("c9", "c10"),
        ("c11", "c12"), ("c12", "c13"), ("c13", "c14"), ("c14", "c15"),
        ("c1", "c6"), ("c2", "c7"), ("c3", "c8"), ("c4", "c9"), ("c5", "c10"),
        ("c6", "c11"), ("c7", "c12"), ("c8", "c13"), ("c9", "c14"), ("c10", "c15"),
    )  # fmt: skip
    return SceneMap(
        paths=(
            PathDef(id="red", name="Red path", colour="#d23c32"),
            PathDef(id="blue", name="Blue path", colour="#2f6fd6"),
            PathDef(id="green", name="Green path", colour="#2e9e4a"),
        ),
        circles=circles,
        adjacency=adjacency,
        features=(
            SceneFeature(
                id="relic",
                kind="objective",
                x=450,
                y=275,
                adjacent=("c2", "c3", "c7", "c8"),
                grade="primary",
                label="Relic",
            ),
            SceneFeature(
                id="cache",
                kind="objective",
                x=1100,
                y=270,
                adjacent=("c5", "c10"),
                grade="secondary",
            ),
            SceneFeature(
                id="lever", kind="action", x=250, y=530, adjacent=("c6", "c7", "c11", "c12")
            ),
        ),
        walls=(
            WallDef(points=((600, 525), (700, 525))),
            WallDef(points=((800, 525), (880, 525), (880, 600))),
        ),
        doors=(DoorDef(a=(700, 525), b=(800, 525)),),
    )


def _token(seat: str, name: str, circle: str | None, **flags: object) -> SceneToken:
    rows = 4 if flags.pop("hero", False) else 3
    return SceneToken.model_validate(
        {
            "seat": seat,
            "name": name,
            "short": name[:2].upper(),
            "circle": circle,
            "row": flags.pop("row", 1),
            "rows": rows,
            **flags,
        }
    )


def sample_scene(**changes: object) -> CircleMapScene:
    """A 5-versus-5 game mid-turn with every kind of marker on the board."""
    tokens = (
        _token("red", "Hauptmann", "c1", hero=True, active=True),
        _token("red", "Sturm", "c8", overwatch=True),
        _token("red", "Klaus", "c8", activated=True, row=2),
        _token("red", "Eva", None, dead=True),
        _token("red", "Otto", None),
        _token("blue", "Kowalski", "c15", hero=True, activated=True),
        _token("blue", "Reese", "c13", hero=True, row=2),
        _token("blue", "Jones", "c4", overwatch=True),
        _token("blue", "Miller", None, dead=True),
        _token("blue", "Scout", None),
    )
    fields: dict[str, object] = {
        "title": "Test Yard",
        "phase": "activation",
        "turn": 3,
        "map": sample_map(),
        "key": MapKey(
            badges=(Badge(text="C+1", helps=True), Badge(text="Mv-2", helps=False)),
            text="C Combat, Mv Movement: green helps, red hinders",
        ),
        "sides": (
            SceneSide(
                seat="red",
                label="alice",
                faction_name="Das Reich",
                colour="#a8322d",
                command_points=3,
                entry_points=("c1",),
            ),
            SceneSide(
                seat="blue",
                label="bob",
                faction_name="Union",
                colour="#2b5fb4",
                command_points=1,
                entry_points=("c15",),
            ),
        ),
        "tokens": tokens,
        "crates": ("cache", "lever"),
        "smoke": (SceneSmoke(circle="c9", turns_left=2),),
        "smoky_circles": ("c9", "c10"),
        "rubble": ("c14",),
        "ground": {"c12": 2},
        "initiative": "red",
    }
    fields.update(changes)
    return CircleMapScene.model_validate(fields)


def test_picture_is_a_small_png_of_the_expected_width() -> None:
    png = draw_circle_map(sample_scene())
    assert png.startswith(b"\x89PNG")
    assert len(png) < 500_000
    with Image.open(io.BytesIO(png)) as image:
        image.verify()
    with Image.open(io.BytesIO(png)) as image:
        assert image.format == "PNG"
        assert 1000 <= image.width <= 1600
        assert 400 <= image.height <= 1400


def test_registered_for_circle_map_scenes() -> None:
    scene = sample_scene()
    assert draw(scene) == draw_circle_map(scene)


def test_same_scene_gives_identical_bytes() -> None:
    scene = sample_scene()
    copy = CircleMapScene.model_validate_json(scene.model_dump_json())
    assert draw_circle_map(scene) == draw_circle_map(copy)


def test_smoke_is_drawn() -> None:
    smoky = sample_scene()
    clear = sample_scene(smoke=(), smoky_circles=())
    lay = layout_for(smoky)
    assert lay == layout_for(clear)
    circle = next(c for c in sample_map().circles if c.id == "c10")
    x, y = lay.at(circle.x, circle.y)
    # Just outside the circle's rim, where only the smoke cloud reaches.
    reach = lay.radius * 0.8
    point = (round((x + reach) / lay.ss), round((y - reach) / lay.ss))
    with (
        Image.open(io.BytesIO(draw_circle_map(smoky))) as with_smoke,
        Image.open(io.BytesIO(draw_circle_map(clear))) as without,
    ):
        assert with_smoke.getpixel(point) != without.getpixel(point)


def test_finished_game_and_missing_map_still_draw() -> None:
    over = sample_scene(finished=True, winners=("red",), phase="finished")
    lobby = sample_scene(map=None, tokens=(), phase="setup", turn=0)
    for scene in (over, lobby):
        with Image.open(io.BytesIO(draw_circle_map(scene))) as image:
            assert image.width == IMAGE_WIDTH


def test_crowded_and_unusual_scenes_still_draw() -> None:
    crowd = tuple(
        _token("red", name, "c5")
        for name in ("Ägidius Müller", "Łukasz — the Quiet", "Zoë", "Jean-Émile")
    )
    stray = _token("blue", "Nobody", "no-such-circle")
    scene = sample_scene(
        tokens=(*crowd, stray),
        initiative="nobody",
        sides=(
            SceneSide(seat="red", label="Ålice", colour="#f0e68c", entry_points=("c1",)),
            SceneSide(seat="blue", label="bob", colour="not a colour"),
        ),
        ground={"c5": 12},
    )
    with Image.open(io.BytesIO(draw_circle_map(scene))) as image:
        assert image.width == IMAGE_WIDTH


def _filled_pips(left: int, total: int) -> int:
    image = Image.new("RGB", (120, 40), (255, 255, 255))
    icons.health_pips(ImageDraw.Draw(image), (60, 20), 20, left, total)
    return sum(1 for pixel in image.get_flattened_data() if pixel == HINDERS)


def test_health_badge_fills_one_pip_per_row_left() -> None:
    unhurt = sample_scene().tokens[0].model_copy(update={"row": 0, "rows": 4})
    last = unhurt.model_copy(update={"row": 3})
    assert (rows_left(unhurt), rows_left(last)) == (4, 1)
    one = _filled_pips(1, 4)
    assert one > 0
    assert _filled_pips(4, 4) == 4 * one  # every row left is a filled pip
    assert _filled_pips(0, 4) == 0
