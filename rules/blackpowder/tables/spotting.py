"""The spotting table (003 Die Entdecken-Tabelle) and its column modifiers.

Reading 11: spotting needs no die. Start in the table's last column (120"), move one
column right per plus and left per minus, stopping at either end; the target is spotted
when it is no further away than that column's distance.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from rules.blackpowder.content.terrain import Cover
from rules.blackpowder.modifiers import Modifier, listed, total
from rules.blackpowder.rules_cited import SPOTTING

DISTANCES: tuple[int, ...] = (2, 4, 8, 12, 18, 24, 36, 48, 96, 120)
"""The columns of the spotting table, in inches."""
START = len(DISTANCES) - 1
"""Reading 11: every check starts in the last column."""
OBSTACLE_REACH = 2
"""Inches: the obstacle footnotes' 2"."""
LIGHT_STRETCH = 6
HEAVY_STRETCH = 3

Weather = Literal["clear", "heavy-rain", "dusk", "darkness", "light-fog", "dense-fog", "storm"]
WEATHER_COLUMNS: dict[Weather, int] = {
    "clear": 0,
    "heavy-rain": -1,
    "dusk": -2,
    "darkness": -3,
    "light-fog": -3,
    "dense-fog": -5,
    "storm": -5,
}
_WEATHER_WORDS: dict[Weather, str] = {
    "clear": "clear weather",
    "heavy-rain": "heavy rain",
    "dusk": "dusk",
    "darkness": "darkness",
    "light-fog": "light fog",
    "dense-fog": "dense fog",
    "storm": "storm",
}


@dataclass(frozen=True)
class Target:
    """What the sheet asks about the model (or marker) to be spotted."""

    powder_smoke: bool = False
    mounted: bool = False
    large: bool = False
    """An artillery model, a wagon or a canoe."""
    scouts_or_locals: bool = False
    hidden_marker: bool = False
    area_cover: Cover = "none"
    """The cover of the terrain area it stands in."""


@dataclass(frozen=True)
class ObstacleOnSight:
    """An obstacle the line of sight crosses, with its cover and which end is within 2"."""

    cover: Cover
    near_target: bool = False
    near_spotter: bool = False


@dataclass(frozen=True)
class SightLine:
    obstacles: tuple[ObstacleOnSight, ...] = ()
    light_inches: float = 0.0
    """Length of the line inside areas of light cover."""
    heavy_inches: float = 0.0
    """Length of the line inside areas of medium or hard cover."""


@dataclass(frozen=True)
class Spotting:
    distance: float
    column: int
    """0-based index into :data:`DISTANCES`."""
    modifiers: tuple[Modifier, ...]

    @property
    def reach(self) -> int:
        return DISTANCES[self.column]

    @property
    def spotted(self) -> bool:
        return self.distance <= self.reach

    def explain(self) -> str:
        verdict = "spotted" if self.spotted else "not spotted"
        return (
            f'spotting table column {self.reach}" (from {DISTANCES[START]}": '
            f'{listed(self.modifiers)}); {self.distance:g}" away: {verdict}'
        )


def target_cover(target: Target, sight: SightLine) -> Cover:
    """The best cover the target has: its area's, or that of an obstacle it stands within
    2" of and behind (the line crosses it)."""
    covers = [target.area_cover, *(o.cover for o in sight.obstacles if o.near_target)]
    return max(covers, key=COVER_ORDER.index)


COVER_ORDER: tuple[Cover, ...] = ("none", "light", "medium", "hard")


def spotting_modifiers(
    target: Target, sight: SightLine, *, spotter_scouts: bool, weather: Weather
) -> tuple[Modifier, ...]:
    used: list[Modifier] = []
    if target.powder_smoke:
        used.append(Modifier(3, "target has a powder-smoke marker", SPOTTING))
    if target.mounted:
        used.append(Modifier(1, "target is mounted", SPOTTING))
    if target.large:
        used.append(Modifier(2, "target is artillery, a wagon or a canoe", SPOTTING))
    cover = target_cover(target, sight)
    if cover == "light":
        used.append(Modifier(-3, "target in light cover", SPOTTING))
    elif cover in ("medium", "hard"):
        used.append(Modifier(-4, "target in medium or hard cover", SPOTTING))
    if target.scouts_or_locals:
        used.append(Modifier(-1, "target has scouts or local knowledge", SPOTTING))
    if target.hidden_marker:
        used.append(Modifier(-2, "target is a hidden-movement marker", SPOTTING))
    if spotter_scouts:
        used.append(Modifier(1, "spotter has scouts", SPOTTING))
    crossed = sum(1 for o in sight.obstacles if not (o.near_target or o.near_spotter))
    if crossed:
        used.append(Modifier(-crossed, f"{crossed} obstacle(s) crossed", SPOTTING))
    light = math.floor(sight.light_inches / LIGHT_STRETCH)
    if light:
        used.append(
            Modifier(-light, f'{light} full {LIGHT_STRETCH}" through light cover', SPOTTING)
        )
    heavy = math.floor(sight.heavy_inches / HEAVY_STRETCH)
    if heavy:
        used.append(
            Modifier(
                -2 * heavy, f'{heavy} full {HEAVY_STRETCH}" through medium or hard cover', SPOTTING
            )
        )
    if WEATHER_COLUMNS[weather]:
        used.append(Modifier(WEATHER_COLUMNS[weather], _WEATHER_WORDS[weather], SPOTTING))
    return tuple(used)


def worst_weather(conditions: tuple[Weather, ...]) -> Weather:
    """Only the worst weather counts (003 Wetterbedingungen)."""
    return min(conditions, key=lambda w: WEATHER_COLUMNS[w], default="clear")


def spot(
    distance: float,
    target: Target,
    sight: SightLine = SightLine(),
    *,
    spotter_scouts: bool = False,
    weather: Weather = "clear",
) -> Spotting:
    """Whether a spotter sees ``target`` ``distance`` inches away, and why."""
    if distance < 0 or sight.light_inches < 0 or sight.heavy_inches < 0:
        raise ValueError("distances are never negative")
    used = spotting_modifiers(target, sight, spotter_scouts=spotter_scouts, weather=weather)
    column = max(0, min(START, START + total(used)))
    return Spotting(distance, column, used)
