"""Wasteland actions: what players submit, typed with ``/act`` or chosen from prompts.

Army-list drafting is private: those records are visible to the drafting seat only.
Points are (x, y) in hundredths of an inch from the table's top-left corner.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from rules.core.actions import Action
from rules.geometry.formations import Shape
from rules.wasteland.state import Fire, ListEntry, ReactionKind

Point = tuple[int, int]


class PrivateAction(Action):
    @property
    def private(self) -> bool:
        return True


# -- army lists ---------------------------------------------------------------------------
class DraftList(PrivateAction):
    """Replace the whole draft (``army ...`` notation)."""

    type: Literal["wt_list"] = "wt_list"
    entries: tuple[ListEntry, ...] = Field(max_length=60)


class AddUnit(PrivateAction):
    type: Literal["wt_add"] = "wt_add"
    entry: ListEntry


class RemoveUnit(PrivateAction):
    type: Literal["wt_remove"] = "wt_remove"
    index: int  # 1-based; 0 clears the draft


class SubmitList(Action):
    type: Literal["wt_submit"] = "wt_submit"


# -- placing units ------------------------------------------------------------------------
class Placement(Action):
    """Where a unit goes: its centre point, formation, facing (degrees) and spacing."""

    unit: str
    at: Point
    formation: Shape = "blob"
    facing: int | None = None
    spacing: int | None = None


class Deploy(Placement):
    type: Literal["wt_deploy"] = "wt_deploy"
    embark: str | None = None  # deploy inside this transport instead


class HoldBack(Action):
    """Keep an Ambush unit off the table, or a Scouts unit for the scouting step."""

    type: Literal["wt_hold"] = "wt_hold"
    unit: str


class Arrive(Placement):
    """Bring an Ambush unit in (it then activates with one Action)."""

    type: Literal["wt_arrive"] = "wt_arrive"


class Reinforce(Placement):
    """Bring back a destroyed Troops unit (Reinforcements available)."""

    type: Literal["wt_reinforce"] = "wt_reinforce"


# -- activations ----------------------------------------------------------------------------
class Activate(Action):
    type: Literal["wt_activate"] = "wt_activate"
    unit: str
    heroic: bool = False


class Move(Action):
    """Move the active unit: to a point, by a vector, toward a unit, or model by model."""

    type: Literal["wt_move"] = "wt_move"
    to: Point | None = None
    by: Point | None = None
    toward: str | None = None
    distance: int | None = None
    formation: Shape | None = None
    facing: int | None = None
    models: dict[str, Point] = Field(default_factory=dict, max_length=60)
    embark: str | None = None
    disembark: Point | None = None
    fire: tuple[Fire, ...] = Field(default=(), max_length=6)  # Assault fire after moving
    focus: bool = False  # the Assault fire focuses on fully visible models


class Shoot(Action):
    type: Literal["wt_shoot"] = "wt_shoot"
    fires: tuple[Fire, ...] = Field(min_length=1, max_length=6)
    extend: bool = False
    indirect: bool = False
    focus: bool = False  # focus fire on fully visible models (partially concealed targets)


class Fight(Action):
    type: Literal["wt_fight"] = "wt_fight"
    targets: tuple[str, ...] = Field(min_length=1, max_length=6)


class Defend(Action):
    type: Literal["wt_defend"] = "wt_defend"


class Cast(Action):
    type: Literal["wt_cast"] = "wt_cast"
    power: Literal["fury", "blessing"]
    target: str


class Interact(Action):
    type: Literal["wt_interact"] = "wt_interact"
    objective: str
    mode: Literal["steady", "broke"] = "broke"
    against: str | None = None  # a seat whose score a success reduces instead


class EndActivation(Action):
    type: Literal["wt_end"] = "wt_end"


class GiveOrder(Action):
    """A Leadership order: ``far`` tries the 15-inch range with a Will roll."""

    type: Literal["wt_order"] = "wt_order"
    leader: str
    order: Literal["push", "strike", "regroup", "seize", "airstrike"]
    unit: str
    far: bool = False


# -- answers to prompts ---------------------------------------------------------------------
class React(Action):
    type: Literal["wt_react"] = "wt_react"
    unit: str
    reaction: ReactionKind | None = None  # None: no reaction


class Nullify(Action):
    """Answer a cast window: try to nullify (or override) with a unit's caster, or stop."""

    type: Literal["wt_nullify"] = "wt_nullify"
    unit: str | None = None  # None: let it be


ACTIONS: TypeAdapter[Action] = TypeAdapter(
    Annotated[
        DraftList
        | AddUnit
        | RemoveUnit
        | SubmitList
        | Deploy
        | HoldBack
        | Arrive
        | Reinforce
        | Activate
        | Move
        | Shoot
        | Fight
        | Defend
        | Cast
        | Interact
        | EndActivation
        | GiveOrder
        | React
        | Nullify,
        Field(discriminator="type"),
    ]
)
