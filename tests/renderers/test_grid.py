"""The square-grid picture: a checked scene, a small PNG, face-down markers that give
nothing away, levels side by side and large miniatures on their 2 x 2 block."""

from __future__ import annotations

import io
import math
from typing import Any

import pytest
from PIL import Image
from pydantic import ValidationError

from renderers import draw
from renderers.grid import draw_grid
from renderers.grid.edges import door_tags
from renderers.grid.palette import seat_colour
from renderers.grid.picture import SUPERSAMPLE, layout_for, render
from renderers.grid.samples import key_entries
from rules.grid.scene import (
    GridArc,
    GridDoor,
    GridElement,
    GridLevel,
    GridMarker,
    GridRoom,
    GridScene,
    GridSeat,
    GridSight,
    GridTile,
    GridToken,
    GridWall,
    KeyEntry,
    TileKind,
    square_name,
)

SEATS = (
    GridSeat(id="guards", name="Jail Guards", colour=0),
    GridSeat(id="salvage", name="Salvagers", colour=1),
)
Square = tuple[int, int]


def _block(c0: int, r0: int, c1: int, r1: int) -> tuple[Square, ...]:
    return tuple((c, r) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1))


def _walls_round(squares: tuple[Square, ...], kind: str = "single") -> list[GridWall]:
    inside = set(squares)
    walls = []
    for c, r in squares:
        for other in ((c + 1, r), (c, r + 1)):
            if other not in inside and other[0] < 16 and other[1] < 20:
                walls.append(GridWall.model_validate({"between": ((c, r), other), "kind": kind}))
    for c, r in squares:
        for other in ((c - 1, r), (c, r - 1)):
            if other not in inside and other[0] >= 0 and other[1] >= 0:
                walls.append(GridWall.model_validate({"between": ((c, r), other), "kind": kind}))
    return walls


def rich_scene(**changes: Any) -> GridScene:
    """A full 16 x 20 board: six tiles, four rooms (one without power), walls, doors of
    three kinds, six floor elements, 20 miniatures (one large), markers and measures."""
    lab, power = _block(0, 0, 5, 6), _block(10, 0, 15, 5)
    bunks, arms = _block(0, 9, 5, 14), _block(10, 8, 15, 13)
    hall, yard = _block(6, 0, 9, 19), _block(0, 15, 5, 19)
    walls = [*_walls_round(lab), *_walls_round(power, "double"), *_walls_round(bunks)]
    walls = [w for w in walls if set(w.between) != {(5, 3), (6, 3)}]
    tokens = [
        GridToken(
            id=f"t{index}",
            label=f"{'GS'[index % 2]}{index}",
            seat=SEATS[index % 2].id,
            square=(6 + index % 4, index // 4 + 1),
            facing="NESW"[index % 4],  # type: ignore[arg-type]
            sight=180 if index % 3 else None,
            state="Wd" if index % 5 == 0 else "",
            marks=("E",) if index % 2 else (),
            active=index == 7,
            dead=index == 18,
        )
        for index in range(19)
    ]
    tokens.append(
        GridToken(id="big", label="Hauler", seat="salvage", square=(2, 16), large=True, facing="N")
    )
    fields: dict[str, Any] = {
        "title": "The jailbreak",
        "caption": ("Turn 3 - Jail Guards activating G6", "Salvagers 2 MP", "x", "y"),
        "seats": SEATS,
        "tile_kinds": tuple(TileKind(id=f"k{n}", name=f"kind {n}", shade=n) for n in range(6)),
        "tiles": tuple(
            GridTile(id=f"tile{n}", kind=f"k{n}", squares=squares)
            for n, squares in enumerate((lab, power, bunks, arms, hall, yard))
        ),
        "rooms": (
            GridRoom(id="lab", name="Lab", squares=lab),
            GridRoom(id="power", name="Generator", squares=power, powered=False),
            GridRoom(id="bunks", name="Barracks", squares=bunks),
            GridRoom(id="arms", name="Armoury", squares=arms),
        ),
        "walls": tuple(walls),
        "doors": (
            GridDoor(between=((5, 3), (6, 3)), state="open", kind="sliding"),
            GridDoor(between=((10, 2), (9, 2)), kind="magnetic"),
            GridDoor(between=((5, 11), (6, 11)), state="destroyed", kind="wooden"),
        ),
        "elements": (
            GridElement(id="e1", label="Bench", squares=((1, 1), (2, 1)), blocks_movement=True),
            GridElement(id="e2", label="Term", squares=((4, 0),), state="on"),
            GridElement(
                id="e3", label="Gen", squares=_block(13, 3, 14, 4), blocks_sight=True, state="off"
            ),
            GridElement(id="e4", label="Rack", squares=((15, 9),), destroyed=True),
            GridElement(id="e5", squares=((11, 17),), blocks_movement=True, blocks_sight=True),
            GridElement(id="e6", label="Crates", squares=((12, 17), (13, 17))),
        ),
        "tokens": tuple(tokens),
        "markers": tuple(GridMarker(square=s) for s in ((1, 13), (11, 11), (15, 0), (3, 3))),
        "sights": (
            GridSight(start=(7, 2), end=(3, 5), label="LoS"),
            GridSight(start=(7, 2), end=(12, 3), blocked=True, label="blocked"),
        ),
        "arcs": (GridArc(origin=(7, 2), facing="E", degrees=90, reach=6, label="fire arc"),),
        "key": (KeyEntry(text="Wd", meaning="wounded"), KeyEntry(text="E", meaning="engaged")),
    }
    fields.update(changes)
    return GridScene.model_validate(fields)


def small_scene(**changes: Any) -> GridScene:
    fields: dict[str, Any] = {"columns": 8, "rows": 6, "seats": SEATS}
    fields.update(changes)
    return GridScene.model_validate(fields)


def _decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def _pixel(image: Image.Image, xy: tuple[float, float]) -> tuple[int, int, int]:
    """The colour at drawing-unit point ``xy`` in the finished picture."""
    colour = image.getpixel((round(xy[0] / SUPERSAMPLE), round(xy[1] / SUPERSAMPLE)))
    assert isinstance(colour, tuple)
    return colour[0], colour[1], colour[2]


# --- the scene ---------------------------------------------------------------------------


def test_squares_are_named_as_players_type_them() -> None:
    assert square_name((2, 6)) == "C7"
    assert square_name((0, 0)) == "A1"
    assert square_name((15, 19)) == "P20"


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"columns": 17}, "less than or equal to 16"),
        ({"rows": 21}, "less than or equal to 20"),
        ({"walls": [{"between": ((0, 0), (1, 1))}]}, "between A1 and B2 is not on an edge"),
        ({"walls": [{"between": ((0, 0), (2, 0))}]}, "between A1 and C1 is not on an edge"),
        (
            {"walls": [{"between": ((0, 0), (1, 0))}, {"between": ((1, 0), (0, 0))}]},
            "two walls stand between B1 and A1",
        ),
        ({"doors": [{"between": ((7, 2), (8, 2))}]}, "door between H3 and I3 is off the board"),
        (
            {"columns": 16, "walls": [{"between": ((18, 2), (18, 3))}]},
            "off the board at column 19, row 3: the board is 16 columns \\(A-P\\)",
        ),
        (
            {"tokens": [{"id": "a", "label": "A", "seat": "guards", "square": (8, 1)}]},
            "token 'a' is off the board at I2: the board is 8 columns \\(A-H\\) by 6 rows",
        ),
        (
            {
                "tokens": [
                    {"id": "a", "label": "A", "seat": "guards", "square": (7, 5), "large": True}
                ]
            },
            "token 'a' is off the board at I6",
        ),
        (
            {
                "tokens": [
                    {"id": "a", "label": "A", "seat": "guards", "square": (0, 0)},
                    {"id": "a", "label": "B", "seat": "guards", "square": (1, 0)},
                ]
            },
            "two tokens share the id 'a'",
        ),
        (
            {"tokens": [{"id": "a", "label": "A", "seat": "pirates", "square": (0, 0)}]},
            "token 'a' belongs to unknown seat 'pirates'",
        ),
        (
            {
                "tokens": [
                    {"id": "a", "label": "A", "seat": "guards", "square": (0, 0), "sight": 90}
                ]
            },
            "token 'a' has an arc of sight but no facing",
        ),
        (
            {"tokens": [{"id": "a", "label": "TooLong", "seat": "guards", "square": (0, 0)}]},
            "at most 6 characters",
        ),
        (
            {"tokens": [{"id": "a", "label": "A", "seat": "guards", "square": (0, 0), "level": 1}]},
            "token 'a' is on level 2, but the board has 1",
        ),
        ({"tiles": [{"id": "t", "kind": "lava", "squares": [(0, 0)]}]}, "unknown kind 'lava'"),
        (
            {
                "tile_kinds": [{"id": "k", "name": "floor", "shade": 0}],
                "tiles": [
                    {"id": "t1", "kind": "k", "squares": [(0, 0), (1, 0)]},
                    {"id": "t2", "kind": "k", "squares": [(1, 0)]},
                ],
            },
            "tiles 't1' and 't2' both cover B1",
        ),
        (
            {"rooms": [{"id": "r", "squares": [(0, 0)]}, {"id": "r", "squares": [(1, 0)]}]},
            "two rooms share the id 'r'",
        ),
        (
            {"elements": [{"id": "e", "squares": [(0, 6)]}]},
            "floor element 'e' is off the board at A7",
        ),
        ({"markers": [{"square": (1, 1)}, {"square": (1, 1)}]}, "two face-down markers lie on B2"),
        (
            {"sights": [{"start": (1, 1), "end": (1, 1)}]},
            "line of sight B2-B2 starts and ends on the same square",
        ),
        ({"arcs": [{"origin": (9, 1), "facing": "N"}]}, "fire arc from J2 is off the board"),
        (
            {"sights": [{"start": (17, 0), "end": (0, 0)}]},
            "line of sight R1-A1 is off the board at column 18, row 1",
        ),
        (
            {"arcs": [{"origin": (18, 0), "facing": "N"}]},
            "fire arc from S1 is off the board at column 19, row 1",
        ),
        (
            {"key": [{"text": "Wd", "meaning": "wounded"}, {"text": "Wd", "meaning": "weird"}]},
            "two key badges share the text 'Wd'",
        ),
        ({"levels": [{"name": "1"}] * 5}, "at most 4 items"),
        ({"colour": "red"}, "Extra inputs are not permitted"),
    ],
)
def test_scene_rejects_inconsistent_boards_with_a_clear_message(
    changes: dict[str, Any], message: str
) -> None:
    with pytest.raises(ValidationError, match=message):
        small_scene(**changes)


def test_long_labels_stay_legible_on_a_plate_past_the_rim() -> None:
    # a six-letter label is not shrunk to fit inside the disc, it reaches past it
    token = GridToken(id="s", label="Sniper", seat="guards", square=(2, 2))
    lay = layout_for(small_scene(tokens=(token,)))
    image = render(small_scene(tokens=(token,)))
    cx, cy = lay.centre(0, (2, 2))
    beside = (cx + lay.side * 0.45, cy)  # past the rim, inside the square
    assert math.dist(_pixel(image, beside), seat_colour(0)) < 30
    short = render(small_scene(tokens=(token.model_copy(update={"label": "Sn"}),)))
    assert math.dist(_pixel(short, beside), seat_colour(0)) > 100


def test_a_large_miniature_covers_its_2_by_2_block() -> None:
    big = GridToken(id="m", label="M", seat="guards", square=(3, 4), large=True)
    assert big.squares == ((3, 4), (4, 4), (3, 5), (4, 5))
    assert GridToken(id="s", label="S", seat="guards", square=(3, 4)).squares == ((3, 4),)


# --- the picture -------------------------------------------------------------------------


def test_rich_board_is_a_small_png_of_the_expected_size() -> None:
    scene = rich_scene()
    png = draw(scene)
    assert png is not None and png == draw_grid(scene)
    assert png.startswith(b"\x89PNG")
    assert len(png) < 500_000
    with Image.open(io.BytesIO(png)) as image:
        image.verify()
    lay = layout_for(scene)
    with Image.open(io.BytesIO(png)) as image:
        assert image.format == "PNG"
        assert image.size == (lay.size[0] // SUPERSAMPLE, lay.size[1] // SUPERSAMPLE)
        # wide enough to read when shown at preview width, not so wide it shrinks away
        assert 860 <= image.width <= 1100
        assert image.height <= 2000
    # a square keeps room for a label at half size
    assert lay.side / SUPERSAMPLE >= 50


def test_same_scene_gives_identical_bytes() -> None:
    scene = rich_scene()
    assert draw_grid(scene) == draw_grid(GridScene.model_validate_json(scene.model_dump_json()))


def test_face_down_markers_carry_and_show_nothing_of_what_they_hide() -> None:
    # A marker is its square alone: there is no field a hidden content could go in.
    assert set(GridMarker.model_fields) == {"square", "level"}
    with pytest.raises(ValidationError, match="Extra inputs"):
        GridMarker.model_validate({"square": (1, 1), "hidden": "bomb"})

    def scene_from(hidden: dict[Square, str]) -> GridScene:
        # how a system builds its public picture: the marker's square, never its content
        return small_scene(markers=tuple(GridMarker(square=square) for square in hidden))

    bombs = scene_from({(1, 1): "bomb", (5, 3): "medkit"})
    cards = scene_from({(1, 1): "magnetic card", (5, 3): "nothing"})
    assert draw_grid(bombs) == draw_grid(cards)

    # Every face-down marker looks alike wherever it lies.
    image = render(bombs)
    lay = layout_for(bombs)
    crops = []
    for square in ((1, 1), (5, 3)):
        x0, y0, x1, y1 = (round(v / SUPERSAMPLE) for v in lay.cell(0, square))
        crops.append(image.crop((x0 + 2, y0 + 2, x1 - 1, y1 - 1)).tobytes())
    assert crops[0] == crops[1]
    # ... and is really drawn: the square differs from an empty one
    empty = render(small_scene())
    x0, y0, x1, y1 = (round(v / SUPERSAMPLE) for v in lay.cell(0, (1, 1)))
    assert empty.crop((x0 + 2, y0 + 2, x1 - 1, y1 - 1)).tobytes() != crops[0]


def test_levels_are_drawn_side_by_side_with_their_names() -> None:
    token = GridToken(id="a", label="A", seat="salvage", square=(2, 2), level=1)
    one = small_scene()
    two = small_scene(levels=(GridLevel(name="Ground"), GridLevel(name="Upper")), tokens=(token,))
    single, double = layout_for(one), layout_for(two)
    assert len(double.origins) == 2
    first, second = double.board(0), double.board(1)
    assert second[0] > first[2]  # the upper level is right of the ground level
    assert second[1] == first[1] and second[3] == first[3]
    assert double.size[0] > single.size[0]
    image = render(two)
    cx, cy = double.centre(1, (2, 2))
    below_label = (cx, cy + double.side * 0.3)
    assert math.dist(_pixel(image, below_label), seat_colour(1)) < 30
    # the same square on the ground level stays bare floor
    gx, gy = double.centre(0, (2, 2))
    assert math.dist(_pixel(image, (gx, gy + double.side * 0.3)), seat_colour(1)) > 100


def test_a_large_miniature_is_drawn_over_its_whole_block() -> None:
    big = GridToken(id="m", label="M", seat="salvage", square=(3, 2), large=True)
    small = big.model_copy(update={"large": False})
    lay = layout_for(small_scene(tokens=(big,)))
    # a point in the block's lower-right square, away from the label
    x, y = lay.corner(0, (4, 3))
    inside = (x + lay.side * 0.3, y + lay.side * 0.45)
    assert math.dist(_pixel(render(small_scene(tokens=(big,))), inside), seat_colour(1)) < 30
    assert math.dist(_pixel(render(small_scene(tokens=(small,))), inside), seat_colour(1)) > 100


def test_miniatures_sharing_a_square_are_both_drawn() -> None:
    one = GridToken(id="a", label="A", seat="guards", square=(2, 2))
    two = GridToken(id="b", label="B", seat="salvage", square=(2, 2))
    lay = layout_for(small_scene(tokens=(one, two)))
    image = render(small_scene(tokens=(one, two)))
    cx, cy = lay.centre(0, (2, 2))
    left = (cx - lay.side * 0.24, cy + lay.side * 0.15)
    right = (cx + lay.side * 0.24, cy + lay.side * 0.15)
    assert math.dist(_pixel(image, left), seat_colour(0)) < 30
    assert math.dist(_pixel(image, right), seat_colour(1)) < 30


def test_unpowered_rooms_are_shaded() -> None:
    room = GridRoom(id="r", squares=_block(1, 1, 3, 3))
    lit = render(small_scene(rooms=(room,)))
    dark = render(small_scene(rooms=(room.model_copy(update={"powered": False}),)))
    lay = layout_for(small_scene(rooms=(room,)))
    x0, y0, x1, y1 = (round(v / SUPERSAMPLE) for v in lay.cell(0, (2, 2)))
    brightness = [sum(img.crop((x0 + 2, y0 + 2, x1 - 1, y1 - 1)).tobytes()) for img in (lit, dark)]
    assert brightness[1] < brightness[0] * 0.85


def test_door_kinds_get_distinct_tags() -> None:
    scene = small_scene(
        doors=(
            GridDoor(between=((0, 0), (1, 0)), kind="sliding"),
            GridDoor(between=((0, 1), (1, 1)), kind="steel"),
            GridDoor(between=((0, 2), (1, 2)), kind="wooden"),
            GridDoor(between=((0, 3), (1, 3)), kind="sliding"),
        )
    )
    assert door_tags(scene) == {"sliding": "S", "steel": "St", "wooden": "W"}


def test_walls_doors_and_elements_change_the_picture() -> None:
    bare = draw_grid(small_scene())
    for changes in (
        {"walls": (GridWall(between=((1, 1), (2, 1))),)},
        {"doors": (GridDoor(between=((1, 1), (1, 2))),)},
        {"elements": (GridElement(id="e", squares=((3, 3),), blocks_sight=True),)},
        {"sights": (GridSight(start=(0, 0), end=(4, 3)),)},
        {"arcs": (GridArc(origin=(3, 3), facing="W"),)},
    ):
        assert draw_grid(small_scene(**changes)) != bare, changes


def test_the_key_lists_only_what_the_board_shows() -> None:
    assert [entry.text for entry in key_entries(small_scene())] == []
    scene = small_scene(
        doors=(GridDoor(between=((0, 0), (1, 0)), kind="sliding", state="open"),),
        elements=(GridElement(id="t", squares=((2, 2),), state="on"),),
        tokens=(GridToken(id="a", label="A", seat="guards", square=(4, 4), state="Wd"),),
        key=(KeyEntry(text="Wd", meaning="wounded"),),
    )
    texts = [entry.text for entry in key_entries(scene)]
    assert texts == ["open door", "sliding door", "floor element", "switched ON", "wounded"]
