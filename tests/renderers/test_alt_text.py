"""Board pictures carry words for screen readers: the title and caption, each side's
pieces and where they stand, what lies face down; never longer than Discord takes."""

from __future__ import annotations

from renderers.alt_text import LIMIT, alt_text
from rules.core.track import TrackLane, TrackScene
from rules.geometry.scene import (
    SceneCounter,
    SceneMark,
    SceneModel,
    SceneSeat,
    SceneUnit,
    TableScene,
)
from rules.grid.scene import GridLevel, GridMarker, GridScene, GridSeat, GridToken
from rules.pathmap.scene import CircleMapScene, SceneSide, SceneToken


def test_a_grid_board_names_every_piece_by_the_square_players_type() -> None:
    scene = GridScene(
        columns=8,
        rows=6,
        title="Order Tiles — turn 2 of 6",
        caption=("Alpha: 30 MP",),
        seats=(GridSeat(id="a", name="Alpha", colour=0), GridSeat(id="b", name="Bravo", colour=1)),
        tokens=(
            GridToken(id="A1", label="A1", seat="a", square=(2, 6 - 1)),
            GridToken(id="B1", label="B1", seat="b", square=(0, 0), dead=True, level=1),
        ),
        markers=(GridMarker(square=(4, 4)),),
        levels=(GridLevel(name="Ground floor"), GridLevel(name="Upper floor")),
    )
    said = alt_text(scene)
    assert said == (
        "Order Tiles — turn 2 of 6. Alpha: 30 MP. Alpha: A1 on C6. Bravo: B1 on A1@1 (dead)."
        " 1 face-down marker. Levels side by side: Ground floor, Upper floor."
    )


def test_a_table_lists_units_with_their_models() -> None:
    model = SceneModel(x=100, y=100, radius=50)
    scene = TableScene(
        title="Patrol",
        seats=(SceneSeat(id="red", name="Red", colour=0),),
        units=(SceneUnit(id="u1", label="AW1", seat="red", models=(model, model)),),
    )
    assert alt_text(scene) == "Patrol. Red: AW1 (2 models)."


def test_a_table_says_what_each_mark_means_and_names_hidden_markers_only() -> None:
    model = SceneModel(x=100, y=100, radius=50)
    scene = TableScene(
        title="Mill clearing",
        seats=(
            SceneSeat(id="a", name="Alpha", colour=0),
            SceneSeat(id="b", name="Bravo", colour=1),
        ),
        units=(
            SceneUnit(
                id="A2", label="A2", seat="a", models=(model,) * 6, marks="FB Sh", smoke=True
            ),
        ),
        counters=(
            SceneCounter(id="HB1", label="HB1", x=900, y=900, radius=79, seat="b"),
            SceneCounter(id="x", label="X9", x=300, y=900, radius=79),
        ),
        mark_key=(
            SceneMark(code="FB", meaning="Fallen back"),
            SceneMark(code="Sh", meaning="Shaken"),
        ),
    )
    assert alt_text(scene) == (
        "Mill clearing. Alpha: A2 (6 models, fallen back, shaken, in smoke)."
        " Bravo: marker HB1 (a hidden unit). Marker X9 (a hidden unit)."
    )


def test_a_circle_map_says_circles_and_health_rows() -> None:
    scene = CircleMapScene(
        title="Deathmatch",
        phase="Activation",
        turn=3,
        sides=(SceneSide(seat="r", label="Reds", colour="#aa0000"),),
        tokens=(
            SceneToken(seat="r", name="Scout", short="Sc", circle="fi1", row=1, rows=4),
            SceneToken(seat="r", name="Gunner", short="Gu", circle=None, row=0, rows=4, dead=True),
        ),
    )
    assert alt_text(scene) == (
        "Deathmatch. Activation, turn 3. Reds: Sc on fi1 (health row 2 of 4), Gu dead."
    )


def test_a_crowded_board_is_cut_to_discords_limit() -> None:
    seats = (GridSeat(id="a", name="A" * 60, colour=0),)
    tokens = tuple(
        GridToken(id=f"t{i}", label=f"T{i}", seat="a", square=(i % 16, i // 16), dead=True)
        for i in range(60)
    )
    caption = tuple("C" * 100 for _ in range(4))
    scene = GridScene(columns=16, rows=20, title="T" * 100, caption=caption, seats=seats)
    said = alt_text(scene.model_copy(update={"tokens": tokens}))
    assert said is not None and len(said) == LIMIT and said.endswith("…")
    assert alt_text(None) is None


def test_the_demo_track_says_each_runners_square() -> None:
    scene = TrackScene(
        title="Demo race",
        goal=10,
        lanes=(TrackLane(label="Red", colour="#aa0000", position=3),),
    )
    assert alt_text(scene) == "Demo race. Goal 10: Red on square 3."
