"""The fall-back marker (reading 44): a unit that fell back keeps it for the rest of the
turn, through its own later actions, and loses it when the turn ends; a shaken marker
stays (reading 6)."""

from __future__ import annotations

from rules.blackpowder.actions import EndGo, Move, PlayCard
from tests.blackpowder.deciding import accepted, with_unit
from tests.blackpowder.engine import set_up_game
from tests.blackpowder.test_engine_cards import _last_cards
from tests.blackpowder.test_engine_movement import at, commanded, plain


def test_the_fall_back_marker_stays_through_the_units_next_action() -> None:
    state = with_unit(plain({"B2": at(2, 19)}), "B2", fallen_back=True)
    state = commanded(state, "B2")
    after, _ = accepted(state, "bravo", Move(unit="B2", to=at(10.75, 19)))
    assert after.unit("B2").fallen_back


def test_the_fall_back_marker_comes_off_at_the_end_of_the_turn() -> None:
    state = _last_cards(set_up_game(weather="clear")[0])
    state = with_unit(state, "B2", fallen_back=True, shaken=True)
    state, _ = accepted(state, "bravo", PlayCard(card="thornbury-morale-harvest"))
    cards = len(state.discard)
    after, _ = accepted(state, "bravo", EndGo(), faces=[1] * (cards - 1))
    assert after.turn == 2
    assert not after.unit("B2").fallen_back
    assert after.unit("B2").shaken
