"""Wounds, the flip to the Wounded side, death and healing ([07.1], [24.3])."""

from __future__ import annotations

from rules.core.events import Event
from rules.grid.facing import Facing
from rules.orders import events as ev
from rules.orders.choices import legal
from rules.orders.flow import Flow
from rules.orders.sight import blockers
from rules.orders.state import OrdersState
from rules.orders.wounds import heal, wound
from tests.orders.builders import ALPHA, CATALOG, act, fighter, game, of, one, refused, sq
from tests.scripted_dice import ScriptedRoller


def run(
    state: OrdersState, step: str, fighter_id: str, amount: int
) -> tuple[OrdersState, list[Event]]:
    flow = Flow(state, ScriptedRoller([]), CATALOG)
    if step == "wound":
        wound(flow, fighter_id, amount, "a test")
    else:
        heal(flow, fighter_id, amount)
    return flow.state, list(flow.events)


def scout_game(**updates: object) -> OrdersState:
    # the scout: 3 life points Healthy, 2 Wounded
    return game(
        [
            fighter("A1", "provost", "B3"),
            fighter("B1", "ash-scout", "C3", facing=Facing.WEST, **updates),
        ]
    )


def test_wounds_below_the_life_points_stay_on_the_healthy_side() -> None:
    state, events = run(scout_game(), "wound", "B1", 2)
    assert one(events, ev.Wounded).count == 2
    assert not of(events, ev.Flipped)
    assert (state.fighter("B1").condition, state.fighter("B1").wounds) == ("healthy", 2)


def test_reaching_the_life_points_flips_the_card_and_carries_the_excess() -> None:
    state, events = run(scout_game(wounds=1), "wound", "B1", 3)
    assert one(events, ev.Flipped).carried == 1
    scout = state.fighter("B1")
    assert (scout.condition, scout.wounds) == ("wounded", 1)
    # the Wounded side's values apply at once
    assert state.side_of(scout) == CATALOG.characters["ash-scout"].wounded


def test_wounds_reaching_the_wounded_sides_life_points_kill() -> None:
    state, events = run(scout_game(condition="wounded", wounds=1), "wound", "B1", 1)
    died = one(events, ev.Died)
    assert died.fighter == "B1"
    scout = state.fighter("B1")
    assert scout.condition == "dead" and scout.square == sq("C3")
    assert not scout.standing


def test_one_blow_may_flip_and_kill() -> None:
    state, events = run(scout_game(), "wound", "B1", 5)  # 3 flip it, 2 fill the Wounded side
    assert [type(e) for e in events] == [ev.Wounded, ev.Flipped, ev.Died]
    assert state.fighter("B1").condition == "dead"


def test_a_dead_marker_is_crossed_blocks_no_sight_and_cannot_act() -> None:
    state = game(
        [
            fighter("A1", "provost", "B3"),
            fighter("B1", "ash-scout", "C3", condition="dead"),
        ],
        hands={ALPHA: ("dash",)},
    )
    assert sq("C3") not in blockers(state)
    state, _ = act(state, ALPHA, "activate A1 dash")
    state, events = act(state, ALPHA, "move to D3")
    assert sq("C3") in one(events, ev.Moved).path


def test_dead_characters_cannot_be_activated() -> None:
    state = game(
        [
            fighter("A1", "provost", "B3", condition="dead"),
            fighter("A2", "provost", "B4"),
            fighter("B1", "ash-scout", "G3"),
        ]
    )
    assert "dead and cannot be activated" in refused(state, ALPHA, "activate A1").message


def test_healing_removes_wounds_and_may_turn_the_card_back() -> None:
    wounded = {"condition": "wounded", "wounds": 1}
    state, events = run(scout_game(**wounded), "heal", "B1", 1)
    assert one(events, ev.Healed).wounds == 0
    assert state.fighter("B1").condition == "wounded"
    # 3 + 1 wounds taken in all; healing 2 leaves 2 on the Healthy side (3 life points)
    state, events = run(scout_game(**wounded), "heal", "B1", 2)
    healed = one(events, ev.Healed)
    assert healed.recovered and healed.wounds == 2
    assert state.fighter("B1").condition == "healthy"
    assert state.side_of(state.fighter("B1")) == CATALOG.characters["ash-scout"].healthy


def test_healing_never_goes_below_no_wounds() -> None:
    state, _ = run(scout_game(wounds=1), "heal", "B1", 4)
    assert (state.fighter("B1").condition, state.fighter("B1").wounds) == ("healthy", 0)


def test_a_side_without_standing_characters_plays_on_until_the_last_turn() -> None:
    state = game(
        [
            fighter("A1", "provost", "B3"),
            fighter("B1", "ash-scout", "C3", facing=Facing.WEST, condition="wounded", wounds=1),
        ],
        hands={ALPHA: ("assault",)},
    )
    state, _ = act(state, ALPHA, "activate A1 assault")
    state, _ = act(state, ALPHA, "fight B1", faces=[3, 1, 1, 1])
    assert not state.standing("bravo")
    state, _ = act(state, ALPHA, "done")
    assert not state.finished and state.active == "bravo"
    offered = {c.notation for c in legal(state, CATALOG, "bravo")}
    assert "pass" in offered and not any(n.startswith("activate") for n in offered)
