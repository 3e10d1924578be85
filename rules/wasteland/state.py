"""The state of a Wasteland game: lists, the mission, the table, the units and the round.

Positions are hundredths of an inch (see :mod:`rules.geometry`). Content enters the state
when it comes into play (profiles and weapons at the reveal, the table with the mission),
so a running game never depends on packs that change on disk later.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.core import frames
from rules.core.by_identity import ByIdentity
from rules.core.frames import StagedState
from rules.geometry.pieces import Table
from rules.wasteland.content.units import UnitDef
from rules.wasteland.content.weapons import WeaponDef
from rules.wasteland.options import WastelandOptions

Phase = Literal["lists", "deployment", "counters", "battle", "over"]
Status = Literal["reserve", "table", "embarked", "ambush", "destroyed", "evacuated", "deserted"]
ReactionKind = Literal["withdraw", "ground", "counter"]


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


# -- army lists (secret until every seat has submitted) ---------------------------------
class ListEntry(Frozen):
    profile: str
    models: int
    group: int = 1
    embark: int | None = None  # 1-based index of the transport entry it starts in


class ArmyList(Frozen):
    entries: tuple[ListEntry, ...] = ()

    def points(self, profiles: dict[str, UnitDef]) -> int:
        return sum(profiles[e.profile].points * e.models for e in self.entries)


# -- the table ----------------------------------------------------------------------------
class Fighter(Frozen):
    """One model. ``wounds`` left (1 for a model that is not Tough); 0 means destroyed."""

    id: str
    x: int = 0
    y: int = 0
    wounds: int = 1

    @property
    def alive(self) -> bool:
        return self.wounds > 0


class Melee(Frozen):
    """This round's hand-to-hand tally against one enemy unit."""

    killed: int = 0
    lost: int = 0


class WUnit(Frozen):
    """A unit in the game. ``id`` is its short label (A1, B3, …)."""

    id: str
    seat: str
    group: int = 1
    profile: str
    name: str
    models: tuple[Fighter, ...]
    starting: int
    cost: int
    status: Status = "reserve"
    embarked_in: str | None = None
    facing: int = 270  # degrees, 0 = east, 90 = south (y grows downwards), 270 = north
    markers: int = 0
    activated: bool = False
    # this round
    moved: bool = False
    moved_models: tuple[str, ...] = ()  # the models that moved (004 Heavy is per model)
    move_actions: int = 0
    slow_fired: tuple[str, ...] = ()
    assault_fired: bool = False
    failed_life: bool = False
    defending: bool = False
    disembarked: bool = False
    orders: tuple[str, ...] = ()
    melee: dict[str, Melee] = Field(default_factory=dict)
    in_contact_at_start: bool = False
    # pending effects
    push_forward: int = 0
    strike_harder: bool = False
    blessed: bool = False  # War Blessing for the next activation
    blessing_active: bool = False
    seize: bool = False
    orders_issued: int = 0
    # permanent
    immobile: bool = False
    broken_weapons: tuple[str, ...] = ()
    low_ammo: int = 0
    last_fired_from: tuple[int, int] | None = None
    rules_extra: tuple[str, ...] = ()  # e.g. "stubborn" from Grizzled veterans
    heroic_figure: bool = False
    building: str | None = None  # the area id of an occupied building (Occupying buildings)

    @property
    def living(self) -> tuple[Fighter, ...]:
        return tuple(m for m in self.models if m.alive)

    @property
    def any_living(self) -> bool:
        """Whether a model of the unit still lives: ``living`` without listing them."""
        return any(m.alive for m in self.models)

    @property
    def on_table(self) -> bool:
        return self.status == "table" and self.any_living

    @property
    def gone(self) -> bool:
        return self.status in ("destroyed", "evacuated", "deserted")

    def with_moved(self, models: Iterable[str]) -> WUnit:
        """The unit marked as moved this round, with these models among those that moved."""
        ids = {*self.moved_models, *models}
        return self.model_copy(
            update={"moved": True, "moved_models": tuple(m.id for m in self.models if m.id in ids)}
        )

    def model(self, model_id: str) -> Fighter:
        return next(m for m in self.models if m.id == model_id)


# -- mission pieces -----------------------------------------------------------------------
class Zone(Frozen):
    """A deployment zone: its outline in hundredths and whose it is."""

    seat: str
    points: tuple[tuple[int, int], ...]


class Objective(Frozen):
    """An objective marker or piece: ``radius`` for markers, ``points`` for terrain pieces.

    ``number`` is a Rescue counter's face-down number (redacted from views until turned);
    ``score`` counts Interact successes; ``holder`` the seat that took or controls it."""

    id: str
    name: str
    x: int
    y: int
    radius: int = 50
    points: tuple[tuple[int, int], ...] = ()
    score: int = 0
    removed: bool = False
    holder: str | None = None
    number: int | None = None
    revealed: bool = False


class Measure(Frozen):
    """A measurement drawn on the next picture: a distance, a sight line or a path."""

    kind: Literal["distance", "sight", "blocked", "path"]
    start: tuple[int, int]
    end: tuple[int, int]
    label: str = ""


# -- activations, pending windows and pending steps ------------------------------------------
class Activation(Frozen):
    unit: str
    seat: str
    actions: int  # actions left
    taken: tuple[str, ...] = ()
    heroic: bool = False
    ambush: bool = False  # arrived from ambush: one action
    steady: bool = False  # a "slow and steady" Interact was made
    terror_used: bool = False  # Suppressive/Terrifying already resolved this activation


class Fire(Frozen):
    """Part of a Shoot Action: these models (all, when empty) fire at one target."""

    target: str
    weapon: str | None = None
    models: tuple[str, ...] = ()


class AttackPlan(Frozen):
    """A Shoot or Fight Action waiting for its targets' reactions."""

    kind: Literal["shoot", "fight", "counter", "assault"]
    unit: str
    fires: tuple[Fire, ...]
    penalty: int = 0  # Shoot modifier from Advanced Shooting Tasks and confusion
    extended: bool = False
    indirect: bool = False
    reacting: tuple[str, ...] = ()  # targets whose owners must still answer
    grounded: tuple[str, ...] = ()  # targets that went to ground
    withdrawn: tuple[str, ...] = ()
    focus: bool = False  # focus fire on fully visible models (partially concealed units)
    difficult: bool = False  # Assault fire after a move through Difficult Terrain (-2)


class ReactionWindow(frames.Window):
    """A targeted unit's owner may react before the attack goes on (004 Reactions)."""

    frame: Literal["reaction"] = "reaction"
    unit: str
    attacker: str
    counter_allowed: bool
    plan: AttackPlan


class CastWindow(frames.Window):
    """A cast power that enemy casters may nullify, and the override chain after it."""

    frame: Literal["cast"] = "cast"
    # ``seat``: who must answer now
    caster: str
    nullifier: str | None
    power: Literal["fury", "blessing"]
    target: str
    cast: bool  # True while the power stands (a nullify is the next answer)
    declined: tuple[str, ...] = ()  # enemy seats that chose not to nullify


Window = Annotated[ReactionWindow | CastWindow, Field(discriminator="frame")]


# -- pending steps: the turn sequence carries on with them once the frames above are gone --
class OfferReactions(frames.Frame):
    """A Shoot or Fight Action declared: its targets may react before it is resolved."""

    frame: Literal["offer_reactions"] = "offer_reactions"
    plan: AttackPlan


class AfterAction(frames.Frame):
    """An Action of the active unit resolved: end the activation when nothing is left."""

    frame: Literal["after_action"] = "after_action"


class EndRound(frames.Frame):
    """Every seat is done activating: the morale phase, scoring, then the next round."""

    frame: Literal["end_round"] = "end_round"


WastelandFrame = Annotated[
    ReactionWindow | CastWindow | OfferReactions | AfterAction | EndRound,
    Field(discriminator="frame"),
]


def stack_of_queue(queue: tuple[Any, ...]) -> tuple[Any, ...]:
    """Rules version 1 kept open windows as a queue answered from its front, and ended the
    Action itself once the last was answered: as a stack, the front goes on top, above the
    Action's :class:`AfterAction` step."""
    return (AfterAction(), *reversed(queue)) if queue else ()


_ON_TABLE: ByIdentity[dict[str, WUnit], tuple[WUnit, ...]] = ByIdentity(256)


class WastelandState(StagedState):
    options: WastelandOptions = WastelandOptions()
    phase: Phase = "lists"
    mission: str = ""
    defender: str | None = None
    battlefield: str = ""
    table: Table = Table()
    zones: tuple[Zone, ...] = ()
    objectives: tuple[Objective, ...] = ()
    # Rescue: counter id -> its face-down number (referee only until turned), and the key
    counter_numbers: dict[str, int] = Field(default_factory=dict)
    counter_key: int | None = None
    # secret until revealed
    drafts: dict[str, ArmyList] = Field(default_factory=dict)
    submitted: tuple[str, ...] = ()
    lists: dict[str, ArmyList] = Field(default_factory=dict)
    # content in play
    profiles: dict[str, UnitDef] = Field(default_factory=dict)
    weapons: dict[str, WeaponDef] = Field(default_factory=dict)
    advantages: dict[str, tuple[str, ...]] = Field(default_factory=dict)
    condition: str = "normal"
    # the battle
    units: dict[str, WUnit] = Field(default_factory=dict)
    deploy_order: tuple[str, ...] = ()
    deploying: str | None = None
    round: int = 0
    order: tuple[str, ...] = ()  # initiative order this round
    turn: str | None = None  # whose turn it is to activate a unit
    passed: tuple[str, ...] = ()  # seats that are done activating this round
    out: tuple[str, ...] = ()  # seats whose last unit is gone: no longer in play
    active: Activation | None = None
    windows: tuple[WastelandFrame, ...] = ()  # pending steps and windows; the top is last
    event_this_round: str = ""
    dangerous_areas: dict[str, int] = Field(default_factory=dict)  # area id -> X added in play
    visited_areas: tuple[str, ...] = ()
    scores: dict[str, int] = Field(default_factory=dict)
    reinforcements_used: tuple[str, ...] = ()
    measures: tuple[Measure, ...] = ()

    def seats_in_play(self) -> tuple[str, ...]:
        """Seats that neither conceded nor lost their last unit: the ones still waited on."""
        return tuple(s for s in super().seats_in_play() if s not in self.out)

    def window(self) -> ReactionWindow | CastWindow | None:
        """The window waiting for an answer (the top of the stack), if any."""
        top = self.top()
        return top if isinstance(top, ReactionWindow | CastWindow) else None

    def open_windows(self) -> int:
        """How many windows are open on the stack."""
        return sum(1 for f in self.windows if isinstance(f, ReactionWindow | CastWindow))

    def unit(self, unit_id: str) -> WUnit:
        return self.units[unit_id]

    def units_of(self, seat: str) -> list[WUnit]:
        """The seat's units (an occupied building is a transport model, not one of them)."""
        return [u for u in self.units.values() if u.seat == seat and u.building is None]

    def on_table(self, seat: str | None = None) -> list[WUnit]:
        everyone = _ON_TABLE.get(self.units)
        if everyone is None:  # the units mapping is replaced whenever a unit changes
            standing = tuple(u for u in self.units.values() if u.on_table)
            everyone = _ON_TABLE.put(self.units, standing)
        return [u for u in everyone if seat is None or u.seat == seat]

    def enemies(self, seat: str) -> list[WUnit]:
        return [u for u in self.on_table() if self.hostile(u.seat, seat)]

    def hostile(self, a: str, b: str) -> bool:
        """Whether two seats fight each other (attackers in a defender mission are allies)."""
        if a == b:
            return False
        if self.defender is None:
            return True
        return self.defender in (a, b)
