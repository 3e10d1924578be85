"""Interact orders ([11.2], [11.3]): items carried, floor elements on their facing icons,
room lines anywhere in the room; CP on an Interact section, extra CP as extra dice."""

from __future__ import annotations

from rules.grid.facing import Facing
from rules.orders import events as ev
from rules.orders.choices import legal
from rules.orders.state import Fighter, OrdersState
from tests.orders.builders import ALPHA, BRAVO, CATALOG, act, fighter, game, of, one, refused
from tests.orders.ips_ground import tiles_ground

# yellow dice by scripted value: 1 -> 0, 2 -> 1, 3 -> 1, 4 -> 2, 5 -> 2, 6 -> 3 points


def _flare() -> Fighter:
    return fighter("A1", "provost", "B3", equipment=("flare-pack",))


def test_an_item_line_pays_an_interact_section_rolls_and_applies_its_effect() -> None:
    state = game([_flare()], hands={ALPHA: ("tinker",)})
    state, _ = act(state, ALPHA, "activate A1 tinker")
    state, events = act(state, ALPHA, "interact flare pack", faces=[4, 2])  # 2 + 1 = 3
    paid = one(events, ev.OrderPaid)
    assert paid.order == "interact" and paid.placed[0].cp == 1
    resolved = one(events, ev.LineResolved)
    assert (resolved.points, resolved.threshold, resolved.success) == (3, 2, True)
    assert one(events, ev.CpGained).amount == 2
    assert state.player(ALPHA).cp == 15 - 1 + 2
    # its ammunition icon is 1: the one charge uses it up
    assert one(events, ev.ChargeCounted).used_up
    assert state.fighter("A1").equipment == ()


def test_each_extra_cp_adds_a_die_of_the_tests_colour() -> None:
    state = game([_flare()], hands={ALPHA: ("tinker",)})
    state, _ = act(state, ALPHA, "activate A1 tinker")
    state, events = act(state, ALPHA, "interact flare pack cp 2", faces=[1, 1, 4])
    resolved = one(events, ev.LineResolved)
    assert [d.colour for d in resolved.dice] == ["yellow"] * 3
    assert resolved.points == 2 and resolved.success


def test_a_failed_test_still_spends_its_cp() -> None:
    state = game([_flare()], hands={ALPHA: ("tinker",)})
    state, _ = act(state, ALPHA, "activate A1 tinker")
    state, events = act(state, ALPHA, "interact flare pack", faces=[1, 2])  # 0 + 1
    assert not one(events, ev.LineResolved).success
    assert of(events, ev.CpGained) == []
    assert state.player(ALPHA).cp == 14
    assert state.fighter("A1").equipment == ("flare-pack",)  # no charge on a failure


def test_an_item_must_be_carried_and_needs_an_interact_section() -> None:
    state = game([_flare()], hands={ALPHA: ("dash", "tinker")})
    state, _ = act(state, ALPHA, "activate A1 dash")
    assert "no Interact section" in refused(state, ALPHA, "interact flare pack").message
    bare = game([fighter("A1", "provost", "B3")], hands={ALPHA: ("tinker",)})
    bare, _ = act(bare, ALPHA, "activate A1 tinker")
    assert "does not carry" in refused(bare, ALPHA, "interact flare pack").message


def _watch(square: str, facing: Facing) -> OrdersState:
    state = game(
        [fighter("A1", "provost", square, facing=facing)],
        hands={ALPHA: ("tinker",)},
        ground_=tiles_ground(("watch-room", "A1"), ("generator-hall", "A4")),
    )
    state, _ = act(state, ALPHA, "activate A1 tinker")
    return state


def test_a_floor_element_is_used_from_its_facing_icon_facing_its_way() -> None:
    state = _watch("B2", Facing.EAST)
    rejection = refused(state, ALPHA, "interact monitor wall")
    assert "facing icon" in rejection.message and "B2 facing north" in rejection.message
    state = _watch("B2", Facing.NORTH)
    state, events = act(state, ALPHA, "interact monitor wall", faces=[4, 4])
    assert one(events, ev.CpGained).amount == 3


def test_a_floor_element_is_tried_once_per_turn_per_character_even_after_a_failure() -> None:
    state = _watch("B2", Facing.NORTH)
    state, events = act(state, ALPHA, "interact monitor wall", faces=[1, 1])
    assert not one(events, ev.LineResolved).success
    rejection = refused(state, ALPHA, "interact monitor wall")
    assert "once per turn" in rejection.message


def test_a_room_line_works_from_any_square_of_the_room_in_any_facing() -> None:
    state = game(
        [fighter("A1", "provost", "C3", facing=Facing.SOUTH)],
        hands={ALPHA: ("tinker",)},
        ground_=tiles_ground(("officers-rest", "A1")),
    )
    state, _ = act(state, ALPHA, "activate A1 tinker")
    # black dice: 5 -> 2 points, 3 -> 1
    state, events = act(state, ALPHA, "interact officers rest", faces=[5, 3])
    assert one(events, ev.MpChanged).amount == 1
    assert state.player(ALPHA).mp == 31
    outside = game(
        [fighter("A1", "provost", "E3")],
        hands={ALPHA: ("tinker",)},
        ground_=tiles_ground(("officers-rest", "A1"), ("courtyard", "E1")),
    )
    outside, _ = act(outside, ALPHA, "activate A1 tinker")
    assert (
        "is not in the Officers' rest" in refused(outside, ALPHA, "interact officers rest").message
    )


def test_a_line_number_picks_one_line_and_a_wrong_one_is_refused() -> None:
    state = game(
        [fighter("A1", "provost", "B3", equipment=("signal-jammer",))],
        hands={ALPHA: ("tinker",)},
    )
    state, _ = act(state, ALPHA, "activate A1 tinker")
    assert "is not ON" in refused(state, ALPHA, "interact signal jammer line 2").message
    assert "no line 3" in refused(state, ALPHA, "interact signal jammer line 3").message


def test_fewer_cp_than_the_line_asks_is_refused() -> None:
    state = game(
        [fighter("A1", "ash-scout", "B3", equipment=("cipher-dossier",))],
        hands={ALPHA: ("tinker",)},
    )
    state, _ = act(state, ALPHA, "activate A1 tinker")
    assert "at least 2 CP" in refused(state, ALPHA, "interact cipher dossier cp 1").message


def test_bravo_cannot_interact_in_alphas_round() -> None:
    state = game([_flare(), fighter("B1", "ash-scout", "G3")], hands={ALPHA: ("tinker",)})
    assert refused(state, BRAVO, "interact flare pack").message


def test_every_interact_and_ability_offered_is_accepted() -> None:
    people = [
        fighter("A1", "wrecker", "D3", equipment=("flare-pack", "hydraulic-gauntlet")),
        fighter("A2", "provost", "B2", facing=Facing.NORTH),
    ]
    state = game(people, hands={ALPHA: ("tinker",)})
    state, _ = act(state, ALPHA, "activate A1 tinker")
    offered = [
        c.notation
        for c in legal(state, CATALOG, ALPHA)
        if c.notation.startswith(("interact ", "ability "))
    ]
    assert offered == [
        "interact flare-pack line 1",
        "interact hydraulic-gauntlet line 1",
        "ability breacher line 1",
    ]
    dice = {"interact flare-pack line 1": 2, "interact hydraulic-gauntlet line 1": 2}
    for notation in offered:
        act(state, ALPHA, notation, faces=[1] * dice.get(notation, 3))


def test_a_self_only_heal_refuses_another_character_and_charges_run_out() -> None:
    eater = fighter("A1", "provost", "B3", equipment=("field-rations",), wounds=2)
    other = fighter("A2", "provost", "C3", wounds=1)
    state = game([eater, other], hands={ALPHA: ("tinker",)})
    state, _ = act(state, ALPHA, "activate A1 tinker")
    assert "heals A1 itself only" in refused(state, ALPHA, "interact field rations on A2").message
    state, events = act(state, ALPHA, "interact field rations")  # no test: it just works
    assert one(events, ev.LineResolved).dice == ()
    assert state.fighter("A1").wounds == 1
    assert not one(events, ev.ChargeCounted).used_up
