"""The points value of a unit profile, worked out from the 001 tables.

A model's value adds what it deals to what it takes, scaled by how fast it moves and how
well it holds:

``per model = (10 x (firepower + 2 x melee) x lasting + 2 x staying) x speed x nerve``

- **firepower**: the wounds one model is expected to remove from an average target (T 4,
  size 2-3) in one volley, added up over the four range bands: in each band the weapon with
  the most expected wounds counts (``shots x to-hit chance x damage chance``); the to-hit
  chance is the shooting table's for the model's SH, the damage chance the test table's for
  the weapon's strength against DIFF 4. Battle Awareness adds a quarter.
- **melee**: the wounds one strike is expected to remove from an average fighter (AS 4,
  T 4): the close-combat table's chance for its AS against AS 4 times the damage chance of
  its best close-combat weapon (bare hands: strength 2).
- **staying**: the shots an average shooter (SH 4, strength 4) needs to remove all its
  wounds: ``wounds / (to-hit chance against its size x damage chance against its T)``.
- **lasting**: ``(wounds + 1) / 2`` (1 for a squad model). A squad loses a model, and its
  weapons, with every wound; an individual strikes at full strength until its last wound,
  so each wound past the first adds half its offence again.
- **speed**: ``(Movement + 12) / 18`` (1 at 6").
- **nerve**: ``(ML + 14) / 20`` (1 at ML 6); ``steady`` counts as one more ML.

The unit costs its models times the per-model value, plus 10 for the ``leader`` ability
(its worth lies in the units around it), rounded to the nearest whole point (halves up).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from rules.squad.content.units import UnitDef
from rules.squad.content.weapons import BANDS, WeaponDef

AVERAGE_STAT = 4
"""SH, AS, T and strength of the average opponent the value is measured against."""
BARE_HANDS = 2
"""The close-combat strength of a model without a close-combat weapon (/rules close-combat)."""
LEADER_POINTS = 10


def _chance(score: int) -> Fraction:
    """The chance that a D10 reaches ``score``: a natural 1 always fails, a 10 always
    passes."""
    return Fraction(11 - min(max(score, 2), 10), 10)


def table_chance(stat: int, diff: int) -> Fraction:
    """The test table (and the close-combat table): ``stat`` against ``diff``; the
    printed rows read ``6 + DIFF - stat`` and up."""
    return _chance(6 + diff - stat)


def hit_chance(sh: int, size: int = 2) -> Fraction:
    """The shooting table: SH 3 hits on 7+; a size 1 target is -1 to hit, size 4-5 +1,
    6-7 +2, 8-9 +3."""
    modifier = -1 if size == 1 else max(0, (size - 2) // 2)
    return _chance(10 - sh - modifier)


def _firepower(unit: UnitDef, weapons: Mapping[str, WeaponDef]) -> Fraction:
    total = Fraction(0)
    for band in BANDS:
        volleys = [
            w.shots * table_chance(strength, AVERAGE_STAT)
            for w in (weapons[name] for name in unit.weapons)
            if (strength := w.strength(band)) is not None
        ]
        total += max(volleys, default=Fraction(0))
    total *= hit_chance(unit.sh)
    if "battle_awareness" in unit.abilities:
        total *= Fraction(5, 4)
    return total


def _melee(unit: UnitDef, weapons: Mapping[str, WeaponDef]) -> Fraction:
    strengths = [w.cc for w in (weapons[name] for name in unit.weapons) if w.cc is not None]
    best = max([BARE_HANDS, *strengths])
    return table_chance(unit.assault, AVERAGE_STAT) * table_chance(best, AVERAGE_STAT)


def _staying(unit: UnitDef) -> Fraction:
    removed = hit_chance(AVERAGE_STAT, unit.size) * table_chance(AVERAGE_STAT, unit.toughness)
    return unit.wounds / removed


def model_value(unit: UnitDef, weapons: Mapping[str, WeaponDef]) -> Fraction:
    """The value of one model of ``unit``, exactly (see the module's description)."""
    nerve = unit.morale + (1 if "steady" in unit.abilities else 0)
    lasting = Fraction(unit.wounds + 1, 2)
    deals = 10 * (_firepower(unit, weapons) + 2 * _melee(unit, weapons)) * lasting
    return (deals + 2 * _staying(unit)) * Fraction(unit.move + 12, 18) * Fraction(nerve + 14, 20)


def unit_cost(unit: UnitDef, weapons: Mapping[str, WeaponDef]) -> int:
    """The points of ``unit``: its models times :func:`model_value`, plus
    :data:`LEADER_POINTS` for a leader, rounded to the nearest point (halves up).

    ``weapons`` must hold every weapon the unit carries (a catalog's weapons do).
    """
    value = unit.models * model_value(unit, weapons)
    if "leader" in unit.abilities:
        value += LEADER_POINTS
    return int(value + Fraction(1, 2))
