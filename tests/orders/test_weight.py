"""Equipment, weight and hand-overs ([05.2], [06]): items and magnetic cards change hands
as the activated character moves, within every weight allowance."""

from __future__ import annotations

from rules.grid.facing import Facing
from rules.orders import events as ev
from rules.orders.state import Fighter, OrdersState
from tests.orders.builders import ALPHA, SYSTEM, act, fighter, game, one, refused


def team(
    *extra: Fighter, a1: tuple[str, ...] = ("service-pistol",), a2: tuple[str, ...] = ()
) -> OrdersState:
    fighters = [
        fighter("A1", "provost", "B3", equipment=a1, magnetic=True),  # weight allowance 3
        fighter("A2", "body-keeper", "C4", equipment=a2),  # weight allowance 2
        fighter("B1", "ash-scout", "G3", facing=Facing.WEST),
        *extra,
    ]
    state = game(fighters, hands={ALPHA: ("dash",)})
    state, _ = act(state, ALPHA, "activate A1 dash")
    return state


def test_items_change_hands_only_as_the_character_moves() -> None:
    state = team()
    rejection = refused(state, ALPHA, "give service-pistol to A2")
    assert rejection.rule == "[06]" and "Move order first" in rejection.message
    state, _ = act(state, ALPHA, "move to B4")
    state, events = act(state, ALPHA, "give service-pistol to A2")
    passed = one(events, ev.EquipmentPassed)
    assert (passed.source, passed.to, passed.item) == ("A1", "A2", "service-pistol")
    assert state.fighter("A1").equipment == ()
    assert state.fighter("A2").equipment == ("service-pistol",)


def test_the_receiver_must_stay_within_its_weight_allowance() -> None:
    state = team(a2=("carbine",))  # A2 carries weight 2 of 2
    state, _ = act(state, ALPHA, "move to B4")
    rejection = refused(state, ALPHA, "give service-pistol to A2")
    assert rejection.rule == "[06]"
    assert "carries weight 2 of its allowance 2" in rejection.message
    assert "give service-pistol to A2" not in {
        c.notation for c in SYSTEM.legal_actions(state, ALPHA)
    }


def test_only_a_friend_next_to_the_mover_receives() -> None:
    state = team()
    state, _ = act(state, ALPHA, "move to A2")
    rejection = refused(state, ALPHA, "give service-pistol to A2")
    assert "not next to A1" in rejection.message


def test_a_magnetic_card_is_handed_over_for_free() -> None:
    state = team()
    state, _ = act(state, ALPHA, "move to B4")
    assert "give magnetic card to A2" in {c.notation for c in SYSTEM.legal_actions(state, ALPHA)}
    state, events = act(state, ALPHA, "give magnetic card to A2")
    assert one(events, ev.EquipmentPassed).item is None
    assert not state.fighter("A1").magnetic and state.fighter("A2").magnetic
    assert state.player(ALPHA).cp == 14  # the move's CP only


def test_a_dead_characters_equipment_and_card_are_picked_up() -> None:
    body = fighter("A3", "sentinel", "A4", condition="dead", equipment=("scattergun",))
    body = body.model_copy(update={"magnetic": True})
    state = team(body, a1=())
    state = state.model_copy(
        update={
            "fighters": tuple(
                f.model_copy(update={"magnetic": False}) if f.id == "A1" else f
                for f in state.fighters
            )
        }
    )
    state, _ = act(state, ALPHA, "move to A3")
    state, events = act(state, ALPHA, "pick up scattergun")
    assert one(events, ev.EquipmentPassed).source == "A3"
    state, _ = act(state, ALPHA, "pick up magnetic card")
    assert state.fighter("A1").equipment == ("scattergun",) and state.fighter("A1").magnetic
    rejection = refused(state, ALPHA, "pick up magnetic card")
    assert rejection.rule == "[05.2]"


def test_naming_what_nobody_carries_is_refused_plainly() -> None:
    state = team(a1=())
    state, _ = act(state, ALPHA, "move to B4")
    assert refused(state, ALPHA, "give pistol to A2").message == (
        "The activated character carries no equipment."
    )
    assert "No dead character's marker" in refused(state, ALPHA, "pick up pistol").message
    assert (
        "not another standing character of yours"
        in refused(state, ALPHA, "give magnetic card to B1").message
    )
