"""The state of a black-powder game: the table, the two forces, the shared card deck, each
player's hand, reserve and command pool, the turn and whose go it is.

Positions are hundredths of an inch (see :mod:`rules.geometry`). Content enters the state
when the game is set up (the table, the profiles, weapons and cards), so a running game
never depends on packs that change later. A unit under a hidden-movement marker keeps its
models' true positions here; only its owner (and the referee) may see them
(:mod:`rules.blackpowder.secrets`).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.blackpowder.content.cards import CardDef
from rules.blackpowder.content.scenarios import ScenarioDef
from rules.blackpowder.content.terrain import TerrainTypeDef
from rules.blackpowder.content.units import UnitDef
from rules.blackpowder.content.weapons import MeleeWeaponDef, RangedWeaponDef
from rules.blackpowder.options import BlackPowderOptions
from rules.core.frames import Frame, StagedState, Window
from rules.geometry.pieces import Table

Phase = Literal["setup", "play", "over"]
Formation = Literal["open", "close", "column", "loose"]
Source = Literal["card", "command"]
Point = tuple[int, int]


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class Trooper(Frozen):
    """One model of a unit and where it stands."""

    id: str
    x: int
    y: int


class BPUnit(Frozen):
    """A unit in the game; ``id`` is its short label (A1, B3, ...).

    ``marker`` names the hidden-movement marker it moves under (reading 12), ``spotted``
    whether an enemy unit has spotted it (reading 11)."""

    id: str
    seat: str
    profile: str
    name: str
    models: tuple[Trooper, ...]
    starting: int
    formation: Formation = "open"
    shaken: bool = False
    fleeing: bool = False
    fallen_back: bool = False
    marker: str | None = None
    spotted: bool = False
    smoke: bool = False
    spent: tuple[str, ...] = ()  # weapons fired that need a reload action (reading 14)

    @property
    def on_table(self) -> bool:
        return bool(self.models)

    @property
    def hidden(self) -> bool:
        return self.marker is not None

    @property
    def piece(self) -> str:
        """What the table shows of it: its marker while hidden, else the unit."""
        return self.marker or self.id


class Marker(Frozen):
    """A hidden-movement marker on the table: public; which unit it hides is not."""

    id: str
    seat: str
    x: int
    y: int


class Obstacle(Frozen):
    """A terrain obstacle: a line of points (hundredths) of a terrain type."""

    id: str
    type: str
    name: str
    points: tuple[Point, ...]


class Player(Frozen):
    """A seat's force, its hand, its reserve beside the command pool and the pool itself."""

    seat: str
    force: str
    hand: tuple[str, ...] = ()
    reserve: tuple[str, ...] = ()
    points: int = 0


class Activation(Frozen):
    """What may act now: the units a played card activates (``card``) or the one unit a
    *Command* gives an action (``unit``, a piece). ``acted`` holds the pieces that took
    their action in it (reading 8: never twice within one activation)."""

    source: Source
    seat: str
    card: str | None = None
    unit: str | None = None
    acted: tuple[str, ...] = ()


class ReadyFireWindow(Window):
    """An enemy unit (``mover``) has ended an action in sight of the seat's loaded units:
    the seat may pay for *Enemy sighted!* and fire one of them at it, or pass (reading 8)."""

    frame: Literal["ready_fire"] = "ready_fire"
    mover: str


class ReactionChoiceWindow(Window):
    """Row 2 of the reaction table for a trained or recruit unit: its owner chooses to fall
    back (straight away from ``away``) or to be shaken (reading 16)."""

    frame: Literal["fall_back_or_shaken"] = "fall_back_or_shaken"
    unit: str
    away: str | None = None
    melee: bool = False  # the test followed a melee: falling back rolls for losses


class AfterActionStep(Frame):
    """The end of a unit's action (spotting brought up to date, the activation closed when
    done, the chance of Enemy sighted!), once the reactions it caused are settled."""

    frame: Literal["after_action"] = "after_action"
    piece: str


class MoraleTestsStep(Frame):
    """The reaction tests an enemy morale card calls for, one unit after another."""

    frame: Literal["morale_tests"] = "morale_tests"
    side: str
    units: tuple[str, ...]


class MeleeTest(Frozen):
    """What a unit's reaction test after a melee counts (reading 16); ``models_left`` are
    the unit's models involved in the melee less its casualties (reading 43)."""

    unit: str
    enemy: str
    casualties: int
    enemy_casualties: int
    models_left: int
    enemy_models_left: int
    surprised: bool = False


class MeleeTestsStep(Frame):
    """The reaction tests of both sides after a melee, one unit after another."""

    frame: Literal["melee_tests"] = "melee_tests"
    tests: tuple[MeleeTest, ...]


class MeleeEndStep(Frame):
    """After both sides' tests: if both still stand in base contact, the one with more
    casualties (the charger on a tie) falls back (reading 40)."""

    frame: Literal["melee_end"] = "melee_end"
    attacker: str
    defender: str
    attacker_casualties: int
    defender_casualties: int


class CasualtyChoiceWindow(Window):
    """Ranged fire killed ``count`` models of ``unit`` and more of its models stood in the
    shooters' sight (``among``, nearest first): its owner picks the fallen (reading 45); at
    the deadline the nearest fall."""

    frame: Literal["pick_casualties"] = "pick_casualties"
    unit: str
    enemy: str
    count: int
    among: tuple[str, ...]


class AfterFireStep(Frame):
    """The reaction test after ranged fire, once the owner has picked the fallen."""

    frame: Literal["after_fire"] = "after_fire"
    unit: str
    shooter: str
    casualties: int
    volley: bool = False


BPFrame = Annotated[
    ReadyFireWindow
    | ReactionChoiceWindow
    | AfterActionStep
    | MoraleTestsStep
    | MeleeTestsStep
    | MeleeEndStep
    | CasualtyChoiceWindow
    | AfterFireStep,
    Field(discriminator="frame"),
]


class BPState(StagedState):
    options: BlackPowderOptions = BlackPowderOptions()
    windows: tuple[BPFrame, ...] = ()
    phase: Phase = "setup"
    table_id: str = ""
    table: Table | None = None
    terrain: dict[str, str] = Field(default_factory=dict)  # area id -> terrain type id
    terrain_types: dict[str, TerrainTypeDef] = Field(default_factory=dict)
    obstacles: tuple[Obstacle, ...] = ()
    profiles: dict[str, UnitDef] = Field(default_factory=dict)
    weapons: dict[str, RangedWeaponDef] = Field(default_factory=dict)
    melee_weapons: dict[str, MeleeWeaponDef] = Field(default_factory=dict)
    cards: dict[str, CardDef] = Field(default_factory=dict)  # card (one copy) -> its text
    card_owner: dict[str, str] = Field(default_factory=dict)  # card -> the seat it belongs to
    draw_pile: tuple[str, ...] = ()  # top first; its order is known to nobody
    discard: tuple[str, ...] = ()
    players: tuple[Player, ...] = ()
    units: tuple[BPUnit, ...] = ()
    markers: tuple[Marker, ...] = ()
    dummies: tuple[str, ...] = ()  # the markers that hide no unit; each owner's secret
    turn: int = 0
    go: str | None = None  # whose go it is
    played: bool = False  # the go's card is played
    activation: Activation | None = None
    scenario: ScenarioDef | None = None  # None: a game set up before scenarios existed

    def ready_fire(self) -> ReadyFireWindow | None:
        window = self.waiting_window()
        return window if isinstance(window, ReadyFireWindow) else None

    def casualty_choice(self) -> CasualtyChoiceWindow | None:
        window = self.waiting_window()
        return window if isinstance(window, CasualtyChoiceWindow) else None

    def reaction_choice(self) -> ReactionChoiceWindow | None:
        window = self.waiting_window()
        return window if isinstance(window, ReactionChoiceWindow) else None

    def unit(self, unit_id: str) -> BPUnit:
        for unit in self.units:
            if unit.id == unit_id:
                return unit
        raise KeyError(unit_id)

    def by_piece(self, piece: str) -> BPUnit | None:
        """The unit a piece names: a unit id or the marker it moves under."""
        return next((u for u in self.units if piece in (u.id, u.marker)), None)

    def marker(self, marker_id: str) -> Marker:
        for marker in self.markers:
            if marker.id == marker_id:
                return marker
        raise KeyError(marker_id)

    def dummy(self, piece: str) -> Marker | None:
        """The dummy marker ``piece`` names, if it is one."""
        if piece not in self.dummies:
            return None
        return next((m for m in self.markers if m.id == piece), None)

    def dummies_of(self, seat: str) -> tuple[Marker, ...]:
        return tuple(m for m in self.markers if m.seat == seat and m.id in self.dummies)

    def player(self, seat: str) -> Player:
        for player in self.players:
            if player.seat == seat:
                return player
        raise KeyError(seat)

    def profile(self, unit: BPUnit) -> UnitDef:
        return self.profiles[unit.profile]

    def on_table(self, seat: str | None = None) -> tuple[BPUnit, ...]:
        return tuple(u for u in self.units if u.on_table and (seat is None or u.seat == seat))

    def enemy(self, seat: str) -> str:
        return next(s for s in self.seats if s != seat)

    def own_card(self, seat: str, card: str) -> bool:
        return self.card_owner.get(card) == seat
