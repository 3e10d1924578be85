"""Facts of setting up a game: mission, lists, advantages, conditions and deployment."""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field

from rules.wasteland.facts.base import Fact


class MissionRolled(Fact):
    type: Literal["wt_mission_rolled"] = "wt_mission_rolled"
    reveals: ClassVar[bool] = False
    die: int
    mission: str


class DefenderRolled(Fact):
    type: Literal["wt_defender_rolled"] = "wt_defender_rolled"
    reveals: ClassVar[bool] = False
    die: int
    seat: str


class MissionAnnounced(Fact):
    """The mission and battlefield (its display name) in play, and the defender if any."""

    type: Literal["wt_mission_announced"] = "wt_mission_announced"
    reveals: ClassVar[bool] = False
    mission: str
    battlefield: str
    defender: str | None = None


class ListRevealed(Fact):
    """A seat's army list as revealed: (unit name, models) per entry."""

    type: Literal["wt_list_revealed"] = "wt_list_revealed"
    reveals: ClassVar[bool] = True
    seat: str
    points: int
    entries: tuple[tuple[str, int], ...]


class AdvantagesRolled(Fact):
    """The advantage roll and, when it grants one, the disadvantage roll."""

    type: Literal["wt_advantages_rolled"] = "wt_advantages_rolled"
    reveals: ClassVar[bool] = False
    seat: str
    roll: int
    advantage: str | None = None
    second: int | None = None
    disadvantage: str | None = None


class HandicapIgnored(Fact):
    """The handicap option could not be read (``problem`` says why)."""

    type: Literal["wt_handicap_ignored"] = "wt_handicap_ignored"
    reveals: ClassVar[bool] = False
    problem: str


class HandicapApplied(Fact):
    type: Literal["wt_handicap"] = "wt_handicap"
    reveals: ClassVar[bool] = False
    seat: str
    keys: tuple[str, ...]


class ConditionSet(Fact):
    """The battlefield condition (``roll`` when it was rolled)."""

    type: Literal["wt_condition"] = "wt_condition"
    reveals: ClassVar[bool] = False
    condition: str
    roll: int | None = None


class HeroicFigure(Fact):
    """The seat's Heroic figure (None: no Command unit); ``wounds`` for a lone model."""

    type: Literal["wt_heroic_figure"] = "wt_heroic_figure"
    reveals: ClassVar[bool] = False
    seat: str
    unit: str | None = None
    name: str = ""
    wounds: int | None = None


class VeteransGranted(Fact):
    type: Literal["wt_veterans"] = "wt_veterans"
    reveals: ClassVar[bool] = False
    seat: str


class DesertionRolled(Fact):
    """Desertion: (unit, die) in turn until a 1 or ``limit`` dice; the deserter if any."""

    type: Literal["wt_desertion"] = "wt_desertion"
    reveals: ClassVar[bool] = False
    seat: str
    rolls: tuple[tuple[str, int], ...]
    limit: int
    deserter: str | None = None
    name: str = ""


class Crippled(Fact):
    """Crippling damage: ``roll`` + ``wounds`` lost; ``weapon`` names the weapon lost."""

    type: Literal["wt_crippled"] = "wt_crippled"
    reveals: ClassVar[bool] = False
    unit: str
    roll: int
    wounds: int
    weapon: str | None = None


class DeploymentOrder(Fact):
    """Who deploys first (lowest initiative), each seat's total, and the roll-off dice of
    tied seats (empty in games saved before they were recorded)."""

    type: Literal["wt_deployment_order"] = "wt_deployment_order"
    reveals: ClassVar[bool] = False
    order: tuple[str, ...]
    totals: dict[str, int]
    rolloffs: dict[str, tuple[int, ...]] = Field(default_factory=dict)


class CaptiveNumbered(Fact):
    """The captive's counter number is known to all; which counter bears it is not."""

    type: Literal["wt_captive_numbered"] = "wt_captive_numbered"
    reveals: ClassVar[bool] = True  # everybody learns the captive's number
    key: int


class Deployed(Fact):
    """A unit placed at ``at`` (hundredths), with the units it carries."""

    type: Literal["wt_deployed"] = "wt_deployed"
    reveals: ClassVar[bool] = False
    unit: str
    name: str
    at: tuple[int, int]
    passengers: tuple[str, ...] = ()


class EmbarkedAtStart(Fact):
    type: Literal["wt_embarked_at_start"] = "wt_embarked_at_start"
    reveals: ClassVar[bool] = False
    unit: str
    carrier: str


class HeldBack(Fact):
    """A unit kept off the table: in ambush, to scout, or for want of room in its zone."""

    type: Literal["wt_held_back"] = "wt_held_back"
    reveals: ClassVar[bool] = False
    unit: str
    why: Literal["ambush", "scouts", "no_room"]


class Arrived(Fact):
    """A unit held back enters at ``at``: late into its zone, or springing an ambush."""

    type: Literal["wt_arrived"] = "wt_arrived"
    reveals: ClassVar[bool] = False
    unit: str
    at: tuple[int, int]
    late: bool


class Reinforced(Fact):
    type: Literal["wt_reinforced"] = "wt_reinforced"
    reveals: ClassVar[bool] = False
    unit: str
    name: str


SetupFact = (
    MissionRolled
    | DefenderRolled
    | MissionAnnounced
    | ListRevealed
    | AdvantagesRolled
    | HandicapIgnored
    | HandicapApplied
    | ConditionSet
    | HeroicFigure
    | VeteransGranted
    | DesertionRolled
    | Crippled
    | DeploymentOrder
    | CaptiveNumbered
    | Deployed
    | EmbarkedAtStart
    | HeldBack
    | Arrived
    | Reinforced
)
