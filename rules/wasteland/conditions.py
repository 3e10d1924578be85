"""Battlefield conditions and a unit's Move as it stands (004 Advanced Rules: Battlefield
conditions; Advantages and disadvantages: Exhausted; Random battle events: Breakdown;
Crippling damage: Immobilized).

The condition is chosen at ``/game new`` or rolled: 1-4 normal, 5 dark, 6 muddy, 7 rainy,
8 haunted, 9 corrosive, 10 dangerous_ground. Its effects are read where they apply
(movement, shooting, Will and Life rolls).
"""

from __future__ import annotations

from rules.wasteland.flow import Flow
from rules.wasteland.profiles import profile_in_play
from rules.wasteland.state import WastelandState, WUnit

CONDITION_NAMES = {
    "normal": "Normal conditions",
    "dark": "Dark/Foggy/Snowing",
    "muddy": "Muddy/Swampy/Snowy",
    "rainy": "Rainy",
    "haunted": "Haunted",
    "corrosive": "Corrosive atmosphere",
    "dangerous_ground": "Dangerous ground",
}
CONDITION_KEYS = tuple(CONDITION_NAMES)


def condition_for_roll(raw: int) -> str:
    """The battlefield condition a die gives."""
    if raw <= 4:
        return "normal"
    return {
        5: "dark",
        6: "muddy",
        7: "rainy",
        8: "haunted",
        9: "corrosive",
    }.get(raw, "dangerous_ground")


def choose_condition(flow: Flow) -> tuple[str, int | None]:
    """The condition the options ask for ("random" rolls a die): (key, the roll or None)."""
    wanted = flow.state.options.conditions
    if wanted == "none":
        return "normal", None
    if wanted != "random":
        return wanted, None
    raw = flow.dice(1, "battlefield condition")[0]
    return condition_for_roll(raw), raw


def move_of(state: WastelandState, unit: WUnit) -> int:
    """The unit's Move in inches: 0 when immobilized or broken down, 1 less when Exhausted.

    Muddy/rainy ground, Difficult Terrain and orders are applied by the movement code."""
    if unit.immobile:
        return 0
    move = profile_in_play(state, unit).move
    if "exhausted" in state.advantages.get(unit.seat, ()):
        move -= 1
    return max(0, move)
