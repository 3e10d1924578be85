"""Deployment suggestions come with a free spot, and a unit with no room left under the
25-inch rule waits off the table and enters its own zone later (004 Step 4)."""

from __future__ import annotations

from rules.core.rejection import Rejection
from rules.geometry.units import inches
from rules.wasteland.actions import Arrive, HoldBack
from rules.wasteland.content.catalog import Catalog
from rules.wasteland.deployment import LATE
from rules.wasteland.flow import Flow
from rules.wasteland.notation import parse
from rules.wasteland.play import decide_battle
from rules.wasteland.state import WastelandState, Zone
from tests.scripted_dice import ScriptedRoller
from tests.wasteland.builders import battle, legal, profile, reports, unit
from tests.wasteland.test_setup import SYSTEM, act, deployed

TOP = Zone(
    seat="alpha", points=((0, 0), (inches(72), 0), (inches(72), inches(10)), (0, inches(10)))
)


def test_every_suggested_deployment_is_accepted() -> None:
    state = deployed()
    seat = state.deploying
    assert seat is not None
    while state.phase == "deployment" and state.deploying is not None:
        seat = state.deploying
        offered = [c.notation for c in legal(state, SYSTEM.catalog, seat)]
        placed = [n for n in offered if n.startswith("deploy ") and "<" not in n]
        assert placed, offered
        action = parse(placed[0], state, SYSTEM.catalog, seat)
        assert not isinstance(action, Rejection)
        after = act(state, seat, action, [3, 8])  # the last one starts round 1: a roll-off
        assert isinstance(after, WastelandState), after
        state = after
    assert state.phase == "battle"
    assert all(u.status == "table" for u in state.units.values())


def crowded() -> WastelandState:
    """Alpha to deploy, with bravo's units standing within 25" of every point of its zone."""
    state = deployed()
    assert state.deploying == "alpha"
    bravo = state.units_of("bravo")
    units = dict(state.units)
    for x, enemy in zip((5, 25, 45, 65), bravo, strict=False):
        units[enemy.id] = enemy.model_copy(
            update={
                "status": "table",
                "models": tuple(
                    m.model_copy(update={"x": inches(x + 2 * i), "y": inches(20)})
                    for i, m in enumerate(enemy.models)
                ),
            }
        )
    return state.model_copy(update={"units": units})


def test_a_unit_with_no_room_may_wait_and_is_told_why() -> None:
    state = crowded()
    militia = next(u for u in state.units_of("alpha") if "militia" in u.profile)
    offered = {c.notation: c.label for c in legal(state, SYSTEM.catalog, "alpha")}
    assert offered.get(f"hold {militia.id}", "").startswith("No room left")
    after = act(state, "alpha", HoldBack(unit=militia.id))
    assert isinstance(after, WastelandState)
    waiting = after.units[militia.id]
    assert waiting.status == "ambush" and LATE in waiting.orders


def test_a_unit_with_room_may_not_be_held_back() -> None:
    state = deployed()
    militia = next(u for u in state.units_of("alpha") if "militia" in u.profile)
    refused = act(state, "alpha", HoldBack(unit=militia.id))
    assert isinstance(refused, Rejection)
    assert "no room left in its zone" in refused.message
    assert "Step 4" in refused.rule


TROOPER = profile("trooper")


def late_battle() -> WastelandState:
    late = unit("A2", "alpha", TROOPER, (0, 0), 3, status="ambush", orders=(LATE,))
    home = unit("A1", "alpha", TROOPER, (60, 5), 1, activated=True)
    enemy = unit("B1", "bravo", TROOPER, (36, 14), 3)
    return battle([late, home, enemy], [TROOPER], zones=(TOP,))


def test_a_waiting_unit_enters_its_own_zone_even_near_the_enemy() -> None:
    state = late_battle()
    flow = Flow(state, ScriptedRoller([]), Catalog())
    # 6 inches from B1: an Ambush arrival would need 10, a late unit only its zone
    assert decide_battle(flow, "alpha", Arrive(unit="A2", at=(inches(36), inches(6)))) is None
    assert flow.state.units["A2"].status == "table"
    assert flow.state.active is not None and flow.state.active.actions == 1
    assert any("A2 enters its zone at 36.0,6.0" in line for line in reports(flow))


def test_a_waiting_unit_may_not_enter_outside_its_zone() -> None:
    state = late_battle()
    flow = Flow(state, ScriptedRoller([]), Catalog())
    refused = decide_battle(flow, "alpha", Arrive(unit="A2", at=(inches(20), inches(30))))
    assert isinstance(refused, Rejection)
    assert "outside the deployment zone" in refused.message and refused.rule == "004 Step 4"


def test_arrival_suggestions_carry_a_spot_that_is_accepted() -> None:
    state = late_battle()
    offered = [c.notation for c in legal(state, Catalog(), "alpha")]
    arrive = next(n for n in offered if n.startswith("arrive A2 at "))
    action = parse(arrive, state, Catalog(), "alpha")
    assert isinstance(action, Arrive)
    flow = Flow(state, ScriptedRoller([]), Catalog())
    assert decide_battle(flow, "alpha", action) is None


def test_suggestions_beyond_the_searched_spots_never_show_blank_coordinates() -> None:
    state = deployed()
    seat = state.deploying
    assert seat is not None and len(state.units_of(seat)) > 3
    offered = [c for c in legal(state, SYSTEM.catalog, seat) if c.notation.startswith("deploy ")]
    assert len(offered) > 3
    for choice in offered:
        assert not choice.notation.rstrip().endswith(" at"), choice
        point = choice.notation.split(" at ", 1)[1]
        assert point == "<x,y>" or "," in point, choice
    unsearched = [c for c in offered if not c.complete]
    assert unsearched and all("type a point" in c.label for c in unsearched)
