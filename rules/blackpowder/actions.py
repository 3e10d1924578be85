"""What a seat asks for in a black-powder game, one class per kind. A unit is named by
its id or, while hidden, by its marker (a *piece*)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from rules.blackpowder.state import Formation, Point
from rules.core.actions import Action


class PlayCard(Action):
    """Play ``card`` from the hand or the reserve; ``decline`` an own advance card's
    actions for command points (reading 5)."""

    type: Literal["bp_play"] = "bp_play"
    card: str
    decline: bool = False


class HoldBack(Action):
    """Hold back! (1): an own troop card from the hand into the reserve."""

    type: Literal["bp_hold_back"] = "bp_hold_back"
    card: str

    @property
    def private(self) -> bool:
        return True


class StandFast(Action):
    """Stand fast! (3): an own fleeing unit rallies."""

    type: Literal["bp_stand_fast"] = "bp_stand_fast"
    unit: str


class Command(Action):
    """Command (2/3/4): one own unit takes one action."""

    type: Literal["bp_command"] = "bp_command"
    unit: str


class Prepare(Action):
    """Preparation (4): an own troop card from the discard pile back into the hand."""

    type: Literal["bp_prepare"] = "bp_prepare"
    card: str


class Move(Action):
    """Move ``unit`` (a unit or a marker) so its centre ends at ``to``, formation kept."""

    type: Literal["bp_move"] = "bp_move"
    unit: str
    to: Point


class Shoot(Action):
    """``unit`` fires at the spotted enemy ``target`` with ``weapon`` (None: its first
    loaded one)."""

    type: Literal["bp_shoot"] = "bp_shoot"
    unit: str
    target: str
    weapon: str | None = None


class Reload(Action):
    type: Literal["bp_reload"] = "bp_reload"
    unit: str


class Rally(Action):
    """A shaken unit's rally roll."""

    type: Literal["bp_rally"] = "bp_rally"
    unit: str


class ReadyFire(Action):
    """Enemy sighted! (1): ``unit`` fires at once at the enemy unit that ended its action,
    with ``weapon`` (None: its first loaded one that reaches, reading 62)."""

    type: Literal["bp_ready_fire"] = "bp_ready_fire"
    unit: str
    weapon: str | None = None


class HoldFire(Action):
    """No Enemy sighted! now."""

    type: Literal["bp_hold_fire"] = "bp_hold_fire"


class ChooseReaction(Action):
    """Row 2 of the reaction table: fall back or be shaken."""

    type: Literal["bp_choose_reaction"] = "bp_choose_reaction"
    choice: Literal["fall-back", "shaken"]


class EndActivation(Action):
    """No more actions for the units the card (or Command) activated."""

    type: Literal["bp_done"] = "bp_done"


class EndGo(Action):
    """The go is over: draw back up to 3; the other player goes."""

    type: Literal["bp_end"] = "bp_end"


class Form(Action):
    """``unit`` takes ``formation`` around its centre, its front towards ``towards`` (None:
    the enemy's table edge), as its action (reading 60)."""

    type: Literal["bp_form"] = "bp_form"
    unit: str
    formation: Formation
    towards: Point | None = None


class MoveShoot(Action):
    """One action: ``unit`` moves so its centre ends at ``to``, then fires at ``target``
    with ``weapon`` (None: its first loaded one that reaches), every shot hasty
    (reading 61)."""

    type: Literal["bp_move_shoot"] = "bp_move_shoot"
    unit: str
    to: Point
    target: str
    weapon: str | None = None


class Charge(Action):
    """``unit`` charges the spotted enemy ``target``: a move into base contact and a melee
    (reading 19); ``to`` puts the unit's centre there, else it goes straight in."""

    type: Literal["bp_charge"] = "bp_charge"
    unit: str
    target: str
    to: Point | None = None


class ShowHand(Action):
    """The player's own hand, reserve and command pool, told to them alone; at any time,
    and nothing in the game changes."""

    type: Literal["bp_show_hand"] = "bp_show_hand"

    @property
    def private(self) -> bool:
        return True


class PickCasualties(Action):
    """The owner's pick of the models its unit loses to ranged fire; ``nearest``: those
    nearest the shooters."""

    type: Literal["bp_pick_casualties"] = "bp_pick_casualties"
    models: tuple[str, ...] = ()
    nearest: bool = False


BlackPowderAction = Annotated[
    PlayCard
    | HoldBack
    | StandFast
    | Command
    | Prepare
    | Move
    | Shoot
    | Reload
    | Rally
    | EndActivation
    | EndGo
    | Form
    | MoveShoot
    | Charge
    | PickCasualties
    | ChooseReaction
    | ReadyFire
    | HoldFire
    | ShowHand,
    Field(discriminator="type"),
]
ACTIONS: TypeAdapter[BlackPowderAction] = TypeAdapter(BlackPowderAction)
