"""Ranged fire (003 Fernkampfwaffen, Fernkampf): the roll to hit against the shooter's
shooting score with the sheet's modifiers, then the roll to kill against the weapon's
strength for the distance (reading 13)."""

from __future__ import annotations

from collections.abc import Sequence

from rules.blackpowder.content.terrain import Cover
from rules.blackpowder.content.weapons import RangedWeaponDef
from rules.blackpowder.dice import check_faces
from rules.blackpowder.modifiers import Modifier
from rules.blackpowder.rolls import Roll
from rules.blackpowder.rules_cited import RANGED_FIRE, RANGED_WEAPONS

LONG_RANGE = 12
EXTREME_RANGE = 24
"""Inches: beyond 12" is long range (-2), beyond 24" extreme range (-4)."""
COVER_ON_SIGHT = 3
"""Inches of a cover area the line must cross for its cover to count."""

_COVER_ORDER: tuple[Cover, ...] = ("none", "light", "medium", "hard")
_COVER_MODIFIER: dict[Cover, int] = {"none": 0, "light": -1, "medium": -2, "hard": -4}


def in_range(weapon: RangedWeaponDef, distance: float) -> bool:
    return 0 <= distance <= weapon.range


def kill_score(weapon: RangedWeaponDef, distance: float) -> int:
    """The weapon's strength: the first number up to half its range, the second beyond."""
    if not in_range(weapon, distance):
        raise ValueError(f'{weapon.name} reaches {weapon.range}", not {distance:g}"')
    return weapon.near if distance * 2 <= weapon.range else weapon.far


def worst_cover(target: Cover, on_sight: Cover) -> Cover:
    """Only the worst cover modifier counts: the target's own, or that of an area the line
    crosses for 3" or more (003 Fernkampf footnote)."""
    return max(target, on_sight, key=_COVER_ORDER.index)


def hit_modifiers(
    distance: float,
    *,
    hasty: bool = False,
    obstacles: int = 0,
    loose_formation: bool = False,
    target_cover: Cover = "none",
    cover_on_sight: Cover = "none",
    cavalry_target: bool = False,
    large_target: bool = False,
) -> tuple[Modifier, ...]:
    """The modifiers on every die to hit; ``cover_on_sight`` is the best cover of the areas
    the line crosses for 3" or more."""
    if obstacles < 0 or distance < 0:
        raise ValueError("distances and obstacles are never negative")
    used: list[Modifier] = []
    if hasty:
        used.append(Modifier(-1, "hasty shot", RANGED_FIRE))
    if distance > EXTREME_RANGE:
        used.append(Modifier(-4, f'extreme range (over {EXTREME_RANGE}")', RANGED_FIRE))
    elif distance > LONG_RANGE:
        used.append(Modifier(-2, f'long range (over {LONG_RANGE}")', RANGED_FIRE))
    if obstacles:
        used.append(Modifier(-obstacles, f"{obstacles} obstacle(s) crossed", RANGED_FIRE))
    if loose_formation:
        used.append(Modifier(-1, "target in loose formation", RANGED_FIRE))
    cover = worst_cover(target_cover, cover_on_sight)
    if cover != "none":
        where = "target in" if cover == target_cover else "line of sight through"
        used.append(Modifier(_COVER_MODIFIER[cover], f"{where} {cover} cover", RANGED_FIRE))
    if cavalry_target:
        used.append(Modifier(1, "target is cavalry", RANGED_FIRE))
    if large_target:
        used.append(Modifier(2, "large target (wagon, boat)", RANGED_FIRE))
    return tuple(used)


TOP_FACE = 9
"""The die's highest face (it reads 0-9)."""


def impossible_shot(score: int, modifier: int) -> bool:
    """Reading 68: a shot whose modifiers leave no face that reaches the score (it would
    need more than 9) is an impossible shot: only a 9 hits, and its die to kill takes -3."""
    return TOP_FACE + modifier < score


def kill_modifiers(*, impossible_shot: bool = False) -> tuple[Modifier, ...]:
    if impossible_shot:
        return (Modifier(-3, "impossible shot", RANGED_FIRE),)
    return ()


def to_hit(shooting: int, faces: Sequence[int], modifiers: tuple[Modifier, ...] = ()) -> Roll:
    """One die per firing model against the unit's shooting score."""
    return Roll("to hit", shooting, modifiers, check_faces(faces))


def to_kill(
    weapon: RangedWeaponDef,
    distance: float,
    faces: Sequence[int],
    *,
    impossible_shot: bool = False,
) -> Roll:
    """One die per hit against the weapon's strength for ``distance``."""
    score = kill_score(weapon, distance)
    half = "up to" if distance * 2 <= weapon.range else "beyond"
    what = f"to kill ({weapon.name}, {half} half range; {RANGED_WEAPONS})"
    return Roll(what, score, kill_modifiers(impossible_shot=impossible_shot), check_faces(faces))
