"""The pending work of an order-tile game kept on its frames stack ([10]): a walk paused by
an interruption chance, the duel waiting for its bids, the questions to the players and
the interruption under way. The secret bids themselves live in ``OrdersState.duel``.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from rules.core.frames import Frame, Window
from rules.grid.facing import Facing
from rules.grid.squares import Square

DuelKind = Literal["interrupt", "initiative"]
Trigger = Literal["sight", "adjacent"]


class WalkStep(Frame):
    """The rest of a Move order paused on its way ([10.4]): ``fighter`` goes on along
    ``rest`` (the squares still to enter) with ``points`` Movement points gained in all,
    ``used`` of them spent, and ends facing ``facing`` (None: the way it last stepped)."""

    frame: Literal["walk"] = "walk"
    fighter: str
    rest: tuple[Square, ...]
    points: int
    used: int
    facing: Facing | None = None


class Chance(BaseModel):
    """An eligible character and what set off its trigger."""

    model_config = ConfigDict(frozen=True)

    fighter: str
    trigger: Trigger


class InterruptOffer(Window):
    """[10.2]: ``seat``'s characters ``chances`` may ask for a duel to interrupt ``mover``,
    which entered ``square``."""

    frame: Literal["interrupt_offer"] = "interrupt_offer"
    mover: str
    square: Square
    chances: tuple[Chance, ...]


class InitiativeOffer(Window):
    """[21.4]: ``seat`` may demand the initiative held by ``holder``."""

    frame: Literal["initiative_offer"] = "initiative_offer"
    holder: str


class DuelStep(Frame):
    """A duel of ``kind`` waiting for its askers: once every offer is answered, the
    defending ``seat`` (the active player, or the initiative holder) bids if anybody
    asked, then all bids are revealed. ``mover`` is the paused character of an
    interruption duel."""

    frame: Literal["duel"] = "duel"
    kind: DuelKind
    seat: str
    mover: str | None = None
    bidding: bool = False  # the defending seat's bid is asked for


class BidWindow(Window):
    """[10.1]: ``seat`` bids secretly in a duel of ``kind`` asked against it; in an
    interruption duel it may also set ``mover``'s facing ([10.4])."""

    frame: Literal["duel_bid"] = "duel_bid"
    kind: DuelKind
    mover: str | None = None


class InterruptWindow(Window):
    """[10.3]: ``fighter`` interrupts the paused ``mover``: 0-1 new tile, up to 2 red or
    gold orders, then ``done``."""

    frame: Literal["interrupting"] = "interrupting"
    fighter: str
    mover: str


class Bid(BaseModel):
    """A secret duel bid: ``seat`` puts ``cp`` CP (for ``fighter``, an interrupter)."""

    model_config = ConfigDict(frozen=True)

    seat: str
    cp: int
    fighter: str | None = None


class Duel(BaseModel):
    """The bids of the duel under way, hidden until all are in."""

    model_config = ConfigDict(frozen=True)

    kind: DuelKind
    bids: tuple[Bid, ...] = ()


class Interruption(BaseModel):
    """The interruption under way: ``fighter`` acts while ``mover`` is paused; ``orders``
    counts the orders it executed (at most 2)."""

    model_config = ConfigDict(frozen=True)

    fighter: str
    mover: str
    orders: int = 0
