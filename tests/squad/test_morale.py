"""Morale checks, panic, rout and rally (001 Morale and Command; /rules morale-checks, rout)."""

from __future__ import annotations

from rules.core.events import Event
from rules.geometry.pieces import Area, Height, Terrain
from rules.squad.events import (
    ActivationEnded,
    Fired,
    Fought,
    Held,
    MoraleChecked,
    Moved,
    Rallied,
    Routed,
    TurnPassed,
)
from rules.squad.flow import Flow
from rules.squad.morale import check_morale
from rules.squad.state import SquadState
from tests.scripted_dice import ScriptedRoller
from tests.squad.builders import (
    ALPHA,
    BRAVO,
    CATALOG,
    HERO,
    RAIDERS,
    TROOPERS,
    Placed,
    a,
    area,
    b,
    fold,
    game,
    line,
    of,
    one,
    play,
    profile,
    refuse,
    told,
    with_units,
)

VETERANS = profile("veterans", abilities=("steady",))
CAPTAIN = profile("captain", kind="individual", wounds=3, points=60, abilities=("leader",))


def _check(state: SquadState, unit: str, die: int) -> tuple[SquadState, list[Event]]:
    """``unit`` checks morale after losing a close combat to Alpha."""
    flow = Flow(state, ScriptedRoller([die]), CATALOG)
    check_morale(flow, unit, "lost a close combat", (ALPHA,))
    return fold(state, flow.events), flow.events


def test_steady_and_a_leader_within_6_inches_add_1_each() -> None:
    state = game(
        a(TROOPERS, line(10, 10, 5)),
        b(VETERANS, line(10, 30, 5)),
        b(CAPTAIN, [(20, 34.9)]),  # 5.0" from the nearest veteran
    )
    _, events = _check(state, "B1", 3)  # ML 5: 5+; 3 + 2 passes
    check = one(events, MoraleChecked)
    assert check.modifiers == ("+1 steady", "+1 leader B2")
    assert (check.roll.modifier, check.roll.passed, check.result) == (2, True, "steady")
    assert told(events, "checks morale") == (
        "B1 checks morale (lost a close combat): 3+2 vs 5+ ✓ (+1 steady, +1 leader B2)"
        " → holds steady."
    )
    far = game(
        a(TROOPERS, line(10, 10, 5)),
        b(VETERANS, line(10, 30, 5)),
        b(CAPTAIN, [(20, 37)]),  # 7.1" away
    )
    _, events = _check(far, "B1", 3)
    assert one(events, MoraleChecked).modifiers == ("+1 steady",)
    assert one(events, MoraleChecked).result == "panic"


def test_exactly_half_panics_and_less_than_half_routs() -> None:
    state = game(
        a(TROOPERS, line(10, 10, 5)),
        b(RAIDERS, line(10, 30, 4)),
        b(TROOPERS, line(30, 30, 5)),
        b(HERO, [(50, 30)]),
    )
    half = with_units(state, B1={"wounds": (0, 1, 0, 1)}, B2={"wounds": (0, 1, 1, 1, 0)})
    half = with_units(half, B3={"wounds": (2,)})
    for unit in ("B1", "B2", "B3"):
        after, events = _check(half, unit, 2)
        assert one(events, MoraleChecked).result == "panic", unit
        assert after.unit(unit).panicked and after.unit(unit).on_table
    less = with_units(state, B1={"wounds": (0, 1, 0, 0)}, B2={"wounds": (0, 1, 0, 1, 0)})
    less = with_units(less, B3={"wounds": (1,)})
    for unit, points in (("B1", 90), ("B2", 100), ("B3", 80)):
        after, events = _check(less, unit, 2)
        assert one(events, MoraleChecked).result == "rout", unit
        routed = one(events, Routed)
        assert (routed.how, routed.points, routed.by) == ("routed", points, (ALPHA,))
        assert after.unit(unit).status == "routed" and not after.unit(unit).on_table
        assert after.kills == {ALPHA: points, BRAVO: 0}


def _rallying(*others: Placed, areas: tuple[Area, ...] = ()) -> SquadState:
    return game(
        a(TROOPERS, line(10, 10, 5), panicked=True),
        *others,
        areas=areas,
    )


def test_a_panicked_unit_rallies_first_minus_1_for_an_enemy_at_medium_range() -> None:
    state = _rallying(b(TROOPERS, line(10, 30, 5)))  # 19.0" away, in sight
    # ML 5: 5+; 6-1 passes, and the unit acts normally
    state, events = play(state, ALPHA, "move A1 to 13,12", faces=[6])
    rallied = one(events, Rallied)
    assert rallied.modifiers == ("-1 B1 within medium range",)
    assert (rallied.roll.modifier, rallied.roll.passed) == (-1, True)
    assert told(events, "rally") == (
        "A1 tries to rally: 6-1 vs 5+ ✓ (-1 B1 within medium range) → rallies."
    )
    assert not state.unit("A1").panicked
    _, events = play(state, ALPHA, "shoot", faces=[1, 1, 1, 1, 1])
    assert one(events, Fired).target == "B1"


def test_only_the_worse_rally_modifier_applies() -> None:
    state = _rallying(
        b(TROOPERS, line(10, 30, 5)),  # medium range
        b(TROOPERS, line(20, 18, 5)),  # short range
    )
    _, events = play(state, ALPHA, "hold A1", faces=[7])
    rallied = one(events, Rallied)
    assert rallied.modifiers == ("-2 B2 within short range",)
    assert rallied.roll.modifier == -2 and rallied.roll.passed  # 7-2 = 5
    assert one(events, Held).unit == "A1"


def test_an_enemy_out_of_sight_does_not_count() -> None:
    wall = area("wall", (5, 14), (20, 3), Terrain.BUILDING, height=Height.TALL)
    state = _rallying(b(TROOPERS, line(10, 20, 5)), areas=(wall,))
    _, events = play(state, ALPHA, "hold A1", faces=[5])
    rallied = one(events, Rallied)
    assert rallied.modifiers == () and rallied.roll.passed


def test_a_failed_rally_loses_hold_shoot_and_assault() -> None:
    state = _rallying(b(TROOPERS, line(10, 30, 5)))
    after, events = play(state, ALPHA, "hold A1", faces=[5])  # 5-1 fails
    assert not one(events, Rallied).roll.passed
    assert not of(events, Held)
    assert one(events, TurnPassed).seat == BRAVO
    assert after.unit("A1").panicked and not after.unit("A1").holding
    _, events = play(state, ALPHA, "shoot A1", faces=[2])
    assert not of(events, Fired)
    assert one(events, ActivationEnded).unit == "A1"
    assert one(events, TurnPassed).seat == BRAVO


def test_a_failed_rally_still_moves_but_cannot_shoot_after() -> None:
    state = _rallying(b(TROOPERS, line(10, 30, 5)))
    state, events = play(state, ALPHA, "move A1 to 13,5", faces=[2])
    assert not one(events, Rallied).roll.passed
    assert one(events, Moved).distance == 500
    assert refuse(state, ALPHA, "shoot").message == (
        "A1 is panicked: it cannot shoot or assault until it rallies."
    )
    _, events = play(state, ALPHA, "end")
    assert one(events, TurnPassed).seat == BRAVO


def test_a_panicked_unit_in_close_combat_rallies_before_it_fights_on() -> None:
    state = _rallying(b(TROOPERS, line(10, 10.98, 5)))
    # the rally: -2 for B1 in base contact; 8-2 passes: A1 fights on without the -2
    faces = [8, 4, 4, 4, 4, 4, 1, 1, 1, 1, 1]
    state, events = play(state, ALPHA, "assault A1 B1", faces=faces)
    rallied = one(events, Rallied)
    assert rallied.roll.passed and rallied.modifiers == ("-2 B1 within short range",)
    fought = one(events, Fought)
    assert fought.attacker.modifiers == () and fought.defender.modifiers == ()
    # failed: it still fights on, at -2 against +2
    state = _rallying(b(TROOPERS, line(10, 10.98, 5)))
    faces = [2, 7, 7, 7, 7, 7, 1, 1, 1, 1, 1]  # 7-2 misses; a natural 1 always fails
    _, events = play(state, ALPHA, "assault A1 B1", faces=faces)
    assert not one(events, Rallied).roll.passed
    fought = one(events, Fought)
    assert fought.attacker.modifiers == ("-2 panicked",)
    assert fought.defender.modifiers == ("+2 opponent panicked",)
