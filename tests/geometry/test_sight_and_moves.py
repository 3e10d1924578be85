"""Sight lines through terrain and units, and checked moves, on hand-made layouts."""

from __future__ import annotations

from rules.geometry.formations import arrange
from rules.geometry.measure import units_in_contact
from rules.geometry.moves import place, plan, shifted, toward
from rules.geometry.pieces import Area, Height, Model, Table, Terrain, Unit
from rules.geometry.sight import Blockers, length_through, model_sees, units_see
from rules.geometry.units import inches, mm, show


def strip(name: str, x: int, kind: Terrain, height: Height = Height.MAN) -> Area:
    """A 2-inch-wide strip across the whole table at ``x`` inches."""
    left, right = inches(x), inches(x + 2)
    return Area(
        id=name,
        points=((left, 0), (right, 0), (right, inches(48)), (left, inches(48))),
        classes=(kind,),
        height=height,
    )


def figure(name: str, x: float, y: float = 24, height: Height = Height.MAN) -> Model:
    return Model(id=name, x=inches(x), y=inches(y), radius=mm(25) // 2, height=height)


def sees(a: Model, b: Model, table: Table, *crowd: Unit) -> bool:
    return model_sees(a, b, table, Blockers.of(crowd), frozenset({a.id, b.id}))


def test_units_convert_exactly() -> None:
    assert inches(7.4) == 740 and inches("2.5") == 250 and mm(25) == 98
    assert show(740) == '7.4"'


def test_cover_blocks_what_is_behind_it_but_not_inside_it() -> None:
    table = Table(areas=(strip("wall", 30, Terrain.COVER),))
    assert not sees(figure("a", 10), figure("b", 50), table)
    assert sees(figure("a", 10), figure("b", 31), table)  # inside the cover
    assert sees(figure("a", 31), figure("b", 50), table)  # firing out of it


def test_concealment_blocks_only_two_deep() -> None:
    one = Table(areas=(strip("grass", 20, Terrain.CONCEALMENT),))
    two = Table(
        areas=(strip("grass", 20, Terrain.CONCEALMENT), strip("scrub", 40, Terrain.CONCEALMENT))
    )
    assert sees(figure("a", 10), figure("b", 60), one)
    assert not sees(figure("a", 10), figure("b", 60), two)
    assert sees(figure("a", 10), figure("b", 41), two)  # within the second, not behind it


def test_terrain_blocks_only_up_to_its_height() -> None:
    low = Table(areas=(strip("sandbags", 30, Terrain.COVER, Height.LOW),))
    assert sees(figure("a", 10), figure("b", 50), low)
    building = Table(areas=(strip("mill", 30, Terrain.BUILDING, Height.TOWERING),))
    tank = figure("b", 50, height=Height.TALL)
    assert not sees(figure("a", 10), tank, building)


def test_other_units_and_their_gaps_block_sight() -> None:
    screen = Unit(id="screen", side="x", models=(figure("s1", 30, 22), figure("s2", 30, 26)))
    assert not sees(figure("a", 10), figure("b", 50), Table(), screen)  # through the gap
    giant = figure("b", 50, height=Height.TALL)
    assert not sees(figure("a", 10), giant, Table(), screen)  # sight is mutual
    walker = Unit(id="w", models=(figure("a", 10),))
    target = Unit(id="t", models=(figure("b", 50), figure("c", 50, 40)))
    assert units_see(walker, target, Table(), [walker, target, screen])  # c is in the open


def test_length_of_a_line_inside_an_area() -> None:
    area = strip("mud", 30, Terrain.DIFFICULT)
    assert length_through((inches(10), inches(24)), (inches(50), inches(24)), area) == 200.0


def test_a_move_reports_distance_terrain_and_problems() -> None:
    squad = arrange(
        Unit(id="sq", side="red", models=tuple(figure(f"m{i}", 0) for i in range(5))),
        "line",
        (inches(10), inches(24)),
        facing=(1, 0),
    )
    mud = Table(areas=(strip("mud", 14, Terrain.DIFFICULT), strip("pit", 30, Terrain.IMPASSABLE)))
    ahead = plan(squad, shifted(squad, inches(6), 0), mud, [])
    assert ahead.ok and round(ahead.longest) == 600
    assert ahead.crosses(Terrain.DIFFICULT)
    blocked = plan(squad, shifted(squad, inches(22), 0), mud, [])
    assert any("cannot be crossed" in p for p in blocked.problems)
    off = plan(squad, shifted(squad, 0, inches(30)), Table(), [])
    assert any("leave the table" in p for p in off.problems)
    enemy = Unit(id="foe", side="blue", models=(figure("f1", 18, 23), figure("f2", 18, 27)))
    through = plan(squad, shifted(squad, inches(12), 0), Table(), [enemy])
    assert through.problems
    closer = toward(squad, enemy, inches(20))
    stop = plan(squad, closer, Table(), [enemy])
    assert not any("on top of" in p for p in stop.problems)
    nudged = place(squad, {"m0": (inches(10), inches(30))})
    assert nudged.models[0].centre == (inches(10), inches(30))


def test_units_touch_when_any_two_bases_touch() -> None:
    left = Unit(id="l", models=(figure("a", 10), figure("b", 10, 30)))
    right = Unit(id="r", models=(figure("c", 10 + 0.98, 30), figure("d", 20)))
    assert units_in_contact(left, right) and units_in_contact(right, left)
    apart = Unit(id="r", models=(figure("c", 12, 30),))
    assert not units_in_contact(left, apart)
