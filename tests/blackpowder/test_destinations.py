"""Suggested moves (reading 10): for each unit still to act, as far as it may go towards the
enemy's edge, the nearest cover, the nearest objective and the nearest enemy (stopping
short of it); every one of them is accepted by the rules."""

from __future__ import annotations

from rules.blackpowder.actions import Move
from rules.blackpowder.board import models_of
from rules.blackpowder.choices import legal
from rules.blackpowder.notation import parse
from rules.geometry.measure import gap
from tests.blackpowder.deciding import accepted
from tests.blackpowder.engine import catalog
from tests.blackpowder.test_engine_movement import at, rangers_go

INCH = '"'


def test_moves_towards_the_edge_cover_and_the_enemy_are_offered_and_accepted() -> None:
    state = rangers_go({"B4": at(10, 19), "B5": at(20, 10), "A2": at(10, 35), "A5": at(30, 30)})
    offered = [c for c in legal(state, "bravo") if c.notation.startswith("move B4 to ")]
    labels = [c.label for c in offered if c.complete]
    assert labels == [
        f"Move B4 6.0{INCH} towards the enemy's edge",
        f"Move B4 3.0{INCH} towards cover (Woods)",
        f"Move B4 3.0{INCH} towards A2",
    ]
    for choice in offered[1:]:
        move = parse(choice.notation, state, "bravo")
        assert isinstance(move, Move)
        after, _ = accepted(state, "bravo", move)
        # never into base contact: a move towards the enemy stops short of it
        mine, theirs = models_of(after, after.unit("B4")), models_of(after, after.unit("A2"))
        assert min(gap(m, t) for m in mine for t in theirs) > 100
    assert len(legal(state, "bravo")) <= 25


def test_the_nearest_objective_still_to_reach_is_offered() -> None:
    state = rangers_go({"B4": at(10, 19), "A1": at(40, 44)})
    state = state.model_copy(update={"scenario": catalog().scenarios["farmstead-raid"]})
    labels = [c.label for c in legal(state, "bravo") if c.notation.startswith("move B4 to ")]
    assert any(label.endswith("towards Farmhouse") for label in labels), labels
