"""Black-powder boards for the picture's tests: a table after a few moves and volleys,
played through the engine with scripted dice, with units under markers."""

from __future__ import annotations

from rules.blackpowder.actions import Move, Shoot
from rules.blackpowder.state import BPState, Marker, Point
from tests.blackpowder.deciding import accepted, hide, nearest_fallen, placed, with_unit
from tests.blackpowder.test_engine_movement import at, rangers_go


def after_volleys() -> BPState:
    """The mill clearing after the rangers' go: B4 fired at the line company A2 (which fell
    back shaken) and B5 moved up; A3 stands in column, B3 in close order, A6 and B6 wait
    under markers."""
    state = rangers_go(
        {
            "B4": at(10, 19),
            "B5": at(18, 17),
            "A2": at(10, 27),
            "A3": at(30, 33),
            "A5": at(40, 44),
            "A6": at(36, 16),
            "B2": at(28, 6),
            "B3": at(2, 8),
            "B6": at(40, 2),
        }
    )
    # six hits, six kills; the reaction die 3: fall back and shaken
    state, _ = nearest_fallen(state, "bravo", Shoot(unit="B4", target="A2"), faces=[9] * 12 + [3])
    state, _ = accepted(state, "bravo", Move(unit="B5", to=at(20, 20)))
    state = with_unit(state, "A3", formation="column")
    state = with_unit(state, "B3", formation="close")
    state = hide(state, "A6", "HA1")
    return hide(state, "B6", "HB1")


def marker_over(state: BPState, unit_id: str, marker: str, where: Point) -> BPState:
    """``unit_id`` under ``marker`` standing at ``where``, its models in a row from there."""
    state = with_unit(placed(state, unit_id, where), unit_id, marker=marker)
    seat = state.unit(unit_id).seat
    counter = Marker(id=marker, seat=seat, x=where[0], y=where[1])
    return state.model_copy(update={"markers": (*state.markers, counter)})
