"""Spotting on the table (readings 11, 12 and 25, 003 Die Entdecken-Tabelle): the line
between the nearest models, what it crosses and the spotting table's column; a unit
starting an action spots, a marker spotted is revealed, and a unit out of every enemy's
spotting distance after an action is spotted no more."""

from __future__ import annotations

from rules.blackpowder import events as ev
from rules.blackpowder.actions import Move
from rules.blackpowder.options import BlackPowderOptions
from rules.blackpowder.sighting import spotting
from rules.blackpowder.state import BPState
from rules.blackpowder.tables.spotting import Spotting, Weather
from tests.blackpowder.deciding import accepted, hide, with_unit
from tests.blackpowder.test_engine_movement import at, plain, rangers_go


def look(state: BPState, spotter: str, target: str) -> Spotting:
    found = spotting(state, state.unit(spotter), state.unit(target))
    assert found is not None, "the line is blocked"
    return found


def in_weather(state: BPState, weather: Weather) -> BPState:
    options = BlackPowderOptions.model_validate({**state.options.model_dump(), "weather": weather})
    return state.model_copy(update={"options": options})


def shown(found: Spotting) -> list[str]:
    return [m.shown() for m in found.modifiers]


def test_in_the_open_and_clear_weather_the_last_column_reaches_120() -> None:
    found = look(plain({"B1": at(5, 19), "A1": at(45, 19)}), "B1", "A1")
    assert found.reach == 120 and found.spotted
    assert abs(found.distance - (40 - 0.98)) < 0.01  # edge to edge, 25 mm bases


def test_weather_moves_the_column_left() -> None:
    state = in_weather(plain({"B1": at(5, 19), "A1": at(24, 19)}), "dense-fog")
    found = look(state, "B1", "A1")
    assert found.reach == 18 and not found.spotted
    assert shown(found) == ["-5 dense fog"]
    closer = in_weather(plain({"B1": at(5, 19), "A1": at(23, 19)}), "dense-fog")
    assert look(closer, "B1", "A1").spotted


def test_a_target_behind_an_obstacle_within_2_takes_its_cover() -> None:
    # the hay (medium cover) runs from 18,30 to 22,30
    state = plain({"B1": at(20, 20), "A1": at(20, 31.5)})
    assert shown(look(state, "B1", "A1")) == ["-4 target in medium or hard cover"]


def test_an_obstacle_crossed_away_from_both_ends_costs_a_column() -> None:
    state = plain({"B1": at(20, 20), "A1": at(20, 34)})
    assert shown(look(state, "B1", "A1")) == ["-1 1 obstacle(s) crossed"]


def test_an_obstacle_within_2_of_the_spotter_does_not_count() -> None:
    state = plain({"B1": at(20, 28.5), "A1": at(20, 40)})
    assert shown(look(state, "B1", "A1")) == []


def test_every_full_6_inches_through_light_cover_costs_a_column() -> None:
    # the thicket (brush: low, light cover) spans x 12-23 at y 44
    state = plain({"B1": at(6, 44), "A1": at(30, 44)})
    found = look(state, "B1", "A1")
    assert shown(found) == ['-1 1 full 6" through light cover']


def test_a_target_in_a_light_cover_area_and_its_own_stretch_count() -> None:
    state = plain({"B1": at(6, 44), "A1": at(18, 44)})
    found = look(state, "B1", "A1")
    assert shown(found) == ["-3 target in light cover"]  # 5" of brush: no full 6"


def test_every_full_3_inches_through_a_wood_costs_2_and_more_than_6_blocks() -> None:
    # the north wood (high, medium cover) spans x 1.2-18.7" at y 9
    state = plain({"B1": at(23, 9), "A1": at(15, 9)})
    found = look(state, "B1", "A1")
    assert shown(found) == [
        "-4 target in medium or hard cover",
        '-2 1 full 3" through medium or hard cover',
    ]
    assert found.reach == 12 and found.spotted
    deep = plain({"B1": at(23, 6), "A1": at(8, 6)})
    assert spotting(deep, deep.unit("B1"), deep.unit("A1")) is None


def test_a_marker_smoke_and_scouts_move_the_column() -> None:
    state = hide(plain({"B4": at(5, 19), "A1": at(30, 19)}), "A1", "HA1")
    state = with_unit(state, "A1", smoke=True)
    modifiers = shown(look(state, "B4", "A1"))
    assert modifiers == [
        "+3 target has a powder-smoke marker",
        "-2 target is a hidden-movement marker",
        "+1 spotter has scouts",
    ]


def test_a_marker_is_spotted_as_a_marker_whatever_unit_it_hides() -> None:
    """The rangers' scouts and local knowledge (-1) do not show through their marker."""
    open_ground = plain({"A1": at(5, 19), "B5": at(30, 19)})
    assert shown(look(open_ground, "A1", "B5")) == ["-1 target has scouts or local knowledge"]
    hidden = hide(open_ground, "B5", "HB1")
    assert shown(look(hidden, "A1", "B5")) == ["-2 target is a hidden-movement marker"]


def test_a_unit_starting_an_action_spots_and_reveals_an_enemy_marker() -> None:
    state = hide(rangers_go({"B5": at(10, 19), "A2": at(20, 28)}), "A2", "HA1")
    after, events = accepted(state, "bravo", Move(unit="B5", to=at(12, 19)))
    kinds = [type(e).__name__ for e in events]
    assert kinds[:2] == ["Revealed", "Spotted"]
    revealed = events[0]
    assert isinstance(revealed, ev.Revealed)
    assert revealed.visibility.scope == "public"
    assert revealed.positions == tuple((m.x, m.y) for m in state.unit("A2").models)
    assert not after.unit("A2").hidden and after.unit("A2").spotted
    assert after.markers == ()


def test_a_marker_out_of_spotting_distance_stays_hidden() -> None:
    state = hide(rangers_go({"B5": at(10, 19), "A2": at(20, 40)}), "A2", "HA1")
    state = in_weather(state, "darkness")
    after, events = accepted(state, "bravo", Move(unit="B5", to=at(12, 19)))
    assert not any(isinstance(e, (ev.Revealed, ev.Spotted)) for e in events)
    assert after.unit("A2").hidden


def test_a_spotted_unit_out_of_every_enemys_distance_after_an_action_is_lost() -> None:
    # dense fog and the rangers' scouts and local knowledge: A1 spots them up to 12"
    state = in_weather(rangers_go({"B5": at(10, 19), "A1": at(10, 29)}), "dense-fog")
    state = with_unit(state, "B5", spotted=True)
    assert look(state, "A1", "B5").spotted
    after, events = accepted(state, "bravo", Move(unit="B5", to=at(10, 15)))
    lost = [e for e in events if isinstance(e, ev.LostSight)]
    assert [e.unit for e in lost] == ["B5"]
    assert not after.unit("B5").spotted
