"""Sighting, smoke and who may attack whom (source 000, "Sighting", "Out-of-path Ranges",
"Declare Target and Weapon", "Smoke Grenade Effects", "Overwatch").

Two characters on circles sharing a path see each other. A character on a smoke-filled
circle attacks only adjacent characters, and since sight is reciprocal nobody further away
can attack it either. Adjacent targets need no particular weapon; other targets need a
Pistol, Automatic or Mental weapon and a shared path, unless the weapon allows out-of-path
attacks within its range.
"""

from __future__ import annotations

from rules.tannhauser.board import Board, board_of
from rules.tannhauser.content.equipment import (
    HAND_TO_HAND,
    HEAVY,
    MENTAL,
    WEAPON,
    EquipmentDef,
)
from rules.tannhauser.content.stats import Stat
from rules.tannhauser.state import TannhauserState, Token
from rules.tannhauser.values import current, skill_problem

R_TARGET = "000 Combat §1 Declare target and weapon"
R_SMOKE = "000 Smoke grenade effects"
R_OUT_OF_PATH = "000 Out-of-path ranges"
R_OVERWATCH = "000 Overwatch"
R_NULL = "000 Null characteristics"


def board(state: TannhauserState) -> Board:
    assert state.map is not None
    return board_of(state.map)


def smoky_circles(state: TannhauserState) -> frozenset[str]:
    if not state.smoke or state.map is None:
        return frozenset()
    grid = board(state)
    found: set[str] = set()
    for smoke in state.smoke:
        found |= grid.path_mates(smoke.circle)
    return frozenset(found)


def can_see(state: TannhauserState, a: str, b: str) -> bool:
    """Whether characters on circles ``a`` and ``b`` see each other."""
    grid = board(state)
    if a == b or grid.adjacent(a, b):
        return True
    if not grid.share_path(a, b):
        return False
    smoky = smoky_circles(state)
    return a not in smoky and b not in smoky


def weapon_problem(
    state: TannhauserState, attacker: Token, weapon: str | None, kind: str
) -> str | None:
    """Why ``attacker`` cannot attack with ``weapon`` in an attack of ``kind``."""
    if weapon is None:
        return None
    if weapon not in attacker.equipment:
        return f"{state.called(attacker.key)} does not carry {state.called(weapon)}"
    item = state.gear[weapon]
    if not item.is_weapon:
        return f"{item.name} is not a Weapon"
    unskilled = skill_problem(state, attacker, item)
    if unskilled:
        return unskilled
    if kind == "overwatch" and (item.has(MENTAL) or item.has(HEAVY)):
        return f"{item.name} is a Mental or Heavy weapon, which cannot be used on overwatch"
    if kind == "free" and not item.has(HAND_TO_HAND):
        return f"a free melee attack needs a Hand-to-Hand weapon or none ({item.name} is ranged)"
    return None


def target_problem(
    state: TannhauserState, attacker: Token, target: Token, weapon: str | None
) -> tuple[str, str] | None:
    """(reason, rule) why ``target`` cannot be attacked, or None if it can."""
    if attacker.circle is None or target.circle is None or target.dead:
        return "the target is not on the board", R_TARGET
    if target.seat == attacker.seat:
        return "you cannot attack your own side", R_TARGET
    if current(state, attacker, Stat.COMBAT) is None:
        return f"{attacker.key} has no Combat value and cannot attack", R_NULL
    grid = board(state)
    item: EquipmentDef | None = state.gear.get(weapon) if weapon else None
    adjacent = grid.adjacent(attacker.circle, target.circle)
    if adjacent:
        return None
    smoky = smoky_circles(state)
    if attacker.circle in smoky or target.circle in smoky:
        return "in smoke only adjacent characters can be attacked", R_SMOKE
    reach = item.out_of_path_range if item else 0
    if reach and grid.range_between(attacker.circle, target.circle) <= reach:
        return None
    if item is None or not item.ranged:
        return (
            "a target that is not adjacent needs a Pistol, Automatic or Mental weapon",
            R_TARGET,
        )
    if not grid.share_path(attacker.circle, target.circle):
        if reach:
            distance = grid.range_between(attacker.circle, target.circle)
            return f"out of range ({distance} out-of-path circles, {reach} allowed)", R_OUT_OF_PATH
        return "the target does not share a path with the attacker", R_TARGET
    return None


def weapons_of(state: TannhauserState, token: Token) -> list[str | None]:
    """The weapons ``token`` could attack with, unarmed (None) last."""
    found: list[str | None] = [
        item for item in dict.fromkeys(token.equipment) if WEAPON in state.gear[item].traits
    ]
    return [*found, None]


def attack_options(
    state: TannhauserState, attacker: Token, target: Token, kind: str
) -> list[str | None]:
    """Weapons ``attacker`` may use against ``target`` in an attack of ``kind``."""
    return [
        w
        for w in weapons_of(state, attacker)
        if weapon_problem(state, attacker, w, kind) is None
        and target_problem(state, attacker, target, w) is None
    ]
