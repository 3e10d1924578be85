"""Explosions ([09.6], [24.2]): thrown explosives burst where they land, the area
spreads from there, walls and doors stop it unless the blast destroys them, every target
caught gets its own roll, and poured-on dice go to every roll. Red dice are scripted:
1-2 are 0 points, 3-4 are 1, 5 is 2, 6 is a critical; blue 4 is 3 points."""

from __future__ import annotations

from rules.core.visibility import Viewer
from rules.grid.facing import Facing
from rules.orders import events as ev
from rules.orders.explosions import diagram, explode
from rules.orders.flow import Flow
from rules.orders.narrate import describe
from rules.orders.state import OrdersState
from tests.orders.builders import (
    ALPHA,
    CATALOG,
    SYSTEM,
    act,
    fighter,
    fold,
    game,
    ground,
    of,
    one,
    sq,
)
from tests.scripted_dice import ScriptedRoller


def thrown(target_at: str, thrower_at: str, door: str = "", **others: str) -> OrdersState:
    """A1 (provost, Shooting 2, with a grenade: 3 blue dice) facing north at
    ``thrower_at``; B1 at ``target_at``; ``others`` label -> square; the test ground's
    door laid from the definition ``door`` (none: it cannot be destroyed)."""
    people = [
        fighter("A1", "provost", thrower_at, facing=Facing.NORTH, equipment=("frag-grenade",)),
        fighter("B1", "salvage-brute", target_at, facing=Facing.WEST),  # armour 1
    ]
    characters = {"A": "sentinel", "B": "cell-keeper"}  # armour 2 and 1
    people += [fighter(label, characters[label[0]], at) for label, at in others.items()]
    defined = ground().model_copy(update={"door_defs": {"test-door": door} if door else {}})
    state = game(people, hands={ALPHA: ("crossfire",)}, ground_=defined)
    state, _ = act(state, ALPHA, "activate A1 crossfire")
    return state


def test_a_thrown_grenade_bursts_on_the_target_and_every_character_caught_rolls() -> None:
    # B1 on E2 beside the wall D2|E2; A2 (a friend) on E1 and B2 on F2 in the orange
    # zone; A3 on D2 behind the wall
    state = thrown("E2", "E5", A2="E1", B2="F2", A3="D2")
    faces = [4, 4, 4]  # targeting 9 against range 3
    faces += [1, 1, 1]  # the wall, red zone: it holds
    faces += [6, 5, 5]  # B1, red zone: a critical and 4 hits against armour 1
    faces += [5, 5]  # A2, orange: 4 hits against armour 2
    faces += [1, 1]  # B2, orange: nothing
    state, events = act(state, ALPHA, "shoot B1 with frag-grenade", faces=faces)
    assert one(events, ev.Shot).hit and one(events, ev.Exploded).at == sq("E2")
    wall = one(events, ev.BarrierDamaged)
    assert (wall.target.kind, wall.how, wall.zone, wall.total, wall.destroyed) == (
        "wall",
        "blast",
        "red",
        0,
        False,
    )
    hits = {h.target.fighter: h for h in of(events, ev.BlastHit)}
    assert set(hits) == {"B1", "A2", "B2"}  # not A3 behind the wall
    assert (hits["B1"].zone, hits["B1"].damage.wounds) == ("red", 4)
    assert (hits["A2"].zone, hits["A2"].damage.wounds) == ("orange", 2)
    assert state.fighter("B1").wounds == 4 and state.fighter("A2").wounds == 2
    wounded = [(w.fighter, w.count, w.cause) for w in of(events, ev.Wounded)]
    assert wounded == [("B1", 1, "a critical hit"), ("B1", 3, "a blast"), ("A2", 2, "a blast")]
    assert state.fighter("A3").wounds == 0
    assert "frag-grenade" not in state.fighter("A1").equipment  # thrown: gone


def test_a_door_the_blast_destroys_lets_it_spread_beyond() -> None:
    state = thrown("E3", "E6", A3="D3", door="wooden-small")  # the door D3|E3, defence 3
    faces = [4, 4, 4]  # targeting
    faces += [6, 1, 1]  # the door, red zone: a critical counts 3, destroyed
    faces += [1, 1, 1]  # B1
    faces += [5, 1]  # A3 beyond the door, orange: 2 hits against armour 2
    state, events = act(state, ALPHA, "shoot B1 with frag-grenade", faces=faces)
    door = one(events, ev.BarrierDamaged)
    assert (door.target.kind, door.total, door.defence, door.destroyed) == ("door", 3, 3, True)
    assert describe(door) == (
        "The blast hits the door between D3 and E3 (red zone): crit 0 0 = 0 hits + 1 critical"
        " x3 = 3 against defensive value 3 → destroyed."
    )
    hit = [h for h in of(events, ev.BlastHit) if h.target.fighter == "A3"]
    assert len(hit) == 1 and hit[0].zone == "orange"
    assert state.ground is not None
    assert not state.ground.board.walled(sq("D3"), sq("E3"))


def test_a_missed_throw_does_not_explode_but_the_grenade_is_gone() -> None:
    state = thrown("E1", "E6")  # range 5
    state, events = act(state, ALPHA, "shoot B1 with frag-grenade", faces=[1, 1, 2])  # 4
    assert not one(events, ev.Shot).hit and not of(events, ev.Exploded)
    assert "frag-grenade" not in state.fighter("A1").equipment


def test_a_grenade_may_land_on_an_empty_square() -> None:
    state = thrown("H1", "E6", B2="G4")
    faces = [4, 4, 4, 5, 5]  # targeting; B2 on G4 is east of F4: orange
    state, events = act(state, ALPHA, "shoot at F4 with frag-grenade", faces=faces)
    assert one(events, ev.Shot).target.kind == "square"
    assert [h.target.fighter for h in of(events, ev.BlastHit)] == ["B2"]


def test_pour_it_on_is_paid_once_and_adds_its_dice_to_every_roll() -> None:
    state = game(
        [fighter("B1", "salvage-brute", "F4"), fighter("B2", "cell-keeper", "G5")],
    )
    charge = CATALOG.equipment["limpet-charge"].area
    assert charge is not None
    flow = Flow(state, ScriptedRoller([1] * 5 + [1] * 3), CATALOG)
    explode(flow, sq("F4"), charge, pour=1, by=None, weapon="limpet-charge")
    hits = of(flow.events, ev.BlastHit)
    assert [(h.target.fighter, h.zone, len(h.damage.dice)) for h in hits] == [
        ("B1", "red", 5),  # 4 red-zone dice + 1
        ("B2", "orange", 3),  # the diagonal: 2 orange-zone dice + 1
    ]
    assert fold(state, flow.events).fighter("B1").wounds == 0  # 1 automatic hit vs armour 1


def test_the_diagram_marks_each_square_with_its_zone() -> None:
    area = CATALOG.equipment["frag-grenade"].area
    assert area is not None
    zones = diagram(sq("C3"), area)
    assert zones[sq("C3")] == "red"
    assert {s for s, z in zones.items() if z == "orange"} == {
        sq("C2"),
        sq("D3"),
        sq("C4"),
        sq("B3"),
    }


def test_the_picture_draws_a_throw_without_a_fire_zone() -> None:
    state = thrown("H1", "E6")
    state, _ = act(state, ALPHA, "shoot at F4 with frag-grenade", faces=[4, 4, 4])
    scene = SYSTEM.scene(SYSTEM.view(state, Viewer.spectator()))
    assert [(s.end, s.label) for s in scene.sights] == [((5, 3), "hit")]
