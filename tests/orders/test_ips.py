"""IPS effects ([11], [22]-[24]): one test per kind of effect the bundled packs use."""

from __future__ import annotations

from rules.core.events import Event
from rules.grid.edges import Door, WallKind
from rules.grid.facing import Facing
from rules.orders import events as ev
from rules.orders.ips_passive import black_orders_as_red, extra_dice, never_out_of_ammo
from rules.orders.sections import open_sections
from rules.orders.state import AssignedTile, OrdersState
from tests.orders.builders import (
    ALPHA,
    BRAVO,
    act,
    fighter,
    game,
    ground,
    of,
    one,
    refused,
    sq,
)
from tests.orders.ips_ground import tiles_ground

# yellow dice by scripted value: 1 -> 0, 2 -> 1, 3 -> 1, 4 -> 2, 5 -> 2, 6 -> 3 points
FIVE: tuple[str, ...] = ("advance", "dash", "tinker", "relay", "sweep")


def _end_turn(state: OrdersState) -> tuple[OrdersState, list[Event]]:
    state, _ = act(state, ALPHA, "done")
    state, _ = act(state, BRAVO, "pass")
    # both passed in succession: the Final phase, then turn 2 (alpha draws one tile)
    return act(state, ALPHA, "pass", faces=[1])


def test_a_mine_is_live_from_the_next_final_phase_and_goes_off_when_entered() -> None:
    layer = fighter("A1", "provost", "F3", equipment=("tripwire-mines",))
    walker = fighter("B1", "ash-scout", "H5", facing=Facing.NORTH)
    hands = {ALPHA: ("tinker", *FIVE[:4]), BRAVO: FIVE}
    state = game([layer, walker], hands=hands)
    state, _ = act(state, ALPHA, "activate A1 tinker")
    state, events = act(state, ALPHA, "interact tripwire mines", faces=[4, 1])
    laid = one(events, ev.MarkerLaid)
    assert laid.marker.square == sq("F3") and not laid.marker.armed
    assert not laid.leaves_carrier and state.fighter("A1").equipment == ("tripwire-mines",)
    assert one(events, ev.ChargeCounted).used_up is False
    state, _ = act(state, ALPHA, "move to F2")
    state, events = _end_turn(state)
    assert one(events, ev.MinesArmed).markers == (laid.marker.key,)
    state, _ = act(state, ALPHA, "pass")
    state, _ = act(state, BRAVO, "activate B1 dash")
    state, events = act(state, BRAVO, "move to F4 cp 2")
    assert of(events, ev.MarkerDetonated) == []  # F3 was not entered
    state, events = act(state, BRAVO, "move to F3", faces=[6, 5, 1])  # critical, 2, 0 and 1
    blast = one(events, ev.MarkerDetonated)
    assert (blast.square, blast.by) == (sq("F3"), "B1")
    assert state.ips.laid == ()
    assert one(events, ev.Exploded).at == sq("F3")
    hit = one(events, ev.BlastHit)
    assert (hit.target.fighter, hit.zone, hit.damage.criticals, hit.damage.hits) == (
        "B1",
        "red",
        1,
        3,
    )


def test_a_limpet_charge_leaves_its_carrier_and_explodes_in_the_final_phase() -> None:
    layer = fighter("A1", "provost", "F3", equipment=("limpet-charge",))
    hands = {ALPHA: ("tinker", *FIVE[:4]), BRAVO: FIVE}
    state = game([layer, fighter("B1", "ash-scout", "H5")], hands=hands)
    state, _ = act(state, ALPHA, "activate A1 tinker")
    state, events = act(state, ALPHA, "interact limpet charge", faces=[4, 1])
    assert one(events, ev.MarkerLaid).leaves_carrier
    assert state.fighter("A1").equipment == ()
    assert one(events, ev.Switched).on
    state, _ = act(state, ALPHA, "done")
    state, _ = act(state, BRAVO, "pass")
    # the Final phase: the charge goes off under A1 (red: four damage dice, all blank),
    # then alpha draws one tile for turn 2
    state, events = act(state, ALPHA, "pass", faces=[1, 1, 1, 1, 1])
    assert one(events, ev.MarkerDetonated).square == sq("F3")
    hit = one(events, ev.BlastHit)
    assert (hit.target.fighter, hit.zone, hit.damage.hits) == ("A1", "red", 1)


def test_stim_heals_the_character_immediately_faced_when_named() -> None:
    medic = fighter("A1", "provost", "B3", equipment=("stim-injector",))
    # healthy LP 5: one counter on the Wounded side is 6 wounds taken
    hurt = fighter("A2", "sentinel", "C3", condition="wounded", wounds=1)
    state = game([medic, hurt], hands={ALPHA: ("tinker",)})
    state, _ = act(state, ALPHA, "activate A1 tinker")
    state, events = act(state, ALPHA, "interact stim injector on A2", faces=[6, 1])
    healed = one(events, ev.Healed)
    assert (healed.fighter, healed.points, healed.recovered) == ("A2", 3, True)
    assert state.fighter("A2").wounds == 3 and state.fighter("A2").condition == "healthy"


def test_stim_refuses_someone_not_immediately_faced() -> None:
    medic = fighter("A1", "provost", "B3", equipment=("stim-injector",))
    state = game([medic, fighter("A2", "sentinel", "B5")], hands={ALPHA: ("tinker",)})
    state, _ = act(state, ALPHA, "activate A1 tinker")
    assert "does not immediately face A2" in refused(state, ALPHA, "interact stim on A2").message


def test_the_cipher_dossier_serves_attackers_only_and_its_spy_points_become_mp() -> None:
    defender = fighter("A1", "provost", "B3", equipment=("cipher-dossier",))
    state = game([defender], hands={ALPHA: ("tinker",)})
    state, _ = act(state, ALPHA, "activate A1 tinker")
    assert "Only attacker characters" in refused(state, ALPHA, "interact cipher dossier").message
    attacker = fighter("A1", "provost", "B3", equipment=("cipher-dossier",), side="attacker")
    state = game([attacker], hands={ALPHA: ("tinker",)})
    state, _ = act(state, ALPHA, "activate A1 tinker")
    state, events = act(state, ALPHA, "interact cipher dossier", faces=[4, 1])
    assert one(events, ev.SpyPoints).points == 1
    state, events = act(state, ALPHA, "spy mp")
    assert one(events, ev.MpChanged).amount == 1 and state.player(ALPHA).mp == 31


def test_the_gauntlet_destroys_a_faced_door_of_low_enough_defence() -> None:
    puncher = fighter("A1", "provost", "D3", equipment=("hydraulic-gauntlet",))
    state = game([puncher], hands={ALPHA: ("tinker",)})  # a wooden door: defence 3
    state, _ = act(state, ALPHA, "activate A1 tinker")
    state, events = act(state, ALPHA, "interact gauntlet", faces=[6, 2])  # 3 + 1
    assert one(events, ev.BarrierCut).part == "door"
    assert state.ground is not None and not state.ground.board.walled(sq("D3"), sq("E3"))
    assert state.ground.board.barrier(sq("D3"), sq("E3")) is None  # a gap, as a blow leaves


def test_a_door_over_a_single_wall_destroyed_by_the_gauntlet_leaves_a_broken_door() -> None:
    plain = ground()
    door = Door(kind="wooden", name="test-door", over=WallKind.SINGLE)
    board = plain.board.with_barrier(sq("D3"), sq("E3"), door)
    puncher = fighter("A1", "provost", "D3", equipment=("hydraulic-gauntlet",))
    state = game(
        [puncher],
        hands={ALPHA: ("tinker",)},
        ground_=plain.model_copy(update={"board": board}),
    )
    state, _ = act(state, ALPHA, "activate A1 tinker")
    state, _ = act(state, ALPHA, "interact gauntlet", faces=[6, 2])
    assert state.ground is not None
    left = state.ground.board.barrier(sq("D3"), sq("E3"))
    assert isinstance(left, Door) and left.destroyed and left.over == WallKind.SINGLE
    assert not state.ground.board.walled(sq("D3"), sq("E3"))


def test_the_gauntlet_refuses_a_door_too_strong_before_anything_is_paid() -> None:
    puncher = fighter("A1", "provost", "D3", equipment=("hydraulic-gauntlet",))
    state = game([puncher], hands={ALPHA: ("tinker",)}, ground_=ground(door="wooden-magnetic"))
    state, _ = act(state, ALPHA, "activate A1 tinker")
    rejection = refused(state, ALPHA, "interact gauntlet")
    assert "defence 5 or less; this door has 8" in rejection.message


def test_passive_lines_of_items_and_abilities() -> None:
    carrier = fighter("A1", "lockwright", "B3", equipment=("pulse-detector", "ammo-belt"))
    state = game([carrier, fighter("B1", "ash-scout", "G3")])
    a1, b1 = state.fighter("A1"), state.fighter("B1")
    assert black_orders_as_red(state, a1) and not black_orders_as_red(state, b1)
    assert never_out_of_ammo(state, a1) and not never_out_of_ammo(state, b1)
    assert [(p.colour, p.count) for p in extra_dice(state, a1, "technical")] == [("yellow", 1)]
    assert [(p.colour, p.count) for p in extra_dice(state, b1, "targeting")] == [("blue", 1)]
    assert extra_dice(state, b1, "technical") == ()


def test_an_ability_adds_its_dice_to_the_tests_it_names() -> None:
    tinkerer = fighter("A1", "lockwright", "B3", equipment=("flare-pack",))
    state = game([tinkerer], hands={ALPHA: ("tinker",)})
    state, _ = act(state, ALPHA, "activate A1 tinker")
    state, events = act(state, ALPHA, "interact flare pack", faces=[1, 1, 4])
    assert len(one(events, ev.LineResolved).dice) == 3


def test_the_restraint_kit_adds_torture_dice_only_with_a_prisoner() -> None:
    captor = fighter("A1", "provost", "B3", equipment=("restraint-kit",))
    state = game([captor])
    assert extra_dice(state, state.fighter("A1"), "torture") == ()
    # a prisoner leaves the map for its captor's card ([17.1])
    prisoner = fighter("B1", "ash-scout", None, condition="captured", captor="A1")
    state = game([captor, prisoner])
    assert [p.count for p in extra_dice(state, state.fighter("A1"), "torture")] == [2]
    other = fighter("A2", "provost", "B4", equipment=("restraint-kit",))
    state = game([captor, other, prisoner])
    assert extra_dice(state, state.fighter("A2"), "torture") == ()


def _hall(square: str, facing: Facing) -> OrdersState:
    return game(
        [fighter("A1", "provost", square, facing=facing)],
        hands={ALPHA: ("tinker", *FIVE[:4]), BRAVO: FIVE},
        ground_=tiles_ground(("watch-room", "A1"), ("generator-hall", "A4")),
    )


def _destroy_generator(state: OrdersState) -> OrdersState:
    assert state.ground is not None
    board = state.ground.board
    floor = tuple(
        f.model_copy(update={"destroyed": True}) if f.name == "Generator" else f
        for f in board.floor
    )
    ground = state.ground.model_copy(update={"board": board.model_copy(update={"floor": floor})})
    return state.model_copy(update={"ground": ground})


def test_power_down_stops_power_dependent_elements_and_the_fuse_board_restores_it() -> None:
    state = _destroy_generator(_hall("B2", Facing.NORTH))
    state, _ = act(state, ALPHA, "activate A1 tinker")
    assert "no power" in refused(state, ALPHA, "interact monitor wall").message
    fixer = _destroy_generator(_hall("A5", Facing.NORTH))
    fixer, _ = act(fixer, ALPHA, "activate A1 tinker")
    fixer, events = act(fixer, ALPHA, "interact fuse board", faces=[6, 1])
    assert one(events, ev.TimerSet).timer.left == 1
    assert of(events, ev.PowerRestored) == []
    fixer, events = _end_turn(fixer)
    assert one(events, ev.TimerTicked).left == 0
    assert one(events, ev.PowerRestored).cuts == 1
    assert fixer.ips.timers == ()


def test_the_revival_slabs_raise_a_body_while_powered() -> None:
    surgeon = fighter("A1", "provost", "B3", facing=Facing.NORTH)
    state = game([surgeon], hands={ALPHA: ("tinker",)}, ground_=tiles_ground(("revival-lab", "A1")))
    state, _ = act(state, ALPHA, "activate A1 tinker")
    state, events = act(state, ALPHA, "interact revival slabs cp 2", faces=[6, 4])
    rose = one(events, ev.Reanimated)
    assert rose.grave == "element:revival-lab:revival-slabs@B2" and rose.risen.square == sq("B2")
    assert state.ips.graves == {"element:revival-lab:revival-slabs@B2": 1}


def test_each_facing_icon_of_the_slabs_reaches_the_two_bodies_before_it() -> None:
    lab = tiles_ground(("revival-lab", "A1"))
    surgeon = fighter("A1", "vault-surgeon", "B3", facing=Facing.NORTH)
    state = game([surgeon], ground_=lab)
    state, _ = act(state, ALPHA, "activate A1")
    state, first = act(state, ALPHA, "ability reanimation", faces=[6, 1, 1])
    assert one(first, ev.Reanimated).grave == "element:revival-lab:revival-slabs@B2"
    state = state.model_copy(
        update={"fighters": tuple(f for f in state.fighters if f.id != "A2"), "turn": 2}
    )
    state = state.model_copy(
        update={"fighters": tuple(f.model_copy(update={"spent": 0}) for f in state.fighters)}
    )
    state, _ = act(state, ALPHA, "ability reanimation", faces=[6, 1, 1])
    assert state.ips.graves["element:revival-lab:revival-slabs@B2"] == 2
    rejection = refused(state, ALPHA, "ability reanimation")
    assert "body that can rise" in rejection.message


def test_the_slabs_of_a_turned_lab_lie_and_face_as_the_tile_was_turned() -> None:
    # turned a quarter clockwise: the slabs lie on C2-C3 and their icons face east from B2-B3
    lab = tiles_ground(("revival-lab", "A1", 1))
    unturned = game([fighter("A1", "vault-surgeon", "B3", facing=Facing.NORTH)], ground_=lab)
    unturned, _ = act(unturned, ALPHA, "activate A1")
    assert "body that can rise" in refused(unturned, ALPHA, "ability reanimation").message
    state = game([fighter("A1", "vault-surgeon", "B2", facing=Facing.EAST)], ground_=lab)
    state, _ = act(state, ALPHA, "activate A1")
    state, events = act(state, ALPHA, "ability reanimation", faces=[6, 1, 1])
    rose = one(events, ev.Reanimated)
    assert rose.grave == "element:revival-lab:revival-slabs@C2" and rose.risen.square == sq("C2")


def test_the_pulse_detector_lets_an_interrupting_carrier_use_black_sections() -> None:
    tiles = (AssignedTile(tile="dash", cp=(0, 0)),)  # black Move 3, red Move 1
    carrier = fighter("A1", "provost", "B3", equipment=("pulse-detector",), tiles=tiles)
    plain = fighter("A2", "provost", "B5", tiles=tiles)
    state = game([carrier, plain])
    assert [s for _, s, _ in open_sections(state, state.fighter("A2"), "move", True)] == [1]
    assert [s for _, s, _ in open_sections(state, state.fighter("A1"), "move", True)] == [0, 1]
