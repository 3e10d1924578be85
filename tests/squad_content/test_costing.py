"""The squad points formula: the 001 tables it reads and how each characteristic moves it."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.squad.content.costing import (
    LEADER_POINTS,
    hit_chance,
    model_value,
    table_chance,
    unit_cost,
)
from rules.squad.content.units import UnitDef
from rules.squad.content.weapons import WeaponDef

WEAPONS = {
    "rifle": WeaponDef(id="rifle", name="Rifle", short=4, medium=4, long=3, cc=3),
    "pistol": WeaponDef(id="pistol", name="Pistol", short=3),
    "auto": WeaponDef(id="auto", name="Auto", short=4, medium=4, shots=2),
    "knife": WeaponDef(id="knife", name="Knife", cc=3),
    "maul": WeaponDef(id="maul", name="Maul", cc=6),
}


def _levy(**changes: object) -> UnitDef:
    fields: dict[str, object] = {
        "id": "levy",
        "name": "Levy",
        "kind": "squad",
        "models": 10,
        "points": 1,
        "move": 6,
        "sh": 3,
        "assault": 3,
        "toughness": 3,
        "morale": 5,
        "size": 2,
        "weapons": ["rifle"],
    }
    fields.update(changes)
    return UnitDef.model_validate(fields)


def _hero(**changes: object) -> UnitDef:
    return _levy(**{"kind": "individual", "models": 1, "wounds": 3, **changes})


@pytest.mark.parametrize(
    ("stat", "diff", "score"),
    [(4, 4, 6), (5, 6, 7), (10, 7, 3), (1, 1, 6), (1, 10, 10), (10, 1, 2), (3, 4, 7)],
)
def test_the_test_table_reads_as_printed(stat: int, diff: int, score: int) -> None:
    # the chance of reaching score+ on a D10
    assert table_chance(stat, diff) == Fraction(11 - score, 10)


def test_the_shooting_table_and_size_modifiers() -> None:
    assert hit_chance(3) == Fraction(4, 10)  # SH 3 hits on 7+
    assert hit_chance(9) == hit_chance(10) == Fraction(9, 10)  # a natural 1 always misses
    assert hit_chance(1) == Fraction(2, 10)
    assert hit_chance(4, size=1) == Fraction(4, 10)
    assert hit_chance(4, size=3) == Fraction(5, 10)
    assert hit_chance(4, size=5) == Fraction(6, 10)
    assert hit_chance(4, size=6) == Fraction(7, 10)
    assert hit_chance(4, size=9) == Fraction(8, 10)


def test_a_levy_model_worked_by_hand() -> None:
    # firepower: SH 3 hits on 7+ (0.4); strength 4, 4, 3 against DIFF 4 wound on 6+, 6+, 7+
    firepower = Fraction(4, 10) * (Fraction(5, 10) + Fraction(5, 10) + Fraction(4, 10))
    # melee: AS 3 against AS 4 on 7+, the bayonet's strength 3 on 7+
    melee = Fraction(4, 10) * Fraction(4, 10)
    # staying: an SH 4 shooter hits on 6+, strength 4 against T 3 wounds on 5+
    staying = 1 / (Fraction(5, 10) * Fraction(6, 10))
    expected = (10 * (firepower + 2 * melee) + 2 * staying) * 1 * Fraction(19, 20)
    assert model_value(_levy(), WEAPONS) == expected
    assert unit_cost(_levy(), WEAPONS) == int(10 * expected + Fraction(1, 2)) == 147


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ({"sh": 5}, {}),
        ({"assault": 5}, {}),
        ({"toughness": 5}, {}),
        ({"morale": 7}, {}),
        ({"move": 8}, {}),
        ({"weapons": ["rifle", "auto"]}, {}),
        ({"weapons": ["rifle", "maul"]}, {}),
        ({"abilities": ["steady"]}, {}),
        ({"abilities": ["battle_awareness"]}, {}),
        ({"size": 2}, {"size": 4}),
        ({"size": 1}, {"size": 2}),
        ({"weapons": ["rifle"]}, {"weapons": ["pistol"]}),
    ],
)
def test_every_characteristic_moves_the_value(
    better: dict[str, object], worse: dict[str, object]
) -> None:
    assert model_value(_levy(**better), WEAPONS) > model_value(_levy(**worse), WEAPONS)


def test_each_wound_adds_half_the_offence_and_its_staying() -> None:
    # the levy's offence 10 x (0.56 + 2 x 0.16) and the 10/3 shots one wound takes
    offence, staying = 10 * (Fraction(56, 100) + 2 * Fraction(16, 100)), Fraction(10, 3)
    step = model_value(_hero(wounds=3), WEAPONS) - model_value(_hero(wounds=2), WEAPONS)
    assert step == (offence / 2 + 2 * staying) * Fraction(19, 20)
    # an individual of one wound would be worth exactly a squad model
    assert model_value(_hero(wounds=1), WEAPONS) == model_value(_levy(), WEAPONS)


def test_models_multiply_and_a_leader_adds_once() -> None:
    assert unit_cost(_levy(models=4), WEAPONS) * 5 == pytest.approx(
        unit_cost(_levy(models=20), WEAPONS), abs=5
    )
    plain, leader = _hero(), _hero(abilities=["leader"])
    assert unit_cost(leader, WEAPONS) - unit_cost(plain, WEAPONS) == LEADER_POINTS


def test_bare_hands_when_no_weapon_strikes_in_close_combat() -> None:
    pistol, knife = _levy(weapons=["pistol"]), _levy(weapons=["pistol", "knife"])
    assert model_value(knife, WEAPONS) > model_value(pistol, WEAPONS)
    # bare hands strike at strength 2: a better AS is still worth something without a blade
    fighter = _levy(weapons=["pistol"], assault=6)
    melee = (Fraction(7, 10) - Fraction(4, 10)) * Fraction(3, 10)  # AS 6 and 3 against 4
    extra = 10 * 2 * melee * Fraction(19, 20)
    assert model_value(fighter, WEAPONS) - model_value(pistol, WEAPONS) == extra
