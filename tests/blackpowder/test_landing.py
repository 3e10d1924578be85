"""Where a move may end (reading 67): never on a marker, never a marker on models on show,
never on the mover's own hidden models; and what the mover spots as it starts, or runs
into hidden, stops a move that would end on it without using up the unit's action."""

from __future__ import annotations

from rules.blackpowder import events as ev
from rules.blackpowder import rules_cited as rule
from rules.blackpowder.actions import Move
from rules.blackpowder.board import models_of
from rules.blackpowder.narrate import describe
from rules.blackpowder.state import BPState
from rules.blackpowder.tables.spotting import Weather
from rules.core.language import Language
from rules.core.rejection import RejectionCode
from rules.geometry.formations import centroid
from tests.blackpowder.boards import marker_over
from tests.blackpowder.deciding import accepted, hide, refused
from tests.blackpowder.test_engine_movement import at, rangers_go
from tests.blackpowder.test_engine_spotting import in_weather


def _centre(state: BPState, unit: str) -> tuple[int, int]:
    return centroid(models_of(state, state.unit(unit)))


def test_no_unit_ends_its_move_on_a_marker() -> None:
    state = rangers_go({"B5": at(10, 19), "A2": at(30, 40)})
    state = marker_over(state, "A2", "HA1", at(13, 19))
    problem = refused(state, "bravo", Move(unit="B5", to=at(13, 19)))
    assert problem.code == RejectionCode.ILLEGAL_MOVE
    assert problem.rule == rule.LANDING
    assert "cannot end its move on the marker HA1" in problem.message
    assert "Marker HA1" in problem.explain(language=Language.GERMAN)


def test_a_marker_does_not_end_on_models_on_show() -> None:
    """The ranger captain's model would stop short of A2, but its 40 mm marker not."""
    state = rangers_go({"B5": at(10, 19), "A2": at(13, 21)})
    state = hide(state, "B5", "HB1")
    problem = refused(state, "bravo", Move(unit="HB1", to=at(13, 19.9)))
    assert problem.rule == rule.LANDING
    assert "the marker would stand on the models of A2" in problem.message
    accepted(state, "bravo", Move(unit="HB1", to=at(13, 19.6)))


def test_a_refusal_says_whose_model_is_in_the_way() -> None:
    state = rangers_go({"B5": at(10, 19), "B4": at(14, 25)})
    problem = refused(state, "bravo", Move(unit="B5", to=at(14, 25)))
    assert "model 1 would end on top of model 1 of B4" in problem.message
    assert "Modell 1 stünde am Ende auf Modell 1 von B4" in problem.explain(
        language=Language.GERMAN
    )


def test_own_hidden_models_are_kept_clear_and_the_owner_is_told_why() -> None:
    state = rangers_go({"B5": at(17, 19), "B4": at(20, 19), "A1": at(40, 44)})
    state = marker_over(state, "B4", "HB1", at(20, 19))
    problem = refused(state, "bravo", Move(unit="B5", to=at(22, 19)))
    assert "under your marker HB1" in problem.message


def _ambush(weather: Weather = "clear") -> BPState:
    """B5 (the ranger captain) at 15.5,19 is about to move; the line company A2 waits
    hidden, its models in a row from 20,19, its marker at 32,19: spotted as B5 starts in
    clear weather, not in a storm."""
    state = rangers_go({"B5": at(15.5, 19), "A2": at(20, 19), "A1": at(40, 44)})
    state = marker_over(state, "A2", "HA1", at(20, 19))
    counter = state.marker("HA1").model_copy(update={"x": 3200})
    state = state.model_copy(update={"markers": (counter,)})
    return in_weather(state, weather)


def test_an_enemy_spotted_as_the_move_starts_stops_a_move_onto_it() -> None:
    state = _ambush()
    after, events = accepted(state, "bravo", Move(unit="B5", to=at(20, 19)))
    kinds = [type(e).__name__ for e in events]
    assert kinds == ["Revealed", "Spotted", "MoveHeld"]
    held = events[-1]
    assert isinstance(held, ev.MoveHeld) and held.blockers == ("A2",)
    assert held.visibility.scope == "public"
    assert describe(held, after) == (
        "B5 does not move: A2 now stands where it was to end. It has not acted yet and may"
        " be given another action."
    )
    assert after.unit("B5").models == state.unit("B5").models
    assert after.activation is not None and "B5" not in after.activation.acted
    # the unit may act again, now knowing what stands there
    problem = refused(after, "bravo", Move(unit="B5", to=at(20, 19)))
    assert "of A2" in problem.message
    accepted(after, "bravo", Move(unit="B5", to=at(17, 19)))


def test_a_hidden_enemy_run_into_is_revealed_and_the_move_not_made() -> None:
    state = _ambush("storm")  # B5 spots nothing in the storm
    after, events = accepted(state, "bravo", Move(unit="B5", to=at(20, 19)))
    revealed = [e for e in events if isinstance(e, ev.Revealed)]
    assert [(e.unit, e.why) for e in revealed] == [("A2", "in the way of B5")]
    assert [type(e).__name__ for e in events] == ["Revealed", "MoveHeld"]
    assert not after.unit("A2").hidden
    assert after.unit("B5").models == state.unit("B5").models
    assert describe(revealed[0], after, Language.GERMAN) == (
        "Der Marker HA1 ist A2, im Weg von B5."
    )
