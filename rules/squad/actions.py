"""What a seat asks for in a squad game, one class per kind."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from rules.core.actions import Action
from rules.squad.state import Point


class ChooseForce(Action):
    """A ready-made force (``force``) or unit profiles of one faction (``units``)."""

    type: Literal["sq_force"] = "sq_force"
    force: str | None = None
    units: tuple[str, ...] = ()

    @property
    def private(self) -> bool:
        return True


class Deploy(Action):
    """Place a unit with its centre at ``at`` (None: the first free spot in the zone)."""

    type: Literal["sq_deploy"] = "sq_deploy"
    unit: str
    at: Point | None = None
    formation: Literal["line", "column", "blob"] | None = None


class ChooseFirst(Action):
    type: Literal["sq_first"] = "sq_first"
    seat: str


class MoveOrder(Action):
    """Move (or Rush) ``unit`` so its centre ends at ``to``, or up to its full move
    towards the enemy unit ``toward``. ``unit`` None: the unit acting now."""

    type: Literal["sq_move"] = "sq_move"
    unit: str | None = None
    rush: bool = False
    to: Point | None = None
    toward: str | None = None


class HoldOrder(Action):
    type: Literal["sq_hold"] = "sq_hold"
    unit: str


class ShootOrder(Action):
    """``unit`` None: the unit that has just moved; ``target`` None: the nearest."""

    type: Literal["sq_shoot"] = "sq_shoot"
    unit: str | None = None
    target: str | None = None


class AssaultOrder(Action):
    type: Literal["sq_assault"] = "sq_assault"
    unit: str | None = None
    target: str


class EndActivation(Action):
    type: Literal["sq_end"] = "sq_end"


class Allocate(Action):
    """Models, by number, in the order they take hits; empty: the closest first."""

    type: Literal["sq_allocate"] = "sq_allocate"
    models: tuple[str, ...] = ()


SquadAction = Annotated[
    ChooseForce
    | Deploy
    | ChooseFirst
    | MoveOrder
    | HoldOrder
    | ShootOrder
    | AssaultOrder
    | EndActivation
    | Allocate,
    Field(discriminator="type"),
]
ACTIONS: TypeAdapter[SquadAction] = TypeAdapter(SquadAction)
