"""The state of a squad game: the forces, the table, the units and the turn.

Positions are hundredths of an inch (see :mod:`rules.geometry`). Content enters the state
when it comes into play (the scenario and table at the start, profiles and weapons at the
reveal of the forces), so a running game never depends on packs that change later.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.core.frames import Frame, StagedState, Window
from rules.geometry.pieces import Table
from rules.squad.content.scenarios import ScenarioDef
from rules.squad.content.units import UnitDef
from rules.squad.content.weapons import WeaponDef
from rules.squad.options import SquadOptions

Phase = Literal["forces", "deployment", "initiative", "activation", "over"]
Order = Literal["move", "rush", "hold", "shoot", "assault"]
Status = Literal["reserve", "table", "destroyed", "routed"]
Point = tuple[int, int]


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class Trooper(Frozen):
    """One model: its number within the unit, where it stands and its wounds left."""

    id: str
    x: int = 0
    y: int = 0
    wounds: int = 1

    @property
    def alive(self) -> bool:
        return self.wounds > 0


class SUnit(Frozen):
    """A unit in the game; ``id`` is its short label (A1, B3, …)."""

    id: str
    seat: str
    profile: str
    name: str
    models: tuple[Trooper, ...]
    status: Status = "reserve"
    activated: bool = False
    order: Order | None = None
    moved: bool = False
    holding: bool = False  # a Hold marker with its reaction not yet spent
    panicked: bool = False
    charged: bool = False  # charged or counter-charged: +1 in this turn's first combat

    @property
    def living(self) -> tuple[Trooper, ...]:
        return tuple(m for m in self.models if m.alive)

    @property
    def on_table(self) -> bool:
        return self.status == "table" and bool(self.living)


class Objective(Frozen):
    id: str
    x: int
    y: int


class Measure(Frozen):
    """The last measurement, for the picture: a sight line, a move or a charge."""

    kind: Literal["distance", "sight", "blocked", "path"]
    start: Point
    end: Point
    label: str = ""


class Activation(Frozen):
    """The unit acting now and the order it took."""

    unit: str
    order: Order


class Hit(Frozen):
    """One hit to be allocated and rolled for: the strength it strikes with."""

    strength: int


class AllocateWindow(Window):
    """The target's owner allocates hits to its models (001 Allocate Hits)."""

    frame: Literal["allocate"] = "allocate"
    shooter: str
    target: str
    band: str
    hits: tuple[Hit, ...]


class InitiativeWindow(Window):
    """The winner of the initiative roll chooses who activates first (001 Initiative)."""

    frame: Literal["first"] = "first"


class AfterShotStep(Frame):
    """A shooting unit's activation ends once the hits it scored are resolved."""

    frame: Literal["after_shot"] = "after_shot"
    shooter: str


class ReactionsStep(Frame):
    """Holding enemies react to ``mover``'s Move, Rush or assault move one by one (reading
    5); then the activation goes on (after a Move), play passes (after a Rush), or the
    close combat with ``assault`` is fought (after an assault move; ``charge`` False when
    fighting on)."""

    frame: Literal["reactions"] = "reactions"
    mover: str
    rush: bool = False
    assault: str | None = None
    charge: bool = True


SquadFrame = Annotated[
    AllocateWindow | InitiativeWindow | AfterShotStep | ReactionsStep,
    Field(discriminator="frame"),
]


class SquadState(StagedState):
    options: SquadOptions = SquadOptions()
    phase: Phase = "forces"
    windows: tuple[SquadFrame, ...] = ()
    scenario: ScenarioDef | None = None
    table: Table | None = None
    zones: dict[str, tuple[Point, ...]] = Field(default_factory=dict)
    objectives: tuple[Objective, ...] = ()
    # forces: secret until every seat has chosen
    forces: dict[str, tuple[str, ...]] = Field(default_factory=dict)
    force_names: dict[str, str] = Field(default_factory=dict)
    factions: dict[str, str] = Field(default_factory=dict)
    profiles: dict[str, UnitDef] = Field(default_factory=dict)
    weapons: dict[str, WeaponDef] = Field(default_factory=dict)
    units: tuple[SUnit, ...] = ()
    deploying: str | None = None
    turn: int = 0
    initiative: dict[str, tuple[int, ...]] = Field(default_factory=dict)
    to_act: str | None = None  # whose activation it is
    activation: Activation | None = None
    kills: dict[str, int] = Field(default_factory=dict)  # points of enemy units destroyed
    scores: dict[str, int] = Field(default_factory=dict)
    measures: tuple[Measure, ...] = ()

    def unit(self, unit_id: str) -> SUnit:
        for unit in self.units:
            if unit.id == unit_id:
                return unit
        raise KeyError(unit_id)

    def find(self, unit_id: str) -> SUnit | None:
        return next((u for u in self.units if u.id == unit_id), None)

    def profile(self, unit: SUnit) -> UnitDef:
        return self.profiles[unit.profile]

    def on_table(self, seat: str | None = None) -> tuple[SUnit, ...]:
        return tuple(u for u in self.units if u.on_table and (seat is None or u.seat == seat))

    def waiting_allocation(self) -> AllocateWindow | None:
        window = self.waiting_window()
        return window if isinstance(window, AllocateWindow) else None
