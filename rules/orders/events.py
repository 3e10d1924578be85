"""What happens in an order-tile game: typed facts with every die they report.

What a player draws, keeps or discards behind the screen is told to that player alone
(``visibility=only(seat)``); the table learns only how many tiles moved.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.core.events import Event
from rules.grid.facing import Facing
from rules.grid.squares import Square
from rules.orders.content.characters import CharacterDef
from rules.orders.content.dice import DieDef
from rules.orders.content.equipment import EquipmentDef
from rules.orders.content.orders import OrderTileDef
from rules.orders.content.terms import OrderType
from rules.orders.frames import Bid, DuelKind
from rules.orders.ground import Ground
from rules.orders.state import Fighter, Player


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class GameSet(Event):
    """The generated scenario: the map, the teams with their equipment, the order bag."""

    type: Literal["ot_game_set"] = "ot_game_set"
    reveals: ClassVar[bool] = False
    generator: str
    turns: int
    base_cp: int
    ground: Ground
    dice: tuple[DieDef, ...]
    characters: tuple[CharacterDef, ...]
    order_tiles: tuple[OrderTileDef, ...]
    equipment: tuple[EquipmentDef, ...]
    players: tuple[Player, ...]
    fighters: tuple[Fighter, ...]
    bag: tuple[str, ...]
    lines: tuple[str, ...] = ()  # how the map was built, one line per step


class DeployTurn(Event):
    type: Literal["ot_deploy_turn"] = "ot_deploy_turn"
    reveals: ClassVar[bool] = False
    seat: str | None


class MarkerPlaced(Event):
    """A face-down marker goes down; which it is, the seat alone is told (MarkerIs)."""

    type: Literal["ot_marker_placed"] = "ot_marker_placed"
    reveals: ClassVar[bool] = False
    seat: str
    square: Square


class MarkerIs(Event):
    """What the marker just placed is: a character, or a decoy (None). Private."""

    type: Literal["ot_marker_is"] = "ot_marker_is"
    reveals: ClassVar[bool] = False
    seat: str
    square: Square
    fighter: str | None


class ShownMarker(Frozen):
    seat: str
    square: Square
    fighter: str | None


class MarkersRevealed(Event):
    type: Literal["ot_markers_revealed"] = "ot_markers_revealed"
    reveals: ClassVar[bool] = True
    markers: tuple[ShownMarker, ...]


class Faced(Event):
    """A character's facing chosen at deployment, or turned by itself."""

    type: Literal["ot_faced"] = "ot_faced"
    reveals: ClassVar[bool] = False
    fighter: str
    facing: Facing


class TurnBegan(Event):
    type: Literal["ot_turn_began"] = "ot_turn_began"
    reveals: ClassVar[bool] = False
    turn: int
    initiative: str


class BagRefilled(Event):
    """The discard piles go back into the empty bag ([01])."""

    type: Literal["ot_bag_refilled"] = "ot_bag_refilled"
    reveals: ClassVar[bool] = False
    count: int


class TilesDrawn(Event):
    """``count`` order tiles drawn behind ``seat``'s screen (which ones: TilesSeen)."""

    type: Literal["ot_tiles_drawn"] = "ot_tiles_drawn"
    reveals: ClassVar[bool] = False
    seat: str
    count: int
    cost: int = 0  # CP paid (1 during the Activation phase)
    why: Literal["initiative", "redraw", "bought", "discard"] = "initiative"


class TilesSeen(Event):
    """Which tiles ``seat`` drew. Private to the seat."""

    type: Literal["ot_tiles_seen"] = "ot_tiles_seen"
    reveals: ClassVar[bool] = False
    seat: str
    tiles: tuple[str, ...]


class TilesSetAside(Event):
    """The first turn's redraw: the 5 tiles drawn first go back into the bag."""

    type: Literal["ot_tiles_set_aside"] = "ot_tiles_set_aside"
    reveals: ClassVar[bool] = False
    seat: str
    tiles: tuple[str, ...]


class RedrawDeclined(Event):
    type: Literal["ot_redraw_declined"] = "ot_redraw_declined"
    reveals: ClassVar[bool] = False
    seat: str


class DiscardTaken(Event):
    """``seat`` paid 2 CP and took a tile from the discard pile (which: TilesSeen)."""

    type: Literal["ot_discard_taken"] = "ot_discard_taken"
    reveals: ClassVar[bool] = False
    seat: str
    tile: str


class CpReceived(Event):
    """The Initiative phase's CP behind the screen: the base allowance and bonus CP."""

    type: Literal["ot_cp_received"] = "ot_cp_received"
    reveals: ClassVar[bool] = False
    seat: str
    base: int
    bonus: int


class RoundBegan(Event):
    """``seat`` is the active player for the next activation round."""

    type: Literal["ot_round_began"] = "ot_round_began"
    reveals: ClassVar[bool] = False
    seat: str


class Passed(Event):
    type: Literal["ot_passed"] = "ot_passed"
    reveals: ClassVar[bool] = False
    seat: str


class Activated(Event):
    type: Literal["ot_activated"] = "ot_activated"
    reveals: ClassVar[bool] = False
    fighter: str
    first: bool  # its first activation this turn: the card is engaged


class TileAssigned(Event):
    type: Literal["ot_tile_assigned"] = "ot_tile_assigned"
    reveals: ClassVar[bool] = True  # the tile leaves the screen face up
    fighter: str
    tile: str


class Placed(Frozen):
    """CP put on one section: tile ``tile`` (index among the character's tiles), section
    ``section`` (index on the tile)."""

    tile: int
    section: int
    cp: int


class OrderPaid(Event):
    """CP from behind the screen onto sections of the character's tiles for one order."""

    type: Literal["ot_order_paid"] = "ot_order_paid"
    reveals: ClassVar[bool] = False
    fighter: str
    order: OrderType
    placed: tuple[Placed, ...]


class DoorOpened(Event):
    type: Literal["ot_door_opened"] = "ot_door_opened"
    reveals: ClassVar[bool] = False
    a: Square
    b: Square
    sliding: bool


class DoorClosed(Event):
    type: Literal["ot_door_closed"] = "ot_door_closed"
    reveals: ClassVar[bool] = False
    a: Square
    b: Square
    by_itself: bool = False  # a sliding door at the round's end


class Moved(Event):
    type: Literal["ot_moved"] = "ot_moved"
    reveals: ClassVar[bool] = False
    fighter: str
    path: tuple[Square, ...]
    facing: Facing
    points: int  # movement points gained
    used: int
    paused: bool = False  # stopped on an interruption chance; the rest may follow


class RoundEnded(Event):
    type: Literal["ot_round_ended"] = "ot_round_ended"
    reveals: ClassVar[bool] = False
    seat: str
    passed: bool = False


class FinalPhase(Event):
    """Final phase steps 02-04: cards disengaged, assigned tiles discarded, CP returned."""

    type: Literal["ot_final_phase"] = "ot_final_phase"
    reveals: ClassVar[bool] = False
    turn: int
    discarded: int


class TilesDiscarded(Event):
    """Final phase step 05: ``seat`` discards tiles from behind the screen (which:
    private TilesSeen is not needed; the count is public)."""

    type: Literal["ot_tiles_discarded"] = "ot_tiles_discarded"
    reveals: ClassVar[bool] = False
    seat: str
    tiles: tuple[str, ...]


class TilesKept(Event):
    """Final phase step 05: the number of tiles ``seat`` keeps, announced."""

    type: Literal["ot_tiles_kept"] = "ot_tiles_kept"
    reveals: ClassVar[bool] = False
    seat: str
    count: int


class MpChanged(Event):
    type: Literal["ot_mp_changed"] = "ot_mp_changed"
    reveals: ClassVar[bool] = False
    seat: str
    amount: int
    why: str


class Watched(Event):
    """[10.2] interruption triggers met this activation round (``"B1 sight"``,
    ``"B1 adjacent"``): each sets off a chance once, then never again this round."""

    type: Literal["ot_watched"] = "ot_watched"
    reveals: ClassVar[bool] = False
    keys: tuple[str, ...]


class DuelAsked(Event):
    """``seat`` asks for a duel: to interrupt ``mover`` with ``fighter``, or for the
    initiative. The bid stays secret (BidMade)."""

    type: Literal["ot_duel_asked"] = "ot_duel_asked"
    reveals: ClassVar[bool] = False
    kind: DuelKind
    seat: str
    fighter: str | None = None
    mover: str | None = None


class DuelDeclined(Event):
    type: Literal["ot_duel_declined"] = "ot_duel_declined"
    reveals: ClassVar[bool] = False
    kind: DuelKind
    seat: str
    mover: str | None = None


class BidMade(Event):
    """A secret bid, told to its seat alone until the reveal."""

    type: Literal["ot_bid_made"] = "ot_bid_made"
    reveals: ClassVar[bool] = False
    kind: DuelKind
    bid: Bid


class CpLeft(Frozen):
    seat: str
    cp: int


class DuelRevealed(Event):
    """[10.1] every bid shown at once and returned to the bank; ``left``: the CP behind
    the screens of the tied bidders ([21.4]); ``winner`` None: nobody wins."""

    type: Literal["ot_duel_revealed"] = "ot_duel_revealed"
    reveals: ClassVar[bool] = True
    kind: DuelKind
    bids: tuple[Bid, ...]
    left: tuple[CpLeft, ...] = ()
    winner: str | None = None


class InterruptBegan(Event):
    type: Literal["ot_interrupt_began"] = "ot_interrupt_began"
    reveals: ClassVar[bool] = False
    fighter: str
    mover: str


class InterruptEnded(Event):
    type: Literal["ot_interrupt_ended"] = "ot_interrupt_ended"
    reveals: ClassVar[bool] = False
    fighter: str
    mover: str


class InitiativeTaken(Event):
    """[21.4] ``seat`` takes the initiative marker after a duel."""

    type: Literal["ot_initiative_taken"] = "ot_initiative_taken"
    reveals: ClassVar[bool] = False
    seat: str


OrdersEvent = Annotated[
    GameSet
    | DeployTurn
    | MarkerPlaced
    | MarkerIs
    | MarkersRevealed
    | Faced
    | TurnBegan
    | BagRefilled
    | TilesDrawn
    | TilesSeen
    | TilesSetAside
    | RedrawDeclined
    | DiscardTaken
    | CpReceived
    | RoundBegan
    | Passed
    | Activated
    | TileAssigned
    | OrderPaid
    | DoorOpened
    | DoorClosed
    | Moved
    | RoundEnded
    | FinalPhase
    | TilesDiscarded
    | TilesKept
    | MpChanged
    | Watched
    | DuelAsked
    | DuelDeclined
    | BidMade
    | DuelRevealed
    | InterruptBegan
    | InterruptEnded
    | InitiativeTaken,
    Field(discriminator="type"),
]
