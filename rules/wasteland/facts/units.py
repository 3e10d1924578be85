"""Facts about units: markers, losses, withdrawals, activations, moves and repairs."""

from __future__ import annotations

from typing import ClassVar, Literal

from rules.geometry.pieces import Terrain
from rules.wasteland.facts.base import Check, Fact


class MarkerGained(Fact):
    """A Suppression marker (``markers``: how many the unit has now)."""

    type: Literal["wt_marker_gained"] = "wt_marker_gained"
    reveals: ClassVar[bool] = False
    unit: str
    reason: str
    markers: int


class FearlessStood(Fact):
    """A Fearless unit loses a model in place of a marker or of withdrawing."""

    type: Literal["wt_fearless"] = "wt_fearless"
    reveals: ClassVar[bool] = False
    unit: str
    reason: str
    instead_of: Literal["marker", "withdraw"]


class UnitDestroyed(Fact):
    type: Literal["wt_destroyed"] = "wt_destroyed"
    reveals: ClassVar[bool] = False
    unit: str
    name: str
    reason: str


class DeathThroes(Fact):
    """A destroyed Vehicle/Monster X: ``roll`` against X+; on X+ it explodes."""

    type: Literal["wt_death_throes"] = "wt_death_throes"
    reveals: ClassVar[bool] = False
    unit: str
    roll: int
    x: int


class LifeRollsLost(Fact):
    """Life rolls against an explosion (at -1) that lost models."""

    type: Literal["wt_explosion_life"] = "wt_explosion_life"
    reveals: ClassVar[bool] = False
    unit: str
    dice: tuple[int, ...]
    need: int
    lost: int


class BailedOut(Fact):
    type: Literal["wt_bailed_out"] = "wt_bailed_out"
    reveals: ClassVar[bool] = False
    unit: str


class Withdrew(Fact):
    """The Withdraw reaction: ``distance`` in hundredths, or the problem that blocked it."""

    type: Literal["wt_withdrew"] = "wt_withdrew"
    reveals: ClassVar[bool] = False
    unit: str
    reason: str
    enemy: str
    distance: int = 0
    blocked: str | None = None
    to: tuple[int, int] | None = None  # where the unit's centre ended (None before told)


class Activated(Fact):
    """A unit activates with ``actions`` (``suppressed``: Actions lost to its markers)."""

    type: Literal["wt_activated"] = "wt_activated"
    reveals: ClassVar[bool] = False
    unit: str
    name: str
    actions: int
    suppressed: int


class Heroism(Fact):
    type: Literal["wt_heroism"] = "wt_heroism"
    reveals: ClassVar[bool] = False
    unit: str
    check: Check


class BreakAway(Fact):
    """A Will roll to leave base contact with a Move."""

    type: Literal["wt_break_away"] = "wt_break_away"
    reveals: ClassVar[bool] = False
    unit: str
    check: Check


class Moved(Fact):
    """A Move: the longest model path in hundredths, what the terrain cost, where the unit's
    centre ended (None in games saved before it was told) and what a move toward something
    stopped short of."""

    type: Literal["wt_moved"] = "wt_moved"
    reveals: ClassVar[bool] = False
    unit: str
    longest: float
    terrain: str = ""
    to: tuple[int, int] | None = None
    short: str = ""


class DangerousTerrain(Fact):
    """Dangerous Terrain rolls (``need``: the lowest X+ among the models rolling)."""

    type: Literal["wt_dangerous_terrain"] = "wt_dangerous_terrain"
    reveals: ClassVar[bool] = False
    unit: str
    during: Literal["move", "charge"]
    dice: tuple[int, ...]
    need: int
    lost: int


class GroundTested(Fact):
    """Dangerous ground: an area entered for the first time turns treacherous on 7+."""

    type: Literal["wt_ground_tested"] = "wt_ground_tested"
    reveals: ClassVar[bool] = False
    area: str
    roll: int
    treacherous: bool


class Boarded(Fact):
    type: Literal["wt_boarded"] = "wt_boarded"
    reveals: ClassVar[bool] = False
    unit: str
    carrier: str
    building: bool


class Disembarked(Fact):
    type: Literal["wt_disembarked"] = "wt_disembarked"
    reveals: ClassVar[bool] = False
    unit: str
    carrier: str
    to: tuple[int, int] | None = None  # where the unit's centre stands (None before told)


class Defending(Fact):
    type: Literal["wt_defending"] = "wt_defending"
    reveals: ClassVar[bool] = False
    unit: str


class Regrouped(Fact):
    """Stragglers pulled back into coherency at the start of a round."""

    type: Literal["wt_regrouped"] = "wt_regrouped"
    reveals: ClassVar[bool] = False
    unit: str
    stragglers: int


class Tended(Fact):
    """An end-of-round Medic/Repair X roll and what came of it."""

    type: Literal["wt_tended"] = "wt_tended"
    reveals: ClassVar[bool] = False
    unit: str
    kind: Literal["Medic", "Repair"]
    x: int
    roll: int
    outcome: Literal["failed", "no_room", "revived", "healed"]
    patient: str | None = None
    model: str | None = None
    wounds: int = 0
    full: int = 0


class BuildingEmptied(Fact):
    type: Literal["wt_building_emptied"] = "wt_building_emptied"
    reveals: ClassVar[bool] = False
    building: str


class BuildingRuined(Fact):
    type: Literal["wt_building_ruined"] = "wt_building_ruined"
    reveals: ClassVar[bool] = False
    area: str
    screen: Terrain


UnitFact = (
    MarkerGained
    | FearlessStood
    | UnitDestroyed
    | DeathThroes
    | LifeRollsLost
    | BailedOut
    | Withdrew
    | Activated
    | Heroism
    | BreakAway
    | Moved
    | DangerousTerrain
    | GroundTested
    | Boarded
    | Disembarked
    | Defending
    | Regrouped
    | Tended
    | BuildingEmptied
    | BuildingRuined
)
