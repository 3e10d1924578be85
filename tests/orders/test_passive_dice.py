"""Always-on lines add their dice to the rolls they name ([14]): a sharp eye's blue die to
targeting, a scavenger's black die to searching, an interrogator's black die to torture."""

from __future__ import annotations

from rules.grid.squares import Square, square_name
from rules.orders import events as ev
from rules.orders.aiming import targeting_dice
from rules.orders.ground import Ground, GroundTile
from rules.orders.search import search_dice
from tests.orders.builders import ALPHA, CATALOG, SIZE, act, fighter, game, ground, one


def test_a_sharp_eye_adds_a_blue_die_to_targeting() -> None:
    state = game([fighter("A1", "provost", "B3"), fighter("B1", "ash-scout", "G3")])
    carbine = CATALOG.equipment["carbine"].fire
    assert carbine is not None
    scout, provost = state.fighter("B1"), state.fighter("A1")
    assert targeting_dice(state, scout, carbine, 1) == state.side_of(scout).shooting + 2 + 1 + 1
    assert targeting_dice(state, provost, carbine, 0) == state.side_of(provost).shooting + 2


def test_a_scavenger_adds_a_black_die_to_searching() -> None:
    state = game([fighter("A1", "smuggler", "B3"), fighter("A2", "provost", "C3")])
    smuggler, provost = state.fighter("A1"), state.fighter("A2")
    assert state.ground is not None
    base = state.ground.tile_at(Square(x=1, y=2))
    assert base is not None
    bonus = base.tile.search_bonus or 0
    assert search_dice(state, smuggler, 1, base) == state.side_of(smuggler).search + bonus + 1
    assert search_dice(state, provost, 1, base) == state.side_of(provost).search + bonus


def test_an_interrogator_adds_a_black_die_to_torture() -> None:
    floor = ground()
    west = tuple(square_name(Square(x=x, y=y)) for x in range(4) for y in range(SIZE.rows))
    tiles = (GroundTile(key="west", tile=CATALOG.tiles["barracks"], squares=west), floor.tiles[1])
    squares = {**floor.squares, **{n: "west" for n in west}}
    state = game(
        [
            fighter("A1", "cell-keeper", "B3", side="defender"),
            fighter("B1", "ash-scout", None, condition="captured", captor="A1"),
        ],
        hands={ALPHA: ("ransack",)},
        ground_=Ground(board=floor.board, tiles=tiles, squares=squares),
    )
    state, _ = act(state, ALPHA, "activate A1 ransack")
    _, events = act(state, ALPHA, "torture", faces=[3, 3])  # 1 CP + the interrogator's die
    tortured = one(events, ev.Tortured)
    assert (tortured.ability_dice, len(tortured.faces)) == (1, 2)
