"""What a seat asks for in an order-tile game, one class per kind."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from rules.core.actions import Action
from rules.grid.facing import Facing
from rules.grid.squares import Square


class Deploy(Action):
    """A face-down marker at ``at``: the character ``fighter``, or a decoy (None)."""

    type: Literal["ot_deploy"] = "ot_deploy"
    fighter: str | None
    at: Square

    @property
    def private(self) -> bool:
        return True


class Face(Action):
    type: Literal["ot_face"] = "ot_face"
    fighter: str
    facing: Facing


class Redraw(Action):
    """The first turn's choice: set the 5 tiles aside and draw 5 new ones, or keep them."""

    type: Literal["ot_redraw"] = "ot_redraw"
    redraw: bool

    @property
    def private(self) -> bool:
        return True


class Activate(Action):
    """Activate (or reactivate) ``fighter``, assigning the order tile ``tile`` if given."""

    type: Literal["ot_activate"] = "ot_activate"
    fighter: str
    tile: str | None = None


class Assign(Action):
    """Assign the order tile ``tile`` to the character activated this round."""

    type: Literal["ot_assign"] = "ot_assign"
    tile: str


class Move(Action):
    """A Move order: the activated character walks to ``to`` (the cheapest legal path,
    opening doors on the way) and ends facing ``facing`` (None: the way it last stepped),
    spending ``cp`` CP (None: the fewest that carry it there)."""

    type: Literal["ot_move"] = "ot_move"
    to: Square
    facing: Facing | None = None
    cp: int | None = None


class EndRound(Action):
    """The activated character does nothing more this activation round."""

    type: Literal["ot_done"] = "ot_done"


class Pass(Action):
    type: Literal["ot_pass"] = "ot_pass"


class BuyTile(Action):
    """Pay 1 CP and draw an order tile from the bag."""

    type: Literal["ot_buy"] = "ot_buy"


class TakeDiscard(Action):
    """Pay 2 CP and take ``tile`` from the discard pile."""

    type: Literal["ot_take_discard"] = "ot_take_discard"
    tile: str

    @property
    def private(self) -> bool:
        return True


class Discard(Action):
    """Final phase step 05: discard these tiles from behind the screen (none: keep all)."""

    type: Literal["ot_discard"] = "ot_discard"
    tiles: tuple[str, ...] = ()

    @property
    def private(self) -> bool:
        return True


class Interact(Action):
    """An Interact order ([11.2]): line ``line`` (1-based; None: the first usable) of
    ``target`` (``item:<equipment>``, ``element:<tile>:<element>`` or ``room:<tile>``),
    with ``cp`` CP (None: the least the line asks); ``on`` a character the effect aims at
    (a heal)."""

    type: Literal["ot_interact"] = "ot_interact"
    target: str
    line: int | None = None
    cp: int | None = None
    on: str | None = None


class UseAbility(Action):
    """A special ability of the activated character ([14]): line ``line`` of ``ability``."""

    type: Literal["ot_ability"] = "ot_ability"
    ability: str
    line: int | None = None
    on: str | None = None


class RadioMarkers(Action):
    """The six radio scrambling markers on enemy characters ([15.2]): ``(character,
    frequency)`` pairs, or None to place them at random."""

    type: Literal["ot_radio_markers"] = "ot_radio_markers"
    markers: tuple[tuple[str, Literal["clear", "listening", "scrambled"]], ...] | None = None

    @property
    def private(self) -> bool:
        return True


OrdersAction = Annotated[
    Deploy
    | Face
    | Redraw
    | Activate
    | Assign
    | Move
    | EndRound
    | Pass
    | BuyTile
    | TakeDiscard
    | Discard
    | Interact
    | UseAbility
    | RadioMarkers,
    Field(discriminator="type"),
]
ACTIONS: TypeAdapter[OrdersAction] = TypeAdapter(OrdersAction)
