"""Close combat ([08]) and destroying doors, walls and floor elements ([05.3], [07.2]).

Red die faces by D6 value: 1 and 2 blank, 3 and 4 one hit, 5 two hits, 6 a critical.
"""

from __future__ import annotations

import random
from typing import Any

from rules.core.rejection import Rejection
from rules.core.roller import Roller
from rules.grid.board import Board
from rules.grid.edges import Door, Wall, WallKind
from rules.grid.facing import Facing
from rules.grid.floor import FloorElement
from rules.orders import events as ev
from rules.orders.choices import legal
from rules.orders.greedy import choose
from rules.orders.ground import Ground
from rules.orders.narrate import describe
from rules.orders.state import AssignedTile, OrdersState
from tests.orders.builders import (
    ALPHA,
    CATALOG,
    SIZE,
    SYSTEM,
    act,
    fighter,
    game,
    ground,
    of,
    one,
    refused,
    sq,
)


def duel(attacker: str = "provost", defender: str = "ash-scout", **updates: Any) -> OrdersState:
    """A1 on B3 facing east, B1 on C3 facing west: each in the other's front arc."""
    return game(
        [
            fighter("A1", attacker, "B3"),
            fighter("B1", defender, "C3", facing=Facing.WEST, **updates),
        ],
        hands={ALPHA: ("assault", "hunt", "dash")},
    )


def test_excess_hits_over_the_defensive_value_wound() -> None:
    state, _ = act(duel(), ALPHA, "activate A1 assault")
    # provost front: 3 dice (2+2+1); scout front: 1 die (1 hit), armor 0
    state, events = act(state, ALPHA, "fight B1", faces=[5, 5, 3, 3])
    fought = one(events, ev.CloseCombatFought)
    assert (fought.attacker.normal, fought.defence, fought.damage) == (5, 1, 4)
    assert one(events, ev.OrderPaid).order == "close_combat"
    # 4 wounds: 3 flip the scout, 1 is carried onto its Wounded side
    scout = state.fighter("B1")
    assert (scout.condition, scout.wounds) == ("wounded", 1)


def test_hits_equal_to_the_defensive_value_do_nothing() -> None:
    state, _ = act(duel(), ALPHA, "activate A1 assault")
    state, events = act(state, ALPHA, "fight B1", faces=[3, 1, 1, 3])
    assert one(events, ev.CloseCombatFought).damage == 0
    assert not of(events, ev.Wounded)
    assert state.fighter("B1").wounds == 0


def test_the_arc_the_enemy_stands_in_sets_each_sides_strength() -> None:
    # the scout faces north: the provost (west of it) is on its flank; the provost faces
    # south: the scout (east of it) is on its left flank too
    state = game(
        [
            fighter("A1", "provost", "B3", facing=Facing.SOUTH),
            fighter("B1", "ash-scout", "C3", facing=Facing.NORTH),
        ],
        hands={ALPHA: ("assault",)},
    )
    state, _ = act(state, ALPHA, "activate A1 assault")
    state, events = act(state, ALPHA, "fight B1", faces=[1, 1, 1])
    fought = one(events, ev.CloseCombatFought)
    assert (fought.attacker.arc, len(fought.attacker.faces)) == ("flank", 2)
    assert (fought.defender.arc, len(fought.defender.faces)) == ("flank", 1)


def test_an_attack_from_behind_meets_the_weak_spot() -> None:
    state = game(
        [
            fighter("A1", "provost", "B3"),
            fighter("B1", "ash-scout", "C3", facing=Facing.EAST),  # its back to the provost
        ],
        hands={ALPHA: ("assault",)},
    )
    state, _ = act(state, ALPHA, "activate A1 assault")
    state, events = act(state, ALPHA, "fight B1", faces=[1, 1, 1])
    fought = one(events, ev.CloseCombatFought)
    assert (fought.defender.arc, fought.defender.faces) == ("rear", ())


def test_criticals_wound_first_and_a_flip_lowers_the_armor_for_the_normal_hits() -> None:
    # the sentinel: 5 life points, armor 2 Healthy and 1 Wounded; with 4 wounds one
    # critical flips it, and the normal hits then meet armor 1
    state, _ = act(duel(defender="sentinel", wounds=4), ALPHA, "activate A1 assault")
    state, events = act(state, ALPHA, "fight B1", faces=[6, 5, 5, 1, 1, 1, 1])
    fought = one(events, ev.CloseCombatFought)
    assert fought.attacker.criticals == 1
    assert (fought.defender.normal, fought.armor, fought.defence) == (1, 1, 2)  # 1 auto hit
    assert fought.damage == 2
    causes = [(w.count, w.cause) for w in of(events, ev.Wounded)]
    assert causes == [(1, "a critical hit"), (2, "close combat")]
    sentinel = state.fighter("B1")
    assert (sentinel.condition, sentinel.wounds) == ("wounded", 2)


def test_the_defenders_criticals_wound_the_attacker_but_its_normal_hits_do_not() -> None:
    state, _ = act(duel(), ALPHA, "activate A1 assault")
    state, events = act(state, ALPHA, "fight B1", faces=[1, 1, 1, 6])
    assert one(events, ev.Wounded).fighter == "A1"
    assert state.fighter("A1").wounds == 1
    state, _ = act(duel(), ALPHA, "activate A1 assault")
    state, events = act(state, ALPHA, "fight B1", faces=[1, 1, 1, 5])
    assert not of(events, ev.Wounded)


def test_a_killing_blow_leaves_a_dead_marker() -> None:
    state, _ = act(duel(condition="wounded", wounds=1), ALPHA, "activate A1 assault")
    state, events = act(state, ALPHA, "fight B1", faces=[3, 1, 1, 1])
    assert one(events, ev.Died).fighter == "B1"
    assert state.fighter("B1").condition == "dead"
    assert state.fighter("B1").square == sq("C3")


def test_striking_hard_adds_a_die_per_extra_cp() -> None:
    state, _ = act(duel(), ALPHA, "activate A1 assault")  # Close Combat black 3
    state, events = act(state, ALPHA, "fight B1 cp 3", faces=[1, 1, 1, 1, 1, 1])
    fought = one(events, ev.CloseCombatFought)
    assert (len(fought.attacker.faces), fought.attacker.extra_dice) == (5, 2)
    assert state.player(ALPHA).cp == 12


def test_striking_hard_needs_a_section_printed_with_room_for_it() -> None:
    state, _ = act(duel(), ALPHA, "activate A1 hunt")  # Close Combat black 1
    rejection = refused(state, ALPHA, "fight B1 cp 2")
    assert "[02.2]" in rejection.message or rejection.rule == "[02.2]"
    assert "largest printed maximum" in rejection.message


def test_a_carried_close_combat_weapon_adds_its_dice_and_hits() -> None:
    state = game(
        [
            fighter("A1", "provost", "B3", equipment=("bone-saw",)),  # +1 die, +1 hit
            fighter("B1", "ash-scout", "C3", facing=Facing.WEST),
        ],
        hands={ALPHA: ("assault",)},
    )
    state, _ = act(state, ALPHA, "activate A1 assault")
    state, events = act(state, ALPHA, "fight B1", faces=[1, 1, 1, 1, 1])
    fought = one(events, ev.CloseCombatFought)
    assert (len(fought.attacker.faces), fought.attacker.auto_hits) == (4, 1)
    assert fought.damage == 1


def test_close_combat_needs_an_adjacent_enemy_with_no_wall_between() -> None:
    state = game(
        [
            fighter("A1", "provost", "D2"),
            fighter("A2", "provost", "C2"),
            fighter("B1", "ash-scout", "E2", facing=Facing.WEST),  # a wall between
            fighter("B2", "ash-scout", "E3", facing=Facing.WEST),  # a closed door
            fighter("B3", "ash-scout", "B5"),
        ],
        hands={ALPHA: ("assault", "dash")},
    )
    state, _ = act(state, ALPHA, "activate A1 assault")
    assert "not adjacent" in refused(state, ALPHA, "fight B1").message
    assert "not adjacent" in refused(state, ALPHA, "fight B3").message
    assert "your own side" in refused(state, ALPHA, "fight A2").message
    state = game(
        [fighter("A1", "provost", "D3"), fighter("B2", "ash-scout", "E3", facing=Facing.WEST)],
        hands={ALPHA: ("assault",)},
    )
    state, _ = act(state, ALPHA, "activate A1 assault")
    assert "not adjacent" in refused(state, ALPHA, "fight B2").message
    opened = game(
        [fighter("A1", "provost", "D3"), fighter("B2", "ash-scout", "E3", facing=Facing.WEST)],
        hands={ALPHA: ("assault",)},
        ground_=ground(door_open=True),
    )
    opened, _ = act(opened, ALPHA, "activate A1 assault")
    opened, events = act(opened, ALPHA, "fight B2", faces=[1, 1, 1, 1])
    assert one(events, ev.CloseCombatFought).defender.fighter == "B2"


def test_close_combat_needs_a_close_combat_section() -> None:
    state, _ = act(duel(), ALPHA, "activate A1 dash")
    assert "no Close Combat section" in refused(state, ALPHA, "fight B1").message


def test_one_line_tells_the_whole_combat() -> None:
    state, _ = act(duel(), ALPHA, "activate A1 assault")
    _, events = act(state, ALPHA, "fight B1", faces=[6, 5, 3, 6])
    line = describe(one(events, ev.CloseCombatFought))
    assert line is not None
    assert "A1 fights B1" in line
    assert "crit 2 1" in line and "= 3 hits, 1 critical" in line
    assert "B1 (front) crit" in line
    assert "armor 0" in line and "A1 takes 1 critical wound" in line


def with_defences(
    barrier: Wall | Door | None = None, element: FloorElement | None = None
) -> Ground:
    """The test ground, its door known as a small wooden one (defensive value 3)."""
    base = ground()
    board = base.board
    if barrier is not None:
        board = board.with_barrier(sq("D3"), sq("E3"), barrier)
    if element is not None:
        board = Board(size=SIZE, barriers=board.barriers, floor=(element,))
    return base.model_copy(update={"board": board, "door_defs": {"test-door": "wooden-small"}})


def barrier_game(at: str, facing: Facing, ground_: Ground) -> OrdersState:
    state = game(
        [fighter("A1", "provost", at, facing=facing), fighter("B1", "ash-scout", "H6")],
        hands={ALPHA: ("assault",)},
        ground_=ground_,
    )
    state, _ = act(state, ALPHA, "activate A1 assault")
    return state


def test_a_door_reaching_its_defensive_value_is_destroyed_leaving_a_gap() -> None:
    state = barrier_game("D3", Facing.EAST, with_defences())
    state, events = act(state, ALPHA, "fight door east", faces=[5, 3, 1])
    damaged = one(events, ev.BarrierDamaged)
    assert (damaged.total, damaged.defence, damaged.destroyed) == (3, 3, True)
    assert describe(damaged) == (
        "A1 attacks the door between D3 and E3 in close combat: 2 1 0 = 3 hits = 3 against"
        " defensive value 3 → destroyed."
    )
    assert state.ground is not None
    assert state.ground.board.barrier(sq("D3"), sq("E3")) is None


def test_a_door_over_a_single_wall_leaves_a_broken_door() -> None:
    door = Door(kind="wooden", name="test-door", over=WallKind.SINGLE)
    state = barrier_game("D3", Facing.EAST, with_defences(door))
    state, _ = act(state, ALPHA, "fight door east", faces=[6, 1, 1])
    assert state.ground is not None
    left = state.ground.board.barrier(sq("D3"), sq("E3"))
    assert isinstance(left, Door) and left.destroyed
    assert not state.ground.board.walled(sq("D3"), sq("E3"))


def test_a_wall_takes_ten_hits_each_critical_counting_three() -> None:
    state = barrier_game("D2", Facing.EAST, with_defences())
    held, events = act(state, ALPHA, "fight wall east", faces=[6, 6, 6])
    assert (one(events, ev.BarrierDamaged).total, one(events, ev.BarrierDamaged).destroyed) == (
        9,
        False,
    )
    assert held.ground is not None and held.ground.board.walled(sq("D2"), sq("E2"))
    broken, events = act(state, ALPHA, "fight wall east cp 2", faces=[6, 6, 6, 3])
    assert one(events, ev.BarrierDamaged).destroyed
    assert broken.ground is not None
    wall = broken.ground.board.barrier(sq("D2"), sq("E2"))
    assert isinstance(wall, Wall) and wall.destroyed
    assert not broken.ground.board.walled(sq("D2"), sq("E2"))


def test_a_door_without_a_defensive_value_cannot_be_destroyed() -> None:
    state = barrier_game("D3", Facing.EAST, ground())
    rejection = refused(state, ALPHA, "fight door east")
    assert "The door between D3 and E3 has no defensive value" in rejection.message
    assert "no door on the west side" in refused(state, ALPHA, "fight door west").message


def test_a_destroyed_floor_element_becomes_plain_floor() -> None:
    bunks = FloorElement(
        name="Bunks", squares=frozenset({sq("A1"), sq("B1"), sq("C1")}), blocks_movement=True
    )  # the barracks prints it with defensive value 2
    state = barrier_game("B2", Facing.NORTH, with_defences(element=bunks))
    state, events = act(state, ALPHA, "fight bunks", faces=[5, 1, 1])
    damaged = one(events, ev.BarrierDamaged)
    assert (damaged.total, damaged.defence, damaged.destroyed) == (2, 2, True)
    assert state.ground is not None
    assert sq("B1") not in state.ground.board.movement_blocked


def test_choices_offer_adjacent_enemies_and_destroyable_barriers() -> None:
    state = game(
        [
            fighter("A1", "provost", "D3"),
            fighter("B1", "ash-scout", "D4", facing=Facing.NORTH, condition="wounded"),
        ],
        hands={ALPHA: ("assault",)},
        ground_=with_defences(),
    )
    state, _ = act(state, ALPHA, "activate A1 assault")
    offered = {c.notation for c in legal(state, CATALOG, ALPHA)}
    assert {"fight B1", "fight B1 cp 3", "capture B1", "fight door east"} <= offered
    assert "fight wall east" not in offered  # a door stands there
    for notation in sorted(offered):
        parsed = SYSTEM.parse_notation(notation, state, ALPHA)
        assert not isinstance(parsed, Rejection), notation
        outcome = SYSTEM.decide(state, ALPHA, parsed, Roller(b"offered", 0))
        assert not isinstance(outcome, Rejection), f"{notation}: {outcome.message}"


def test_the_automatic_player_fights_an_adjacent_enemy() -> None:
    state, _ = act(duel(), ALPHA, "activate A1 assault")
    choices = legal(state, CATALOG, ALPHA)
    picked = choose(state, choices, random.Random(1), 0.0)
    assert picked is not None and picked.startswith("fight B1")


def combined(helper_at: str = "C2", tiles: tuple[AssignedTile, ...] | None = None) -> OrdersState:
    """A1 fights B1 (C3) from B3; A2 stands on ``helper_at`` facing south with the
    ``charge`` tile (a gold Close Combat 2 section) under its card."""
    gold = (AssignedTile(tile="charge", cp=(0, 0)),) if tiles is None else tiles
    state = game(
        [
            fighter("A1", "provost", "B3"),
            fighter("A2", "provost", helper_at, facing=Facing.SOUTH, tiles=gold),
            fighter("B1", "ash-scout", "C3", facing=Facing.WEST),
        ],
        hands={ALPHA: ("assault",)},
    )
    state, _ = act(state, ALPHA, "activate A1 assault")
    return state


def test_a_combined_close_combat_adds_the_helpers_dice_on_its_gold_section() -> None:
    # A2 has B1 in its front arc: 3 more dice for the attacker
    state, events = act(combined(), ALPHA, "fight B1 with A2", faces=[1, 1, 1, 5, 5, 1, 1])
    fought = one(events, ev.CloseCombatFought)
    assert fought.attacker.helpers == ("A2",)
    assert (len(fought.attacker.faces), len(fought.defender.faces)) == (6, 1)
    assert fought.damage == 4
    paid = [(e.fighter, e.placed[0].cp) for e in of(events, ev.OrderPaid)]
    assert paid == [("A1", 1), ("A2", 1)]
    assert state.fighter("A2").tiles[0].cp == (0, 1)
    assert state.player(ALPHA).cp == 13
    line = describe(fought)
    assert line is not None and "with A2" in line


def test_choices_offer_a_combined_close_combat() -> None:
    offered = {c.notation for c in legal(combined(), CATALOG, ALPHA)}
    assert "fight B1 with A2" in offered
    offered = {c.notation for c in legal(combined(helper_at="A5"), CATALOG, ALPHA)}
    assert not any(n.startswith("fight") and "with" in n for n in offered)


def test_helpers_must_be_adjacent_to_the_defender_with_a_gold_section() -> None:
    far = combined(helper_at="A5")
    assert "not adjacent to B1" in refused(far, ALPHA, "fight B1 with A2").message
    bare = combined(tiles=())
    assert "no empty gold Close Combat section" in refused(bare, ALPHA, "fight B1 with A2").message
    assert (
        "Only a close combat against an enemy"
        in refused(bare, ALPHA, "fight door east with A2").message
    )


def test_an_attacker_killed_in_its_own_combat_gives_no_more_orders() -> None:
    state, _ = act(duel(attacker="ash-scout", wounds=0), ALPHA, "activate A1 assault")
    dying = state.model_copy(
        update={
            "fighters": tuple(
                f.model_copy(update={"condition": "wounded", "wounds": 1}) if f.id == "A1" else f
                for f in state.fighters
            )
        }
    )
    # the defender's critical kills the Wounded scout (2 life points, 1 wound)
    dead, events = act(dying, ALPHA, "fight B1", faces=[1, 6])
    assert one(events, ev.Died).fighter == "A1"
    assert "dead: it gives no more orders" in refused(dead, ALPHA, "move to A3").message
    assert [c.notation for c in legal(dead, CATALOG, ALPHA)] == ["done"]
    act(dead, ALPHA, "done")


def test_a_sliding_door_destroyed_after_opening_has_nothing_to_close() -> None:
    sliding = ground(door="sliding").model_copy(
        update={"door_defs": {"test-door": "sliding-small"}}
    )
    state = game(
        [fighter("A1", "provost", "C3"), fighter("B1", "ash-scout", "H6")],
        hands={ALPHA: ("assault",)},
        ground_=sliding,
    )
    state, _ = act(state, ALPHA, "activate A1 assault")
    state, _ = act(state, ALPHA, "move to E3 face west")  # opens the door on the way
    assert state.sliding_opened
    state, events = act(state, ALPHA, "fight door west", faces=[5, 5, 1])  # defensive value 4
    assert one(events, ev.BarrierDamaged).destroyed
    state, events = act(state, ALPHA, "done")
    assert not of(events, ev.DoorClosed)
    assert state.ground is not None and state.ground.board.barrier(sq("D3"), sq("E3")) is None
