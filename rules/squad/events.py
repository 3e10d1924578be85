"""What happens in a squad game: typed facts with every die they report."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.core.events import Event
from rules.geometry.pieces import Table
from rules.squad.content.scenarios import ScenarioDef
from rules.squad.content.units import UnitDef
from rules.squad.content.weapons import WeaponDef
from rules.squad.state import Objective, Order, Point


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class Roll(Frozen):
    """One D10 against a score, with the modifiers applied to it."""

    score: int
    raw: int
    modifier: int = 0
    passed: bool


class BattleSet(Event):
    """The scenario, the table, the deployment zones and the objectives."""

    type: Literal["sq_battle_set"] = "sq_battle_set"
    reveals: ClassVar[bool] = False
    scenario: ScenarioDef
    battlefield: str
    table: Table
    zones: dict[str, tuple[Point, ...]]
    objectives: tuple[Objective, ...] = ()


class ForceLocked(Event):
    """A seat has chosen its force (the choice itself is told only to that seat)."""

    type: Literal["sq_force_locked"] = "sq_force_locked"
    reveals: ClassVar[bool] = False
    seat: str


class ForceChosen(Event):
    type: Literal["sq_force_chosen"] = "sq_force_chosen"
    reveals: ClassVar[bool] = False
    seat: str
    name: str
    faction: str
    units: tuple[str, ...]
    points: int
    limit: int | None = None  # the game's points limit (None in games saved before it was told)


class ShownForce(Frozen):
    name: str
    faction: str
    units: tuple[str, ...]
    points: int


class ForcesRevealed(Event):
    """Every force at once, with the profiles and weapons they bring into the game."""

    type: Literal["sq_forces_revealed"] = "sq_forces_revealed"
    reveals: ClassVar[bool] = True
    forces: dict[str, ShownForce]
    profiles: tuple[UnitDef, ...]
    weapons: tuple[WeaponDef, ...]


class DeployTurn(Event):
    type: Literal["sq_deploy_turn"] = "sq_deploy_turn"
    reveals: ClassVar[bool] = False
    seat: str | None


class Deployed(Event):
    type: Literal["sq_deployed"] = "sq_deployed"
    reveals: ClassVar[bool] = False
    unit: str
    positions: tuple[Point, ...]


class TurnBegan(Event):
    """The marker phase of ``turn``: last turn's markers come off."""

    type: Literal["sq_turn"] = "sq_turn"
    reveals: ClassVar[bool] = False
    turn: int


class InitiativeRolled(Event):
    """Each seat's D10s (more than one after tied roll-offs) and the winner."""

    type: Literal["sq_initiative"] = "sq_initiative"
    reveals: ClassVar[bool] = False
    rolls: dict[str, tuple[int, ...]]
    winner: str


class FirstChosen(Event):
    type: Literal["sq_first"] = "sq_first"
    reveals: ClassVar[bool] = False
    by: str
    seat: str


class TurnPassed(Event):
    """``seat`` is to activate a unit (None: nobody, the turn is over)."""

    type: Literal["sq_to_act"] = "sq_to_act"
    reveals: ClassVar[bool] = False
    seat: str | None


class Activated(Event):
    type: Literal["sq_activated"] = "sq_activated"
    reveals: ClassVar[bool] = False
    unit: str
    order: Order


class Rallied(Event):
    """A panicked unit's rally check (001 Rally Check modifiers)."""

    type: Literal["sq_rally"] = "sq_rally"
    reveals: ClassVar[bool] = False
    unit: str
    roll: Roll
    modifiers: tuple[str, ...] = ()


class Moved(Event):
    type: Literal["sq_moved"] = "sq_moved"
    reveals: ClassVar[bool] = False
    unit: str
    positions: tuple[Point, ...]
    distance: int  # hundredths: the longest any model went
    # an assault's charge, or more models closing in on a combat already joined
    how: Literal["move", "rush", "assault", "close_in"]


class Held(Event):
    type: Literal["sq_held"] = "sq_held"
    reveals: ClassVar[bool] = False
    unit: str


class ActivationEnded(Event):
    type: Literal["sq_activation_ended"] = "sq_activation_ended"
    reveals: ClassVar[bool] = False
    unit: str


class ReactionTested(Event):
    """A Holding unit's reaction test before a reaction shot or a counter-charge."""

    type: Literal["sq_reaction"] = "sq_reaction"
    reveals: ClassVar[bool] = False
    unit: str
    against: str
    kind: Literal["shot", "counter"]
    roll: Roll


class Fired(Event):
    """A unit's shooting at ``target``: every to-hit die and the hits scored."""

    type: Literal["sq_fired"] = "sq_fired"
    reveals: ClassVar[bool] = False
    unit: str
    target: str
    band: str
    gap: int
    sh: int  # the shooting table's row
    score: int
    modifier: int
    modifiers: tuple[str, ...] = ()
    dice: tuple[int, ...]
    hits: int
    reaction: bool = False
    line: tuple[Point, Point] | None = None


class Wound(Frozen):
    """One damage roll: the model it was allocated to, strength against T, the die."""

    model: str
    strength: int
    score: int
    raw: int
    wounded: bool


class Damaged(Event):
    """Damage rolls on the test table (001 Roll to Damage); each success takes a wound."""

    type: Literal["sq_damaged"] = "sq_damaged"
    reveals: ClassVar[bool] = False
    unit: str
    toughness: int  # the test table's column (the target's T)
    rolls: tuple[Wound, ...]


class Assaulted(Event):
    type: Literal["sq_assaulted"] = "sq_assaulted"
    reveals: ClassVar[bool] = False
    unit: str
    target: str
    counter: bool = False  # the target counter-charges
    charge: bool = True  # False when fighting on in a combat already joined


class Strikes(Frozen):
    """One side's blows in a close combat."""

    unit: str
    assault: int  # the close-combat table's row (own AS) and column (the opponent's)
    against: int
    score: int
    modifier: int
    modifiers: tuple[str, ...] = ()
    dice: tuple[int, ...]
    hits: int


class Fought(Event):
    """Both sides' blows in one round of close combat (001 Fight the Combat)."""

    type: Literal["sq_fought"] = "sq_fought"
    reveals: ClassVar[bool] = False
    attacker: Strikes
    defender: Strikes


class CombatResult(Event):
    """Wounds removed by each side; the loser (None: a draw) checks morale."""

    type: Literal["sq_combat_result"] = "sq_combat_result"
    reveals: ClassVar[bool] = False
    attacker: str
    defender: str
    attacker_wounds: int
    defender_wounds: int
    loser: str | None


class MoraleChecked(Event):
    type: Literal["sq_morale"] = "sq_morale"
    reveals: ClassVar[bool] = False
    unit: str
    reason: str
    roll: Roll
    modifiers: tuple[str, ...] = ()
    result: Literal["steady", "panic", "rout"]


class Routed(Event):
    """The unit is gone: routed (001 Rout) or its last model fell."""

    type: Literal["sq_routed"] = "sq_routed"
    reveals: ClassVar[bool] = False
    unit: str
    how: Literal["routed", "destroyed"]
    points: int
    by: tuple[str, ...]  # the seats credited with it


class TurnEnded(Event):
    type: Literal["sq_turn_ended"] = "sq_turn_ended"
    reveals: ClassVar[bool] = False
    turn: int


class Scored(Event):
    """The end of the game's scoring: the scenario's points and destroyed units' points."""

    type: Literal["sq_scored"] = "sq_scored"
    reveals: ClassVar[bool] = False
    scores: dict[str, int]
    held: dict[str, str] = Field(default_factory=dict)  # objective id -> seat


SquadEvent = Annotated[
    BattleSet
    | ForceLocked
    | ForceChosen
    | ForcesRevealed
    | DeployTurn
    | Deployed
    | TurnBegan
    | InitiativeRolled
    | FirstChosen
    | TurnPassed
    | Activated
    | Rallied
    | Moved
    | Held
    | ActivationEnded
    | ReactionTested
    | Fired
    | Damaged
    | Assaulted
    | Fought
    | CombatResult
    | MoraleChecked
    | Routed
    | TurnEnded
    | Scored,
    Field(discriminator="type"),
]
