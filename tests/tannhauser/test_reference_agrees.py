"""The /table pages of Tannhäuser (``rules/tannhauser/reference/tables_tannhauser.json``)
and the rules of this package say the same: every number is read from the engine."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from rules.reference import load_default_tables
from rules.reference.loading import TABLES_PREFIX, read_pack
from rules.reference.tables import Table, TablePack
from rules.tannhauser import costs
from rules.tannhauser.board import board_of
from rules.tannhauser.combat import SHOCK_POOL, SMOKE_PENALTY, TEST_POOL, difficulty
from rules.tannhauser.content.characters import ROWS
from rules.tannhauser.content.equipment import (
    AUTOMATIC,
    HAND_TO_HAND,
    MENTAL,
    PISTOL,
    UNARMED_POOL,
    WEAPON_POOLS,
)
from rules.tannhauser.content.maps import MapDef, Modifier
from rules.tannhauser.content.modes import DEATHMATCH
from rules.tannhauser.content.stats import Stat
from rules.tannhauser.grenades import GRENADE_RANGE, GRENADE_SUCCESSES, SMOKE_RANGE
from rules.tannhauser.setup_phase import MAX_BONUS, TEAM_SHAPE
from rules.tannhauser.state import Smoke
from tests.tannhauser.builders import TEST_MAP_DATA

PAGES = Path(__file__).resolve().parents[2] / "rules/tannhauser/reference/tables_tannhauser.json"


@pytest.fixture(scope="module")
def tables() -> dict[str, Table]:
    pack = read_pack(PAGES, TablePack, TABLES_PREFIX).pack
    return {table.id: table for table in pack.tables}


def _rows(table: Table) -> dict[str, list[str]]:
    return {row.label: cells for row, cells in zip(table.rows, table.cells, strict=True)}


def test_test_difficulty(tables: dict[str, Table]) -> None:
    for label, (cell,) in _rows(tables["test-difficulty"]).items():
        assert cell == f"{difficulty(int(label))}+", label


def test_dice_pools(tables: dict[str, Table]) -> None:
    rows = {label: int(cells[0]) for label, cells in _rows(tables["dice-pools"]).items()}
    assert rows == {
        "Test or duel": TEST_POOL,
        "Shock roll": SHOCK_POOL,
        "Unarmed attack": UNARMED_POOL,
        "Hand-to-Hand weapon": WEAPON_POOLS[HAND_TO_HAND],
        "Pistol weapon": WEAPON_POOLS[PISTOL],
        "Mental weapon": WEAPON_POOLS[MENTAL],
        "Automatic weapon": WEAPON_POOLS[AUTOMATIC],
        "Attacker on a smoke-filled circle": -SMOKE_PENALTY,
    }


def test_grenades(tables: dict[str, Table]) -> None:
    rows = _rows(tables["grenades"])
    grenade, smoke = rows["Grenade"], rows["Smoke Grenade"]
    assert (int(grenade[0]), int(grenade[1])) == (GRENADE_RANGE, GRENADE_SUCCESSES)
    assert (int(smoke[0]), int(smoke[1])) == (SMOKE_RANGE, 0)
    # a smoke grenade starts with its counters, one goes each refresh: that many more turns
    assert int(smoke[3]) == Smoke(circle="any").counters
    assert grenade[3] == "—"  # an explosion leaves rubble, no lasting cloud


def _entry_cost(colour: str, icons: int) -> int:
    data = copy.deepcopy(TEST_MAP_DATA)
    for circle in data["circles"]:
        if circle["id"] == "g1":
            circle["modifier"] = {"stat": "movement", "colour": colour, "icons": icons}
    return board_of(MapDef.model_validate(data)).entry_cost("g1")[1]


def test_modifier_circles(tables: dict[str, Table]) -> None:
    table = tables["modifier-circles"]
    columns = [c.label for c in table.columns]
    for row, cells in zip(table.rows, table.cells, strict=True):
        icons = int(row.label)
        found = dict(zip(columns, cells, strict=True))
        for stat in (Stat.COMBAT, Stat.MENTAL, Stat.STAMINA):
            green = Modifier(stat=stat, colour="green", icons=icons).amount
            red = Modifier(stat=stat, colour="red", icons=icons).amount
            assert int(found["Green Combat, Mental or Stamina"]) == green
            assert int(found["Red Combat, Mental or Stamina"]) == red
        assert int(found["Green Movement (net cost to enter)"]) == _entry_cost("green", icons)
        assert int(found["Red Movement (cost to enter)"]) == _entry_cost("red", icons)


def test_health_rows(tables: dict[str, Table]) -> None:
    rows = _rows(tables["health-rows"])
    assert {"hero": int(rows["Hero"][0]), "trooper": int(rows["Trooper"][0])} == ROWS


def test_command_point_costs(tables: dict[str, Table]) -> None:
    rows = {label: int(cells[0]) for label, cells in _rows(tables["command-points"]).items()}
    assert rows == {
        "Re-roll a lost setup or initiative roll": costs.REROLL_COST,
        "Buy 1 movement point": costs.MOVEMENT_COST,
        "Set a character on overwatch": costs.OVERWATCH_COST,
        "Raise Combat, Mental or Stamina by 1": costs.BOOST_COST,
        "Counterattack": costs.COUNTERATTACK_COST,
        "Shake off a wound": costs.SHAKE_OFF_COST,
        "Bring in a reinforcement": costs.REINFORCE_COST,
    }


def test_setup_numbers(tables: dict[str, Table]) -> None:
    rows = {label: int(cells[0]) for label, cells in _rows(tables["setup-numbers"]).items()}
    assert rows == {
        "Heroes in a team": TEAM_SHAPE["hero"],
        "Troopers in a team": TEAM_SHAPE["trooper"],
        "Bonus tokens (at most)": MAX_BONUS,
        "Command Points each turn (Deathmatch)": DEATHMATCH.command_points,
    }


@pytest.mark.parametrize(
    ("name", "row", "column", "expected"),
    [
        ("difficulty", "6", None, "Current characteristic 6: each die succeeds on **4+**"),
        ("grenade", "smoke", "range", "Smoke Grenade — Range (circles): **8**"),
        ("Granate", "Granate", "Reichweite", "Grenade — Range (circles): **5**"),
        ("attack dice", "automatic", None, "Automatic weapon: **5** dice"),
        ("modifier circles", "2", "red movement", "Red Movement (cost to enter), 2 icons: **3**"),
        ("health", "trooper", None, "Trooper: **3** health rows"),
        ("Kommandopunkte", "Verstärkung", "Kosten", "Bring in a reinforcement — Cost: **3**"),
        ("command points", "shake off", "cost", "Shake off a wound — Cost: **1**"),
        ("team", "heroes", None, "Heroes in a team: **3**"),
    ],
)
def test_typical_questions(name: str, row: str, column: str | None, expected: str) -> None:
    answer = load_default_tables().answer(name, row, column, prefer="tannhauser")
    assert answer.system == "tannhauser"
    assert answer.text == expected
