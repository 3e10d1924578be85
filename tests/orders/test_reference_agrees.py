"""The /table pages of the order-tile game (``rules/orders/reference/tables_orders.json``)
and the rules and content of this package say the same: every number is read from them."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.grid.facing import Facing
from rules.grid.paths import one_point
from rules.grid.squares import Square
from rules.orders import events as ev
from rules.orders.activation import BUY_COST, DISCARD_COST
from rules.orders.barriers import CRITICAL_HITS, WALL_DEFENCE
from rules.orders.content.dice import DieFace
from rules.orders.duels import ANSWER_LEAST, ASKER_LEAST, MANY, winner
from rules.orders.exits import STEP_OFF
from rules.orders.frames import Bid
from rules.orders.large_moves import BACKWARD_COST, FORWARD_COST
from rules.orders.movement import DOOR_COST
from rules.orders.search import MAX_SEARCH_CP, search_dice
from rules.orders.state import OrdersState
from rules.reference import load_default_tables
from rules.reference.loading import TABLES_PREFIX, read_pack
from rules.reference.tables import Table, TablePack
from tests.orders.builders import ALPHA, CATALOG, act, fighter, game, one

PAGES = Path(__file__).resolve().parents[2] / "rules/orders/reference/tables_orders.json"
ORDER_NAMES = {
    "move": "Move",
    "shoot": "Shoot",
    "close_combat": "Close Combat",
    "search": "Search",
    "interact": "Interact",
}
HOLDERS = {"attacker": "Attacker", "defender": "Defender", "either": "Either side"}


@pytest.fixture(scope="module")
def tables() -> dict[str, Table]:
    pack = read_pack(PAGES, TablePack, TABLES_PREFIX).pack
    return {table.id: table for table in pack.tables}


def _rows(table: Table) -> dict[str, list[str]]:
    return {row.label: cells for row, cells in zip(table.rows, table.cells, strict=True)}


def _face(face: DieFace) -> str:
    icons = " + ".join(icon.replace("_", " ") for icon in face.icons)
    return f"{face.points} + {icons}" if icons else str(face.points)


def test_dice_faces(tables: dict[str, Table]) -> None:
    table = tables["dice-faces"]
    assert [c.label for c in table.columns] == ["1", "2", "3", "4", "5", "6"]
    colours = [row.label.split()[0].lower() for row in table.rows]
    assert sorted(colours) == sorted(CATALOG.dice)
    for colour, cells in zip(colours, table.cells, strict=True):
        assert cells == [_face(face) for face in CATALOG.dice[colour].faces], colour


def test_defensive_values(tables: dict[str, Table]) -> None:
    rows = _rows(tables["defensive-values"])
    assert rows.pop("Wall (single or double)")[0] == str(WALL_DEFENCE)
    doors = {door.name: door for door in CATALOG.doors.values()}
    assert rows.keys() == doors.keys()
    for name, (defence, width, magnetic) in rows.items():
        door = doors[name]
        assert int(defence) == door.defence
        assert int(width) == (1 if door.size == "small" else 2)
        assert magnetic == ("Yes" if door.magnetic else "No")


def _fight(faces: list[int]) -> tuple[OrdersState, ev.CloseCombatFought]:
    """The provost (3 front dice) attacks a scout (1 front die, armour 0) face to face."""
    state = game(
        [
            fighter("A1", "provost", "B3"),
            fighter("B1", "ash-scout", "C3", facing=Facing.WEST),
        ],
        hands={ALPHA: ("assault",)},
    )
    state, _ = act(state, ALPHA, "activate A1 assault")
    state, events = act(state, ALPHA, "fight B1", faces=faces)
    return state, one(events, ev.CloseCombatFought)


def test_hits_and_wounds(tables: dict[str, Table]) -> None:
    rows = {label: cells[0] for label, cells in _rows(tables["hits-and-wounds"]).items()}
    assert rows["Critical hit on a door, wall or floor element"] == f"{CRITICAL_HITS} hits"
    # one critical and blanks against one blank: the critical alone wounds, once
    state, fought = _fight([6, 1, 1, 1])
    assert (fought.attacker.criticals, fought.damage) == (1, 0)
    assert rows["Critical hit on a character"].startswith("1 wound")
    assert state.fighter("B1").wounds == 1
    # 5 normal hits against a defence of 1: one wound per hit above it
    _, fought = _fight([5, 5, 3, 3])
    assert fought.damage == fought.attacker.normal - fought.defence == 4
    assert rows["Normal hits on a character"] == "1 wound per hit above the defensive value"


def test_movement_costs(tables: dict[str, Table]) -> None:
    rows = {label: int(cells[0]) for label, cells in _rows(tables["movement-costs"]).items()}
    assert rows == {
        "Enter an adjacent square": one_point(Square(x=0, y=0)),
        "Open or close a door": DOOR_COST,
        "Large miniature: one square forward": FORWARD_COST,
        "Large miniature: one square backward": BACKWARD_COST,
        "Step off the map": STEP_OFF,
    }


def test_cp_costs(tables: dict[str, Table]) -> None:
    rows = {label: cells[0] for label, cells in _rows(tables["cp-costs"]).items()}
    assert rows["Buy an Order tile from the bag"] == f"{BUY_COST} CP"
    assert rows["Take an Order tile from the discard pile"] == f"{DISCARD_COST} CP"
    assert rows["Most CP on one Search order"] == f"{MAX_SEARCH_CP} CP"
    state = game([fighter("A1", "provost", "B3")])
    assert state.ground is not None
    tile = state.ground.tile_at(Square(x=1, y=2))
    assert tile is not None
    searcher = state.fighter("A1")
    gain = search_dice(state, searcher, 2, tile) - search_dice(state, searcher, 1, tile)
    assert rows["Each CP beyond the first on a Search order"] == f"+{gain} black die"
    # striking hard: the assault tile's Close Combat section takes 3 CP
    state = game(
        [fighter("A1", "provost", "B3"), fighter("B1", "ash-scout", "C3", facing=Facing.WEST)],
        hands={ALPHA: ("assault",)},
    )
    state, _ = act(state, ALPHA, "activate A1 assault")
    _, events = act(state, ALPHA, "fight B1 cp 2", faces=[1] * 5)
    extra = one(events, ev.CloseCombatFought).attacker.extra_dice
    assert rows["Each CP beyond the first on a Close Combat order"] == f"+{extra} red die"


def test_duel_bids(tables: dict[str, Table]) -> None:
    rows = {label: cells[0] for label, cells in _rows(tables["duel-bids"]).items()}
    assert rows["Least bid of the player asking"] == f"{ASKER_LEAST} CP"
    assert rows["Least bid of a player answering"] == f"{ANSWER_LEAST} CP"
    left = {"a": 3, "b": 1, "c": 1}
    bids = (Bid(seat="a", cp=2), Bid(seat="b", cp=1))
    assert winner(bids, left, many=False)[0] == "a"
    assert rows["Highest bid"] == "Wins the duel"
    tied = (Bid(seat="a", cp=2), Bid(seat="b", cp=2))
    assert winner(tied, left, many=False)[0] is None
    assert rows["Tie, 2 players"] == "Nobody wins"
    assert f"Tie, {MANY} or 4 players" in rows  # the tie-breaker of [21.4]
    assert winner(tied, left, many=True)[0] == "b"  # fewer CP left behind the screen
    three = (*tied, Bid(seat="c", cp=2))
    assert winner(three, {"a": 1, "b": 1, "c": 1}, many=True)[0] is None
    assert rows["Tie, 3 or 4 players"] == (
        "The tied bidder with the fewest CP left wins; still tied, nobody"
    )


def test_missions(tables: dict[str, Table]) -> None:
    rows = _rows(tables["missions"])
    missions = {m.name: m for m in CATALOG.missions.values()}
    assert rows.keys() == missions.keys()
    for name, (holder, mp, cards) in rows.items():
        mission = missions[name]
        assert (holder, int(mp), int(cards)) == (HOLDERS[mission.holder], mission.mp, mission.count)


def test_order_tiles(tables: dict[str, Table]) -> None:
    rows = _rows(tables["order-tiles"])
    tiles = {t.id.replace("-", " ").capitalize(): t for t in CATALOG.order_tiles.values()}
    assert rows.keys() == tiles.keys()
    for label, (sections, count) in rows.items():
        tile = tiles[label]
        expected = ", ".join(
            f"{ORDER_NAMES[s.order]} {s.max_cp} ({s.colour})" for s in tile.sections
        )
        assert (sections, int(count)) == (expected, tile.count)


@pytest.mark.parametrize(
    ("name", "row", "column", "expected"),
    [
        ("dice", "red", "6", "Red combat die, face 6: **0 + critical**"),
        ("Würfel", "blau", "1", "Blue targeting die, face 1: **1 + out of ammo**"),
        ("defensive value", "wooden door", "defence", "Wooden door — Defensive value: **3**"),
        ("Tür", "Wand", "Verteidigung", "Wall (single or double) — Defensive value: **10**"),
        (
            "damage",
            "critical",
            None,
            "Critical hit on a character: **1 wound, before any normal hit**",
        ),
        (
            "movement",
            "backward",
            None,
            "Large miniature: one square backward — movement points: **2**",
        ),
        ("cp", "discard", None, "Take an Order tile from the discard pile: **2 CP**"),
        ("missions", "take a prisoner", "MP", "Take a prisoner — Mission points: **4**"),
        ("order tiles", "dash", "bag", "Dash — In the bag: **2**"),
        ("Gebot", "asker", None, "Least bid of the player asking: **1 CP**"),
        ("duel", "tie 2 players", None, "Tie, 2 players: **Nobody wins**"),
    ],
)
def test_typical_questions(name: str, row: str, column: str | None, expected: str) -> None:
    answer = load_default_tables().answer(name, row, column, prefer="orders")
    assert answer.system == "orders"
    assert answer.text == expected
