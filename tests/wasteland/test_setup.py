"""Before the battle: the mission and battlefield, secret army lists with the force rules,
the reveal, and deployment with the 25-inch rule, Scouts and Ambush."""

from __future__ import annotations

from rules.core.actions import Action
from rules.core.events import Event
from rules.core.rejection import Rejection
from rules.core.visibility import Viewer
from rules.geometry.units import inches
from rules.wasteland.actions import Deploy, DraftList, HoldBack, SubmitList
from rules.wasteland.forces import problems
from rules.wasteland.options import WastelandOptions
from rules.wasteland.state import ArmyList, ListEntry, WastelandState
from rules.wasteland.system import WastelandSystem
from tests.scripted_dice import ScriptedRoller

SYSTEM = WastelandSystem()


def play(state: WastelandState, events: list[Event]) -> WastelandState:
    for event in events:
        state = SYSTEM.evolve(state, event)
    return state


def start(**options: object) -> WastelandState:
    opts = WastelandOptions(mission="annihilation", battlefield="hollowgate-ruins", **options)  # type: ignore[arg-type]
    state = SYSTEM.initial_state(opts, ("alpha", "bravo"))
    return play(state, SYSTEM.begin(state, ScriptedRoller([])))


def act(
    state: WastelandState, seat: str, action: Action, dice: list[int] | None = None
) -> WastelandState | Rejection:
    result = SYSTEM.decide(state, seat, action, ScriptedRoller(dice or []))
    if isinstance(result, Rejection):
        return result
    return play(state, result)


def army(*entries: tuple[str, int]) -> DraftList:
    return DraftList(entries=tuple(ListEntry(profile=p, models=n) for p, n in entries))


PATROL_A = army(("warden-sluice-captain", 1), ("warden-militia", 4))
PATROL_B = army(("rider-road-boss", 1), ("rider-road-raiders", 4))


def test_begin_fixes_mission_zones_and_battlefield_then_asks_for_lists() -> None:
    state = start()
    assert state.phase == "lists" and state.mission == "annihilation"
    assert [z.seat for z in state.zones] == ["alpha", "bravo"]
    assert state.table.areas


def test_a_random_mission_is_rolled_on_a_die() -> None:
    opts = WastelandOptions(battlefield="hollowgate-ruins")
    state = SYSTEM.initial_state(opts, ("alpha", "bravo"))
    state = play(state, SYSTEM.begin(state, ScriptedRoller([5])))
    assert state.mission == "salvage" and len(state.objectives) == 5


def test_patrol_rules_need_one_leader_and_no_vehicles() -> None:
    state = start()
    catalog = SYSTEM.catalog
    no_leader = ArmyList(entries=(ListEntry(profile="warden-militia", models=5),))
    assert any(
        "exactly one Command unit" in p for p in problems(state, catalog, "alpha", no_leader)
    )
    with_tank = ArmyList(
        entries=(
            ListEntry(profile="warden-sluice-captain", models=1),
            ListEntry(profile="warden-crawler", models=1),
        )
    )
    found = problems(state, catalog, "alpha", with_tank)
    assert any("not used in patrols" in p for p in found)
    assert any("costs 240 points; the limit is 100" in p for p in found)


def test_platoon_type_limits_and_mixed_factions_are_refused() -> None:
    state = start(size="platoon")
    catalog = SYSTEM.catalog
    thin = ArmyList(
        entries=(
            ListEntry(profile="warden-sluice-captain", models=1),
            ListEntry(profile="warden-militia", models=5),
            ListEntry(profile="rider-road-raiders", models=5),
        )
    )
    found = problems(state, catalog, "alpha", thin)
    assert any("2 Troops units; it needs 3-6" in p for p in found)
    assert any("mixes" in p for p in found)


def test_lists_are_secret_until_both_are_submitted() -> None:
    state = start()
    drafted = act(state, "alpha", PATROL_A)
    assert isinstance(drafted, WastelandState)
    assert SYSTEM.view(drafted, Viewer.spectator()).own_draft is None
    assert SYSTEM.view(drafted, Viewer.of_seat("bravo")).own_draft is None
    assert SYSTEM.view(drafted, Viewer.of_seat("alpha")).own_draft == drafted.drafts["alpha"]
    events = SYSTEM.decide(state, "alpha", PATROL_A, ScriptedRoller([]))
    assert not isinstance(events, Rejection)
    assert all(e.visibility.scope == "seats" for e in events)
    submitted = act(drafted, "alpha", SubmitList())
    assert isinstance(submitted, WastelandState) and submitted.units == {}
    after_b = act(act(submitted, "bravo", PATROL_B), "bravo", SubmitList(), [3, 8])  # type: ignore[arg-type]
    assert isinstance(after_b, WastelandState)
    assert after_b.phase == "deployment"
    # a patrol's other models each fight as a unit of their own
    assert len(after_b.units_of("alpha")) == 5 and len(after_b.units_of("bravo")) == 5


def test_an_invalid_list_cannot_be_submitted_and_changes_nothing() -> None:
    state = act(start(), "alpha", army(("warden-militia", 5)))
    assert isinstance(state, WastelandState)
    result = SYSTEM.decide(state, "alpha", SubmitList(), ScriptedRoller([]))
    assert isinstance(result, Rejection)
    assert result.message.startswith("The list cannot be submitted:")


def deployed() -> WastelandState:
    state = start()
    state = act(act(state, "alpha", PATROL_A), "alpha", SubmitList())  # type: ignore[arg-type]
    # the last submission reveals the lists; equal Leadership and units: a roll-off, 3 v 8
    state = act(act(state, "bravo", PATROL_B), "bravo", SubmitList(), [3, 8])  # type: ignore[arg-type]
    assert isinstance(state, WastelandState)
    return state


def test_deployment_goes_lowest_initiative_first_inside_the_zone() -> None:
    state = deployed()
    # bravo won the roll-off; the lower initiative deploys first
    assert state.deploy_order == ("alpha", "bravo")
    seat = state.deploying
    assert seat == "alpha"
    unit = state.units_of(seat)[0].id
    zone_y = 5
    outside = act(state, seat, Deploy(unit=unit, at=(inches(36), inches(24))))
    assert isinstance(outside, Rejection) and "outside the deployment zone" in outside.message
    other = "bravo"
    wrong = act(state, other, Deploy(unit=state.units_of(other)[0].id, at=(inches(36), inches(5))))
    assert isinstance(wrong, Rejection) and wrong.message == "Alpha is deploying now."
    placed = act(state, seat, Deploy(unit=unit, at=(inches(30), inches(zone_y))))
    assert isinstance(placed, WastelandState) and placed.units[unit].status == "table"


def test_only_ambush_or_scouts_units_may_be_held_back() -> None:
    state = deployed()
    seat = state.deploying
    assert seat is not None
    result = act(state, seat, HoldBack(unit=state.units_of(seat)[0].id))
    assert isinstance(result, Rejection) and "Only Ambush or Scouts" in result.message
