"""Special abilities ([14], [22]): CP onto the card, counted toward the Maximum CP per
turn, repeatable, no extra dice, the side in force."""

from __future__ import annotations

from rules.grid.facing import Facing
from rules.orders import events as ev
from tests.orders.builders import ALPHA, BRAVO, act, fighter, game, of, one, refused, sq

FIVE: tuple[str, ...] = ("advance", "dash", "tinker", "relay", "sweep")

# yellow dice by scripted value: 1 -> 0, 2 -> 1, 3 -> 1, 4 -> 2, 5 -> 2, 6 -> 3 points


def test_an_ability_is_paid_onto_the_card_without_an_order_section() -> None:
    # healthy LP 3: one counter on the Wounded side is 4 wounds taken
    medic = fighter("A1", "ash-medic", "B3", condition="wounded", wounds=1)
    state = game([medic])
    state, _ = act(state, ALPHA, "activate A1")  # no tile at all
    state, events = act(state, ALPHA, "ability patch up", faces=[4, 1])  # 2 + 0
    assert one(events, ev.AbilityPaid).cp == 1
    assert of(events, ev.OrderPaid) == []
    assert state.fighter("A1").spent == 1 and state.player(ALPHA).cp == 14
    healed = one(events, ev.Healed)
    assert (healed.points, healed.recovered) == (2, True)
    assert state.fighter("A1").condition == "healthy" and state.fighter("A1").wounds == 2


def test_an_ability_may_be_used_again_until_the_maximum_cp_is_reached() -> None:
    state = game([fighter("A1", "smuggler", "B3")])  # max CP 4; eavesdrop: 2 CP
    state, _ = act(state, ALPHA, "activate A1")
    state, first = act(state, ALPHA, "ability eavesdrop", faces=[6, 1])  # 3: a spy point
    assert one(first, ev.SpyPoints).points == 1
    assert "spy mp" in refused(state, ALPHA, "ability eavesdrop").message
    state, spent = act(state, ALPHA, "spy mp")
    assert one(spent, ev.MpChanged).amount == 1
    state, second = act(state, ALPHA, "ability eavesdrop", faces=[1, 1])  # a failure
    assert not one(second, ev.LineResolved).success
    rejection = refused(state, ALPHA, "ability eavesdrop")
    assert "0 CP left of its Maximum CP per turn (4)" in rejection.message


def test_no_extra_cp_and_no_extra_dice_for_an_ability() -> None:
    state = game([fighter("A1", "smuggler", "B3")])
    state, _ = act(state, ALPHA, "activate A1")
    assert "leave out `cp`" in refused(state, ALPHA, "ability eavesdrop cp 3").message
    state, events = act(state, ALPHA, "ability eavesdrop", faces=[1, 1])
    assert len(one(events, ev.LineResolved).dice) == 2


def test_the_wounded_side_may_lose_an_ability() -> None:
    state = game([fighter("A1", "smuggler", "B3", condition="wounded", wounds=3)])
    state, _ = act(state, ALPHA, "activate A1")
    rejection = refused(state, ALPHA, "ability eavesdrop")
    assert "Wounded side has no such ability" in rejection.message


def test_the_surgeon_raises_a_dead_character_it_immediately_faces() -> None:
    surgeon = fighter("A1", "vault-surgeon", "B3", facing=Facing.SOUTH)
    body = fighter("B1", "ash-scout", "B4", condition="dead")
    state = game([surgeon, body])
    state, _ = act(state, ALPHA, "activate A1")
    state, events = act(state, ALPHA, "ability reanimation", faces=[6, 1, 1])  # 3 points
    rose = one(events, ev.Reanimated)
    assert rose.body == "B1" and rose.risen.id == "A2" and rose.risen.seat == ALPHA
    assert state.fighter("A2").square == sq("B4")
    assert state.fighter("A2").facing == Facing.NORTH
    assert state.fighter("B1").square is None  # the dead marker is removed
    assert state.fighter("A1").spent == 2
    # the risen cannot rise twice, and nobody rises from an empty square
    rejection = refused(state, ALPHA, "ability reanimation")
    assert "body that can rise" in rejection.message


def test_the_breacher_cuts_a_faced_door_or_wall() -> None:
    state = game([fighter("A1", "wrecker", "D2")])  # faces east: a wall between D2 and E2
    state, _ = act(state, ALPHA, "activate A1")
    state, events = act(state, ALPHA, "ability breacher", faces=[6, 4, 1])  # 3 + 2 + 0
    cut = one(events, ev.BarrierCut)
    assert cut.part == "wall"
    assert state.ground is not None
    assert not state.ground.board.walled(sq("D2"), sq("E2"))


def test_an_ability_refuses_when_nothing_is_faced() -> None:
    state = game([fighter("A1", "wrecker", "B2")])
    state, _ = act(state, ALPHA, "activate A1")
    assert "door or wall" in refused(state, ALPHA, "ability breacher").message


def test_initiative_abilities_give_risen_characters_cp_by_the_side_in_force() -> None:
    keeper = fighter("A1", "body-keeper", "B2", facing=Facing.SOUTH)
    hollow = fighter("A2", "hollow", "B4", facing=Facing.NORTH)
    enemy = fighter("B1", "ash-scout", "G3", facing=Facing.WEST)
    hands = {ALPHA: FIVE, BRAVO: FIVE}  # full hands: nothing drawn in turn 2
    state = game([keeper, hollow, enemy], hands=hands)
    state, _ = act(state, ALPHA, "pass")
    state, events = act(state, BRAVO, "pass")  # Final phase, then turn 2's Initiative
    given = one(events, ev.RisenCpGiven)
    assert (given.fighter, given.amount) == ("A2", 1)
    assert state.ips.earmarked_cp(state.turn, "A2") == 1
    hurt = keeper.model_copy(update={"condition": "wounded", "wounds": 3})
    wounded = game([hurt, hollow, enemy], hands=hands)
    wounded, _ = act(wounded, ALPHA, "pass")
    wounded, events = act(wounded, BRAVO, "pass")
    assert one(events, ev.RisenCpGiven).amount == 2


def test_a_keeper_with_no_risen_in_sight_gives_nothing_and_says_nothing() -> None:
    keeper = fighter("A1", "body-keeper", "B2", facing=Facing.NORTH)  # its back to the hollow
    hollow = fighter("A2", "hollow", "B4", facing=Facing.NORTH)
    enemy = fighter("B1", "ash-scout", "G3", facing=Facing.WEST)
    state = game([keeper, hollow, enemy], hands={ALPHA: FIVE, BRAVO: FIVE})
    state, _ = act(state, ALPHA, "pass")
    state, events = act(state, BRAVO, "pass")
    assert state.turn == 2
    assert of(events, ev.RisenCpGiven) == [] and of(events, ev.LineResolved) == []
