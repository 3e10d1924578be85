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


class AskInterrupt(Action):
    """[10.2] ask for a duel to interrupt with ``fighter``, bidding ``cp`` secretly."""

    type: Literal["ot_ask_interrupt"] = "ot_ask_interrupt"
    fighter: str
    cp: int

    @property
    def private(self) -> bool:
        return True


class DemandInitiative(Action):
    """[21.4] demand the initiative with a secret bid of ``cp``."""

    type: Literal["ot_demand_initiative"] = "ot_demand_initiative"
    cp: int

    @property
    def private(self) -> bool:
        return True


class Bid(Action):
    """The secret bid of the player a duel is asked against; ``facing`` turns the paused
    character first ([10.4])."""

    type: Literal["ot_bid"] = "ot_bid"
    cp: int
    facing: Facing | None = None

    @property
    def private(self) -> bool:
        return True


class Decline(Action):
    """No duel: let the character pass, or leave the initiative where it is."""

    type: Literal["ot_decline"] = "ot_decline"


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
    | AskInterrupt
    | DemandInitiative
    | Bid
    | Decline,
    Field(discriminator="type"),
]
ACTIONS: TypeAdapter[OrdersAction] = TypeAdapter(OrdersAction)
