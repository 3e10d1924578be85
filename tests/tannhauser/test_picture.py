"""The Tannhäuser board picture is built from the public view only."""

from __future__ import annotations

from typing import Any

from renderers import draw
from rules.core.visibility import Viewer
from rules.pathmap.scene import Badge, CircleMapScene
from rules.tannhauser.state import Smoke
from tests.tannhauser.builders import ALPHA, SYSTEM, TEST_MAP, a, b, game

PNG = b"\x89PNG\r\n\x1a\n"


def _scene(**fields: Any) -> CircleMapScene:
    state = game(a("a1", "r1"), b("b1", "o1"), a("a2", None, dead=True), **fields)
    return SYSTEM.scene(SYSTEM.view(state, Viewer.spectator()))


def test_modifier_circles_show_the_stat_letter_sign_and_icons() -> None:
    scene = _scene()
    assert scene.map is not None
    badges = {c.id: c.modifier for c in scene.map.circles if c.modifier is not None}
    assert badges == {
        "r5": Badge(text="C+1", helps=True),
        "r7": Badge(text="S-1", helps=False),
        "b2": Badge(text="M+1", helps=True),
        "g1": Badge(text="Mv+2", helps=True),
        "g2": Badge(text="Mv-1", helps=False),
        "g3": Badge(text="Mv+1", helps=True),
    }
    assert [b.text for b in scene.key.badges] == ["C+1", "Mv-2"]
    assert scene.key.text.startswith("C Combat, S Stamina, M Mental, Mv Movement")


def test_the_scene_follows_the_public_view() -> None:
    scene = _scene(
        smoke=(Smoke(circle="r3", counters=1),), rubble=("r4",), ground={"r2": ("x", "y")}
    )
    assert scene.title == TEST_MAP.name
    assert scene.map is not None
    assert [c.id for c in scene.map.circles] == [c.id for c in TEST_MAP.circles]
    assert scene.rubble == ("r4",) and scene.ground == {"r2": 2}
    assert "r3" in scene.smoky_circles
    assert [(t.circle, t.dead) for t in scene.tokens if t.seat == ALPHA] == [
        ("r1", False),
        (None, True),
    ]
    assert {s.seat: s.entry_points for s in scene.sides}[ALPHA] == ("r1",)
    png = draw(scene)
    assert png is not None and png.startswith(PNG)


def test_no_map_yet_is_titled_with_the_game() -> None:
    state = SYSTEM.initial_state(SYSTEM.options_model(), ("alpha", "bravo"))
    scene = SYSTEM.scene(SYSTEM.view(state, Viewer.spectator()))
    assert scene.map is None and scene.title == "Tannhauser"
