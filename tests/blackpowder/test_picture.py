"""The black-powder table picture: the sheet's terrain, the units with their formation and
state, smoke and hidden-movement markers, drawn from the public view alone."""

from __future__ import annotations

from renderers import draw
from renderers.alt_text import alt_text
from renderers.table.samples import marker_entries, terrain_entries
from rules.blackpowder.board import FOOT_BASE_MM, MARKER_MM
from rules.blackpowder.content.catalog import Catalog
from rules.blackpowder.scene import MARK_KEY
from rules.blackpowder.state import BPState
from rules.blackpowder.system import BlackPowderSystem
from rules.core.visibility import Viewer
from rules.geometry.pieces import Height, Terrain
from rules.geometry.scene import TableScene
from rules.geometry.units import mm
from tests.blackpowder.boards import after_volleys, marker_over
from tests.blackpowder.deciding import with_unit
from tests.blackpowder.engine import catalog, set_up_game
from tests.blackpowder.test_engine_movement import at, commanded, plain

SYSTEM = BlackPowderSystem(catalog())


def picture(state: BPState, viewer: Viewer | None = None) -> TableScene:
    return SYSTEM.scene(SYSTEM.view(state, viewer or Viewer.spectator()))


def test_the_start_shows_the_sheets_terrain_and_every_marker_as_a_plain_counter() -> None:
    state, _ = set_up_game()
    scene = picture(state)
    assert state.table is not None
    assert (scene.width, scene.depth) == (state.table.width, state.table.depth)
    assert scene.title == "The mill clearing · turn 1 of 6"
    areas = {a.id: a for a in scene.areas}
    assert areas["north-wood"].label == "Woods, medium cover"
    assert Terrain.CONCEALMENT in areas["north-wood"].classes
    # the cover is named, not patterned: three patterns on a wood read as a mesh when small
    assert all(Terrain.COVER not in a.classes for a in scene.areas)
    assert areas["north-wood"].height == Height.TALL
    assert areas["mill"].label == "Log cabin, hard cover"
    assert Terrain.BUILDING in areas["mill"].classes
    assert areas["track"].label == "Road" and areas["track"].height == Height.FLAT
    assert areas["thicket"].label == "Undergrowth, light cover"
    walls = {b.id: b for b in scene.barriers}
    assert set(walls) == {o.id for o in state.obstacles}
    assert walls["wall"].label == "Low wall or earthwork, hard cover"
    assert [w.points for w in scene.barriers] == [o.points for o in state.obstacles]
    assert [(c.id, c.seat, c.x, c.y) for c in scene.counters] == [
        (m.id, m.seat, m.x, m.y) for m in state.markers
    ]
    assert {c.radius for c in scene.counters} == {mm(MARKER_MM) // 2}
    shown = {u.id for u in state.units if u.on_table and not u.hidden}
    assert {u.id for u in scene.units} == shown
    assert all(u.tether == (len(u.models) > 1) for u in scene.units)
    assert draw(scene) is not None


def test_after_volleys_the_units_show_their_state_and_the_key_explains_it() -> None:
    state = after_volleys()
    scene = picture(state)
    units = {u.id: u for u in scene.units}
    assert units["A2"].marks == "FB Sh"  # fell back shaken under the rangers' volley
    assert units["B4"].marks == "Rl" and units["B4"].smoke
    assert units["A3"].marks == "Col" and units["B3"].marks == "Cl"
    assert units["B5"].marks == "" and not units["B5"].smoke
    assert len(units["A2"].models) == 6
    texts = [e.text for e in marker_entries(scene)]
    for meaning in ("Fallen back", "Shaken", "Must reload", "Column", "Close order", "Smoke"):
        assert meaning in texts
    assert "Fleeing" not in texts
    assert "Hidden unit (marker)" in texts
    assert "Low obstacle" in [e.text for e in terrain_entries(scene)]
    said = alt_text(scene)
    assert said is not None
    assert "A2 (6 models, fallen back, shaken)" in said
    assert "B4 (6 models, must reload, in smoke)" in said
    assert "marker HA1 (a hidden unit)" in said and "A6" not in said


def test_a_fleeing_unit_and_every_mark_code_are_explained() -> None:
    state = with_unit(after_volleys(), "A5", fleeing=True)
    assert {u.id: u.marks for u in picture(state).units}["A5"] == "Fl"
    assert len({m.code for m in MARK_KEY}) == len(MARK_KEY)


def test_the_unit_acting_on_a_command_is_ringed_and_named() -> None:
    state = commanded(plain({"B2": at(2, 19)}), "B2")
    scene = picture(state)
    assert [u.id for u in scene.units if u.active] == ["B2"]
    assert "Acting on a command: B2" in scene.caption


def test_its_owner_sees_a_hidden_unit_under_its_marker_and_nobody_else_does() -> None:
    state = after_volleys()
    public = picture(state)
    own = picture(state, Viewer.of_seat("alpha"))
    assert "A6" not in {u.id for u in public.units}
    assert {u.id: u.marks for u in own.units}["A6"] == "Hid"
    assert "HB1" in {c.id for c in own.counters} and "B6" not in {u.id for u in own.units}


def _hidden(unit: str, other: str) -> BPState:
    """After the volleys: ``unit`` under the marker HA1 at 36,16, ``other`` gone."""
    state = after_volleys()
    state = state.model_copy(update={"markers": tuple(m for m in state.markers if m.id != "HA1")})
    state = with_unit(state, "A6", marker=None)
    state = with_unit(state, other, models=(), marker=None)
    return marker_over(state, unit, "HA1", at(36, 16))


def _two_markers(first: str, second: str) -> BPState:
    """After the volleys: ``first`` under HA1 at 36,16 and ``second`` under HA2 at 6,40."""
    state = _hidden(first, second)
    return marker_over(state, second, "HA2", at(6, 40))


def test_nothing_in_the_picture_says_which_unit_a_marker_hides() -> None:
    # the dragoons (5 mounted models) or the grenadiers (6 on foot) under the same marker
    dragoons, grenadiers = _hidden("A6", "A5"), _hidden("A5", "A6")
    assert dragoons.marker("HA1") == grenadiers.marker("HA1")
    assert picture(dragoons) == picture(grenadiers)
    assert draw(picture(dragoons)) == draw(picture(grenadiers))
    assert alt_text(picture(dragoons)) == alt_text(picture(grenadiers))
    # their owner's picture does tell them apart: the comparison would catch a leak
    alpha = Viewer.of_seat("alpha")
    assert picture(dragoons, alpha) != picture(grenadiers, alpha)


def test_swapping_the_units_under_two_markers_changes_nothing_in_the_picture() -> None:
    one, other = _two_markers("A6", "A5"), _two_markers("A5", "A6")
    assert one.unit("A6").marker == "HA1" and other.unit("A6").marker == "HA2"
    assert picture(one) == picture(other)
    assert draw(picture(one)) == draw(picture(other))
    assert picture(one, Viewer.as_referee()) != picture(other, Viewer.as_referee())


def test_a_game_whose_profiles_and_terrain_left_the_packs_still_has_a_picture() -> None:
    state = after_volleys()
    bare = BlackPowderSystem(Catalog())
    scene = bare.scene(bare.view(state, Viewer.spectator()))
    full = picture(state)
    assert [u.id for u in scene.units] == [u.id for u in full.units]
    assert {m.radius for u in scene.units for m in u.models} == {mm(FOOT_BASE_MM) // 2}
    assert [a.id for a in scene.areas] == [a.id for a in full.areas]
    assert scene.barriers[0].label == state.obstacles[0].name
    assert draw(scene) is not None
