"""The Wasteland board picture is built from the public view only."""

from __future__ import annotations

from renderers import draw
from rules.core.visibility import Viewer
from rules.geometry.pieces import Terrain
from rules.geometry.units import inches
from rules.wasteland.picture import wasteland_scene
from rules.wasteland.state import Objective, WastelandState, Zone
from rules.wasteland.view import view
from tests.wasteland.builders import area, battle, profile, unit

PNG = b"\x89PNG\r\n\x1a\n"
TROOPER = profile("trooper")
HULK = profile("hulk", tough=3)


def strip(top: float, bottom: float) -> tuple[tuple[int, int], ...]:
    return (
        (0, inches(top)),
        (inches(72), inches(top)),
        (inches(72), inches(bottom)),
        (0, inches(bottom)),
    )


def _state() -> WastelandState:
    alpha = unit("A1", "alpha", TROOPER, (10, 10), 5, markers=2)
    hulk = unit("A2", "alpha", HULK, (20, 10))
    hulk = hulk.model_copy(update={"models": (hulk.models[0].model_copy(update={"wounds": 1}),)})
    bravo = unit("B1", "bravo", TROOPER, (40, 30), 5)
    gone = unit("B2", "bravo", TROOPER, (60, 40), 1, status="destroyed")
    zones = (Zone(seat="alpha", points=strip(0, 10)), Zone(seat="bravo", points=strip(38, 48)))
    counters = (
        Objective(id="c1", name="Counter 1", x=inches(30), y=inches(24)),
        Objective(id="c2", name="Counter 2", x=inches(50), y=inches(24), revealed=True, number=4),
    )
    return battle(
        [alpha, hulk, bravo, gone],
        [TROOPER, HULK],
        areas=(area("wood", (30, 15), (6, 6), Terrain.CONCEALMENT),),
        active="A1",
        zones=zones,
        objectives=counters,
        mission="rescue",
        counter_numbers={"c1": 7, "c2": 4},
        counter_key=7,
    )


def test_scene_shows_units_on_the_table_with_markers_and_wounds() -> None:
    scene = wasteland_scene(view(_state(), Viewer()))
    units = {u.id: u for u in scene.units}
    assert set(units) == {"A1", "A2", "B1"}  # the destroyed unit is not drawn
    assert units["A1"].suppression == 2 and units["A1"].active
    assert len(units["A1"].models) == 5
    assert units["A2"].wounds == "W1"
    assert [s.id for s in scene.seats] == ["alpha", "bravo"]
    assert {z.seat for z in scene.zones} == {"alpha", "bravo"}
    assert scene.areas[0].classes == (Terrain.CONCEALMENT,)
    assert "Rescue" in scene.title and "round 1" in scene.title


def test_unturned_rescue_counters_are_face_down_and_identical() -> None:
    scene = wasteland_scene(view(_state(), Viewer()))
    hidden, turned = scene.objectives
    assert hidden.face_down and hidden.label == "" and hidden.score == ""
    assert not turned.face_down and turned.label == "4"
    # the referee's numbers are not in the public view, so nothing can draw them
    assert "7" not in hidden.model_dump_json()


def test_the_picture_does_not_depend_on_hidden_counter_numbers() -> None:
    state = _state()
    other = state.model_copy(update={"counter_numbers": {"c1": 2, "c2": 4}, "counter_key": 2})
    first = draw(wasteland_scene(view(state, Viewer())))
    second = draw(wasteland_scene(view(other, Viewer())))
    assert first is not None and first.startswith(PNG)
    assert first == second
    assert len(first) < 500 * 1024


def _scene_of(state: WastelandState) -> object:
    return wasteland_scene(view(state, Viewer.spectator()))


def test_attackers_sharing_a_zone_are_named_together_so_none_is_hidden() -> None:
    shared = strip(38, 48)
    zones = (
        Zone(seat="charlie", points=strip(0, 10)),
        Zone(seat="alpha", points=shared),
        Zone(seat="bravo", points=shared),
    )
    state = battle(
        [unit("A1", "alpha", TROOPER, (10, 40))],
        [TROOPER],
        seats=("alpha", "bravo", "charlie"),
        zones=zones,
        defender="charlie",
    )
    scene = wasteland_scene(view(state, Viewer.spectator()))
    assert [z.label for z in scene.zones] == ["Charlie zone", "Alpha & Bravo zone"]


def test_objective_labels_keep_their_words_and_numbers() -> None:
    objectives = (
        Objective(
            id="o1",
            name="Evacuation point",
            x=inches(36),
            y=inches(24),
            points=((3400, 2200), (3800, 2200), (3800, 2600), (3400, 2600)),
        ),
        Objective(id="o2", name="Salvage 2", x=inches(20), y=inches(20)),
        Objective(id="o3", name="Salvage 3", x=inches(50), y=inches(20)),
    )
    state = battle([unit("A1", "alpha", TROOPER, (10, 40))], [TROOPER], objectives=objectives)
    scene = wasteland_scene(view(state, Viewer.spectator()))
    assert [o.label for o in scene.objectives] == ["Evacuation point", "S2", "S3"]
    assert "Markers: S2-S3: Salvage" in scene.caption
