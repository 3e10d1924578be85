"""The /table pages of Wasteland Tactics (``rules/wasteland/reference/tables_wasteland.json``)
and the rules of this package say the same: every number is read from the engine, most of
them by asking its modifier functions about a small battle built for the purpose."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rules.geometry.pieces import Terrain
from rules.geometry.units import PER_INCH
from rules.reference import load_default_tables
from rules.reference.loading import TABLES_PREFIX, read_pack
from rules.reference.tables import Table, TablePack
from rules.wasteland import fight_rolls
from rules.wasteland.advanced import ADVANTAGE_ROLLS, DISADVANTAGE_ROLLS, LABELS
from rules.wasteland.attacks import Strike, damage, life_bonus
from rules.wasteland.battle_events import EVENT_NAMES, TRIGGER, event_for_roll
from rules.wasteland.building_profiles import CAPACITY, LIFE, WOUNDS
from rules.wasteland.charge import DARK_LIMIT
from rules.wasteland.checks import will_modifier
from rules.wasteland.conditions import CONDITION_NAMES, condition_for_roll
from rules.wasteland.crippling import outcome
from rules.wasteland.deployment import ACUTE_GAP, AMBUSH_GAP, ENEMY_GAP
from rules.wasteland.forces import LIMITS
from rules.wasteland.missions import BY_NUMBER, ZONE_DEPTH
from rules.wasteland.morale import BREAKING_POINT, ENFORCER_REACH
from rules.wasteland.moving import terrain_penalty
from rules.wasteland.options import DEFAULT_POINTS, WastelandOptions
from rules.wasteland.orders import FAR, NEAR
from rules.wasteland.reactions import COUNTER_RANGE
from rules.wasteland.shoot_fire import EXTENSION, SPOT_RANGE
from rules.wasteland.shoot_mods import life_modifier, shoot_modifier
from rules.wasteland.shooting import CONFUSION
from rules.wasteland.state import AttackPlan, Fire, WastelandState
from rules.wasteland.support import SUPPORT_REACH
from tests.wasteland.builders import RIFLE, area, battle, profile, unit

PAGES = Path(__file__).resolve().parents[2] / "rules/wasteland/reference/tables_wasteland.json"
TROOPER = profile("trooper")
BASE_INCHES = 25 / 25.4  # a 25 mm base: models this far apart touch


@pytest.fixture(scope="module")
def tables() -> dict[str, Table]:
    pack = read_pack(PAGES, TablePack, TABLES_PREFIX).pack
    return {table.id: table for table in pack.tables}


def _rows(table: Table) -> dict[str, list[str]]:
    return {row.label: cells for row, cells in zip(table.rows, table.cells, strict=True)}


def _values(table: Table) -> dict[str, str]:
    return {label: cells[0] for label, cells in _rows(table).items()}


def _signed(value: int) -> str:
    return f"{value:+d}"


def _inches(hundredths: int) -> str:
    assert hundredths % PER_INCH == 0, hundredths
    return f'{hundredths // PER_INCH}"'


# -- the battle the modifier functions are asked about --------------------------------------
def _battle(
    *, shooter: dict[str, Any] | None = None, target: dict[str, Any] | None = None, **updates: Any
) -> WastelandState:
    """Five troopers of A1 at (10, 10) in a row, five of B1 20" away in a row; ``shooter``
    and ``target`` update the two units."""
    firing = unit("A1", "alpha", TROOPER, (10, 10), 5, **(shooter or {}))
    aimed = unit("B1", "bravo", TROOPER, (10, 30), 5, **(target or {}))
    profiles = updates.pop("profiles", [TROOPER])
    return battle([firing, aimed], profiles, active="A1", **updates)


def _plan(**kw: Any) -> AttackPlan:
    return AttackPlan(kind=kw.pop("kind", "shoot"), unit="A1", fires=(Fire(target="B1"),), **kw)


def _shoot_parts(
    state: WastelandState, plan: AttackPlan | None = None, **kw: Any
) -> dict[str, int]:
    found = shoot_modifier(
        state,
        plan or _plan(),
        state.units["A1"],
        state.units["B1"],
        kw.pop("weapon", RIFLE),
        kw.pop("indirect", False),
    )[1]
    return {m.label: m.value for m in found}


def test_shoot_modifiers(tables: dict[str, Table]) -> None:
    rows = _values(tables["shoot-modifiers"])
    cover = area("brush", (8, 28), (12, 5), Terrain.COVER)
    assert _shoot_parts(_battle()) == {}
    assert rows["Target mostly in or behind Concealment or Cover"] == _signed(
        _shoot_parts(_battle(areas=(cover,)))["cover"]
    )
    sneaky = profile("sneaky", stealth=2)
    stealthy = battle(
        [unit("A1", "alpha", TROOPER, (10, 10), 5), unit("B1", "bravo", sneaky, (10, 30), 5)],
        [TROOPER, sneaky],
        areas=(cover,),
        active="A1",
    )
    assert _shoot_parts(stealthy)["stealth"] == -2
    assert rows["Stealth X target in Concealment or Cover"] == "-X"
    extended = _shoot_parts(_battle(), _plan(extended=True))["extended range"]
    assert rows['Extended range (+5", Advanced Shooting Task)'] == _signed(extended)
    confused = _shoot_parts(_battle(), _plan(penalty=-CONFUSION))["confusion"]
    assert rows["Each failed Advanced Shooting Task"] == _signed(confused)
    assert rows["Counter-Attack reaction"] == _signed(
        _shoot_parts(_battle(), _plan(kind="counter"))["counter-attack"]
    )
    tight = unit("A1", "alpha", TROOPER, (10, 10), 5, spacing=BASE_INCHES)
    formed = battle(
        [tight, unit("B1", "bravo", TROOPER, (10, 30), 5)],
        [TROOPER],
        active="A1",
        options=WastelandOptions(mission="annihilation", battlefield="open", close_formations=True),
    )
    assert rows["Counter-Attack from a close formation"] == _signed(
        _shoot_parts(formed, _plan(kind="counter"))["close formation"]
    )
    assert rows["Assault fire after moving through Difficult Terrain"] == _signed(
        _shoot_parts(_battle(), _plan(difficult=True))["difficult terrain"]
    )
    assert rows["Indirect Fire without a Scouts spotter"] == _signed(
        _shoot_parts(_battle(), indirect=True)["indirect"]
    )
    dark = _shoot_parts(_battle(condition="dark"))["dark"]  # 20" away: two full tens
    assert rows['Dark or rainy: each full 10" to the target'] == _signed(dark // 2)
    inspired = _battle(
        shooter={"blessing_active": True, "heroic_figure": True},
        advantages={"alpha": ("inexperienced",)},
    )
    parts = _shoot_parts(inspired)
    assert rows["War Blessing"] == _signed(parts["War Blessing"])
    assert rows["Heroic figure"] == _signed(parts["heroic figure"])
    assert rows["Inexperienced"] == _signed(parts["inexperienced"])
    column = battle(
        [
            unit("A1", "alpha", TROOPER, (10, 10), 5),
            unit("B1", "bravo", TROOPER, (12, 30), 5, columns=1),
        ],
        [TROOPER],
        active="A1",
        options=WastelandOptions(mission="annihilation", battlefield="open", firing_positions=True),
    )
    parts = _shoot_parts(column)
    assert rows["Deep target (firing positions)"] == _signed(parts["deep target"])
    assert rows["Wide firing line (firing positions)"] == _signed(parts["wide firing line"])


def test_fight_modifiers(tables: dict[str, Table]) -> None:
    rows = _values(tables["fight-modifiers"])

    def parts(mine: int, theirs: int, **kw: Any) -> dict[str, int]:
        state = battle(
            [
                unit("A1", "alpha", TROOPER, (10, 10), mine, **kw.pop("attacker", {})),
                unit("B1", "bravo", TROOPER, (10, 14), theirs, **kw.pop("target", {})),
            ],
            [TROOPER],
            active="A1",
            **kw.pop("battle", {}),
        )
        ctx = fight_rolls.Context(targets=("B1",), **kw)
        found = fight_rolls.modifiers(state, state.units["A1"], state.units["B1"], ctx)
        return {label: value for value, label in found}

    assert parts(5, 5) == {}
    assert rows["Each Suppression marker on the target"] == _signed(
        parts(5, 5, target={"markers": 1})["suppression"]
    )
    assert rows["Unit outnumbers all targets 2:1"] == _signed(parts(10, 5)["outnumbers 2:1"])
    assert rows["Unit outnumbers all targets 3:1"] == _signed(parts(15, 5)["outnumbers 3:1"])
    assert parts(5, 5, bloodthirsty=2)["Bloodthirsty"] == 2
    assert rows["Bloodthirsty X, after moving into contact"] == "+X"
    boosted = parts(5, 5, attacker={"blessing_active": True, "heroic_figure": True})
    assert rows["War Blessing"] == _signed(boosted["War Blessing"])
    assert rows["Heroic figure"] == _signed(boosted["heroic figure"])
    green = parts(5, 5, battle={"advantages": {"alpha": ("inexperienced",)}})
    assert rows["Inexperienced"] == _signed(green["inexperienced"])
    formed = parts(
        5,
        5,
        target={"spacing": BASE_INCHES},
        battle={
            "options": WastelandOptions(
                mission="annihilation", battlefield="open", close_formations=True
            )
        },
        fresh=frozenset({"B1"}),
    )
    assert rows["Charging a unit in close formation"] == _signed(formed["close formation"])


def _life(state: WastelandState, **kw: Any) -> dict[str, int]:
    strike = Strike(
        target="B1", weapon=kw.pop("weapon", RIFLE), hits=1, kind=kw.pop("kind", "shoot"), **kw
    )
    return {m.label: m.value for m in life_bonus(state, strike)[1]}


def test_life_modifiers(tables: dict[str, Table]) -> None:
    rows = _values(tables["life-modifiers"])
    heavy = RIFLE.model_copy(update={"damage": 2})
    state = _battle()
    dealt = damage(state, Strike(target="B1", weapon=heavy, hits=1, kind="shoot", source="A1"))
    assert dealt == heavy.damage
    assert rows["Each point of the weapon's Damage"] == "-1"
    assert _life(state) == {}
    assert rows["Defended or suppressed, against shooting"] == _signed(
        _life(_battle(target={"defending": True}))["defending"]
    )
    cover = area("bunker", (8, 28), (12, 5), Terrain.COVER)
    dug_in = _life(_battle(target={"markers": 1}, areas=(cover,)))
    assert rows["Defended or suppressed, in Cover, against shooting"] == _signed(
        dug_in["defending"]
    )
    assert rows["In Cover, against shooting"] == _signed(dug_in["cover"])
    assert rows["Went to Ground against this Action"] == _signed(
        _life(state, grounded=True)["gone to ground"]
    )
    weak = profile("weak", vulnerable=2)
    exposed = battle(
        [unit("A1", "alpha", TROOPER, (10, 10), 5), unit("B1", "bravo", weak, (10, 30), 5)],
        [TROOPER, weak],
        active="A1",
    )
    assert _life(exposed, kind="fight")["vulnerable"] == -2
    assert rows["Vulnerable X (melee, Indirect Fire, from behind)"] == "-X"
    assert rows["Corrosive atmosphere"] == _signed(
        _life(_battle(condition="corrosive"))["corrosive"]
    )
    column = battle(
        [
            unit("A1", "alpha", TROOPER, (10, 10), 5),
            unit("B1", "bravo", TROOPER, (12, 30), 5, columns=1),
        ],
        [TROOPER],
        active="A1",
        options=WastelandOptions(mission="annihilation", battlefield="open", firing_positions=True),
    )
    deep, why = life_modifier(column, _plan(), column.units["A1"], column.units["B1"])
    assert why == ["deep target"]
    assert rows["Deep target (firing positions)"] == _signed(deep)


def test_will_modifiers(tables: dict[str, Table]) -> None:
    rows = _values(tables["will-modifiers"])

    def will(**kw: Any) -> int:
        state = _battle(**kw)
        return will_modifier(state, state.units["B1"])

    cover = area("bunker", (8, 28), (12, 5), Terrain.COVER)
    assert will() == 0
    assert rows["Defended or suppressed"] == _signed(will(target={"defending": True}))
    in_cover = will(areas=(cover,))
    assert rows["In Cover"] == _signed(in_cover)
    both = will(target={"markers": 1}, areas=(cover,))
    assert rows["Defended or suppressed, in Cover"] == _signed(both - in_cover)
    assert rows["Exhausted"] == _signed(will(advantages={"bravo": ("exhausted",)}))
    assert rows["Haunted (not Fearless)"] == _signed(will(condition="haunted"))
    assert f"{BREAKING_POINT} or more Suppression markers" in " ".join(
        tables["will-modifiers"].notes
    )


def test_terrain_movement(tables: dict[str, Table]) -> None:
    rows = _values(tables["terrain-movement"])
    difficult: list[tuple[str, tuple[Terrain, ...]]] = [("rubble", (Terrain.DIFFICULT,))]
    open_ground: list[tuple[str, tuple[Terrain, ...]]] = [("field", ())]

    def lost(crossed: list[tuple[str, tuple[Terrain, ...]]], **kw: Any) -> str:
        prof = kw.pop("prof", TROOPER)
        state = battle([unit("A1", "alpha", prof, (10, 10), 5)], [prof], active="A1", **kw)
        return f'{-terrain_penalty(state, state.units["A1"], crossed)[0] // PER_INCH}"'

    assert lost(open_ground) == '0"'
    assert rows["Difficult Terrain"] == lost(difficult)
    assert rows["Difficult Terrain, Pathbound unit"] == lost(
        difficult, prof=profile("truck", pathbound=True)
    )
    assert rows["Open ground in mud (muddy or rainy)"] == lost(open_ground, condition="muddy")
    assert rows["Difficult Terrain in mud (muddy or rainy)"] == lost(difficult, condition="rainy")
    assert rows["Any ground, Jump or Flying unit"] == lost(
        difficult, prof=profile("jumper", jump=True)
    )


def test_distances(tables: dict[str, Table]) -> None:
    rows = _values(tables["distances"])
    assert rows == {
        "Deployment zone depth": _inches(ZONE_DEPTH),
        "No deployment this close to an enemy": _inches(ENEMY_GAP),
        "Ambush: arrive at least this far from enemies": _inches(AMBUSH_GAP),
        "Acute Senses keeps Scouts and Ambush away": _inches(ACUTE_GAP),
        "Leadership orders": _inches(NEAR),
        "Leadership orders after a passed Will roll": _inches(FAR),
        "Counter-Attack reaction": _inches(COUNTER_RANGE),
        "Support X": _inches(SUPPORT_REACH),
        "Price of Failure": _inches(ENFORCER_REACH),
        "Indirect Fire spotter": _inches(SPOT_RANGE),
        "Extended range (Advanced Shooting Task)": f'+{EXTENSION}"',
        "Dark: moving faster than this is dangerous": _inches(DARK_LIMIT),
    }


def test_missions_and_game_sizes(tables: dict[str, Table]) -> None:
    for label, (name, sides) in _rows(tables["missions"]).items():
        mission = BY_NUMBER[int(label)]
        assert (name, sides) == (mission.name, "Yes" if mission.defender else "No")
    sizes = {label.lower(): int(v) for label, v in _values(tables["game-sizes"]).items()}
    assert sizes == DEFAULT_POINTS
    limits = {
        label.lower(): (int(low), int(high))
        for label, (low, high) in _rows(tables["force-organisation"]).items()
    }
    assert limits == LIMITS


def _roll_rows(table: Table) -> list[tuple[int, str]]:
    """(roll, cell) for every roll of a D10 table, read through its row labels' ranges."""
    found = []
    for row, (cell, *_) in zip(table.rows, table.cells, strict=True):
        bounds = row.bounds()
        assert bounds is not None, row.label
        low, high = bounds
        assert low is not None
        found += [(roll, cell) for roll in range(int(low), int(high or low) + 1)]
    return found


def test_battlefield_conditions(tables: dict[str, Table]) -> None:
    rolls = _roll_rows(tables["battlefield-conditions"])
    assert [roll for roll, _ in rolls] == list(range(1, 11))
    for roll, name in rolls:
        assert name == CONDITION_NAMES[condition_for_roll(roll)], roll


def test_advantages_and_disadvantages(tables: dict[str, Table]) -> None:
    advantages = _roll_rows(tables["advantages"])
    assert [roll for roll, _ in advantages] == list(range(1, 11))
    for roll, name in advantages:
        key = ADVANTAGE_ROLLS.get(roll)
        assert name == (LABELS[key] if key else "No advantage (and no disadvantage)"), roll
    disadvantages = _roll_rows(tables["disadvantages"])
    assert [roll for roll, _ in disadvantages] == list(range(1, 11))
    for roll, name in disadvantages:
        assert name == LABELS[DISADVANTAGE_ROLLS[roll]], roll


def test_battle_events(tables: dict[str, Table]) -> None:
    table = tables["battle-events"]
    rolls = _roll_rows(table)
    assert [roll for roll, _ in rolls] == list(range(1, 11))
    for roll, name in rolls:
        assert name == EVENT_NAMES[event_for_roll(roll)], roll
    assert f"on {TRIGGER}+ an event happens" in table.notes[0]


def test_crippling_damage(tables: dict[str, Table]) -> None:
    words = {
        "No further effect": "none",
        "Immobilized": "immobilized",
        "Weapon destroyed": "weapon destroyed",
        "Explodes": "explodes",
    }
    for row, (cell,) in zip(
        tables["crippling-damage"].rows, tables["crippling-damage"].cells, strict=True
    ):
        low, high = row.bounds() or (None, None)
        assert low is not None
        expected = words[cell.split(":")[0]]
        for total in range(int(low), int(high or low + 5) + 1):
            assert outcome(total) == expected, total
    assert outcome(2) == "none"  # below the first row (a 1 and one wound) nothing happens


def test_buildings(tables: dict[str, Table]) -> None:
    rows = _rows(tables["buildings"])
    for label, kind in (("Light building", "light"), ("Heavy or fortified building", "heavy")):
        life, tough, transport = rows[label]
        assert (life, int(tough), int(transport)) == (f"{LIFE[kind]}+", WOUNDS, CAPACITY)


@pytest.mark.parametrize(
    ("name", "row", "column", "expected"),
    [
        ("missions", "7", "mission", "Mission roll 7 — Mission: **Hold at All Costs**"),
        (
            "Deckung",
            "cover",
            None,
            "Target mostly in or behind Concealment or Cover: **-2**",
        ),
        ("Nahkampf", "3:1", None, "Unit outnumbers all targets 3:1: **+2**"),
        ("life", "go to ground", None, "Went to Ground against this Action: **+2**"),
        ("Bewegung", "pathbound", None, 'Difficult Terrain, Pathbound unit: **-6"** Move'),
        ("distances", "counter-attack", None, 'Counter-Attack reaction: **15"**'),
        ("conditions", "5", None, "Condition roll 5: **Dark/Foggy/Snowing**"),
        ("events", "9", None, "Event roll 9-10: **It's a trap!**"),
        (
            "crippling",
            "16",
            None,
            "Crippling total 15-17: **Weapon destroyed: the attacker picks one**",
        ),
        ("buildings", "light", "life", "Light building — Life: **5+**"),
        ("Moral", "haunted", None, "Haunted (not Fearless): **-1**"),
    ],
)
def test_typical_questions(name: str, row: str, column: str | None, expected: str) -> None:
    answer = load_default_tables().answer(name, row, column, prefer="wasteland")
    assert answer.system == "wasteland"
    assert answer.text == expected
