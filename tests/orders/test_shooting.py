"""Shoot orders ([09.2]-[09.5]): targeting against the range, fire zones, improved
targeting and pouring it on, out of ammo, wounds past armour, doors, walls and floor
elements. Dice are scripted: blue 1 is 1 point with the out-of-ammo icon, 2-3 are 2
points, 4-5 are 3, 6 is 4; red 1-2 are 0, 3-4 are 1, 5 is 2, 6 is a critical."""

from __future__ import annotations

import random

from rules.core.rejection import RejectionCode
from rules.core.visibility import Viewer
from rules.grid.board import Board
from rules.grid.edges import Wall
from rules.grid.facing import Facing
from rules.grid.floor import FloorElement
from rules.orders import events as ev
from rules.orders.ground import Ground
from rules.orders.narrate import describe
from rules.orders.state import OrdersState
from tests.orders.builders import (
    ALPHA,
    SIZE,
    SYSTEM,
    act,
    fighter,
    fold,
    game,
    ground,
    of,
    one,
    refused,
    sq,
)


def open_ground() -> Ground:
    """The test ground without its wall and door: every square sees every other."""
    return ground().model_copy(update={"board": Board(size=SIZE)})


def defined() -> Ground:
    """The test ground, its door laid as a small wooden one (defensive value 3)."""
    return ground().model_copy(update={"door_defs": {"test-door": "wooden-small"}})


def duel(
    shooter: str = "provost",
    at: str = "A3",
    target: str = "salvage-brute",
    target_at: str = "H3",
    weapons: tuple[str, ...] = ("carbine",),
    tile: str = "crossfire",  # Shoot black 3, Shoot gold 1
    ground_: Ground | None = None,
    facing: Facing = Facing.EAST,
) -> OrdersState:
    state = game(
        [
            fighter("A1", shooter, at, facing=facing, equipment=weapons),
            fighter("B1", target, target_at, facing=Facing.WEST),
        ],
        hands={ALPHA: (tile,)},
        ground_=ground_ or open_ground(),
    )
    state, _ = act(state, ALPHA, f"activate A1 {tile}")
    return state


def test_a_hit_in_the_red_zone_wounds_with_criticals_and_hits_past_armour() -> None:
    state = duel()  # provost Shooting 2 + carbine 2 = 4 blue dice; range 7
    # targeting 3+3+3+3 = 12 >= 7; damage red zone 3 dice: 2, 2, critical
    state, events = act(state, ALPHA, "shoot B1", faces=[4, 4, 4, 4, 5, 5, 6])
    shot = one(events, ev.Shot)
    assert (shot.range, shot.zone, shot.hit) == (7, "red", True)
    assert shot.targeting == (3, 3, 3, 3)
    assert shot.damage is not None
    # 1 critical wound, then 4 hits against armour 1: 3 more
    assert (shot.damage.criticals, shot.damage.hits, shot.damage.wounds) == (1, 4, 4)
    assert state.fighter("B1").wounds == 4
    assert state.fighter("B1").condition == "healthy"  # 5 Life Points
    assert state.player(ALPHA).cp == 14 and state.fighter("A1").spent == 1


def test_targeting_below_the_range_misses_and_the_poured_cp_are_lost() -> None:
    state = duel(shooter="body-keeper", weapons=("rivet-cannon",))  # 1 + 1 blue dice
    state, events = act(state, ALPHA, "shoot B1 pour 2", faces=[4, 4])  # 6 < 7
    shot = one(events, ev.Shot)
    assert not shot.hit and shot.damage is None and shot.pour == 2
    assert state.fighter("B1").wounds == 0
    assert state.player(ALPHA).cp == 12  # 1 to fire + 2 poured on, lost
    assert state.fighter("A1").tiles[0].cp[0] == 3


def test_aim_adds_a_blue_die_and_pour_adds_a_red_die() -> None:
    state = duel(shooter="body-keeper", weapons=("rivet-cannon",))
    # 3 blue dice: 3 + 3 + 2 = 8 >= 7; rivet cannon red zone: 4 dice + 1 poured on
    state, events = act(state, ALPHA, "shoot B1 aim 1 pour 1", faces=[4, 4, 2, 1, 1, 1, 1, 3])
    shot = one(events, ev.Shot)
    assert len(shot.targeting) == 3 and shot.hit
    assert shot.damage is not None and len(shot.damage.dice) == 5
    assert shot.damage.hits == 2  # one die's point and the automatic hit
    assert state.fighter("B1").wounds == 1  # 2 hits against armour 1
    assert state.player(ALPHA).cp == 12


def test_pouring_on_beyond_the_weapon_limit_is_refused() -> None:
    rejection = refused(duel(), ALPHA, "shoot B1 pour 2")  # the carbine takes 1
    assert rejection.rule == "[09.4]" and "at most 1" in rejection.message
    rejection = refused(duel(weapons=("service-pistol",)), ALPHA, "shoot B1 pour 1")
    assert "cannot pour it on" in rejection.message


def test_a_target_in_the_orange_zone_takes_the_orange_dice_or_is_out_of_reach() -> None:
    state = duel(target_at="B1")  # one square ahead, two to the left: orange
    state, events = act(state, ALPHA, "shoot B1", faces=[4, 4, 4, 4, 5, 5])
    shot = one(events, ev.Shot)
    assert shot.zone == "orange" and shot.damage is not None
    assert len(shot.damage.dice) == 2  # the carbine's orange dice
    rejection = refused(duel(target_at="B1", weapons=("marksman-rifle",)), ALPHA, "shoot B1")
    assert rejection.code == RejectionCode.OUT_OF_RANGE and "orange zone" in rejection.message


def test_out_of_ammo_engages_the_weapon_until_the_final_phase() -> None:
    state = duel(tile="crossfire")
    state, events = act(state, ALPHA, "shoot B1", faces=[1, 4, 4, 4, 1, 1, 1])
    shot = one(events, ev.Shot)
    assert shot.out_of_ammo and shot.hit  # the shot still goes on
    assert state.fighter("A1").dry == ("carbine",)
    rejection = refused(state, ALPHA, "shoot B1")
    assert "out of ammo" in rejection.message and rejection.rule == "[09.2]"
    reloaded = fold(state, [ev.FinalPhase(turn=1, discarded=1)])
    assert reloaded.fighter("A1").dry == ()


def test_an_ammunition_item_keeps_the_weapon_firing() -> None:
    state = duel(weapons=("carbine", "ammo-belt"))
    state, events = act(state, ALPHA, "shoot B1", faces=[1, 4, 4, 4, 1, 1, 1])
    assert not one(events, ev.Shot).out_of_ammo
    assert state.fighter("A1").dry == ()


def test_criticals_that_flip_the_card_leave_the_wounded_armour_for_the_hits() -> None:
    # hollow: Healthy 2 Life Points, armour 1; Wounded 2 Life Points, armour 0
    state = duel(target="hollow", target_at="E3")
    state, events = act(state, ALPHA, "shoot B1", faces=[4, 4, 4, 4, 6, 6, 5])
    damage = one(events, ev.Shot).damage
    assert damage is not None
    # 2 criticals flip it; 2 hits against the Wounded armour 0: 2 more wounds, dead
    assert damage.wounds == 4 and (damage.defence, damage.criticals) == (0, 2)
    assert [w.count for w in of(events, ev.Wounded)] == [2, 2]  # criticals first
    one(events, ev.Flipped)
    one(events, ev.Died)
    assert state.fighter("B1").condition == "dead"


def test_only_enemies_in_sight_are_targets() -> None:
    state = duel(facing=Facing.WEST)
    rejection = refused(state, ALPHA, "shoot B1")
    assert rejection.code == RejectionCode.NO_LINE_OF_SIGHT and "arc of sight" in rejection.message
    crowded = game(
        [
            fighter("A1", "provost", "A3", equipment=("carbine",)),
            fighter("A2", "sentinel", "D3"),
            fighter("B1", "salvage-brute", "H3"),
        ],
        hands={ALPHA: ("crossfire",)},
        ground_=open_ground(),
    )
    crowded, _ = act(crowded, ALPHA, "activate A1 crossfire")
    rejection = refused(crowded, ALPHA, "shoot B1")
    assert "no line of sight" in rejection.message
    assert "own side" in refused(crowded, ALPHA, "shoot A2").message


def test_a_character_without_a_firing_weapon_cannot_shoot() -> None:
    rejection = refused(duel(weapons=()), ALPHA, "shoot B1")
    assert "carries no firing weapon" in rejection.message


def test_shooting_needs_an_open_shoot_section() -> None:
    state = duel(tile="dash")  # Move sections only
    assert "no Shoot section" in refused(state, ALPHA, "shoot B1").message


def test_an_adjacent_closed_door_is_shot_at_range_0_and_destroyed() -> None:
    state = duel(at="D3", target_at="H1", ground_=defined())  # the small wooden door D3|E3
    # range 0: any roll hits; red zone: a critical counts 3 against defence 3
    state, events = act(state, ALPHA, "shoot D3|E3", faces=[2, 2, 2, 2, 6, 1, 1])
    shot = one(events, ev.Shot)
    assert (shot.range, shot.target.kind, shot.damage) == (0, "door", None)
    damaged = one(events, ev.BarrierDamaged)
    assert (damaged.by, damaged.how, damaged.criticals) == ("A1", "shot", 1)
    assert (damaged.total, damaged.defence, damaged.destroyed) == (3, 3, True)
    assert describe(damaged) == (
        "A1's shot hits the door between D3 and E3: crit 0 0 = 0 hits + 1 critical x3 = 3"
        " against defensive value 3 → destroyed."
    )
    assert state.ground is not None
    assert state.ground.board.barrier(sq("D3"), sq("E3")) is None  # a gap: no wall under it
    assert not state.ground.board.walled(sq("D3"), sq("E3"))


def test_a_door_without_a_definition_cannot_be_shot_down() -> None:
    state = duel(at="D3", target_at="H1", ground_=ground())  # the door is defined nowhere
    assert "no defensive value" in refused(state, ALPHA, "shoot D3|E3").message


def test_a_wall_section_has_defensive_value_10() -> None:
    state = duel(at="D2", target_at="H1", ground_=ground())
    state, events = act(state, ALPHA, "shoot wall D2|E2", faces=[2, 2, 2, 2, 6, 6, 6])
    damage = one(events, ev.BarrierDamaged)
    assert (damage.total, damage.defence, damage.destroyed) == (9, 10, False)
    assert state.ground is not None and state.ground.board.walled(sq("D2"), sq("E2"))
    state = duel(at="D2", target_at="H1", ground_=ground())
    state, events = act(state, ALPHA, "shoot D2|E2 pour 1", faces=[2, 2, 2, 2, 6, 6, 6, 5])
    damage = one(events, ev.BarrierDamaged)
    assert (damage.hits, damage.criticals, damage.total, damage.destroyed) == (2, 3, 11, True)
    assert state.ground is not None
    wall = state.ground.board.barrier(sq("D2"), sq("E2"))
    assert isinstance(wall, Wall) and wall.destroyed


def test_open_doors_and_weapons_that_cannot_aim_at_doors_are_refused() -> None:
    opened = duel(at="D3", target_at="H1", ground_=ground(door_open=True))
    assert "open" in refused(opened, ALPHA, "shoot D3|E3").message
    rifle = duel(at="D3", target_at="H1", ground_=ground(), weapons=("marksman-rifle",))
    assert "cannot shoot at a door" in refused(rifle, ALPHA, "shoot D3|E3").message


def test_a_destroyable_floor_element_is_destroyed_at_its_defensive_value() -> None:
    bunks = FloorElement(
        name="Bunks", squares=frozenset({sq("A1"), sq("B1"), sq("C1")}), blocks_movement=True
    )
    walled = ground().board
    board = Board(size=SIZE, barriers=walled.barriers, floor=(bunks,))
    with_bunks = ground().model_copy(update={"board": board})
    state = duel(at="B3", target_at="H1", ground_=with_bunks, facing=Facing.NORTH)
    state, events = act(state, ALPHA, "shoot at B1", faces=[4, 4, 4, 4, 5, 1, 1])
    shot = one(events, ev.Shot)
    assert shot.target.kind == "element" and shot.range == 2
    damaged = one(events, ev.BarrierDamaged)
    assert (damaged.target.name, damaged.target.squares) == (
        "Bunks",
        (sq("A1"), sq("B1"), sq("C1")),
    )
    assert (damaged.total, damaged.defence, damaged.destroyed) == (2, 2, True)
    assert state.ground is not None
    assert sq("B1") not in state.ground.board.movement_blocked


def test_the_shot_line_reads_dice_points_and_result() -> None:
    state = duel()
    _, events = act(state, ALPHA, "shoot B1", faces=[4, 4, 4, 4, 5, 5, 6])
    line = describe(one(events, ev.Shot))
    assert line is not None
    assert "targeting [3 3 3 3] = 12 vs 7, hit" in line
    assert "1 critical, 4 hits vs armour 1: 4 wounds" in line


def test_suggestions_offer_each_enemy_in_sight_with_range_and_dice() -> None:
    state = game(
        [
            fighter("A1", "provost", "B3", equipment=("carbine",)),
            fighter("B1", "salvage-brute", "G3"),
            fighter("B2", "ash-scout", "A2"),  # behind A1's arc of sight
        ],
        hands={ALPHA: ("crossfire",)},
        ground_=open_ground(),
    )
    state, _ = act(state, ALPHA, "activate A1 crossfire")
    shots = [c for c in SYSTEM.legal_actions(state, ALPHA) if c.notation.startswith("shoot")]
    assert [(c.notation, c.label) for c in shots] == [
        ("shoot B1", "shoot B1 — 5 squares, 4 blue dice vs 5, red zone 3 red")
    ]
    state, _ = act(state, ALPHA, "shoot B1", faces=[4, 4, 4, 4, 1, 1, 1])
    crossfire = [c.notation for c in SYSTEM.legal_actions(state, ALPHA)]
    assert "shoot B1" in crossfire  # the gold Shoot 1 section is still open
    state, _ = act(state, ALPHA, "shoot B1", faces=[4, 4, 4, 4, 1, 1, 1])
    assert not [c for c in SYSTEM.legal_actions(state, ALPHA) if c.notation.startswith("shoot")]


def test_the_automatic_player_shoots_an_enemy_in_sight() -> None:
    state = duel()
    choices = SYSTEM.legal_actions(state, ALPHA)
    assert SYSTEM.automatic_action(state, ALPHA, choices, random.Random(1)) == "shoot B1"


def test_the_picture_draws_the_last_shot_and_every_arc_of_sight() -> None:
    state = duel(target_at="F3")
    scene = SYSTEM.scene(SYSTEM.view(state, Viewer.spectator()))
    assert not scene.sights and not scene.arcs
    assert {t.sight for t in scene.tokens} == {180}
    state, _ = act(state, ALPHA, "shoot B1", faces=[4, 4, 4, 4, 1, 1, 1])
    scene = SYSTEM.scene(SYSTEM.view(state, Viewer.spectator()))
    assert [(s.start, s.end, s.blocked, s.label) for s in scene.sights] == [
        ((0, 2), (5, 2), False, "red hit")
    ]
    assert [(a.origin, a.facing, a.degrees) for a in scene.arcs] == [((0, 2), "E", 90)]
    after = fold(state, [ev.FinalPhase(turn=1, discarded=1)])
    assert SYSTEM.view(after, Viewer.spectator()).last_shot is None


def team() -> OrdersState:
    """A1 (provost, carbine) and A2 (sentinel, pistol, the `volley` tile: gold Shoot 2)
    both facing B1 on open ground."""
    state = game(
        [
            fighter("A1", "provost", "A3", equipment=("carbine",)),
            fighter("A2", "sentinel", "A5", equipment=("service-pistol",)),
            fighter("B1", "salvage-brute", "G3", facing=Facing.WEST),
        ],
        hands={ALPHA: ("volley", "crossfire")},
        ground_=open_ground(),
    )
    state, _ = act(state, ALPHA, "activate A2 volley")
    state, _ = act(state, ALPHA, "done")
    state = fold(state, [ev.RoundBegan(seat=ALPHA)])
    state, _ = act(state, ALPHA, "activate A1 crossfire")
    return state


def test_a_combined_shoot_adds_every_shooters_dice_to_one_targeting_and_one_damage_roll() -> None:
    state = team()
    # A1: 4 blue dice at range 6; A2 (Shooting 1 + pistol 1): 2 blue dice at range 6
    # together 2+2+2+2 + 2+2 = 12 >= 6; damage 3 red (carbine) + 2 red (pistol, red zone)
    faces = [2, 2, 2, 2, 2, 2, 5, 5, 5, 3, 1]
    state, events = act(state, ALPHA, "shoot B1 joined by A2", faces=faces)
    shot = one(events, ev.Shot)
    assert [(h.fighter, h.weapon, h.range, h.zone) for h in shot.helpers] == [
        ("A2", "service-pistol", 6, "red")
    ]
    assert shot.hit and shot.damage is not None and len(shot.damage.dice) == 5
    assert (shot.damage.hits, shot.damage.wounds) == (7, 6)  # 7 hits against armour 1
    assert state.fighter("B1").condition == "wounded"
    assert [p.fighter for p in of(events, ev.OrderPaid)] == ["A1", "A2"]
    assert state.fighter("A2").spent == 1 and state.player(ALPHA).cp == 13
    line = describe(shot)
    assert line is not None and "joined by A2 with service-pistol" in line
    assert "targeting [2 2 2 2 | 2 2] = 12 vs 6, hit" in line


def test_a_helper_needs_its_own_sight_and_an_open_gold_shoot_section() -> None:
    state = team()
    blind = state.model_copy(
        update={
            "fighters": tuple(
                f.model_copy(update={"facing": Facing.WEST}) if f.id == "A2" else f
                for f in state.fighters
            )
        }
    )
    rejection = refused(blind, ALPHA, "shoot B1 joined by A2")
    assert rejection.message.startswith("A2 ") and "cannot join" in rejection.message
    assert rejection.code == RejectionCode.NO_LINE_OF_SIGHT
    state, _ = act(state, ALPHA, "shoot B1 joined by A2", faces=[2] * 6 + [1] * 5)
    state, _ = act(state, ALPHA, "done")
    state = fold(state, [ev.RoundBegan(seat=ALPHA)])
    state, _ = act(state, ALPHA, "activate A1")
    rejection = refused(state, ALPHA, "shoot B1 joined by A2")  # volley's gold Shoot is used
    assert rejection.rule == "[18.4]" and "no open gold Shoot section" in rejection.message


def test_mistyped_shots_are_refused_with_the_reason() -> None:
    state = duel(ground_=ground())
    assert "do not share a side" in refused(state, ALPHA, "shoot D3|F3").message
    assert "No door or wall" in refused(state, ALPHA, "shoot E4|F4").message
    assert "nothing to shoot at" in refused(state, ALPHA, "shoot at F4").message
    assert "Use `shoot" in refused(state, ALPHA, "shoot").message
    assert "does not carry" in refused(state, ALPHA, "shoot B1 with service-pistol").message
    too_many = refused(duel(), ALPHA, "shoot B1 aim 12")
    assert too_many.rule == "[02.2]" and "the order needs 13" in too_many.message
