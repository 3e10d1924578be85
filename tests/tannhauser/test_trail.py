"""What an activation did, kept for its close-up: the circles walked from where the
character stood, each attack and throw from the attacker's circle to the target's, each
burst; a new activation or turn starts afresh, and the picture shows it."""

from __future__ import annotations

from rules.core.visibility import Viewer
from rules.tannhauser import events as ev
from rules.tannhauser.state import Trail
from tests.tannhauser.builders import ALPHA, SYSTEM, a, b, game, play


def test_an_activation_keeps_its_route_and_its_attack() -> None:
    state = game(a("ace", "r1", "pistol"), b("bob", "r4"), next_seat=ALPHA)
    state, _ = play(state, ALPHA, "activate ace")
    assert state.trail == Trail(seat=ALPHA, route=("r1",))
    state, _ = play(state, ALPHA, "move r3")
    assert state.trail.route == ("r1", "r2", "r3")
    state, _ = play(state, ALPHA, "attack bob with pistol", [1, 1, 1, 1])
    assert state.trail.shots == (("r3", "r4"),)
    scene = SYSTEM.scene(SYSTEM.view(state, Viewer.spectator()))
    assert scene.trail.route == ("r1", "r2", "r3") and scene.trail.seat == ALPHA


def test_a_grenade_leaves_its_throw_and_its_burst() -> None:
    state = game(a("ace", "r1", "grenade"), b("bob", "b2"), active="ace", cp=0)
    state, _ = play(state, ALPHA, "throw grenade at r6")
    assert ("r1", "r6") in state.trail.shots and state.trail.blasts == ("r6",)


def test_a_new_turn_starts_with_no_trail() -> None:
    state = game(a("ace", "r1"), b("bob", "r4"), next_seat=ALPHA)
    state, _ = play(state, ALPHA, "activate ace")
    state, _ = play(state, ALPHA, "move r2")
    assert state.trail.route
    turned = SYSTEM.evolve(state, ev.TurnStarted(turn=state.turn + 1, command_points={}, smoke=()))
    assert turned.trail == Trail()
