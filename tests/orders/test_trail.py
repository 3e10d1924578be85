"""The last activated character's walk this turn, kept for the picture: from where it
stood, through every square walked; the next activation or turn starts afresh."""

from __future__ import annotations

from rules.core.visibility import Viewer
from rules.grid.facing import Facing
from tests.orders.builders import ALPHA, SYSTEM, act, fighter, game, sq


def two() -> list:  # type: ignore[type-arg]
    return [
        fighter("A1", "provost", "B3"),
        fighter("B1", "ash-scout", "G3", facing=Facing.WEST),
    ]


def test_a_walk_is_kept_from_where_the_character_stood_and_drawn() -> None:
    state = game(two(), hands={ALPHA: ("dash",)})
    state, _ = act(state, ALPHA, "activate A1 dash")
    assert state.trail is not None and state.trail.squares == (sq("B3"),)
    state, _ = act(state, ALPHA, "move to B5")
    assert state.trail is not None and state.trail.fighter == "A1"
    assert state.trail.squares[0] == sq("B3") and state.trail.squares[-1] == sq("B5")
    scene = SYSTEM.scene(SYSTEM.view(state, Viewer.spectator()))
    [route] = scene.routes
    assert route.seat == ALPHA and route.squares[0] == (1, 2) and route.squares[-1] == (1, 4)
    assert len(set(route.squares)) == len(route.squares)  # no square twice in a row
